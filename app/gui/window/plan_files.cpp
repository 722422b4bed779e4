#include "gui/window/plan_files.h"

#include "localized.h"
#include "gui/plan/plan_document.h"
#include "gui/window/app_settings.h"
#include "gui/wizard/plan_wizard.h"
#include "generate/workload.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace traindeck::gui {

PlanFiles::PlanFiles(PlanDocument* document, QWidget* window) : QObject(window), m_document(document), m_window(window) {}

void PlanFiles::fillRecentMenu(QMenu* menu) {
    menu->clear();
    const QStringList files = AppSettings().recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        // &1..&8: a recent file is a key press away.
        QAction* a = menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(files[i]).fileName()));
        a->setToolTip(files[i]);
        a->setStatusTip(files[i]);
        const QString path = files[i];
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    menu->setEnabled(!files.isEmpty());
}

bool PlanFiles::openFile(const QString& path) {
    const QString error = m_document->load(path);
    if (!error.isEmpty()) {
        showFileError(tr("Cannot open plan"), tr("The plan file could not be opened."), error);
        if (!QFileInfo::exists(path))
            AppSettings().removeRecentFile(QFileInfo(path).absoluteFilePath());
        emit recentFilesChanged();
        return false;
    }
    remember(path, tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void PlanFiles::remember(const QString& path, const QString& done) {
    AppSettings settings;
    settings.addRecentFile(path);
    settings.setLastDirectory(QFileInfo(path).absolutePath());
    emit recentFilesChanged();
    emit message(done, 5000);
}

void PlanFiles::showFileError(const QString& title, const QString& headline, const QString& reason) {
    // One text, not headline and informative text: QMessageBox sizes itself
    // by the headline and would wrap a long path into a narrow column.
    QMessageBox box(QMessageBox::Critical, title, headline + QStringLiteral("\n\n") + reason, QMessageBox::Ok, m_window);
    box.exec();
}

void PlanFiles::openDemo() { m_document->reset(demoPlan(), QString(), false); }

void PlanFiles::open() {
    if (!maybeSave())
        return;
    AppSettings settings;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open plan"), settings.lastDirectory(),
                                                      tr("TrainDeck plans (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool PlanFiles::newPlan() {
    if (!maybeSave())
        return false;
    // The wizard starts from the demo's values: a plan that already works,
    // which the user adjusts, rather than empty fields to fill. It edits a
    // document of its own; Finish hands its plan over, unsaved.
    PlanWizard wizard(demoPlan(), m_window);
    if (wizard.exec() != QDialog::Accepted)
        return false;
    m_document->reset(wizard.plan(), QString(), true);
    emit planCreated();
    // Where to go next, for someone who has not used TrainDeck before: the launch
    // files, or the tab that says (core's reason) what they still need. Short enough
    // for a 1366-pixel status bar; the next edit clears it (main_window).
    if (generate::workloadMissing(m_document->plan()))
        emit message(tr("Plan created: Generated files says what its launch files still need. Ctrl+S saves it."), 30000);
    else
        emit message(tr("Plan created: its launch files are on Generated files. Ctrl+S saves it."), 15000);
    return true;
}

bool PlanFiles::saveTo(const QString& path) {
    const QString error = m_document->save(path);
    if (!error.isEmpty()) {
        showFileError(tr("Cannot save plan"), tr("The plan could not be saved."), error);
        return false;
    }
    remember(path, tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool PlanFiles::save() {
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveTo(m_document->filePath());
}

bool PlanFiles::saveAs() {
    AppSettings settings;
    const QString suggested = QDir(settings.lastDirectory())
                                  .filePath(QString::fromStdString(m_document->plan().name) + QStringLiteral(".yaml"));
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save plan"),
                                                m_document->filePath().isEmpty() ? suggested : m_document->filePath(),
                                                tr("TrainDeck plans (*.yaml *.yml)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".yaml");
    return saveTo(path);
}

bool PlanFiles::maybeSave() {
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(m_window, tr("Unsaved changes"),
                                             tr("The plan “%1” has changes that are not saved. Save them?")
                                                 .arg(m_document->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

}  // namespace traindeck::gui
