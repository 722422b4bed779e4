#pragma once
// What the Watch page follows: core's live Watch (watch/watch.h) fed from the
// window. Sources are added as a path, a folder, ssh://[user@]host[:port]/path
// (connected off the window's thread with the window's one SSH settings; an
// unknown host key asked in a box that does not block) or a command's output.
// Reading is polled by a timer in bounded slices, so the window never waits on
// a big file or a fast stream.

#include "metrics/run_news.h"
#include "text/text.h"
#include "watch/watch.h"

#include <QObject>
#include <QString>

#include <memory>

class QMessageBox;
class QTimer;
class QWidget;

namespace traindeck::gui {

class SshSettings;

class WatchSources : public QObject {
    Q_OBJECT
public:
    // Its dialogs open over `page`.
    explicit WatchSources(QWidget* page);
    ~WatchSources() override;

    watch::Watch& watch() { return *m_watch; }
    const metrics::Store& store() const { return m_watch->store(); }

    // False, with the reason in status(), when it holds no run. An ssh:// source
    // returns true at once, and its outcome comes with a later poll.
    bool addSource(const QString& path);
    // A command whose output is a run's lines (kubectl logs -f … --prefix).
    bool addCommand(const QString& command);
    // How ssh:// sources connect (identity, known_hosts, ssh config): as `traindeck launch`.
    void setSsh(const ssh::Settings& settings);
    // The window's one SSH settings object: applied now and whenever they change.
    void useSsh(const SshSettings* shared);

    // The dialogs of the page's buttons: a file, a folder, any source typed.
    void askForFile();
    void askForFolder();
    void askForRun();

    // Reads what came, within the slice's budget (the rest after the events waiting).
    void poll();

signals:
    void status(const QString& text);  // "Connecting to …", why a source failed; empty: nothing to say
    void runsChanged();                // a run got points, alarms or its end

private:
    bool following(bool added, const Text& error);
    bool settleAdds();
    void askHostKey();

    QWidget* m_page;
    std::unique_ptr<watch::Watch> m_watch;
    QTimer* m_pollTimer = nullptr;
    QMessageBox* m_keyQuestion = nullptr;  // an unknown host key being asked (window-modal, not blocking)
    std::string m_knownHosts;              // where an accepted key is recorded
    metrics::RunNews m_news;
};

}  // namespace traindeck::gui
