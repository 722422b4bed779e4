#include "gui/gui.h"

#include "gui/window/app_settings.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/parts/widget_parts.h"
#include "gui/watch/watch_page.h"
#include "interface_language.h"

#include <traindeck_build_info.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QTabWidget>

#include <cstdio>

namespace traindeck::gui {

int run(int argc, char** argv) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("TrainDeck"));
    QCoreApplication::setApplicationName(QStringLiteral("TrainDeck"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRAINDECK_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral(TRAINDECK_APP_ID));
    QGuiApplication::setWindowIcon(appIcon());

    Language language;
    language.apply(AppSettings().language());

    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Open the built-in demo plan."));
    // An option, not a bare argument: `traindeck WORD` is a subcommand (app/main.cpp).
    const QCommandLineOption open(QStringLiteral("open"), QStringLiteral("Open a plan file."), QStringLiteral("FILE"));
    const QCommandLineOption watch(QStringLiteral("watch"),
                                   QStringLiteral("Open the Watch page on a run (metrics file, run folder, TensorBoard logdir, log)."),
                                   QStringLiteral("SOURCE"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("The interface language for this session: en or zh_CN."),
                                  QStringLiteral("CODE"));
    parser.addOption(demo);
    parser.addOption(open);
    parser.addOption(watch);
    parser.addOption(lang);
    parser.process(app);
    if (parser.isSet(lang)) {  // this session only: the settings keep the user's choice
        const QString code = app::languageCode(parser.value(lang));
        if (code.isEmpty()) {
            std::fprintf(stderr, "traindeck: --lang takes en or zh_CN, got '%s'\n", qPrintable(parser.value(lang)));
            return 2;
        }
        language.apply(code);
    }

    MainWindow window(&language);
    if (parser.isSet(open) && !parser.isSet(demo))
        window.openFile(parser.value(open));
    else
        window.openDemo();  // a first-time user sees a working plan, not empty fields
    if (parser.isSet(watch)) {
        for (const QString& source : parser.values(watch))
            window.watchPage()->addSource(source);
        window.tabs()->setCurrentWidget(window.watchPage());
    }
    window.show();
    return app.exec();
}

}  // namespace traindeck::gui
