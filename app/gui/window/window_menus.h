#pragma once
// The window's menus and toolbar: File (new, open, recent, demo, save, quit),
// Edit (undo and redo of the document, settings), View (a key per page, the plan
// form shown or hidden), Help (the user's guide, the keys, What's This, about).
// Each action calls the window's plan files, the document's undo stack or the
// window; the texts follow the language.

#include <QObject>
#include <QStringList>

#include <functional>
#include <vector>

class QAction;
class QMainWindow;
class QMenu;
class QTabWidget;
class QToolBar;
class QUndoStack;
class QWidget;

namespace traindeck::gui {

class PlanFiles;

class WindowMenus : public QObject {
    Q_OBJECT
public:
    // `form`: the plan's fields, which View › Plan Form hides; `showSettings`: Edit › Settings.
    WindowMenus(QMainWindow* window, PlanFiles* files, QUndoStack* undo, QTabWidget* tabs, QWidget* form,
                std::function<void()> showSettings);

    // The texts in the current language; `tabNames` for the View menu's page keys.
    void retranslate(const QStringList& tabNames);

private:
    void createActions(QTabWidget* tabs, QWidget* form, std::function<void()> showSettings);
    void createMenus();
    void updateUndoText();
    void updateRecentMenu();

    QMainWindow* m_window;
    PlanFiles* m_files;
    QUndoStack* m_undo;

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
