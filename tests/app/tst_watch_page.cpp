// The Watch page offscreen: it follows a live 2-process trainer run (points
// arrive while the trainer writes, replots stay coalesced, the event loop keeps
// running), shows a diverging run's NaN alarm in its banner, and exports the
// cards as PNG and the series as CSV.
#include "gui/language.h"
#include "gui/main_window.h"
#include "gui/watch_page.h"
#include "test_support.h"

#include <qcustomplot.h>

#include <QtTest>

#include "trainer_env.h"

using traindeck::gui::Language;
using traindeck::gui::MainWindow;
using traindeck::gui::WatchPage;

namespace {

QProcess* startTrainer(const QString& file, const QStringList& extra, QObject* parent) {
    auto* p = new QProcess(parent);
    p->setStandardOutputFile(QProcess::nullDevice());
    p->setStandardErrorFile(QProcess::nullDevice());
    p->setProcessEnvironment(trainerEnvironment());
    p->start(TRAINER_BINARY, QStringList{"--frames", "2", "--height", "32", "--width", "32", "--log-every", "1",
                                         "--nproc-per-node", "2", "--metrics-file", file} + extra);
    if (!p->waitForStarted())
        qFatal("the trainer did not start");
    return p;
}

int graphPoints(QCustomPlot* plot) {
    int n = 0;
    for (int i = 0; i < plot->graphCount(); ++i)
        n = std::max(n, plot->graph(i)->dataCount());
    return n;
}

}  // namespace

class TestWatchPage : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;
    QTemporaryDir settings;

private slots:
    void initTestCase() { traindeck::test::isolateSettings(settings); }

    void followsALiveTrainerRun() {
        const QString file = tmp.filePath("live.jsonl");
        QFile(file).open(QIODevice::WriteOnly);
        WatchPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(page.addSource(file));
        QProcess* trainer = startTrainer(file, {"--steps", "150"}, this);
        // While it runs: the loss card grows in several replots while the event loop keeps turning.
        QElapsedTimer clock;
        clock.start();
        qint64 worstGapMs = 0, last = 0;
        QSet<int> seenSizes;
        while (trainer->state() != QProcess::NotRunning && clock.elapsed() < 60000) {
            QTest::qWait(20);
            worstGapMs = std::max(worstGapMs, clock.elapsed() - last);
            last = clock.elapsed();
            seenSizes.insert(graphPoints(page.cards()[0]));
        }
        QCOMPARE(trainer->exitCode(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(graphPoints(page.cards()[0]), 150, 5000);
        QVERIFY2(seenSizes.size() >= 3, "the loss card did not grow while the run went on");
        // How long the loop waited is a benchmark's figure (bench/watch), not a test's: shown, not asserted.
        qInfo("longest wait of the event loop while following: %lld ms", worstGapMs);
        // Coalesced: far fewer replots than the 150 steps × 5 lines that arrived.
        QVERIFY(page.replots() < 150);
        // The per-rank card has both ranks (raw and smoothed line each).
        QVERIFY(page.cards()[7]->graphCount() >= 4);
        QVERIFY(page.banner().isEmpty());

        const QString png = tmp.filePath("cards.png");
        QVERIFY(page.exportPng(png));
        QImage image(png);
        QVERIFY(image.width() > 500 && image.height() > 300);
        const QString csv = tmp.filePath("series.csv");
        QVERIFY(page.exportCsv(csv));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("run,metric,rank,step,wall_time,value\n"));
        QVERIFY(text.contains("live,loss,,149,"));
        QVERIFY(text.contains("live,step_time_s,1,149,"));
    }

    void divergingRunRaisesTheNanAlarm() {
        const QString file = tmp.filePath("diverge.jsonl");
        QFile(file).open(QIODevice::WriteOnly);
        WatchPage page;
        page.show();
        QSignalSpy alarms(&page, &WatchPage::alarmRaised);
        QVERIFY(page.addSource(file));
        QProcess* trainer = startTrainer(file, {"--steps", "30", "--lr", "1e30", "--warmup", "0"}, this);
        QVERIFY(trainer->waitForFinished(60000));
        QCOMPARE(trainer->exitCode(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(page.banner().contains("loss is not finite at step 1"), 5000);
        QVERIFY(page.banner().contains("the run failed"));
        bool failing = false;
        for (const auto& a : alarms)
            failing |= a[2].toBool();
        QVERIFY(failing);
        // The NaN is a marked point on the loss card, not a dropped one.
        page.replotNow();
        bool marked = false;
        for (int i = 0; i < page.cards()[0]->graphCount(); ++i)
            marked |= page.cards()[0]->graph(i)->scatterStyle().shape() == QCPScatterStyle::ssCross &&
                      page.cards()[0]->graph(i)->dataCount() > 0;
        QVERIFY(marked);
    }

    // The window on a finished 2-process run and a TensorBoard run with a NaN, in
    // both languages; saved as PNG when TRAINDECK_SCREENSHOT_DIR is set.
    void screens_data() {
        traindeck::test::languageRows();
    }
    void screens() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        MainWindow w(&lang);
        w.openDemo();
        w.resize(1500, 940);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.tabs()->setCurrentWidget(w.watchPage());
        QVERIFY(w.watchPage()->addSource(tmp.filePath("live.jsonl")));  // from followsALiveTrainerRun
        QVERIFY(w.watchPage()->addSource(FIXTURES "/tensorboard/simple"));
        w.watchPage()->replotNow();
        QTest::qWait(200);
        const QPixmap shot = w.grab();
        QVERIFY(!shot.isNull());
        const QString dir = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(shot.save(QDir(dir).filePath(language + "_watch.png")));
        QVERIFY(w.watchPage()->banner().size() > 0);
    }

    void tensorBoardLogdir() {
        WatchPage page;
        QVERIFY(page.addSource(FIXTURES "/tensorboard"));
        QVERIFY(!page.addSource(tmp.filePath("missing")));
        page.replotNow();
        QVERIFY(graphPoints(page.cards()[0]) >= 40);
        QVERIFY(page.watch().store().runs().size() >= 7);
    }
};

QTEST_MAIN(TestWatchPage)
#include "tst_watch_page.moc"
