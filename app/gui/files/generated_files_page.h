#pragma once
// The launch files of the plan: tick the targets, read each file with syntax
// highlighting, copy one to the clipboard, or save them all to a folder
// (asking before any existing file is replaced).

#include "gui/files/generator_source.h"
#include "text/text.h"
#include "plan/plan_analysis.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QGroupBox;

namespace traindeck::gui {

class SyntaxHighlighter;

class GeneratedFilesPage : public QWidget {
    Q_OBJECT
public:
    // `source` may be null: a build without the generators says so.
    explicit GeneratedFilesPage(std::unique_ptr<GeneratorSource> source, QWidget* parent = nullptr);
    ~GeneratedFilesPage() override;

    // The plan's analysis (the window's PlanDocument computes it): its plan, validity and readiness.
    void setAnalysis(const PlanAnalysis& analysis);
    const std::vector<FileText>& files() const { return m_files; }
    QStringList checkedTargets() const;
    void setCheckedTargets(const QStringList& keys);
    void selectFile(int index);
    QString previewText() const;
    void copyCurrentFile();
    // Asks for a folder, then saves every file there.
    void saveAllInteractive();

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

signals:
    void status(const QString& message);
    // The user edited the SSH hosts: the plan's launch.hosts, node 0 first.
    void hostsEdited(const QStringList& hosts);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    // The page's names for the generator options it has fields for (core names them
    // by key in what it says is missing or refused), and such a text in its words.
    static QString optionName(const std::string& key);
    static QString optionText(const Text& text);
    void regenerate();
    TargetOptions options() const;
    QString targetName(const QString& key) const;  // as the list shows it

    std::unique_ptr<GeneratorSource> m_source;
    PlanAnalysis m_analysis;
    QString m_platform;  // the plan's platform last seen, as its field text ("k8s")
    std::vector<FileText> m_files;
    QLabel* m_unavailable = nullptr;
    QGroupBox* m_targetsBox = nullptr;
    QListWidget* m_targets = nullptr;
    QGroupBox* m_optionsBox = nullptr;
    QLabel* m_queueLabel = nullptr;
    QLineEdit* m_queue = nullptr;
    QLabel* m_hostsLabel = nullptr;
    QLineEdit* m_hosts = nullptr;
    QLabel* m_ecsLabel = nullptr;
    QLineEdit* m_ecs = nullptr;
    QLabel* m_workspaceLabel = nullptr;
    QLineEdit* m_workspace = nullptr;
    QLabel* m_filesLabel = nullptr;
    QListWidget* m_fileList = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    SyntaxHighlighter* m_highlighter = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_saveAll = nullptr;
    std::function<QString()> m_chooseFolder;
    std::function<bool(const QStringList&)> m_confirmOverwrite;
};

}  // namespace traindeck::gui
