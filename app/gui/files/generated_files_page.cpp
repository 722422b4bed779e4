#include "gui/files/generated_files_page.h"

#include "gui/files/file_saver.h"
#include "gui/files/target_options_box.h"
#include "gui/parts/syntax_highlighter.h"
#include "gui/parts/widget_parts.h"
#include "gui/plan/plan_document.h"
#include "gui/window/app_settings.h"
#include "localized.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {

GeneratedFilesPage::GeneratedFilesPage(const PlanDocument& document, std::unique_ptr<GeneratorSource> source,
                                       QWidget* parent)
    : QWidget(parent), m_document(document), m_source(std::move(source)) {
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

    m_options = new TargetOptionsBox(left);
    leftColumn->addWidget(m_options);

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
        // Every target in sight (the last, SkyPilot, was below the fold); the files' list takes the rest.
        m_targets->setMinimumHeight(m_targets->sizeHintForRow(0) * m_targets->count() + 2 * m_targets->frameWidth() + 2);
        m_targets->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
        leftColumn->setStretchFactor(m_targetsBox, 0);
    }
    splitter->setEnabled(m_source != nullptr);
    m_saver = new FileSaver(this);

    connect(m_targets, &QListWidget::itemChanged, this, [this] {
        AppSettings().setGenerateTargets(checkedTargets());
        regenerate();
    });
    connect(m_options, &TargetOptionsBox::edited, this, &GeneratedFilesPage::regenerate);
    connect(m_fileList, &QListWidget::currentRowChanged, this, &GeneratedFilesPage::selectFile);
    connect(m_copy, &QPushButton::clicked, this, &GeneratedFilesPage::copyCurrentFile);
    connect(m_saveAll, &QPushButton::clicked, this, &GeneratedFilesPage::saveAllInteractive);
    connect(&m_document, &PlanDocument::analysisChanged, this, &GeneratedFilesPage::showPlan);
    retranslate();
    showPlan();
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

TargetOptions GeneratedFilesPage::options(const QString& target) const {
    const TargetOptions typed = m_options->options();
    const QStringList keys = m_source ? m_source->optionKeys(target) : QStringList();
    TargetOptions o;
    if (keys.contains(QLatin1String("generate.queue")))
        o.queue = typed.queue;
    if (keys.contains(QLatin1String("generate.ecs_spec")))
        o.ecsSpec = typed.ecsSpec;
    if (keys.contains(QLatin1String("generate.workspace_id")))
        o.workspaceId = typed.workspaceId;
    for (const std::string& h : m_document.plan().launch.hosts)
        o.hosts << QString::fromStdString(h);
    return o;
}

void GeneratedFilesPage::showPlan() {
    const Plan& plan = m_document.plan();
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
    QStringList optionKeys;  // the rows the ticked targets read
    for (const QString& key : checkedTargets())
        for (const QString& option : m_source->optionKeys(key))
            if (!optionKeys.contains(option))
                optionKeys << option;
    m_options->showOptions(optionKeys);
    const QString current = m_fileList->currentItem() ? m_fileList->currentItem()->text() : QString();
    m_files.clear();
    const PlanAnalysis& analysis = m_document.analysis();
    QString error;
    if (!analysis.valid()) {
        error = tr("The plan is not complete: %1").arg(app::qLocalized(analysis.invalid));
    } else {
        // Targets that need options not given yet are named, not silently skipped.
        QStringList ready, waiting;
        for (const QString& key : checkedTargets()) {
            const QString missing = TargetOptionsBox::optionText(m_source->missing(analysis.plan, key, options(key)));
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
            std::vector<FileText> files = m_source->generate(analysis, {key}, options(key), &refusalText);
            const QString refusal = TargetOptionsBox::optionText(refusalText);
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
            for (const Text& note : m_source->notes(analysis, key, options(key)))
                if (const QString line = TargetOptionsBox::optionText(note); !notes.contains(line))
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
        else if (analysis.launchBlocker())
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

void GeneratedFilesPage::saveAllInteractive() {
    if (const QString message = m_saver->saveAll(m_files); !message.isEmpty())
        emit status(message);
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
    m_filesLabel->setText(tr("Files:"));
    m_copy->setText(tr("Copy file to clipboard"));
    m_saveAll->setText(tr("Save all to folder…"));
    regenerate();
}

void GeneratedFilesPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

}  // namespace traindeck::gui
