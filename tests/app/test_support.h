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
