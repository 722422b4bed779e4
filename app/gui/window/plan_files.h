#pragma once
// The window's plan files over its PlanDocument: new (the wizard), open, the
// demo, save, save as, the recent files, and the unsaved-changes prompt. What
// it has done it says as a status message for the window's status bar.

#include <QObject>
#include <QString>

class QMenu;
class QWidget;

namespace traindeck::gui {

class PlanDocument;

class PlanFiles : public QObject {
    Q_OBJECT
public:
    // Dialogs open over `window`.
    PlanFiles(PlanDocument* document, QWidget* window);

    // Opens `path`, telling the user why not when it cannot be read.
    bool openFile(const QString& path);
    // Asks for a file, after offering to save unsaved changes.
    void open();
    void openDemo();
    // Runs the new-plan wizard (after offering to save unsaved changes); true when it made a plan.
    bool newPlan();
    bool save();
    bool saveAs();
    // Offers to save unsaved changes. False: the user cancelled.
    bool maybeSave();
    // Fills `menu` with the recent files, each a key press away (&1..&8).
    void fillRecentMenu(QMenu* menu);

signals:
    void message(const QString& text, int timeoutMs);
    // The recent files changed: the menu that lists them is filled again.
    void recentFilesChanged();
    // The wizard made a new plan, now the document's.
    void planCreated();

private:
    bool saveTo(const QString& path);
    // A file opened or saved: first among the recent ones, its folder the next dialog's, `done` said.
    void remember(const QString& path, const QString& done);
    // A plan file that could not be opened or saved: what failed first (a
    // dialog may show no title), then core's reason, translated.
    void showFileError(const QString& title, const QString& headline, const QString& reason);

    PlanDocument* m_document;
    QWidget* m_window;
};

}  // namespace traindeck::gui
