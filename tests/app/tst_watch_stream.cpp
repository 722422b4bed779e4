// The Watch page following a long run as new points stream in: what each batch
// of points costs the window's thread beyond the points themselves, counted (not
// timed, so a loaded machine cannot fail it). A page showing a run many times its
// series' capacity (the store folds while points come, as a 1M-step run under the
// default 2^18 does) takes batches of lines one after the other; each batch must
// cost its new points, not the run: no card drawn whole, a series copied anew
// only after the store rewrote it, the run summarized at most once a second.
#include "gui/plan/plan_document.h"
#include "gui/watch/watch_page.h"
#include "metrics/cards.h"
#include "test_files.h"
#include "watch_fixture.h"

#include <qcustomplot.h>

#include <QtTest>

#include <map>

using namespace traindeck;
using gui::WatchPage;

namespace {

constexpr std::size_t kCapacity = 4096;
constexpr int kSteps = 20'000, kBatches = 16, kBatch = 512;

QByteArray lines(int from, int count) {
    QByteArray out;
    for (int i = from; i < from + count; ++i)
        out += test::stepLine(i, R"("loss":)" + QByteArray::number(2.0 / (1 + i * 1e-3) + 0.01 * (i % 7)) +
                                     R"(,"samples_per_s":)" + QByteArray::number(900 + i % 13) +
                                     R"(,"gpu_mem_gb":30,"grad_norm":0.8,"lr":1e-4)");
    return out;
}

std::size_t lossPoints(WatchPage& page) {
    const auto& runs = page.watch().store().runs();
    return runs.empty() || !runs[0]->find("loss") ? 0 : runs[0]->find("loss")->appended();
}

// Until the page has read `points` loss points and drawn them all.
bool settle(WatchPage& page, std::size_t points) {
    QElapsedTimer clock;
    clock.start();
    while (lossPoints(page) < points && clock.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
    const int replots = page.replots();
    while ((page.replots() == replots || page.copying()) && clock.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 50);
    return lossPoints(page) == points && !page.copying();
}

// How often the series the cards draw were rewritten (folded, purged) so far.
std::size_t rewritesOnCards(WatchPage& page) {
    std::size_t n = 0;
    const metrics::Run& run = *page.watch().store().runs()[0];
    for (const metrics::Card& card : page.cardKinds())
        for (const metrics::Series* s : metrics::cardSeries(run, card))
            n += s->rewrites();
    return n;
}

}  // namespace

class TestWatchStream : public QObject, private test::WatchFixture {
    Q_OBJECT

private slots:
    void initTestCase() { isolate(); }

    void aBatchCostsItsPointsNotTheRun() {
        const QString file = write("long.jsonl", test::startLine() + lines(0, kSteps));
        gui::PlanDocument document;
        WatchPage page(document);
        page.resize(1400, 900);
        page.watch().store().seriesCapacity = kCapacity;
        page.show();
        QVERIFY(page.addSource(file));
        QVERIFY(settle(page, kSteps));
        page.replotNow();
        QTRY_VERIFY_WITH_TIMEOUT(page.summary().contains(QString::number(kSteps)), 5000);
        std::map<const QCustomPlot*, QSize> sizes;
        for (const QCustomPlot* card : page.cards())
            sizes[card] = card->size();

        const WatchPage::Work before = page.work();
        const std::size_t rewrites = rewritesOnCards(page);
        QElapsedTimer clock;
        clock.start();
        for (int b = 0; b < kBatches; ++b) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::Append));
            f.write(lines(kSteps + b * kBatch, kBatch));
            f.close();
            QVERIFY(settle(page, std::size_t(kSteps + (b + 1) * kBatch)));
        }
        const double seconds = double(clock.elapsed()) / 1000;
        const WatchPage::Work after = page.work();
        const std::size_t rewritten = rewritesOnCards(page) - rewrites;

        // The case is what it says: the store folded the drawn series while points came.
        QVERIFY2(rewritten >= std::size_t(page.cards().size()), qPrintable(QString::number(rewritten)));
        // No batch drew the cards whole: the view stayed as it was (no card resized by
        // a longer summary or status line, nothing invalidated).
        QCOMPARE(after.wholeDraws - before.wholeDraws, 0);
        for (const QCustomPlot* card : page.cards())
            QCOMPARE(card->size(), sizes[card]);
        // A series is copied anew only after the store rewrote it, never per batch.
        QVERIFY2(std::size_t(after.recopies - before.recopies) <= rewritten,
                 qPrintable(QString("%1 copies anew, %2 rewrites").arg(after.recopies - before.recopies).arg(rewritten)));
        // The run is summarized (a walk of every point) at most once a second, not per batch.
        const int summaries = after.summaries - before.summaries;
        QVERIFY2(summaries <= int(seconds) + 1, qPrintable(QString("%1 summaries in %2 s").arg(summaries).arg(seconds)));
        // …and says the newest step once the second is over.
        QTRY_VERIFY_WITH_TIMEOUT(page.summary().contains(QString::number(kSteps + kBatches * kBatch)), 5000);
    }
};

QTEST_MAIN(TestWatchStream)
#include "tst_watch_stream.moc"
