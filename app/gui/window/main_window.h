#pragma once
// The TrainDeck window: the plan's fields on the left (with findings beside
// them), and on the right the layouts side by side, the plots with the
// calibration, and the generated files. File handling (new, open, save,
// recent, unsaved-changes prompt) and undo live here, over a PlanDocument.

#include "plan/findings.h"

#include <QMainWindow>

#include <vector>

class QAction;
class QLabel;
class QMenu;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QToolBar;
class QGroupBox;

namespace traindeck::gui {

class CalibrationPanel;
class FieldForm;
class LayoutsPage;
class GeneratedFilesPage;
class Language;
class PlanDocument;
class PlanView;
class PlotsPage;
class LaunchPage;
class WatchPage;
class TimelinePlot;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Language* language, QWidget* parent = nullptr);
    ~MainWindow() override;

    PlanDocument* document() const { return m_document; }
    PlanView* planView() const { return m_planView; }
    PlotsPage* plots() const { return m_plots; }
    CalibrationPanel* calibration() const { return m_calibration; }
    GeneratedFilesPage* generatedFiles() const { return m_generated; }
    WatchPage* watchPage() const { return m_watch; }
    TimelinePlot* timelinePlot() const { return m_timeline; }
    LaunchPage* launchPage() const { return m_launch; }
    QTabWidget* tabs() const { return m_tabs; }
    const std::vector<FieldForm*>& forms() const { return m_forms; }

    // Opens `path`, telling the user why not when it cannot be read.
    bool openFile(const QString& path);
    void openDemo();
    // Runs the new-plan wizard (after offering to save unsaved changes).
    void newPlan();
    bool save();
    bool saveAs();
    // Offers to save unsaved changes. False: the user cancelled.
    bool maybeSave();
    void showSettings();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createActions();
    void createMenus();
    void retranslate();
    void refresh();
    void updateTitle();
    void updateUndoText();
    void alignFieldLabels();
    void updateRecentMenu();
    void applyFix(const Finding& finding);
    bool saveTo(const QString& path);
    // A plan file that could not be opened or saved: what failed first (a
    // dialog may show no title), then core's reason, translated.
    void showFileError(const QString& title, const QString& headline, const QString& reason);
    void open();

    Language* m_language;
    PlanDocument* m_document = nullptr;

    QSplitter* m_splitter = nullptr;
    QScrollArea* m_fieldsScroll = nullptr;
    std::vector<QGroupBox*> m_sectionBoxes;
    std::vector<FieldForm*> m_forms;
    QTabWidget* m_tabs = nullptr;
    LayoutsPage* m_layouts = nullptr;
    PlanView* m_planView = nullptr;  // the layouts page's
    PlotsPage* m_plots = nullptr;
    CalibrationPanel* m_calibration = nullptr;
    GeneratedFilesPage* m_generated = nullptr;
    LaunchPage* m_launch = nullptr;
    WatchPage* m_watch = nullptr;
    TimelinePlot* m_timeline = nullptr;
    QLabel* m_summary = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QToolBar* m_toolBar = nullptr;
    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_demoAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_settingsAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_guideAction = nullptr;      // Help › the user's guide, offline
    QAction* m_shortcutsAction = nullptr;  // Help › every key of the menus
    QAction* m_whatsThisAction = nullptr;  // Help › What's this: then a click on a field explains it
    QAction* m_formAction = nullptr;       // View › the plan form shown or hidden (room for the plots)
    std::vector<QAction*> m_tabActions;
};

}  // namespace traindeck::gui
