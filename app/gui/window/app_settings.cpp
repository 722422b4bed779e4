#include "gui/window/app_settings.h"

#include <QDir>
#include <QFileInfo>

namespace traindeck::gui {

namespace {
const char* const kLanguage = "ui/language";
const char* const kRecent = "files/recent";
const char* const kLastDir = "files/lastDirectory";
const char* const kTargets = "generate/targets";
const char* const kGeometry = "window/geometry";
const char* const kTab = "window/tab";
const char* const kState = "window/state";
const char* const kSplitter = "window/splitter";
}  // namespace

QString AppSettings::language() const { return m_settings.value(kLanguage).toString(); }
void AppSettings::setLanguage(const QString& code) { m_settings.setValue(kLanguage, code); }

QStringList AppSettings::recentFiles() const { return m_settings.value(kRecent).toStringList(); }

void AppSettings::addRecentFile(const QString& path) {
    // Absolute paths, so that the same file opened two ways is listed once.
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.setValue(kRecent, files);
}

void AppSettings::removeRecentFile(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    m_settings.setValue(kRecent, files);
}

QString AppSettings::lastDirectory() const {
    return m_settings.value(kLastDir, QDir::homePath()).toString();
}
void AppSettings::setLastDirectory(const QString& dir) { m_settings.setValue(kLastDir, dir); }

QStringList AppSettings::generateTargets() const {
    return m_settings.value(kTargets, QStringList{QStringLiteral("k8s")}).toStringList();
}
void AppSettings::setGenerateTargets(const QStringList& keys) { m_settings.setValue(kTargets, keys); }

int AppSettings::currentTab() const { return m_settings.value(kTab, 0).toInt(); }
void AppSettings::setCurrentTab(int index) { m_settings.setValue(kTab, index); }

QByteArray AppSettings::windowGeometry() const { return m_settings.value(kGeometry).toByteArray(); }
QByteArray AppSettings::windowState() const { return m_settings.value(kState).toByteArray(); }
QByteArray AppSettings::splitterState() const { return m_settings.value(kSplitter).toByteArray(); }

void AppSettings::saveWindow(const QByteArray& geometry, const QByteArray& state, const QByteArray& splitter) {
    m_settings.setValue(kGeometry, geometry);
    m_settings.setValue(kState, state);
    m_settings.setValue(kSplitter, splitter);
}

}  // namespace traindeck::gui
