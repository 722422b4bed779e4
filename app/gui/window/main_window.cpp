#include "gui/window/main_window.h"

#include "localized.h"
#include "gui/files/generated_files_page.h"
#include "gui/launch/launch_page.h"
#include "gui/layouts/layouts_page.h"
#include "gui/layouts/timeline_plot.h"
#include "gui/parts/plots.h"
#include "gui/parts/widget_parts.h"
#include "gui/plan/calibration_panel.h"
#include "gui/plan/field_form.h"
#include "gui/plan/field_sections.h"
#include "gui/plan/finding_view.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "gui/watch/watch_page.h"
#include "gui/window/app_settings.h"
#include "gui/window/language.h"
#include "gui/window/plan_files.h"
#include "gui/window/settings_dialog.h"
#include "gui/window/ssh_settings.h"
#include "gui/window/window_menus.h"
#include "plan/plan_fields.h"

#include <QCloseEvent>
#include <QGroupBox>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace traindeck::gui {

MainWindow::MainWindow(Language* language, QWidget* parent) : QMainWindow(parent), m_language(language) {
    setObjectName(QStringLiteral("mainWindow"));
    installWheelGuard();  // the wheel scrolls the form; it changes a setting only in the box that has the focus
    m_document = new PlanDocument(this);
    m_files = new PlanFiles(m_document, this);

    QWidget* fields = createFieldsPanel();
    createPages();

    m_splitter = new QSplitter(this);
    m_splitter->setObjectName(QStringLiteral("splitter"));
    m_fieldsScroll = makeScrollArea(fields, m_splitter);
    m_fieldsScroll->setMinimumWidth(320);
    m_splitter->addWidget(m_fieldsScroll);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    setCentralWidget(m_splitter);

    m_summary = new QLabel(this);
    statusBar()->addPermanentWidget(m_summary);

    connect(m_document, &PlanDocument::analysisChanged, this, &MainWindow::showSummary);
    connect(m_document, &PlanDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &PlanDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &PlanDocument::analysisChanged, this, &MainWindow::updateTitle);  // an unsaved plan is titled by its name
    connect(m_files, &PlanFiles::message, statusBar(), &QStatusBar::showMessage);
    // A message about the plan as it was (created, opened, a fix applied) goes with the next edit.
    connect(m_document->undoStack(), &QUndoStack::indexChanged, statusBar(), &QStatusBar::clearMessage);
    connect(m_files, &PlanFiles::planCreated, this, [this] { m_tabs->setCurrentIndex(0); });

    m_menus = new WindowMenus(this, m_files, m_document->undoStack(), m_tabs, m_fieldsScroll, [this] { showSettings(); });
    setWindowIcon(appIcon());

    AppSettings settings;
    // The first time: on the screen it opens on, frame and status bar included (a
    // 1366×768 laptop); a restored geometry Qt fits onto the screen itself.
    if (!restoreGeometry(settings.windowGeometry())) {
        QSize size(1400, 880);
        if (const QScreen* s = screen())
            size = size.boundedTo(s->availableGeometry().size() - QSize(0, 40)).expandedTo(minimumSizeHint());  // 40: a title bar
        resize(size);
    }
    restoreState(settings.windowState());
    m_tabs->setCurrentIndex(settings.currentTab());
    if (!m_splitter->restoreState(settings.splitterState()))
        m_splitter->setSizes({560, 840});  // wide enough for labels, values and findings beside them

    retranslate();
}

MainWindow::~MainWindow() {
    // The forms and pages observe the document: they go first (a field that loses the
    // focus as it is deleted still reads the plan). The document is deleted with the
    // window's children, after this body; its undo stack signals as it clears, and must
    // not reach a window half gone.
    delete takeCentralWidget();
    m_document->undoStack()->disconnect(this);
    m_document->undoStack()->disconnect(m_menus);
    m_document->disconnect(this);
}

QWidget* MainWindow::createFieldsPanel() {
    // Every field of the plan, by section, findings beside each; each form edits the document.
    auto* fields = new QWidget;
    auto* fieldsColumn = new QVBoxLayout(fields);
    for (Section section : allSections()) {
        auto* box = new QGroupBox(fields);
        auto* boxColumn = new QVBoxLayout(box);
        auto* form = new FieldForm(sectionKeys(section), *m_document, [this](const Finding& f) { applyFix(f); }, box);
        boxColumn->addWidget(form);
        fieldsColumn->addWidget(box);
        m_sectionBoxes.push_back(box);
        m_forms.push_back(form);
    }
    fieldsColumn->addStretch();
    return fields;
}

void MainWindow::createPages() {
    // What the plan means: every plan page observes the document.
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("tabs"));
    m_layouts = new LayoutsPage(*m_document, true, [this](const Finding& f) { applyFix(f); });
    m_planView = m_layouts->planView();
    m_tabs->addTab(makeScrollArea(m_layouts, m_tabs), QString());

    auto* plots = new QWidget;
    auto* plotsColumn = new QVBoxLayout(plots);
    m_calibration = new CalibrationPanel(*m_document, plots);
    plotsColumn->addWidget(m_calibration);
    m_plots = new PlotsPage(*m_document, plots);
    plotsColumn->addWidget(m_plots, 1);
    // Scrolls on a small screen: the calibration and two plots need 645 px, more than a 1366×768 window has.
    m_tabs->addTab(makeScrollArea(plots, m_tabs, false), QString());

    m_generated = new GeneratedFilesPage(*m_document, coreGenerators());
    m_tabs->addTab(m_generated, QString());

    // Launch: the plan's nodes started, watched and stopped together.
    m_launch = new LaunchPage(*m_document);
    m_tabs->addTab(m_launch, QString());

    // Watch: live runs, and their measured speed back into the plan's calibration.
    m_watch = new WatchPage(*m_document);
    m_tabs->addTab(m_watch, QString());
    // The SSH settings have one home: the Launch page edits them, both pages connect with them.
    auto* ssh = new SshSettings(this);
    m_launch->useSsh(ssh);
    m_watch->useSsh(ssh);
    // Timeline: the planned run over the wall clock, and the watched runs beside their plan.
    m_timeline = new TimelinePlot(*m_document);
    m_tabs->addTab(m_timeline, QString());
    connect(m_watch, &WatchPage::runsRedrawn, this, [this] { m_timeline->setWatchedRuns(m_watch->shownRuns()); });
    // The hosts have one home, the plan's launch.hosts: the Launch page edits it too.
    const auto setHosts = [this](const QStringList& hosts) {
        const QString problem = app::qLocalized(m_document->setField("launch.hosts", hosts.join(QLatin1Char(','))));
        if (!problem.isEmpty())
            statusBar()->showMessage(problem, 8000);
    };
    connect(m_launch, &LaunchPage::hostsEdited, this, setHosts);
    connect(m_launch, &LaunchPage::watchRequested, this, [this](const QString& runDir) {
        if (m_watch->addSource(runDir))
            m_tabs->setCurrentWidget(m_watch);
    });
    connect(m_watch, &WatchPage::calibrationMeasured, this, [this](const QString& calibration) {
        const QString problem = app::qLocalized(m_document->setField("calibration", calibration));
        if (!problem.isEmpty())
            QMessageBox::warning(this, tr("Calibrate the plan"), problem);
        else
            m_tabs->setCurrentIndex(1);  // the plots page shows predicted against measured
    });

    connect(m_planView, &PlanView::addLayoutRequested, this, [this](const Layout& layout) {
        Plan next = m_document->plan();
        next.compare.push_back(layout);
        m_document->replacePlan(next, tr("Add layout %1").arg(QString::fromStdString(layoutText(layout))));
    });
    connect(m_planView, &PlanView::removeLayoutRequested, this, [this](const Layout& layout) {
        Plan next = m_document->plan();
        std::erase(next.compare, layout);
        m_document->replacePlan(next, tr("Remove layout %1").arg(QString::fromStdString(layoutText(layout))));
    });
    connect(m_calibration, &CalibrationPanel::calibrationsRequested, this,
            [this](const std::vector<Calibration>& calibrations) {
                Plan next = m_document->plan();
                next.calibrations = calibrations;
                m_document->replacePlan(next, calibrations.empty() ? tr("Clear calibration") : tr("Calibrate"));
            });
    connect(m_generated, &GeneratedFilesPage::status, this, [this](const QString& m) { statusBar()->showMessage(m, 5000); });
}

void MainWindow::retranslate() {
    const QStringList tabNames = {tr("Layouts"), tr("Plots and calibration"), tr("Generated files"), tr("Launch"), tr("Watch"),
                                  tr("Timeline")};
    for (int i = 0; i < m_tabs->count(); ++i)
        m_tabs->setTabText(i, tabNames.value(i));
    m_menus->retranslate(tabNames);
    const std::vector<Section>& sections = allSections();
    for (size_t i = 0; i < sections.size(); ++i)
        m_sectionBoxes[i]->setTitle(sectionTitle(sections[i]));
    // After the forms have retranslated themselves: Qt tells this window
    // about the new language before its children.
    QMetaObject::invokeMethod(this, &MainWindow::alignFieldLabels, Qt::QueuedConnection);
    updateTitle();
    showSummary();
}

void MainWindow::alignFieldLabels() {
    // One label column for all sections, so their fields line up.
    int labelWidth = 0;
    for (FieldForm* form : m_forms) {
        form->setLabelWidth(0);
        labelWidth = std::max(labelWidth, form->labelWidth());
    }
    for (FieldForm* form : m_forms)
        form->setLabelWidth(labelWidth);
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::showSummary() {
    const PlanAnalysis& analysis = m_document->analysis();
    m_summary->setText(analysis.valid() ? FindingView::summary(analysis.findings) : tr("Plan incomplete"));
}

void MainWindow::updateTitle() {
    // [*] is where Qt puts the modified mark.
    setWindowTitle(tr("%1[*] — TrainDeck").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::applyFix(const Finding& finding) {
    const QString error = m_document->applyEdits(finding.edits, tr("Fix: %1").arg(app::qLocalized(finding.fix)));
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Fix not applied"), error);
    else
        statusBar()->showMessage(tr("Applied: %1").arg(app::qLocalized(finding.fix)), 5000);
}

bool MainWindow::openFile(const QString& path) { return m_files->openFile(path); }
void MainWindow::openDemo() { m_files->openDemo(); }
void MainWindow::newPlan() { m_files->newPlan(); }
bool MainWindow::save() { return m_files->save(); }
bool MainWindow::saveAs() { return m_files->saveAs(); }
bool MainWindow::maybeSave() { return m_files->maybeSave(); }

void MainWindow::showSettings() {
    AppSettings settings;
    SettingsDialog dialog(settings.language(), this);
    connect(&dialog, &SettingsDialog::languageChosen, this, [this](const QString& code) {
        AppSettings().setLanguage(code);
        m_language->apply(code);
    });
    dialog.exec();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // A run the Launch tab started ends with the window (its nodes get SIGTERM and then
    // SIGKILL): say so first, since training elsewhere would otherwise stop unannounced.
    if (m_launch->running() &&
        QMessageBox::question(this, tr("Stop the run?"),
                              tr("A run started from the Launch tab is still going. Closing the window stops "
                                 "every node (SIGTERM, then SIGKILL after the grace period). Stop it and close?"),
                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes) {
        event->ignore();
        return;
    }
    AppSettings settings;
    settings.saveWindow(saveGeometry(), saveState(), m_splitter->saveState());
    settings.setCurrentTab(m_tabs->currentIndex());
    event->accept();
}

}  // namespace traindeck::gui
