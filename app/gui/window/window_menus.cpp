#include "gui/window/window_menus.h"

#include "gui/window/plan_files.h"
#include "gui/window/user_guide.h"

#include <QAction>
#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>
#include <QWhatsThis>

namespace traindeck::gui {

WindowMenus::WindowMenus(QMainWindow* window, PlanFiles* files, QUndoStack* undo, QTabWidget* tabs, QWidget* form,
                         std::function<void()> showSettings)
    : QObject(window), m_window(window), m_files(files), m_undo(undo) {
    createActions(tabs, form, std::move(showSettings));
    createMenus();
    connect(m_files, &PlanFiles::recentFilesChanged, this, &WindowMenus::updateRecentMenu);
}

void WindowMenus::createActions(QTabWidget* tabs, QWidget* form, std::function<void()> showSettings) {
    // `fallback`: the key when the platform's theme defines none for `key`
    // (Debian's Qt has no Save As or Quit key on some desktops).
    const auto make = [this](QKeySequence::StandardKey key, const QKeySequence& fallback, auto slot,
                             const QString& themeIcon = {}, QStyle::StandardPixmap pixmap = QStyle::SP_CustomBase) {
        auto* action = new QAction(m_window);
        action->setShortcut(key);
        if (action->shortcut().isEmpty())
            action->setShortcut(fallback);
        if (!themeIcon.isEmpty())
            action->setIcon(QIcon::fromTheme(
                themeIcon, pixmap != QStyle::SP_CustomBase ? m_window->style()->standardIcon(pixmap) : QIcon()));
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_newAction = make(QKeySequence::New, {}, [this] { m_files->newPlan(); }, QStringLiteral("document-new"),
                       QStyle::SP_FileIcon);
    m_openAction = make(QKeySequence::Open, {}, [this] { m_files->open(); }, QStringLiteral("document-open"),
                        QStyle::SP_DialogOpenButton);
    m_demoAction = new QAction(m_window);
    connect(m_demoAction, &QAction::triggered, this, [this] {
        if (m_files->maybeSave())
            m_files->openDemo();
    });
    m_saveAction = make(QKeySequence::Save, {}, [this] { m_files->save(); }, QStringLiteral("document-save"),
                        QStyle::SP_DialogSaveButton);
    m_saveAsAction =
        make(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), [this] { m_files->saveAs(); });
    m_quitAction = make(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q), [this] { m_window->close(); });

    // Our own undo/redo actions rather than QUndoStack's: theirs fix the
    // "Undo %1" wording when created, and the language can change after that.
    QUndoStack* stack = m_undo;
    m_undoAction = make(QKeySequence::Undo, {}, [stack] { stack->undo(); }, QStringLiteral("edit-undo"),
                        QStyle::SP_ArrowBack);
    m_redoAction = make(QKeySequence::Redo, {}, [stack] { stack->redo(); }, QStringLiteral("edit-redo"),
                        QStyle::SP_ArrowForward);
    m_undoAction->setEnabled(stack->canUndo());
    m_redoAction->setEnabled(stack->canRedo());
    connect(stack, &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, &WindowMenus::updateUndoText);
    connect(stack, &QUndoStack::redoTextChanged, this, &WindowMenus::updateUndoText);

    m_settingsAction = make(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma), std::move(showSettings));
    m_guideAction = make(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1), [this] {
        auto* guide = new UserGuide(m_window);  // not modal: read beside the window
        guide->setAttribute(Qt::WA_DeleteOnClose);
        guide->show();
    });
    m_shortcutsAction = new QAction(m_window);
    connect(m_shortcutsAction, &QAction::triggered, this,
            [this] { ShortcutList(m_window->menuBar()->actions(), m_window).exec(); });
    m_whatsThisAction = QWhatsThis::createAction(m_window);
    m_formAction = make(QKeySequence::UnknownKey, QKeySequence(Qt::CTRL | Qt::Key_B), [form](bool shown) {
        form->setVisible(shown);
    });
    m_formAction->setCheckable(true);
    m_formAction->setChecked(true);
    m_aboutAction = new QAction(m_window);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(m_window, tr("About TrainDeck"),
                           tr("<b>TrainDeck</b> %1<br>Plan, generate and launch multi-node GPU training runs.")
                               .arg(QCoreApplication::applicationVersion()));
    });
    // Ctrl+1..3 jump to the tabs: every page is a key press away.
    for (int i = 0; i < tabs->count(); ++i) {
        auto* action = new QAction(m_window);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, tabs, [tabs, i] { tabs->setCurrentIndex(i); });
        m_tabActions.push_back(action);
    }
}

void WindowMenus::createMenus() {
    m_fileMenu = m_window->menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(m_demoAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);
    m_editMenu = m_window->menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_settingsAction);
    m_viewMenu = m_window->menuBar()->addMenu(QString());
    for (QAction* a : m_tabActions)
        m_viewMenu->addAction(a);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_formAction);
    m_helpMenu = m_window->menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_guideAction);
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addAction(m_whatsThisAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);

    m_toolBar = m_window->addToolBar(QString());
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

void WindowMenus::retranslate(const QStringList& tabNames) {
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
    for (size_t i = 0; i < m_tabActions.size(); ++i)
        m_tabActions[i]->setText(tabNames.value(int(i)));
    updateRecentMenu();
}

void WindowMenus::updateUndoText() {
    const QUndoStack* stack = m_undo;
    m_undoAction->setText(stack->undoText().isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(stack->undoText()));
    m_redoAction->setText(stack->redoText().isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(stack->redoText()));
    // The toolbar keeps a short label (a fix's description can be a sentence);
    // the full text is in the menu and the tooltip.
    m_undoAction->setIconText(tr("Undo"));
    m_redoAction->setIconText(tr("Redo"));
    m_undoAction->setToolTip(QString(m_undoAction->text()).remove(QLatin1Char('&')));
    m_redoAction->setToolTip(QString(m_redoAction->text()).remove(QLatin1Char('&')));
}

void WindowMenus::updateRecentMenu() { m_files->fillRecentMenu(m_recentMenu); }

}  // namespace traindeck::gui
