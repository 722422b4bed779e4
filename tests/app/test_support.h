#pragma once
// Shared set-up of the window tests: settings in a private temporary folder
// (never the user's), English unless a test switches, and a window made active
// so keyboard events reach it.

#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

namespace traindeck::test {

// A data-driven test's rows: one per interface language, in the column "language".
inline void languageRows() {
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

inline void isolateSettings(QTemporaryDir& dir) {
    QCoreApplication::setOrganizationName(QStringLiteral("TrainDeckTest"));
    QCoreApplication::setApplicationName(QStringLiteral("TrainDeckTest"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    QSettings().clear();
}

inline bool showActive(QWidget& w) {
    w.show();
    QApplication::setActiveWindow(&w);
    return QTest::qWaitForWindowActive(&w);
}

}  // namespace traindeck::test
