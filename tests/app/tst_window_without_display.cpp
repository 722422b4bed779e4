// The window's commands where there is no display (an ssh session, a container,
// CI): one line naming the problem and the command-line way to the same thing,
// exit 2, instead of Qt's plugin messages and an abort (exit 134).
#include "run_traindeck.h"
#include "test_files.h"

#include <QtTest>

#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {

// No display of any kind: X and Wayland unset, Qt left to choose.
const QStringList kNoDisplay = {"DISPLAY=", "WAYLAND_DISPLAY=", "QT_QPA_PLATFORM="};

void expectNoDisplay(const TraindeckRun& r, const QString& equivalent) {
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.startsWith("traindeck: no display to open the window on"), qPrintable(r.err));
    QVERIFY2(r.err.trimmed().endsWith("on the command line: " + equivalent), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

}  // namespace

class TestWindowWithoutDisplay : public QObject {
    Q_OBJECT
private slots:
    void eachWindowCommandNamesItsCommandLineEquivalent() {
        QTemporaryDir dir;
        const QString plan = dir.filePath("my plan.yaml");
        test_files::writeFile(plan, "recipe: {micro_batch: 8}\n");
        expectNoDisplay(runTraindeck({"--demo"}, kNoDisplay), "traindeck plan");
        expectNoDisplay(runTraindeck({}, kNoDisplay), "traindeck plan");
        expectNoDisplay(runTraindeck({plan}, kNoDisplay), "traindeck plan '" + plan + "'");
        expectNoDisplay(runTraindeck({"--watch", "runs/a", "--watch", "b.jsonl"}, kNoDisplay),
                        "traindeck watch runs/a b.jsonl");
    }

    void anXServerThatDoesNotAnswerIsNoDisplay() {
        // A display named but not there (a stale DISPLAY after ssh -X ended).
        expectNoDisplay(runTraindeck({"--demo"}, {"DISPLAY=:97", "WAYLAND_DISPLAY=", "QT_QPA_PLATFORM=xcb"}),
                        "traindeck plan");
    }

    void aDisplayThatIsNoXServerStillGivesOneLine() {
        // Something answers at the display's address, but it is no X server: Qt's
        // plugin fails only once it talks to it, and its fatal message becomes the same line.
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int display = 50;
        for (; display < 100; ++display) {
            addr.sin_port = htons(uint16_t(6000 + display));
            if (::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) break;
        }
        QVERIFY(display < 100 && ::listen(listener, 4) == 0);
        std::atomic<bool> done{false};
        std::thread closer([&] {  // accepts and hangs up at once, as a wrong service would
            while (!done) {
                const int c = ::accept(listener, nullptr, nullptr);
                if (c >= 0) ::close(c);
            }
        });
        const TraindeckRun r = runTraindeck(
            {"--demo"}, {QString("DISPLAY=127.0.0.1:%1").arg(display), "WAYLAND_DISPLAY=", "QT_QPA_PLATFORM=xcb"});
        done = true;
        ::shutdown(listener, SHUT_RDWR);
        ::close(listener);
        closer.join();
        expectNoDisplay(r, "traindeck plan");
    }

    void inChinese() {
        const TraindeckRun r = runTraindeck({"--demo", "--lang", "zh_CN"}, kNoDisplay);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("traindeck plan") && !r.err.contains("no display"), qPrintable(r.err));
    }

    void aPlatformWithoutDisplayStillOpens() {
        // offscreen needs no display: the check must not stand in its way (the window
        // opens and is closed at once by a bad --lang, which it reports itself).
        const TraindeckRun r = runTraindeck({"--demo", "--lang", "xx"}, {"DISPLAY=", "QT_QPA_PLATFORM=offscreen"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--lang takes en or zh_CN"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestWindowWithoutDisplay)
#include "tst_window_without_display.moc"
