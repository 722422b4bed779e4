#include "gui/window/main_window.h"

#include "gui/window/app_settings.h"
#include "gui/plan/calibration_panel.h"
#include "localized.h"
#include "gui/plan/field_form.h"
#include "gui/plan/field_sections.h"
#include "gui/plan/finding_view.h"
#include "gui/files/generated_files_page.h"
#include "gui/window/language.h"
#include "gui/launch/launch_page.h"
#include "gui/layouts/layouts_page.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "gui/wizard/plan_wizard.h"
#include "gui/parts/plots.h"
#include "gui/window/settings_dialog.h"
#include "gui/window/ssh_settings.h"
#include "gui/layouts/timeline_plot.h"
#include "gui/window/user_guide.h"
#include "gui/parts/widget_parts.h"
#include "generate/workload.h"
#include "plan/plan_fields.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QDir>
#include <QTabWidget>
#include "gui/watch/watch_page.h"
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWhatsThis>

#include <algorithm>

namespace traindeck::gui {

MainWindow::MainWindow(Language* language, QWidget* parent) : QMainWindow(parent), m_language(language) {
    setObjectName(QStringLiteral("mainWindow"));
    installWheelGuard();  // the wheel scrolls the form; it changes a setting only in the box that has the focus
    m_document = new PlanDocument(this);

    // Left: every field of the plan, by section, findings beside each.
    auto* fields = new QWidget;
    auto* fieldsColumn = new QVBoxLayout(fields);
    for (Section section : allSections()) {
        auto* box = new QGroupBox(fields);
        auto* boxColumn = new QVBoxLayout(box);
        auto* form = new FieldForm(
            sectionKeys(section), m_document->plan(),
            [this](const std::string& key, const QString& text) { return m_document->setField(key, text); },
            [this](const Finding& f) { applyFix(f); }, box);
        boxColumn->addWidget(form);
        fieldsColumn->addWidget(box);
        m_sectionBoxes.push_back(box);
        m_forms.push_back(form);
    }
    fieldsColumn->addStretch();

    // Right: what the plan means.
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("tabs"));
    m_layouts = new LayoutsPage(true, [this](const Finding& f) { applyFix(f); });
    m_planView = m_layouts->planView();
    m_tabs->addTab(makeScrollArea(m_layouts, m_tabs), QString());

    auto* plots = new QWidget;
    auto* plotsColumn = new QVBoxLayout(plots);
    m_calibration = new CalibrationPanel(plots);
    plotsColumn->addWidget(m_calibration);
    m_plots = new PlotsPage(plots);
    plotsColumn->addWidget(m_plots, 1);
    // Scrolls on a small screen: the calibration and two plots need 645 px, more than a 1366×768 window has.
    m_tabs->addTab(makeScrollArea(plots, m_tabs, false), QString());

    m_generated = new GeneratedFilesPage(coreGenerators());
    m_tabs->addTab(m_generated, QString());

    // Launch: the plan's nodes started, watched and stopped together.
    m_launch = new LaunchPage;
    m_tabs->addTab(m_launch, QString());

    // Watch: live runs, and their measured speed back into the plan's calibration.
    m_watch = new WatchPage;
    m_tabs->addTab(m_watch, QString());
    // The SSH settings have one home: the Launch page edits them, both pages connect with them.
    auto* ssh = new SshSettings(this);
    m_launch->useSsh(ssh);
    m_watch->useSsh(ssh);
    // Timeline: the planned run over the wall clock, and the watched runs beside their plan.
    m_timeline = new TimelinePlot;
    m_tabs->addTab(m_timeline, QString());
    connect(m_watch, &WatchPage::runsRedrawn, this, [this] { m_timeline->setWatchedRuns(m_watch->shownRuns()); });
    // The hosts have one home, the plan's launch.hosts: both pages edit it and show it.
    const auto setHosts = [this](const QStringList& hosts) {
        const QString problem = app::qLocalized(m_document->setField("launch.hosts", hosts.join(QLatin1Char(','))));
        if (!problem.isEmpty())
            statusBar()->showMessage(problem, 8000);
    };
    connect(m_launch, &LaunchPage::hostsEdited, this, setHosts);
    connect(m_generated, &GeneratedFilesPage::hostsEdited, this, setHosts);
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
    connect(m_document, &PlanDocument::planChanged, this, &MainWindow::refresh);
    connect(m_document, &PlanDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &PlanDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &PlanDocument::planChanged, this, &MainWindow::updateTitle);  // an unsaved plan is titled by its name

    createActions();
    createMenus();
    setWindowIcon(QIcon(QStringLiteral(":/traindeck/icons/traindeck.svg")));

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

    retranslate();  // also fills every view from the plan
}

MainWindow::~MainWindow() {
    // The document is deleted with the window's children, after this body; its
    // undo stack signals as it clears, and must not reach a window half gone.
    m_document->undoStack()->disconnect(this);
    m_document->disconnect(this);
}

void MainWindow::createActions() {
    // `fallback`: the key when the platform's theme defines none for `key`
    // (Debian's Qt has no Save As or Quit key on some desktops).
    const auto make = [this](QKeySequence::StandardKey key, const QKeySequence& fallback, auto slot,
                             const QString& themeIcon = {}, QStyle::StandardPixmap pixmap = QStyle::SP_CustomBase) {
        auto* action = new QAction(this);
        action->setShortcut(key);
        if (action->shortcut().isEmpty())
            action->setShortcut(fallback);
        if (!themeIcon.isEmpty())
            action->setIcon(QIcon::fromTheme(themeIcon, pixmap != QStyle::SP_CustomBase ? style()->standardIcon(pixmap)
                                                                                         : QIcon()));
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_newAction = make(QKeySequence::New, {}, &MainWindow::newPlan, QStringLiteral("document-new"), QStyle::SP_FileIcon);
    m_openAction = make(QKeySequence::Open, {}, &MainWindow::open, QStringLiteral("document-open"),
                        QStyle::SP_DialogOpenButton);
    m_demoAction = new QAction(this);
    connect(m_demoAction, &QAction::triggered, this, [this] {
        if (maybeSave())
            openDemo();
    });
    m_saveAction = make(QKeySequence::Save, {}, &MainWindow::save, QStringLiteral("document-save"),
                        QStyle::SP_DialogSaveButton);
    m_saveAsAction = make(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), &MainWindow::saveAs);
    m_quitAction = make(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q), &QWidget::close);

    // Our own undo/redo actions rather than QUndoStack's: theirs fix the
    // "Undo %1" wording when created, and the language can change after that.
    QUndoStack* stack = m_document->undoStack();
    m_undoAction = make(QKeySequence::Undo, {}, [stack] { stack->undo(); }, QStringLiteral("edit-undo"),
                        QStyle::SP_ArrowBack);
    m_redoAction = make(QKeySequence::Redo, {}, [stack] { stack->redo(); }, QStringLiteral("edit-redo"),
                        QStyle::SP_ArrowForward);
    m_undoAction->setEnabled(stack->canUndo());
    m_redoAction->setEnabled(stack->canRedo());
    connect(stack, &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoText);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoText);

    m_settingsAction = make(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma), &MainWindow::showSettings);
    m_guideAction = make(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1), [this] {
        auto* guide = new UserGuide(this);  // not modal: read beside the window
        guide->setAttribute(Qt::WA_DeleteOnClose);
        guide->show();
    });
    m_shortcutsAction = new QAction(this);
    connect(m_shortcutsAction, &QAction::triggered, this, [this] { ShortcutList(menuBar()->actions(), this).exec(); });
    m_whatsThisAction = QWhatsThis::createAction(this);
    m_formAction = make(QKeySequence::UnknownKey, QKeySequence(Qt::CTRL | Qt::Key_B), [this](bool shown) {
        m_fieldsScroll->setVisible(shown);
    });
    m_formAction->setCheckable(true);
    m_formAction->setChecked(true);
    m_aboutAction = new QAction(this);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About TrainDeck"),
                           tr("<b>TrainDeck</b> %1<br>Plan, generate and launch multi-node GPU training runs.")
                               .arg(QCoreApplication::applicationVersion()));
    });
    // Ctrl+1..3 jump to the tabs: every page is a key press away.
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
        m_tabActions.push_back(action);
    }
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(m_demoAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);
    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_settingsAction);
    m_viewMenu = menuBar()->addMenu(QString());
    for (QAction* a : m_tabActions)
        m_viewMenu->addAction(a);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_formAction);
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_guideAction);
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addAction(m_whatsThisAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);

    m_toolBar = addToolBar(QString());
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->addAction(m_newAction);
    m_toolBar->addAction(m_openAction);
    m_toolBar->addAction(m_saveAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_undoAction);
    m_toolBar->addAction(m_redoAction);
    updateRecentMenu();
}

void MainWindow::retranslate() {
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_toolBar->setWindowTitle(tr("Main toolbar"));
    m_newAction->setText(tr("&New Plan…"));
    m_newAction->setToolTip(tr("Start a new plan with the step-by-step wizard"));
    m_openAction->setText(tr("&Open…"));
    m_demoAction->setText(tr("Open &Demo Plan"));
    m_saveAction->setText(tr("&Save"));
    m_saveAsAction->setText(tr("Save &As…"));
    m_quitAction->setText(tr("&Quit"));
    updateUndoText();
    m_settingsAction->setText(tr("&Settings…"));
    m_aboutAction->setText(tr("&About TrainDeck"));
    m_guideAction->setText(tr("&User's Guide"));
    m_shortcutsAction->setText(tr("&Keyboard Shortcuts"));
    m_whatsThisAction->setText(tr("What's &This?"));
    m_formAction->setText(tr("Plan &Form"));
    m_formAction->setToolTip(tr("Show or hide the plan's fields, to give the pages the whole width"));
    const QStringList tabNames = {tr("Layouts"), tr("Plots and calibration"), tr("Generated files"), tr("Launch"), tr("Watch"),
                                  tr("Timeline")};
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabText(i, tabNames.value(i));
        m_tabActions[size_t(i)]->setText(tabNames.value(i));
    }
    const std::vector<Section>& sections = allSections();
    for (size_t i = 0; i < sections.size(); ++i)
        m_sectionBoxes[i]->setTitle(sectionTitle(sections[i]));
    // After the forms have retranslated themselves: Qt tells this window
    // about the new language before its children.
    QMetaObject::invokeMethod(this, &MainWindow::alignFieldLabels, Qt::QueuedConnection);
    updateRecentMenu();
    updateTitle();
    refresh();
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

void MainWindow::refresh() {
    // The document judged the plan once when it changed; every view shows that one analysis.
    const PlanAnalysis& analysis = m_document->analysis();
    const Plan& plan = analysis.plan;
    for (FieldForm* form : m_forms) {
        form->setPlan(plan);
        form->setFindings(analysis.findings);
    }
    m_layouts->setAnalysis(analysis);
    m_calibration->setAnalysis(analysis);
    m_plots->setAnalysis(analysis);
    m_watch->setAnalysis(analysis);
    m_timeline->setAnalysis(analysis);
    m_launch->setAnalysis(analysis);
    m_generated->setAnalysis(analysis);

    m_summary->setText(analysis.valid() ? FindingView::summary(analysis.findings) : tr("Plan incomplete"));
}

void MainWindow::updateUndoText() {
    const QUndoStack* stack = m_document->undoStack();
    m_undoAction->setText(stack->undoText().isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(stack->undoText()));
    m_redoAction->setText(stack->redoText().isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(stack->redoText()));
    // The toolbar keeps a short label (a fix's description can be a sentence);
    // the full text is in the menu and the tooltip.
    m_undoAction->setIconText(tr("Undo"));
    m_redoAction->setIconText(tr("Redo"));
    m_undoAction->setToolTip(QString(m_undoAction->text()).remove(QLatin1Char('&')));
    m_redoAction->setToolTip(QString(m_redoAction->text()).remove(QLatin1Char('&')));
}

void MainWindow::updateTitle() {
    // [*] is where Qt puts the modified mark.
    setWindowTitle(tr("%1[*] — TrainDeck").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = AppSettings().recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        // &1..&8: a recent file is a key press away.
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(files[i]).fileName()));
        a->setToolTip(files[i]);
        a->setStatusTip(files[i]);
        const QString path = files[i];
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::applyFix(const Finding& finding) {
    const QString error = m_document->applyEdits(finding.edits, tr("Fix: %1").arg(app::qLocalized(finding.fix)));
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Fix not applied"), error);
    else
        statusBar()->showMessage(tr("Applied: %1").arg(app::qLocalized(finding.fix)), 5000);
}

bool MainWindow::openFile(const QString& path) {
    const QString error = m_document->load(path);
    AppSettings settings;
    if (!error.isEmpty()) {
        showFileError(tr("Cannot open plan"), tr("The plan file could not be opened."), error);
        if (!QFileInfo::exists(path))
            settings.removeRecentFile(QFileInfo(path).absoluteFilePath());
        updateRecentMenu();
        return false;
    }
    settings.addRecentFile(path);
    settings.setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::showFileError(const QString& title, const QString& headline, const QString& reason) {
    // One text, not headline and informative text: QMessageBox sizes itself
    // by the headline and would wrap a long path into a narrow column.
    QMessageBox box(QMessageBox::Critical, title, headline + QStringLiteral("\n\n") + reason, QMessageBox::Ok, this);
    box.exec();
}

void MainWindow::openDemo() { m_document->reset(demoPlan(), QString(), false); }

void MainWindow::open() {
    if (!maybeSave())
        return;
    AppSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open plan"), settings.lastDirectory(),
                                                      tr("TrainDeck plans (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::newPlan() {
    if (!maybeSave())
        return;
    // The wizard starts from the demo's values: a plan that already works,
    // which the user adjusts, rather than empty fields to fill.
    PlanWizard wizard(demoPlan(), this);
    if (wizard.exec() == QDialog::Accepted) {
        m_document->reset(wizard.plan(), QString(), true);
        m_tabs->setCurrentIndex(0);
        // Where to go next, for someone who has not used TrainDeck before: the launch
        // files, or (core's reason) what they still need.
        if (const std::optional<Text> missing = generate::workloadMissing(m_document->plan()))
            statusBar()->showMessage(tr("Plan created. It has no launch files yet: %1. Save the plan with Ctrl+S.")
                                         .arg(app::qLocalized(*missing)),
                                     30000);
        else
            statusBar()->showMessage(tr("Plan created. Its launch files are on the Generated files tab; save the plan with Ctrl+S."),
                                     15000);
    }
}

bool MainWindow::saveTo(const QString& path) {
    const QString error = m_document->save(path);
    if (!error.isEmpty()) {
        showFileError(tr("Cannot save plan"), tr("The plan could not be saved."), error);
        return false;
    }
    AppSettings settings;
    settings.addRecentFile(path);
    settings.setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::save() {
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveTo(m_document->filePath());
}

bool MainWindow::saveAs() {
    AppSettings settings;
    const QString suggested = QDir(settings.lastDirectory())
                                  .filePath(QString::fromStdString(m_document->plan().name) + QStringLiteral(".yaml"));
    QString path = QFileDialog::getSaveFileName(this, tr("Save plan"), m_document->filePath().isEmpty()
                                                                           ? suggested
                                                                           : m_document->filePath(),
                                                tr("TrainDeck plans (*.yaml *.yml)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".yaml");
    return saveTo(path);
}

bool MainWindow::maybeSave() {
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"),
                                             tr("The plan “%1” has changes that are not saved. Save them?")
                                                 .arg(m_document->displayName()),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

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
