#include "gui/files/file_saver.h"

#include "files/write_whole.h"
#include "gui/window/app_settings.h"
#include "localized.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>

namespace traindeck::gui {

FileSaver::FileSaver(QWidget* parent) : QObject(parent), m_parent(parent) {}

QString FileSaver::saveAll(const std::vector<FileText>& files) {
    if (files.empty())
        return {};
    AppSettings settings;
    const QString folder = m_chooseFolder ? m_chooseFolder()
                                          : QFileDialog::getExistingDirectory(m_parent, tr("Save the generated files to"),
                                                                              settings.lastDirectory());
    if (folder.isEmpty())
        return {};
    settings.setLastDirectory(folder);
    const QStringList existing = existingFiles(folder, files);
    if (!existing.isEmpty()) {
        bool replace = false;
        if (m_confirmOverwrite) {
            replace = m_confirmOverwrite(existing);
        } else {
            QMessageBox box(QMessageBox::Warning, tr("Replace existing files?"),
                            tr("%1 of the %2 files already exist in %3. Replace them?")
                                .arg(existing.size())
                                .arg(files.size())
                                .arg(QDir::toNativeSeparators(folder)),
                            QMessageBox::Yes | QMessageBox::Cancel, m_parent);
            box.setDetailedText(existing.join(QLatin1Char('\n')));
            box.setDefaultButton(QMessageBox::Cancel);
            replace = box.exec() == QMessageBox::Yes;
        }
        if (!replace)
            return tr("Nothing saved.");
    }
    QProgressDialog progress(tr("Saving files…"), tr("Cancel"), 0, int(files.size()), m_parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(500);  // only for a save slow enough to notice
    const QString error = writeFiles(folder, files, [&](int i) {
        progress.setValue(i);
        return !progress.wasCanceled();
    });
    progress.setValue(int(files.size()));
    if (!error.isEmpty()) {
        QMessageBox::warning(m_parent, tr("Save files"), error);
        return {};
    }
    return tr("Saved %1 files to %2.").arg(files.size()).arg(QDir::toNativeSeparators(folder));
}

QStringList FileSaver::existingFiles(const QString& folder, const std::vector<FileText>& files) {
    QStringList existing;
    const QDir dir(folder);
    for (const FileText& f : files)
        if (QFileInfo::exists(dir.filePath(f.path)))
            existing << f.path;
    return existing;
}

QString FileSaver::writeFiles(const QString& folder, const std::vector<FileText>& files,
                              const std::function<bool(int)>& progress) {
    const QDir dir(folder);
    for (size_t i = 0; i < files.size(); ++i) {
        if (progress && !progress(int(i)))
            return tr("Cancelled after %1 of %2 files.").arg(i).arg(files.size());
        const QString path = dir.filePath(files[i].path);
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return tr("Cannot create the folder for %1.").arg(path);
        // Whole or not at all, as every file TrainDeck writes.
        const Text error = writeWhole(path.toStdString(), files[i].content.toStdString(), files[i].executable);
        if (!error.empty())
            return app::qLocalized(error);
    }
    return {};
}

}  // namespace traindeck::gui
