#pragma once
// Shared set-up of the window tests: settings in a private temporary folder
// (never the user's), English unless a test switches, and a window made active
// so keyboard events reach it.

#include <QApplication>
#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <string>

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

// The keyboard user's moves: the widget with the focus, Tab until the input of plan
// field `key` has it, and replacing a line edit's text as select-all and typing do.
inline QWidget* focused() { return QApplication::focusWidget(); }

inline bool tabTo(const std::string& key, int most = 80) {
    const QString name = QStringLiteral("field:") + QString::fromStdString(key);
    for (int i = 0; i < most; ++i) {
        if (focused() && focused()->objectName() == name)
            return true;
        QTest::keyClick(focused(), Qt::Key_Tab);
    }
    return false;
}

inline void typeText(const QString& text) {
    QTest::keyClick(focused(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(focused(), text);
}

}  // namespace traindeck::test
