#pragma once
// The launch files of the plan: tick the targets, read each file with syntax
// highlighting, copy one to the clipboard, or save them all to a folder
// (asking before any existing file is replaced). The files are its document's
// plan's, regenerated whenever the document analyses an edit; the plan's fields
// are edited in the plan form, and only what a ticked target needs beyond the
// plan (a PAI-DLC workspace) has a field here.

#include "gui/files/generator_source.h"
#include "text/text.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QGroupBox;

namespace traindeck::gui {

class FileSaver;
class PlanDocument;
class SyntaxHighlighter;
class TargetOptionsBox;

class GeneratedFilesPage : public QWidget {
    Q_OBJECT
public:
    // `source` may be null: a build without the generators says so.
    GeneratedFilesPage(const PlanDocument& document, std::unique_ptr<GeneratorSource> source, QWidget* parent = nullptr);
    ~GeneratedFilesPage() override;

    const std::vector<FileText>& files() const { return m_files; }
    QStringList checkedTargets() const;
    void setCheckedTargets(const QStringList& keys);
    void selectFile(int index);
    QString previewText() const;
    void copyCurrentFile();
    // Asks for a folder, then saves every file there (file_saver.h).
    void saveAllInteractive();
    FileSaver* saver() const { return m_saver; }

signals:
    void status(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showPlan();
    void regenerate();
    // What `target` reads beside the plan: the options it names (optionKeys) as typed, the plan's hosts.
    TargetOptions options(const QString& target) const;
    QString targetName(const QString& key) const;  // as the list shows it

    const PlanDocument& m_document;
    std::unique_ptr<GeneratorSource> m_source;
    QString m_platform;  // the plan's platform last seen, as its field text ("k8s")
    std::vector<FileText> m_files;
    QLabel* m_unavailable = nullptr;
    QGroupBox* m_targetsBox = nullptr;
    QListWidget* m_targets = nullptr;
    TargetOptionsBox* m_options = nullptr;
    QLabel* m_filesLabel = nullptr;
    QListWidget* m_fileList = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    SyntaxHighlighter* m_highlighter = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_saveAll = nullptr;
    FileSaver* m_saver = nullptr;
};

}  // namespace traindeck::gui
