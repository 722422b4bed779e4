#include "gui/watch/watch_sources.h"

#include "gui/window/ssh_settings.h"

#include "localized.h"

#include <QElapsedTimer>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

#include <algorithm>

namespace traindeck::gui {
namespace {

using watch::Watch;

constexpr int kPollMs = 100;                  // how often files are looked at
constexpr std::size_t kPollBytes = 2u << 20;  // per poll at most: about 10 ms of parsing on an idle core
// …and at most this long, in slices, so that the event loop runs again within it
// however busy the machine is (on a core shared with other work, 2 MB can take 100 ms).
constexpr std::size_t kPollSlice = 128u << 10;
constexpr qint64 kPollBudgetNs = 8'000'000;

}  // namespace

WatchSources::WatchSources(QWidget* page) : QObject(page), m_page(page), m_watch(std::make_unique<Watch>()) {
    m_pollTimer = new QTimer(this);
    m_pollTimer->setInterval(kPollMs);
    connect(m_pollTimer, &QTimer::timeout, this, &WatchSources::poll);
}

WatchSources::~WatchSources() = default;

bool WatchSources::addSource(const QString& path) {
    m_watch->begin(path.toStdString(), true);
    if (!m_watch->adding())
        return settleAdds();  // a path here: known at once
    emit status(tr("Connecting to %1…").arg(path));
    m_pollTimer->start();
    return true;
}

bool WatchSources::addCommand(const QString& command) {
    Text error;
    return following(m_watch->addCommand(command.toStdString(), error), error);
}

void WatchSources::setSsh(const ssh::Settings& settings) {
    m_knownHosts = settings.knownHostsFile;
    m_watch->setSsh(settings);
}

void WatchSources::useSsh(const SshSettings* shared) {
    setSsh(shared->settings());
    connect(shared, &SshSettings::changed, this, [this, shared] { setSsh(shared->settings()); });
}

// What became of the sources begun: followed, or why not (shown). False when the last one failed.
bool WatchSources::settleAdds() {
    bool ok = true;
    for (const Watch::Added& a : m_watch->takeAdded()) {
        ok = following(a.ok, a.error);
        if (ok && !m_watch->adding())
            emit status(QString());  // "Connecting to …" done
    }
    return ok;
}

// A source was added (or why not, shown): the first poll now, then the timer's.
bool WatchSources::following(bool added, const Text& error) {
    if (!added) {
        emit status(app::qLocalized(error));
        return false;
    }
    poll();
    m_pollTimer->start();
    return true;
}

// An unknown host key: its fingerprint shown, the user accepts (recorded in
// known_hosts by core/ssh, as `traindeck launch` records it) or refuses.
// The box does not block: the page keeps polling while it is open.
void WatchSources::askHostKey() {
    const std::optional<Watch::KeyQuestion> q = m_watch->hostKeyQuestion();
    if (!q || m_keyQuestion)
        return;
    m_keyQuestion = new QMessageBox(QMessageBox::Question, tr("Unknown host key"),
                                    tr("The host key of %1 is not known yet.\n\n%2 key fingerprint:\n%3\n\n"
                                       "Accept it only if this is the fingerprint the host's administrator gives "
                                       "you (ssh-keygen -lf on the host). Accepted, it is added to %4 as "
                                       "traindeck launch adds it.")
                                        .arg(QString::fromStdString(q->key.host), QString::fromStdString(q->key.keyType),
                                             QString::fromStdString(q->key.fingerprint),
                                             m_knownHosts.empty() ? QStringLiteral("~/.ssh/known_hosts")
                                                                  : QString::fromStdString(m_knownHosts)),
                                    QMessageBox::NoButton, m_page);
    QPushButton* accept = m_keyQuestion->addButton(tr("Accept and remember"), QMessageBox::AcceptRole);
    m_keyQuestion->addButton(tr("Refuse"), QMessageBox::RejectRole);
    m_keyQuestion->setWindowModality(Qt::WindowModal);
    m_keyQuestion->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_keyQuestion, &QMessageBox::finished, this, [this, accept] {
        m_watch->answerHostKey(m_keyQuestion->clickedButton() == accept);
        m_keyQuestion = nullptr;
    });
    m_keyQuestion->open();
}

void WatchSources::askForFile() {
    const QString f = QFileDialog::getOpenFileName(m_page, tr("Watch a metrics file, log or event file"));
    if (!f.isEmpty())
        addSource(f);
}

void WatchSources::askForFolder() {
    const QString d = QFileDialog::getExistingDirectory(m_page, tr("Watch a run folder or a TensorBoard logdir"));
    if (!d.isEmpty())
        addSource(d);
}

void WatchSources::askForRun() {
    // The explanation wraps: on one line it made the dialog wider than the window (1447 px).
    QInputDialog dialog(m_page);
    dialog.setObjectName(QStringLiteral("addRunDialog"));
    dialog.setWindowTitle(tr("Add a run"));
    dialog.setLabelText(tr("A path here, a path on another machine as ssh://[user@]host[:port]/path (host keys are checked as "
                           "the launcher checks them), or a command whose output is the run's lines, starting with |, e.g. "
                           "| kubectl logs -f -l job-name=NAME --prefix"));
    for (QLabel* label : dialog.findChildren<QLabel*>())
        label->setWordWrap(true);
    dialog.resize(std::min(560, m_page->window()->width()), dialog.sizeHint().height());
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString source = dialog.textValue().trimmed();
    if (source.isEmpty())
        return;
    if (source.startsWith(QLatin1Char('|')))
        addCommand(source.mid(1).trimmed());
    else
        addSource(source);
}

void WatchSources::poll() {
    const double now = watch::unixNow();
    QElapsedTimer clock;
    clock.start();
    bool more = false;
    std::size_t read = 0;
    do {
        more = m_watch->poll(kPollSlice, now);
        read += m_watch->lastPollBytes();
    } while (more && m_watch->lastPollBytes() > 0 && read < kPollBytes && clock.nsecsElapsed() < kPollBudgetNs);
    if (m_watch->adding())
        askHostKey();
    settleAdds();
    bool changed = false;
    for (const auto& run : m_watch->store().runs()) {
        run->checkStall(now);
        changed |= m_news.changed(*run);
    }
    if (changed)
        emit runsChanged();
    if (more)
        QTimer::singleShot(0, this, &WatchSources::poll);  // the rest of a big file, after the events waiting now
}

}  // namespace traindeck::gui
