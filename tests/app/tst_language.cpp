// The interface language: it follows the system unless the user chose one,
// numbers follow it, and the user's choice is remembered. Run twice by ctest:
// under LANG=C.UTF-8 and under LANG=zh_CN.UTF-8.

#include "gui/window/app_settings.h"
#include "gui/parts/figure_format.h"
#include "gui/window/language.h"
#include "test_support.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

using namespace traindeck;
using namespace traindeck::gui;

class TestLanguage : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

    static bool chineseSystem() { return qEnvironmentVariable("LANG").startsWith(QLatin1String("zh")); }

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void followsTheSystemByDefault() {
        QCOMPARE(AppSettings().language(), QString());  // nothing chosen yet
        const QString expected = chineseSystem() ? QStringLiteral("zh_CN") : QStringLiteral("en");
        QCOMPARE(Language::resolve(QString()), expected);
        Language language;
        QVERIFY(language.apply(AppSettings().language()));
        QCOMPARE(language.current(), expected);
        const QString file = QCoreApplication::translate("traindeck::gui::WindowMenus", "&File");  // the window's File menu
        QCOMPARE(file != QStringLiteral("&File"), chineseSystem());
    }

    void choiceOverridesTheSystemAndIsRemembered() {
        AppSettings().setLanguage(QStringLiteral("zh_CN"));
        Language language;
        QVERIFY(language.apply(AppSettings().language()));
        QCOMPARE(language.current(), QStringLiteral("zh_CN"));
        QCOMPARE(QLocale().language(), QLocale::Chinese);
        AppSettings().setLanguage(QStringLiteral("en"));
        QVERIFY(language.apply(AppSettings().language()));
        QCOMPARE(language.current(), QStringLiteral("en"));
        QCOMPARE(QLocale().language(), QLocale::English);
        QCOMPARE(Language::resolve(QStringLiteral("fr")), QStringLiteral("en"));  // not shipped: English
    }

    void numbersFollowTheLanguage() {
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        // Core's one rule for numbers (number_text.h's estimateText), in every language: the
        // same "1,234,567" as a fix text's.
        QCOMPARE(localeNumber(1234567), QStringLiteral("1,234,567"));
        QCOMPARE(formatDuration(0.5), QStringLiteral("30 分钟"));
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(formatDuration(0.5), QStringLiteral("30 min"));
        QCOMPARE(localeNumber(1234567), QStringLiteral("1,234,567"));
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
