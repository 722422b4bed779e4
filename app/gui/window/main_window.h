#pragma once
// The TrainDeck window: the plan's fields on the left (with findings beside
// them), and on the right the layouts side by side, the plots with the
// calibration, the generated files, the launch, the watch and the timeline.
// The window holds the plan's PlanDocument; every page observes it and draws
// its one analysis. The plan files (new, open, save, recent, the unsaved-changes
// prompt) are plan_files, the menus and toolbar window_menus.

#include "plan/findings.h"

#include <QMainWindow>

#include <vector>

class QGroupBox;
class QLabel;
class QScrollArea;
class QSplitter;
class QTabWidget;

namespace traindeck::gui {

class CalibrationPanel;
class FieldForm;
class GeneratedFilesPage;
class Language;
class LaunchPage;
class LayoutsPage;
class PlanDocument;
class PlanFiles;
class PlanView;
class PlotsPage;
class TimelinePlot;
class WatchPage;
class WindowMenus;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Language* language, QWidget* parent = nullptr);
    ~MainWindow() override;

    PlanDocument* document() const { return m_document; }
    PlanView* planView() const { return m_planView; }
    LayoutsPage* layouts() const { return m_layouts; }
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
    QWidget* createFieldsPanel();
    void createPages();
    void retranslate();
    // What the window itself shows of the analysis: the findings' summary in the status bar.
    void showSummary();
    void updateTitle();
    void alignFieldLabels();
    void applyFix(const Finding& finding);

    Language* m_language;
    PlanDocument* m_document = nullptr;
    PlanFiles* m_files = nullptr;
    WindowMenus* m_menus = nullptr;

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
};

}  // namespace traindeck::gui
