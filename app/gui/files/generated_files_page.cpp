#include "gui/files/generated_files_page.h"

#include "files/write_whole.h"
#include "gui/window/app_settings.h"
#include "localized.h"
#include "gui/parts/syntax_highlighter.h"
#include "gui/parts/widget_parts.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"

#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {

GeneratedFilesPage::GeneratedFilesPage(std::unique_ptr<GeneratorSource> source, QWidget* parent)
    : QWidget(parent), m_source(std::move(source)) {
    auto* column = new QVBoxLayout(this);
    m_unavailable = new QLabel(this);
    m_unavailable->setWordWrap(true);
    m_unavailable->setVisible(!m_source);
    column->addWidget(m_unavailable);

    auto* splitter = new QSplitter(this);
    column->addWidget(splitter, 1);

    auto* left = new QWidget(splitter);
    auto* leftColumn = new QVBoxLayout(left);
    leftColumn->setContentsMargins(0, 0, 0, 0);
    m_targetsBox = new QGroupBox(left);
    auto* targetsColumn = new QVBoxLayout(m_targetsBox);
    m_targets = new QListWidget(m_targetsBox);
    m_targets->setObjectName(QStringLiteral("targets"));
    targetsColumn->addWidget(m_targets);
    leftColumn->addWidget(m_targetsBox, 1);

    m_optionsBox = new QGroupBox(left);
    auto* form = new QFormLayout(m_optionsBox);
    m_queueLabel = new QLabel(m_optionsBox);
    m_queue = new QLineEdit(m_optionsBox);
    m_hostsLabel = new QLabel(m_optionsBox);
    m_hosts = new QLineEdit(m_optionsBox);
    m_hosts->setObjectName(QStringLiteral("sshHosts"));
    m_ecsLabel = new QLabel(m_optionsBox);
    m_ecs = new QLineEdit(m_optionsBox);
    m_ecs->setObjectName(QStringLiteral("ecsSpec"));
    m_workspaceLabel = new QLabel(m_optionsBox);
    m_workspace = new QLineEdit(m_optionsBox);
    m_workspace->setObjectName(QStringLiteral("workspaceId"));
    m_workspaceLabel->setBuddy(m_workspace);
    m_queueLabel->setBuddy(m_queue);
    m_hostsLabel->setBuddy(m_hosts);
    m_ecsLabel->setBuddy(m_ecs);
    form->addRow(m_queueLabel, m_queue);
    form->addRow(m_hostsLabel, m_hosts);
    form->addRow(m_ecsLabel, m_ecs);
    form->addRow(m_workspaceLabel, m_workspace);
    leftColumn->addWidget(m_optionsBox);

    m_filesLabel = new QLabel(left);
    leftColumn->addWidget(m_filesLabel);
    m_fileList = new QListWidget(left);
    m_fileList->setObjectName(QStringLiteral("files"));
    m_filesLabel->setBuddy(m_fileList);
    leftColumn->addWidget(m_fileList, 2);

    auto* right = new QWidget(splitter);
    auto* rightColumn = new QVBoxLayout(right);
    rightColumn->setContentsMargins(0, 0, 0, 0);
    m_preview = new QPlainTextEdit(right);
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new SyntaxHighlighter(m_preview->document());
    rightColumn->addWidget(m_preview, 1);
    m_error = makeErrorLabel(right);
    rightColumn->addWidget(m_error);
    auto* buttons = new QHBoxLayout;
    m_copy = new QPushButton(right);
    m_saveAll = new QPushButton(right);
    m_saveAll->setObjectName(QStringLiteral("saveAll"));
    buttons->addStretch();
    buttons->addWidget(m_copy);
    buttons->addWidget(m_saveAll);
    rightColumn->addLayout(buttons);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({340, 760});  // room for the target names and the options' hints

    if (m_source) {
        const QStringList checked = AppSettings().generateTargets();
        for (const TargetChoice& t : m_source->targets()) {
            auto* item = new QListWidgetItem(m_targets);
            item->setData(Qt::UserRole, t.key);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(checked.contains(t.key) ? Qt::Checked : Qt::Unchecked);
        }
    }
    splitter->setEnabled(m_source != nullptr);

    connect(m_targets, &QListWidget::itemChanged, this, [this] {
        AppSettings().setGenerateTargets(checkedTargets());
        regenerate();
    });
    for (QLineEdit* edit : {m_queue, m_hosts, m_ecs, m_workspace})
        connect(edit, &QLineEdit::textEdited, this, &GeneratedFilesPage::regenerate);
    connect(m_hosts, &QLineEdit::editingFinished, this, [this] {
        if (m_hosts->isModified())
            emit hostsEdited(options().hosts);
        m_hosts->setModified(false);
    });
    connect(m_fileList, &QListWidget::currentRowChanged, this, &GeneratedFilesPage::selectFile);
    connect(m_copy, &QPushButton::clicked, this, &GeneratedFilesPage::copyCurrentFile);
    connect(m_saveAll, &QPushButton::clicked, this, &GeneratedFilesPage::saveAllInteractive);
    retranslate();
}

GeneratedFilesPage::~GeneratedFilesPage() = default;

QString GeneratedFilesPage::targetName(const QString& key) const {
    for (int i = 0; i < m_targets->count(); ++i)
        if (m_targets->item(i)->data(Qt::UserRole).toString() == key)
            return m_targets->item(i)->text();
    return key;
}

QStringList GeneratedFilesPage::checkedTargets() const {
    QStringList keys;
    for (int i = 0; i < m_targets->count(); ++i)
        if (m_targets->item(i)->checkState() == Qt::Checked)
            keys << m_targets->item(i)->data(Qt::UserRole).toString();
    return keys;
}

void GeneratedFilesPage::setCheckedTargets(const QStringList& keys) {
    const QSignalBlocker block(m_targets);
    for (int i = 0; i < m_targets->count(); ++i)
        m_targets->item(i)->setCheckState(keys.contains(m_targets->item(i)->data(Qt::UserRole).toString())
                                              ? Qt::Checked
                                              : Qt::Unchecked);
    regenerate();
}

TargetOptions GeneratedFilesPage::options() const {
    TargetOptions o;
    o.queue = m_queue->text().trimmed();
    // Read as the plan field launch.hosts reads its text (core's list syntax), not split here.
    Plan typed;
    if (const PlanField* hosts = findPlanField("launch.hosts"); hosts && hosts->set(typed, m_hosts->text().toStdString()).empty())
        for (const std::string& h : typed.launch.hosts)
            o.hosts << QString::fromStdString(h);
    o.ecsSpec = m_ecs->text().trimmed();
    o.workspaceId = m_workspace->text().trimmed();
    return o;
}

void GeneratedFilesPage::setAnalysis(const PlanAnalysis& analysis) {
    m_analysis = analysis;
    const Plan& plan = m_analysis.plan;
    // The hosts are the plan's launch.hosts (as on the Launch page); not while the user types them.
    if (!m_hosts->hasFocus()) {
        QStringList hosts;
        for (const std::string& h : plan.launch.hosts)
            hosts << QString::fromStdString(h);
        m_hosts->setText(hosts.join(QStringLiteral(", ")));
    }
    // The plan's platform is ticked whenever it changes (a new plan from the
    // wizard, an edit): the files for where the job runs are the ones wanted first.
    const PlanField* platform = findPlanField("launch.platform");
    const QString key = platform ? QString::fromStdString(platform->get(plan)) : QString();
    if (key != m_platform) {
        m_platform = key;
        const QSignalBlocker block(m_targets);
        for (int i = 0; i < m_targets->count(); ++i)
            if (m_targets->item(i)->data(Qt::UserRole).toString() == key)
                m_targets->item(i)->setCheckState(Qt::Checked);
    }
    regenerate();
}

void GeneratedFilesPage::regenerate() {
    if (!m_source)
        return;
    const QString current = m_fileList->currentItem() ? m_fileList->currentItem()->text() : QString();
    m_files.clear();
    QString error;
    if (!m_analysis.valid()) {
        error = tr("The plan is not complete: %1").arg(app::qLocalized(m_analysis.invalid));
    } else {
        // Targets that need options not given yet are named, not silently skipped.
        QStringList ready, waiting;
        for (const QString& key : checkedTargets()) {
            const QString missing = optionText(m_source->missing(m_analysis.plan, key, options()));
            if (missing.isEmpty())
                ready << key;
            else
                waiting << tr("%1: %2", "a target and what it needs").arg(targetName(key), missing);
        }
        // One target at a time: a target that refuses its input (a job name
        // Kubernetes forbids) is named with its reason, and the others' files
        // still show. Files the targets share are listed once.
        std::vector<std::pair<QString, QStringList>> refusals;  // reason, the targets refusing for it
        QStringList notes;  // what the files could not say themselves, each once
        for (const QString& key : ready) {
            Text refusalText;
            std::vector<FileText> files = m_source->generate(m_analysis, {key}, options(), &refusalText);
            const QString refusal = optionText(refusalText);
            if (!refusal.isEmpty()) {
                auto same = std::find_if(refusals.begin(), refusals.end(),
                                         [&](const auto& r) { return r.first == refusal; });
                if (same == refusals.end())
                    refusals.push_back({refusal, {targetName(key)}});
                else
                    same->second << targetName(key);
                continue;
            }
            for (FileText& f : files)
                if (std::none_of(m_files.begin(), m_files.end(), [&](const FileText& g) { return g.path == f.path; }))
                    m_files.push_back(std::move(f));
            for (const Text& note : m_source->notes(m_analysis, key, options()))
                if (const QString line = optionText(note); !notes.contains(line))
                    notes << line;
        }
        QStringList refused;
        for (const auto& [reason, names] : refusals)
            refused << tr("%1: %2", "targets and why they have no files").arg(names.join(tr(", ", "between the names of targets")), reason);
        error = refused.join(QLatin1Char('\n'));
        if (!waiting.isEmpty())
            error += (error.isEmpty() ? QString() : QStringLiteral("\n")) +
                     tr("Not generated until the options are given: %1").arg(waiting.join(QStringLiteral("; ")));
        for (const QString& note : notes)
            error += (error.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Note: %1").arg(note);
        if (checkedTargets().isEmpty())
            error = tr("Tick one or more targets to see their files.");
        else if (m_analysis.launchBlocker())
            // Files can still be read, but the user should not launch them as they are.
            error = (error.isEmpty() ? QString() : error + QLatin1Char('\n')) +
                    tr("The plan has errors (see the Layouts tab): these files would not run as planned.");
    }
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());

    const QSignalBlocker block(m_fileList);
    m_fileList->clear();
    int keep = 0;
    for (size_t i = 0; i < m_files.size(); ++i) {
        m_fileList->addItem(m_files[i].path);
        if (m_files[i].path == current)
            keep = int(i);
    }
    m_fileList->setCurrentRow(m_files.empty() ? -1 : keep);
    selectFile(m_files.empty() ? -1 : keep);
    m_copy->setEnabled(!m_files.empty());
    m_saveAll->setEnabled(!m_files.empty());
}

void GeneratedFilesPage::selectFile(int index) {
    if (index < 0 || size_t(index) >= m_files.size()) {
        m_preview->clear();
        return;
    }
    const FileText& f = m_files[size_t(index)];
    m_highlighter->setLanguage(SyntaxHighlighter::languageFor(f.path, f.content));
    m_preview->setPlainText(f.content);
}

QString GeneratedFilesPage::previewText() const { return m_preview->toPlainText(); }

void GeneratedFilesPage::copyCurrentFile() {
    const int row = m_fileList->currentRow();
    if (row < 0 || size_t(row) >= m_files.size())
        return;
    QGuiApplication::clipboard()->setText(m_files[size_t(row)].content);
    emit status(tr("Copied %1 to the clipboard.").arg(m_files[size_t(row)].path));
}

QStringList GeneratedFilesPage::existingFiles(const QString& folder, const std::vector<FileText>& files) {
    QStringList existing;
    const QDir dir(folder);
    for (const FileText& f : files)
        if (QFileInfo::exists(dir.filePath(f.path)))
            existing << f.path;
    return existing;
}

QString GeneratedFilesPage::writeFiles(const QString& folder, const std::vector<FileText>& files,
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

void GeneratedFilesPage::saveAllInteractive() {
    if (m_files.empty())
        return;
    AppSettings settings;
    const QString folder = m_chooseFolder ? m_chooseFolder()
                                          : QFileDialog::getExistingDirectory(this, tr("Save the generated files to"),
                                                                              settings.lastDirectory());
    if (folder.isEmpty())
        return;
    settings.setLastDirectory(folder);
    const QStringList existing = existingFiles(folder, m_files);
    if (!existing.isEmpty()) {
        bool replace = false;
        if (m_confirmOverwrite) {
            replace = m_confirmOverwrite(existing);
        } else {
            QMessageBox box(QMessageBox::Warning, tr("Replace existing files?"),
                            tr("%1 of the %2 files already exist in %3. Replace them?")
                                .arg(existing.size())
                                .arg(m_files.size())
                                .arg(QDir::toNativeSeparators(folder)),
                            QMessageBox::Yes | QMessageBox::Cancel, this);
            box.setDetailedText(existing.join(QLatin1Char('\n')));
            box.setDefaultButton(QMessageBox::Cancel);
            replace = box.exec() == QMessageBox::Yes;
        }
        if (!replace) {
            emit status(tr("Nothing saved."));
            return;
        }
    }
    QProgressDialog progress(tr("Saving files…"), tr("Cancel"), 0, int(m_files.size()), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(500);  // only for a save slow enough to notice
    const QString error = writeFiles(folder, m_files, [&](int i) {
        progress.setValue(i);
        return !progress.wasCanceled();
    });
    progress.setValue(int(m_files.size()));
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Save files"), error);
        return;
    }
    emit status(tr("Saved %1 files to %2.").arg(m_files.size()).arg(QDir::toNativeSeparators(folder)));
}

void GeneratedFilesPage::retranslate() {
    if (m_source) {
        const QSignalBlocker block(m_targets);
        const std::vector<TargetChoice> targets = m_source->targets();
        for (int i = 0; i < m_targets->count() && size_t(i) < targets.size(); ++i) {
            const TargetChoice& t = targets[size_t(i)];  // in the interface language
            m_targets->item(i)->setText(t.name);
            m_targets->item(i)->setToolTip(t.summary);
            m_targets->item(i)->setStatusTip(t.summary);
        }
    }
    m_unavailable->setText(tr("This build of TrainDeck has no generators: the launch files cannot be shown."));
    m_targetsBox->setTitle(tr("Targets"));
    m_optionsBox->setTitle(tr("Cluster details (only the targets that need them)"));
    m_queueLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.queue")));
    m_queue->setPlaceholderText(tr("optional"));
    m_hostsLabel->setText(tr("%1:", "a field's label").arg(optionName("launch.hosts")));
    m_hosts->setPlaceholderText(tr("node0, node1, … (master first)"));
    m_ecsLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.ecs_spec")));
    m_ecs->setPlaceholderText(tr("e.g. ecs.gn8v.48xlarge"));
    m_workspaceLabel->setText(tr("%1:", "a field's label").arg(optionName("generate.workspace_id")));
    m_workspace->setPlaceholderText(tr("e.g. 12345"));
    m_filesLabel->setText(tr("Files:"));
    m_copy->setText(tr("Copy file to clipboard"));
    m_saveAll->setText(tr("Save all to folder…"));
    regenerate();
}

QString GeneratedFilesPage::optionName(const std::string& key) {
    if (key == "generate.queue")
        return tr("Queue / partition");
    if (key == "generate.qos")
        return tr("QOS");
    if (key == "launch.hosts")
        return tr("SSH hosts");
    if (key == "generate.ecs_spec")
        return tr("PAI-DLC instance type");
    if (key == "generate.workspace_id")
        return tr("PAI-DLC workspace ID");
    return {};
}

QString GeneratedFilesPage::optionText(const Text& text) {
    return app::qLocalized(text, [](const std::string& key) { return optionName(key).toStdString(); });
}

void GeneratedFilesPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
