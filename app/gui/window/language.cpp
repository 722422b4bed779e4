#include "gui/window/language.h"

#include "interface_language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace traindeck::gui {

Language::Language(QObject* parent) : QObject(parent) {}

Language::~Language() { removeTranslators(); }

QStringList Language::available() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString Language::nativeName(const QString& code) {
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString Language::resolve(const QString& code) {
    if (!code.isEmpty())
        return available().contains(code) ? code : QStringLiteral("en");
    // The command line's rule (LANGUAGE, LC_ALL, LC_MESSAGES, LANG): any Chinese
    // gets Simplified Chinese, the only Chinese we ship.
    return app::environmentLanguage();
}

void Language::removeTranslators() {
    if (m_app)
        QCoreApplication::removeTranslator(m_app.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
    m_app.reset();
    m_qt.reset();
}

bool Language::apply(const QString& code) {
    const QString resolved = resolve(code);
    removeTranslators();
    m_current = resolved;

    // Numbers and units follow the interface language. English keeps the
    // system's own number format when the system is English, else en_US.
    const QLocale locale = resolved == QLatin1String("zh_CN") ? QLocale(QLocale::Chinese, QLocale::China)
                           : QLocale::system().language() == QLocale::English ? QLocale::system()
                                                                              : QLocale(QLocale::English, QLocale::UnitedStates);
    QLocale::setDefault(locale);

    // English has a translation too: it spells out the plural forms ("1 warning").
    m_app = std::make_unique<QTranslator>();
    const bool ok = m_app->load(QStringLiteral(":/i18n/traindeck_%1.qm").arg(resolved));
    if (ok)
        QCoreApplication::installTranslator(m_app.get());
    else
        m_app.reset();
    // Qt's own strings: the wizard's Next/Back, standard dialogs' buttons.
    if (resolved != QLatin1String("en")) {
        m_qt = std::make_unique<QTranslator>();
        if (m_qt->load(QStringLiteral("qtbase_%1").arg(resolved), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(m_qt.get());
        else
            m_qt.reset();
    }
    if (!m_app && !m_qt) {
        // No translator changed hands, but widgets still redraw their numbers
        // in the new locale: send the event a translator change would.
        QEvent event(QEvent::LanguageChange);
        QCoreApplication::sendEvent(QCoreApplication::instance(), &event);
    }
    return ok;
}

}  // namespace traindeck::gui
