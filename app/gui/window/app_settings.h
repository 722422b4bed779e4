#pragma once
// What the window remembers between runs (QSettings): the chosen language,
// recent files, the last folder used, and the window's geometry and layout.

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace traindeck::gui {

class AppSettings {
public:
    static constexpr int kMaxRecentFiles = 8;

    // "" follows the system; otherwise a code from language.h ("en", "zh_CN").
    QString language() const;
    void setLanguage(const QString& code);

    QStringList recentFiles() const;
    // Puts `path` first, drops duplicates and files beyond kMaxRecentFiles.
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);

    QString lastDirectory() const;
    void setLastDirectory(const QString& dir);

    // The targets last ticked on the Generated-files page.
    QStringList generateTargets() const;
    void setGenerateTargets(const QStringList& keys);

    int currentTab() const;
    void setCurrentTab(int index);

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    QByteArray splitterState() const;
    void saveWindow(const QByteArray& geometry, const QByteArray& state, const QByteArray& splitter);

private:
    QSettings m_settings;
};

}  // namespace traindeck::gui
