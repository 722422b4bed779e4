#pragma once
// Saves the generated files into a folder the user picks: asks before any
// existing file is replaced, shows progress for a save slow enough to notice,
// and writes each file whole (core/files writeWhole), keeping its executable bit.

#include "gui/files/generator_source.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <vector>

class QWidget;

namespace traindeck::gui {

class FileSaver : public QObject {
    Q_OBJECT
public:
    // Dialogs open over `parent`.
    explicit FileSaver(QWidget* parent);

    // Asks for a folder, then saves every file there. Returns what to tell the
    // user in the status bar (empty when a dialog already said it).
    QString saveAll(const std::vector<FileText>& files);

    // The files of `files` that already exist under `folder`.
    static QStringList existingFiles(const QString& folder, const std::vector<FileText>& files);
    // Writes every file under `folder` (creating subfolders, keeping the
    // executable bit). `progress(i)` is called before file i and returns false
    // to cancel. Returns an error message, empty on success.
    static QString writeFiles(const QString& folder, const std::vector<FileText>& files,
                              const std::function<bool(int)>& progress = {});
    // For tests: the folder dialog's answer, instead of asking.
    void setFolderChooser(std::function<QString()> chooser) { m_chooseFolder = std::move(chooser); }
    // For tests: the answer to "replace existing files?", instead of asking.
    void setOverwriteConfirmer(std::function<bool(const QStringList&)> confirm) { m_confirmOverwrite = std::move(confirm); }

private:
    QWidget* m_parent;
    std::function<QString()> m_chooseFolder;
    std::function<bool(const QStringList&)> m_confirmOverwrite;
};

}  // namespace traindeck::gui
