// The Timeline page: the planned run of each compared layout over the wall clock
// (steps, evaluations, checkpoint writes, the finish as a local date and time), and a
// watched run's progress beside the planned line of its own layout. It draws what
// the analysis says (core/plan/run_timeline.h): the test holds it to those figures.
#include "gui/parts/figure_format.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/plan/plan_document.h"
#include "gui/layouts/timeline_plot.h"
#include "gui/watch/watch_page.h"
#include "metrics/run.h"
#include "plan/plan_fields.h"
#include "text/clock_text.h"
#include "test_support.h"

#include <qcustomplot.h>

#include <QtTest>

using namespace traindeck;

namespace {

Plan timelinePlan() {
    Plan p = demoPlan();
    for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
             {"recipe.total_steps", "2000"}, {"recipe.eval_every", "500"}, {"recipe.checkpoint_every", "1000"},
             {"recipe.eval_samples", "20000"}, {"compare", "1x8,4x8"}})
        if (!setPlanField(p, key, value).empty())
            qFatal("%s", key.c_str());
    return p;
}

QStringList legendNames(QCustomPlot* plot) {
    QStringList names;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->legend->hasItemWithPlottable(plot->graph(i)))
            names << plot->graph(i)->name();
    return names;
}

// The legend's lines that are drawn, not the keys to the marks (legend entries without points).
QStringList lineNames(QCustomPlot* plot) {
    QStringList names;
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->legend->hasItemWithPlottable(plot->graph(i)) && plot->graph(i)->dataCount() > 0)
            names << plot->graph(i)->name();
    return names;
}

QStringList itemTexts(QCustomPlot* plot) {
    QStringList texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)))
            texts << t->text();
    return texts;
}

}  // namespace

class TestTimelinePlot : public QObject {
    Q_OBJECT
private slots:
    void eachLayoutIsDrawnUntilItsFinish() {
        gui::PlanDocument document;
        gui::TimelinePlot page(document);
        const double start = 1.8e9;  // fixed, so the clock texts are known
        page.setPlannedStart(start);
        document.reset(timelinePlan(), QString(), false);
        const PlanAnalysis& analysis = document.analysis();
        QCustomPlot* plot = page.plot();
        // The layouts' lines, then what the marks on them are.
        QCOMPARE(legendNames(plot), QStringList({"1 × 8 (8 GPUs)", "2 × 8 (16 GPUs)", "4 × 8 (32 GPUs)", "warm-up ends",
                                                 "evaluation", "checkpoint"}));
        const QStringList texts = itemTexts(plot);
        for (const Estimate& e : analysis.estimates) {
            const RunTimeline& t = e.timeline;
            QCOMPARE(t.evaluations, 4);
            QCOMPARE(t.checkpoints, 2);
            // The finish: the planned line ends at the timeline's total, labelled with the local clock
            // as the table and the Layouts page write it (core's clockText).
            const QString clock = QString::fromStdString(clockText(start + t.timeToFinishS.value, std::time(nullptr)));
            QVERIFY2(texts.contains(QStringLiteral("%1 ends %2").arg(gui::layoutName(t.layout), clock)),
                     qPrintable(texts.join(" | ")));
            QVERIFY2(page.caption().contains(gui::layoutName(t.layout) + ": ends " + clock), qPrintable(page.caption()));
        }
        // Its line: from the start to the finish, the steps rising to the total, flat during evaluations.
        QCPGraph* first = plot->graph(0);
        QCOMPARE(first->data()->begin()->key, start);
        QCOMPARE(first->data()->begin()->value, 0.0);
        QCOMPARE((first->data()->end() - 1)->value, 2000.0);
        QVERIFY(std::fabs((first->data()->end() - 1)->key - (start + analysis.estimates[0].timeline.timeToFinishS.value)) < 1e-3);
        // Its marks: four evaluations, two checkpoints, the warm-up's end, each at the timeline's clock.
        QCPGraph* evals = plot->graph(1);
        QCOMPARE(evals->dataCount(), 4);
        QCOMPARE(evals->data()->at(0)->value, 500.0);
        QCOMPARE(evals->data()->at(0)->key, start + analysis.estimates[0].timeline.secondsAtStep(500));
        QCOMPARE(plot->graph(2)->dataCount(), 2);
        // And how sure the plan's own step time is, in core's words.
        QVERIFY2(page.caption().contains(": uncalibrated: ±"), qPrintable(page.caption()));
        QVERIFY2(page.caption().contains(QString("Step time on %1: ").arg(gui::layoutName(analysis.plan.cluster.layout()))),
                 qPrintable(page.caption()));
    }

    // A deadline is a line across the plot at its clock, in view even after every layout's finish.
    void theDeadlineIsDrawn() {
        gui::PlanDocument document;
        gui::TimelinePlot page(document);
        const double start = double(std::time(nullptr));
        page.setPlannedStart(start);
        Plan plan = timelinePlan();
        QVERIFY(setPlanField(plan, "goal.deadline", "30h").empty());
        QVERIFY(setPlanField(plan, "cluster.price_per_gpu_hour", "2.5").empty());
        document.reset(plan, QString(), false);
        QVERIFY(document.analysis().goal && document.analysis().goal->deadlineHours);
        const double deadline = start + *document.analysis().goal->deadlineHours * 3600;
        QCustomPlot* plot = page.plot();
        bool line = false;
        for (int i = 0; i < plot->itemCount(); ++i)
            if (auto* l = qobject_cast<QCPItemStraightLine*>(plot->item(i)))
                line |= l->point1->coords().x() == deadline && l->point2->coords().x() == deadline;
        QVERIFY(line);
        QVERIFY(plot->xAxis->range().contains(deadline));
        const QString clock = QString::fromStdString(clockText(deadline, std::time(nullptr)));
        QVERIFY2(itemTexts(plot).contains("deadline " + clock), qPrintable(itemTexts(plot).join(" | ")));
    }

    void aWatchedRunBesideItsPlannedLine() {
        gui::PlanDocument document;
        gui::TimelinePlot page(document);
        page.setPlannedStart(1.8e9);
        document.reset(timelinePlan(), QString(), false);
        const PlanAnalysis& analysis = document.analysis();
        // A run on 2 nodes × 8 that started an hour before and logged 100 steps at 2 s each.
        metrics::Run run("run-a");
        run.info.starts = 1;
        run.info.nodes = 2;
        run.info.gpusPerNode = 8;
        run.info.startTime = 1.8e9 - 3600;
        metrics::Series& s = run.series("step_time_s");
        for (int step = 9; step < 100; step += 10)
            run.append(s, {step, run.info.startTime + 2.0 * (step + 1), 2.0}, 0);
        page.setWatchedRuns({&run});
        const QStringList names = legendNames(page.plot());
        QVERIFY2(names.contains("run-a (planned on 2 × 8 (16 GPUs))") && names.contains("run-a (measured)"), qPrintable(names.join(" | ")));
        QCPGraph* measured = nullptr;
        for (int i = 0; i < page.plot()->graphCount(); ++i)
            if (page.plot()->graph(i)->name() == "run-a (measured)")
                measured = page.plot()->graph(i);
        QVERIFY(measured);
        QCOMPARE(measured->dataCount(), 10);
        QCOMPARE(measured->data()->at(9)->value, 100.0);  // steps done: the last logged step is 99
        QCOMPARE(measured->data()->at(9)->key, run.info.startTime + 200.0);
        // Where it stands against its plan, said in words.
        const RunTimeline planned = analysis.timelineAt({2, 8});
        QVERIFY2(page.caption().contains("run-a: step 100 after"), qPrintable(page.caption()));
        QVERIFY(planned.secondsAtStep(100) > 0);
        // The axis holds the run's start and the plans' finishes.
        QVERIFY(page.plot()->xAxis->range().lower < run.info.startTime);
    }

    // A run the app refuses as another device's or model's (core's runOfAnotherPlan) gets its
    // measured progress and no planned line: the caption says why, and the axis is not
    // stretched to the finish the plan would give it.
    void aRunOfAnotherPlanGetsNoPlannedLine() {
        gui::PlanDocument document;
        gui::TimelinePlot page(document);
        page.setPlannedStart(1.8e9);
        document.reset(timelinePlan(), QString(), false);
        const RunTimeline planned = document.analysis().timelineAt({2, 8});
        // It starts after the plans' own lines end: its planned line alone would reach past them.
        const double start = 1.8e9 + 2 * document.analysis().timelineAt({1, 8}).timeToFinishS.value;
        auto watched = [&](const std::string& device) {
            metrics::Run run("cpu-run");
            run.info.starts = 1;
            run.info.nodes = 2;
            run.info.gpusPerNode = 8;
            run.info.device = device;
            run.info.startTime = start;
            metrics::Series& s = run.series("step_time_s");
            for (int step = 9; step < 100; step += 10)
                run.append(s, {step, run.info.startTime + 2.0 * (step + 1), 2.0}, 0);
            page.setWatchedRuns({&run});
            return legendNames(page.plot());
        };
        const QStringList own = watched("NVIDIA H100 80GB HBM3");
        QVERIFY2(own.contains("cpu-run (planned on 2 × 8 (16 GPUs))"), qPrintable(own.join(" | ")));
        QVERIFY(page.plot()->xAxis->range().upper >= start + planned.timeToFinishS.value);
        const QStringList refused = watched("cpu");
        QVERIFY2(refused.contains("cpu-run (measured)"), qPrintable(refused.join(" | ")));
        QVERIFY2(!refused.contains("cpu-run (planned on 2 × 8 (16 GPUs))"), qPrintable(refused.join(" | ")));
        QVERIFY2(page.caption().contains("cpu-run: no planned line: measured on CPUs, the plan runs on NVIDIA H100"),
                 qPrintable(page.caption()));
        QVERIFY(!page.caption().contains("cpu-run: step 100 after"));
        // Its progress only (200 s of a planned finish some minutes on), not the finish the plan would give it.
        QVERIFY2(page.plot()->xAxis->range().upper < start + planned.timeToFinishS.value,
                 qPrintable(QStringLiteral("axis %1..%2, start %3, planned %4 s").arg(page.plot()->xAxis->range().lower, 0, 'f', 0)
                                .arg(page.plot()->xAxis->range().upper, 0, 'f', 0).arg(start, 0, 'f', 0).arg(planned.timeToFinishS.value)));
    }

    void anIncompletePlanSaysSo() {
        gui::PlanDocument document;
        gui::TimelinePlot page(document);
        Plan p = timelinePlan();
        p.compare.clear();
        p.recipe.microBatch = 0;
        document.reset(p, QString(), false);
        QCOMPARE(page.plot()->graphCount(), 0);
        QVERIFY(itemTexts(page.plot()).contains("The plan is not complete yet."));
    }

    // The page in the window, in both languages and at both screen sizes, with a watched run
    // of the Hugging Face example beside its plan; saved for a person to look at when
    // TRAINDECK_SCREENSHOT_DIR is set (under Xvfb with QT_QPA_PLATFORM=xcb: a real window).
    void inTheWindow_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const char* language : {"en", "zh_CN"})
            for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)})
                QTest::addRow("%s %dx%d", language, size.width(), size.height()) << QString(language) << size;
    }
    void inTheWindow() {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QTemporaryDir settings;
        test::isolateSettings(settings);
        gui::Language lang;
        QVERIFY(lang.apply(language));
        gui::MainWindow w(&lang);
        w.openDemo();
        QVERIFY(w.document()->setField("compare", "1x8,4x8").empty());
        QVERIFY(w.document()->setField("recipe.total_steps", "3000").empty());
        // A run of the plan on its own layout, started ten minutes ago, 300 steps logged since.
        QTemporaryDir runs;
        const QString metrics = runs.filePath("run.jsonl");
        QFile file(metrics);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const double started = double(QDateTime::currentSecsSinceEpoch()) - 600;
        file.write(QStringLiteral("{\"v\":1,\"event\":\"start\",\"time\":%1,\"world_size\":16,\"nodes\":2,"
                                  "\"gpus_per_node\":8,\"micro_batch\":16,\"grad_accum\":1,\"effective_batch\":256,"
                                  "\"total_steps\":3000}\n")
                       .arg(started, 0, 'f', 1)
                       .toUtf8());
        for (int step = 9; step < 300; step += 10)
            file.write(QStringLiteral("{\"v\":1,\"event\":\"step\",\"time\":%1,\"step\":%2,\"loss\":0.5,"
                                      "\"step_time_s\":2}\n")
                           .arg(started + 2.0 * (step + 1), 0, 'f', 1)
                           .arg(step)
                           .toUtf8());
        file.close();
        QVERIFY(w.watchPage()->addSource(metrics));
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.tabs()->setCurrentWidget(w.timelinePlot());
        QTest::qWait(150);
        QCustomPlot* plot = w.timelinePlot()->plot();
        // Three layouts, and the run measured and planned once the Watch page has read it.
        QTRY_COMPARE_WITH_TIMEOUT(lineNames(plot).size(), 3 + 2, 10000);
        const QString dir = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QDir().mkpath(dir);
            QVERIFY(w.grab().save(QDir(dir).filePath(QStringLiteral("timeline_%1_%2x%3.png")
                                                          .arg(language)
                                                          .arg(size.width())
                                                          .arg(size.height()))));
        }
    }
};

QTEST_MAIN(TestTimelinePlot)
#include "tst_timeline_plot.moc"
