// The Watch page's parts, each alone, offscreen: the sources (why a source
// failed, a file and a command followed, the window's one SSH settings), the
// alarms (each raised once, the banner's problems now, marks on a plot, the
// same alarms `traindeck watch --follow` prints), the cards (a card per kind
// core names, the plan's dashed line at core's value), the view bar, the
// exports, the run panel's summary and one card's look.
#include "gui/watch/card_plot.h"
#include "gui/watch/card_view_bar.h"
#include "gui/watch/watch_alarms.h"
#include "gui/watch/watch_cards.h"
#include "gui/watch/watch_export.h"
#include "gui/watch/watch_runs_model.h"
#include "gui/watch/watch_runs_panel.h"
#include "gui/watch/watch_sources.h"
#include "gui/window/ssh_settings.h"
#include "gui/plan/plan_document.h"
#include "plan/plan_analysis.h"
#include "run_traindeck.h"
#include "test_files.h"
#include "test_support.h"
#include "watch/plan_line.h"
#include "watch_fixture.h"

#include <qcustomplot.h>

#include <QtTest>

#include <limits>

using namespace traindeck;
using namespace traindeck::gui;
using metrics::AlarmKind;
using metrics::CardKind;

namespace {

// A trainer's run: a start on one node of 2 GPUs, `steps` steps (loss, samples/s,
// GPU memory), and when `diverge` a NaN at step 3 and a failed end.
QByteArray runLines(int steps, bool diverge) {
    QByteArray lines = test::startLine();
    for (int i = 0; i < steps; ++i)
        lines += test::stepLine(i, (diverge && i == 3 ? QByteArray(R"("nonfinite":["loss"],"loss":null)")
                                                      : R"("loss":)" + QByteArray::number(1.0 / (i + 1))) +
                                       R"(,"samples_per_s":100,"gpu_mem_gb":30)");
    if (diverge)
        lines += test::endLine(100, steps - 1, R"("status":"failed")");
    return lines;
}

}  // namespace

class TestWatchParts : public QObject, private test::WatchFixture {
    Q_OBJECT

private slots:
    void initTestCase() { isolate(); }

    void sourcesSayWhyAndFollow() {
        QWidget page;
        WatchSources sources(&page);
        QSignalSpy status(&sources, &WatchSources::status);
        QSignalSpy changed(&sources, &WatchSources::runsChanged);
        QVERIFY(!sources.addSource(tmp.filePath("missing.jsonl")));
        QVERIFY(!status.isEmpty() && status.last()[0].toString().contains("missing.jsonl"));
        QCOMPARE(changed.count(), 0);
        QVERIFY(sources.addSource(write("followed.jsonl", runLines(5, false))));
        QVERIFY(changed.count() >= 1);
        QCOMPARE(sources.store().runs().size(), std::size_t(1));
        QCOMPARE(sources.store().runs()[0]->lastStep(), std::int64_t(4));
        // Nothing new: no change said.
        const int before = changed.count();
        sources.poll();
        QCOMPARE(changed.count(), before);
        // A command's output is a run of its own.
        QVERIFY(sources.addCommand("cat " + tmp.filePath("followed.jsonl")));
        QTRY_COMPARE(sources.store().runs().size(), std::size_t(2));
        QTRY_COMPARE(sources.store().runs()[1]->lastStep(), std::int64_t(4));
    }

    // ssh:// sources connect with the window's one SSH settings, now and after
    // the Launch page changes them (end to end through sshd: tst_watch_page's
    // watchOverSshUsesTheLaunchPagesSshSettings).
    void sourcesUseTheWindowsSshSettings() {
        QWidget page;
        WatchSources sources(&page);
        SshSettings shared;
        shared.setFiles("/keys/first", "/hosts/first", "/config/first");
        sources.useSsh(&shared);
        QCOMPARE(sources.watch().sshSettings().identityFile, std::string("/keys/first"));
        shared.setFiles("/keys/second", "/hosts/second", "/config/second");
        QCOMPARE(sources.watch().sshSettings().identityFile, std::string("/keys/second"));
        QCOMPARE(sources.watch().sshSettings().knownHostsFile, std::string("/hosts/second"));
        QCOMPARE(sources.watch().sshSettings().configFile, std::string("/config/second"));
    }

    void alarmsRaisedOnceWithTheBannerAndMarks() {
        metrics::Store store;
        metrics::Run& run = store.run("diverged");
        metrics::Series& loss = run.series("loss");
        QWidget page;
        WatchAlarms alarms(&page);
        page.show();  // the banner says what it shows
        QSignalSpy raised(&alarms, &WatchAlarms::alarmRaised);
        run.append(loss, {0, 1, 0.5}, 1);
        QVERIFY(!alarms.update(store));
        QVERIFY(alarms.banner().isEmpty());
        run.append(loss, {1, 2, std::numeric_limits<double>::quiet_NaN()}, 2);
        run.setEnd({"failed", 1}, 3);
        QVERIFY(alarms.update(store));
        QCOMPARE(raised.count(), 2);
        QCOMPARE(raised[0][0].toString(), QString("diverged"));
        QVERIFY(raised[0][2].toBool());  // failing
        QVERIFY2(alarms.banner().contains("diverged: loss is not finite at step 1"), qPrintable(alarms.banner()));
        QVERIFY(!alarms.update(store));  // seen: not raised again
        QCOMPARE(raised.count(), 2);
        // Marks where the alarms came; a new attempt numbered, and the failed one is history.
        run.restart(2, 4);
        QVERIFY(alarms.update(store));
        QVERIFY(alarms.banner().isEmpty());
        QCustomPlot plot;
        WatchAlarms::drawMarks(&plot, run);
        QCOMPARE(plot.itemCount(), 4);  // NaN, failed end, restart: lines; the attempt's number
        bool numbered = false;
        for (int i = 0; i < plot.itemCount(); ++i)
            if (auto* text = qobject_cast<QCPItemText*>(plot.item(i)))
                numbered |= text->text() == "attempt 2";
        QVERIFY(numbered);
    }

    // The page raises the alarms `traindeck watch --follow` prints, in the same order and words.
    void alarmsAreThoseTheCommandLinePrints() {
        const QString file = write("cli_alarms.jsonl", runLines(6, true));
        const TraindeckRun cli = runTraindeck({"watch", "--follow", "--json", file});
        QCOMPARE(cli.code, 1);
        QStringList printed;
        for (const QString& line : cli.out.split('\n', Qt::SkipEmptyParts)) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            if (o.contains("alarm"))
                printed << o["message"].toString();
        }
        QWidget page;
        WatchSources sources(&page);
        WatchAlarms alarms(&page);
        QStringList raised;
        connect(&alarms, &WatchAlarms::alarmRaised, [&](const QString&, const QString& message, bool) { raised << message; });
        connect(&sources, &WatchSources::runsChanged, [&] { alarms.update(sources.store()); });
        QVERIFY(sources.addSource(file));
        QVERIFY(printed.size() >= 2);
        QCOMPARE(raised, printed);
    }

    void cardsDrawTheShownRunsWithThePlansLine() {
        QWidget page;
        WatchSources sources(&page);
        QVERIFY(sources.addSource(write("cards.jsonl", runLines(20, false))));
        WatchRunsModel model(sources.store());
        model.sync();
        PlanDocument document;
        WatchCards cards(model, document);
        cards.resize(1000, 700);
        cards.show();
        document.reset(demoPlan(), {}, false);
        const PlanAnalysis& analysis = document.analysis();
        cards.drawAll(CardView{});
        QCOMPARE(cards.kinds(), metrics::cardsOf(model.shownRuns()));
        QCOMPARE(int(cards.cards().size()), int(cards.kinds().size()));
        QCOMPARE(cards.title(0), QString("Loss"));
        QCOMPARE(card_plot::title(cards.cards()[0]), QString("Loss"));
        // The plan's prediction where core puts it, for the layout the run ran on.
        int speed = -1;
        for (int c = 0; c < int(cards.kinds().size()); ++c)
            if (cards.kinds()[std::size_t(c)].kind == CardKind::SamplesPerS)
                speed = c;
        QVERIFY(speed >= 0);
        const double predicted = watch::planLine(analysis, *sources.store().runs()[0], CardKind::SamplesPerS);
        QVERIFY(std::isfinite(predicted));
        bool line = false;
        for (int i = 0; i < cards.cards()[std::size_t(speed)]->itemCount(); ++i)
            if (auto* l = qobject_cast<QCPItemStraightLine*>(cards.cards()[std::size_t(speed)]->item(i)))
                line |= l->point1->coords().y() == predicted;
        QVERIFY(line);
        QVERIFY(cards.cards()[std::size_t(speed)]->yAxis->range().contains(predicted));
        QCOMPARE(cards.title(speed), QString("Samples/s (dashed: the plan's prediction)"));
        // A hidden run leaves the cards empty.
        QVERIFY(model.setData(model.index(0), int(Qt::Unchecked), Qt::CheckStateRole));
        cards.drawAll(CardView{});
        for (QCustomPlot* card : cards.cards())
            for (int g = 0; g < card->graphCount(); ++g)
                QCOMPARE(card->graph(g)->dataCount(), 0);
    }

    // A capacity far above the curve is left off the scale (the title names it) and
    // comes into the range once the curve nears it, without waiting for the view to
    // change (a big file is copied over several draws: the first may hold few points).
    void capacityComesIntoRangeWhenTheCurveNearsIt() {
        metrics::Store store;
        metrics::Run& run = store.run("growing");
        run.info.nodes = 1;
        run.info.gpusPerNode = 2;
        run.info.device = "NVIDIA H200";
        metrics::Series& memory = run.series("gpu_mem_gb");
        run.append(memory, {0, 1, 1.9}, 1);
        WatchRunsModel model(store);
        model.sync();
        PlanDocument document;
        WatchCards cards(model, document);
        cards.resize(1000, 700);
        cards.show();
        document.reset(demoPlan(), {}, false);
        cards.drawAll(CardView{});
        int card = -1;
        for (int c = 0; c < int(cards.kinds().size()); ++c)
            if (cards.kinds()[std::size_t(c)].kind == CardKind::GpuMemory)
                card = c;
        QVERIFY(card >= 0);
        QCustomPlot* plot = cards.cards()[std::size_t(card)];
        QVERIFY(card_plot::title(plot).contains("capacity 140 GiB"));
        QVERIFY(plot->yAxis->range().upper < 5);
        run.append(memory, {1, 2, 100}, 2);
        cards.draw(CardView{});  // points only: the view did not change
        QVERIFY2(plot->yAxis->range().contains(140) && plot->yAxis->range().upper < 160,
                 qPrintable(QString::number(plot->yAxis->range().upper)));
        QVERIFY2(!card_plot::title(plot).contains("above the scale"), qPrintable(card_plot::title(plot)));
    }

    // A series of one value (a score evaluated once) is drawn as a dot in the card's
    // middle: a line through one point draws nothing. A second value draws the line.
    void aSeriesOfOneValueIsADot() {
        metrics::Store store;
        metrics::Run& run = store.run("one");
        metrics::Series& eval = run.series("fid");
        run.append(eval, {80, 1, 31.5}, 1);
        WatchRunsModel model(store);
        model.sync();
        PlanDocument document;
        WatchCards cards(model, document);
        cards.resize(1000, 700);
        cards.show();
        cards.drawAll(CardView{});
        int card = -1;
        for (int c = 0; c < int(cards.kinds().size()); ++c)
            if (cards.kinds()[std::size_t(c)].metric == "fid")
                card = c;
        QVERIFY(card >= 0);
        QCustomPlot* plot = cards.cards()[std::size_t(card)];
        const auto drawn = [plot]() -> QCPGraph* {
            for (int g = 0; g < plot->graphCount(); ++g)
                if (plot->graph(g)->dataCount() > 0 && !plot->graph(g)->name().isEmpty())
                    return plot->graph(g);
            return nullptr;
        };
        QVERIFY(drawn());
        QCOMPARE(drawn()->dataCount(), 1);
        QVERIFY(drawn()->scatterStyle().shape() != QCPScatterStyle::ssNone);
        const QCPRange x = plot->xAxis->range();
        QVERIFY2(x.lower < 80 && x.upper > 80 && x.center() == 80, qPrintable(QString("%1 %2").arg(x.lower).arg(x.upper)));
        QVERIFY(plot->yAxis->range().contains(31.5));
        run.append(eval, {160, 2, 32.5}, 2);
        cards.draw(CardView{});
        QCOMPARE(drawn()->scatterStyle().shape(), QCPScatterStyle::ssNone);
        // The speed card's title names the dashed line exactly when one is drawn (this run
        // says nothing of its model, so core draws the open plan's line over it).
        for (int c = 0; c < int(cards.kinds().size()); ++c)
            if (cards.kinds()[std::size_t(c)].kind == CardKind::SamplesPerS)
                QCOMPARE(cards.title(c).contains("dashed"), cards.cards()[std::size_t(c)]->itemCount() > 0);
    }

    void viewBarSaysHowTheCardsShowTheirSeries() {
        CardViewBar bar;
        const CardView view = bar.view();
        QCOMPARE(view.smoothing, 0.0);
        QCOMPARE(view.x, XAxis::Step);
        QVERIFY(!view.logY && !view.ignoreOutliers);
        QCOMPARE(bar.xTitle(), QString("Step"));
        QSignalSpy changed(&bar, &CardViewBar::viewChanged);
        QSignalSpy follow(&bar, &CardViewBar::followRequested);
        bar.findChild<QDoubleSpinBox*>("smoothing")->setValue(0.5);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(bar.view().smoothing, 0.5);
        bar.findChild<QComboBox*>()->setCurrentIndex(2);
        QCOMPARE(follow.count(), 1);
        QCOMPARE(bar.view().x, XAxis::WallTime);
        QCOMPARE(bar.xTitle(), QString("Wall time"));
    }

    void exportsWriteTheCards() {
        QWidget page;
        WatchSources sources(&page);
        QVERIFY(sources.addSource(write("exported.jsonl", runLines(12, false))));
        WatchRunsModel model(sources.store());
        model.sync();
        PlanDocument document;
        WatchCards cards(model, document);
        cards.resize(1000, 700);
        cards.show();
        WatchExport out(cards, [] { return CardView{}; }, [] { return QString("Step"); }, &page);
        const QString csv = tmp.filePath("loss.csv");
        QVERIFY(out.exportCardCsv(0, csv));
        const QByteArray text = test_files::readFile(csv);
        QVERIFY(text.startsWith("run,metric,rank,step,wall_time,value\n"));
        QCOMPARE(text.count('\n'), 13);  // the header and 12 losses
        QVERIFY(!out.exportCardCsv(int(cards.cards().size()), csv));  // no such card
        const QString svg = tmp.filePath("cards.svg");
        QVERIFY(out.exportImage(svg));
        const QByteArray picture = test_files::readFile(svg);
        QVERIFY(picture.contains(">exported<") && picture.contains(">Step<"));
        for (QCustomPlot* card : cards.cards())  // the window's cards stay bare
            QVERIFY(!card->legend->visible() && card->xAxis->label().isEmpty());
        const QString png = tmp.filePath("cards.png");
        QVERIFY(out.exportImage(png));
        QCOMPARE(test_files::readFile(png).left(4), QByteArray("\x89PNG"));
    }

    void runsPanelSummarisesTheFirstShownRun() {
        QWidget page;
        WatchSources sources(&page);
        QVERIFY(sources.addSource(write("summarised.jsonl", runLines(8, false))));
        WatchRunsPanel panel(sources.store());
        QVERIFY(panel.summary().isEmpty());
        panel.model().sync();
        panel.showSummary();
        QVERIFY2(panel.summary().contains("8 of 100"), qPrintable(panel.summary()));
        // New points within the second after: said once the second is over, not at each redraw.
        metrics::Run& run = *sources.watch().store().runs()[0];
        run.append(run.series("loss"), {8, 10, 0.1}, 10);
        panel.showSummary();
        QVERIFY(panel.summary().contains("8 of 100"));
        QTRY_VERIFY_WITH_TIMEOUT(panel.summary().contains("9 of 100"), 3000);
    }

    void aCardsTitleFitsAndItsHoverNamesItsLines() {
        QWidget parent;
        QCustomPlot* plot = card_plot::make(&parent);
        plot->resize(200, 150);
        card_plot::setTitle(plot, "Samples/s (dashed: the plan's prediction) of a run with a long name");
        const QFontMetrics metrics(static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))->font());
        QVERIFY(card_plot::title(plot).contains('\n'));
        for (const QString& line : card_plot::title(plot).split('\n'))
            QVERIFY2(metrics.horizontalAdvance(line) <= 200, qPrintable(line));
        QVERIFY(card_plot::hoverText(plot, 1.5).isEmpty());
        QCPGraph* g = plot->addGraph();
        g->setName("run-a");
        g->setData({0, 1, 2}, {5, 6, 7});
        QCOMPARE(card_plot::hoverText(plot, 1.5), QString("x = 1.5\nrun-a: 6"));  // the point at or before x
        card_plot::followData(plot, {0, 2}, {5, 7}, {g}, false, false);
        QCOMPARE(plot->xAxis->range().lower, 0.0);
        QVERIFY(plot->yAxis->range().contains(5) && plot->yAxis->range().contains(7));
    }
};

QTEST_MAIN(TestWatchParts)
#include "tst_watch_parts.moc"
