// One analysis of a plan, shown by both faces: the window's document judges a
// plan once per edit (one estimate per layout), and `traindeck plan --json`
// prints the same figures, findings and launch readiness for the same file.

#include "gui/plan/findings_list.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "localized.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "run_traindeck.h"
#include "test_support.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace traindeck;
using namespace traindeck::gui;

Q_DECLARE_METATYPE(traindeck::Plan)

namespace {

Plan edited(Plan plan, const std::vector<std::pair<const char*, const char*>>& edits) {
    for (const auto& [key, value] : edits)
        if (const Text error = setPlanField(plan, key, value); !error.empty())
            qFatal("%s: %s", key, error.english().c_str());
    return plan;
}

// The figures both faces show for a layout, by their --json keys.
const struct {
    const char* key;
    double (*value)(const Estimate&);
} kFigures[] = {
    {"effective_batch", [](const Estimate& e) { return e.effectiveBatch.value; }},
    {"lr", [](const Estimate& e) { return e.lr.value; }},
    {"total_steps", [](const Estimate& e) { return e.totalSteps.value; }},
    {"memory_per_gpu_gb", [](const Estimate& e) { return e.memoryPerGpuGb.value; }},
    {"step_time_s", [](const Estimate& e) { return e.stepTimeS.value; }},
    {"samples_per_s", [](const Estimate& e) { return e.samplesPerS.value; }},
    {"hours_to_finish", [](const Estimate& e) { return e.hoursToFinish.value; }},
    {"scaling_efficiency", [](const Estimate& e) { return e.scalingEfficiency.value; }},
};

}  // namespace

class TestPlanAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;
    QTemporaryDir m_files;
    Language m_language;
    std::unique_ptr<MainWindow> m_window;

private slots:
    void initTestCase() {
        test::isolateSettings(m_settings);
        m_language.apply(QStringLiteral("en"));
        m_window = std::make_unique<MainWindow>(&m_language);
    }

    void anEditEstimatesEachLayoutOnce_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("a field") << "recipe.micro_batch" << "8";
        QTest::newRow("a compared layout") << "compare" << "1x8,2x8,4x8,8x8";
        QTest::newRow("a measured point") << "calibration" << "2x8=1.1steps/s";
    }
    void anEditEstimatesEachLayoutOnce() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        m_window->openDemo();
        // Every target ticked: the generated files take their figures and warnings
        // from the document's analysis, so they estimate nothing of their own.
        auto* targets = m_window->findChild<QListWidget*>(QStringLiteral("targets"));
        QVERIFY(targets && targets->count() > 0);
        for (int i = 0; i < targets->count(); ++i)
            targets->item(i)->setCheckState(Qt::Checked);
        PlanDocument& document = *m_window->document();
        const long before = estimateCount();
        QVERIFY(document.setField(key.toStdString(), value).empty());
        QVERIFY(document.analysis().valid());
        const long layouts = long(layoutsOf(document.plan()).size());
        QCOMPARE(estimateCount() - before, layouts);
        // Every view showed the edit: the columns are the analysis's layouts.
        QCOMPARE(m_window->planView()->columnCount(), int(layouts));
        // Undo is an edit too.
        const long undone = estimateCount();
        document.undoStack()->undo();
        QCOMPARE(estimateCount() - undone, long(layoutsOf(document.plan()).size()));
        // A change of language shows the same analysis again: nothing is estimated.
        const long shown = estimateCount();
        m_language.apply(QStringLiteral("zh_CN"));
        QCoreApplication::processEvents();
        m_language.apply(QStringLiteral("en"));
        QCoreApplication::processEvents();
        QCOMPARE(estimateCount(), shown);
    }

    // An incomplete plan has no figures: nothing is estimated, and every view says why.
    void anIncompletePlanIsNotEstimated() {
        m_window->openDemo();
        Plan plan = demoPlan();
        plan.cluster.gpu = "no-such-gpu";  // built in code, past the field's own check
        const long before = estimateCount();
        m_window->document()->replacePlan(plan, QStringLiteral("test"));
        QCOMPARE(estimateCount(), before);
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QVERIFY(!analysis.valid());
        QVERIFY(analysis.estimates.empty() && analysis.findings.empty() && !analysis.launchBlocker());
        QVERIFY(app::qLocalized(analysis.invalid).contains(QLatin1String("no-such-gpu")));
    }

    // FSDP with a ZeRO stage: refused by the plan's one check, so no face shows layouts
    // or "no problems" while another refuses the files (the Generated files tab did).
    void fsdpWithAZeroStageIsRefusedInBothFaces() {
        const Plan plan = edited(demoPlan(), {{"recipe.fsdp", "full_shard"}, {"recipe.zero_stage", "2"}});
        m_window->document()->replacePlan(plan, QStringLiteral("test"));
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QVERIFY(!analysis.valid());
        QVERIFY(analysis.estimates.empty() && analysis.findings.empty() && !analysis.launchBlocker());
        const QString why = app::qLocalized(analysis.invalid);
        QVERIFY2(why.contains(QLatin1String("both shard the model")), qPrintable(why));

        const TraindeckRun run = runTraindeck({QStringLiteral("plan"), QStringLiteral("--fsdp"), QStringLiteral("full_shard"),
                                               QStringLiteral("--zero-stage"), QStringLiteral("2")});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(QLatin1String("both shard the model")), qPrintable(run.err));
    }

    void theWindowAndTheCommandLineAgree_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<bool>("ready");
        QTest::newRow("demo") << demoPlan() << true;
        // The plan's own layout does not fit the card: the error that stops a launch.
        QTest::newRow("memory over the card")
            << edited(demoPlan(), {{"recipe.global_batch", "0"}, {"recipe.micro_batch", "512"}}) << false;
        // Only a compared layout cannot run: an error, but the plan's own layout may start.
        QTest::newRow("compared layout beyond the node") << edited(demoPlan(), {{"compare", "1x8,1x16"}}) << true;
        QTest::newRow("calibrated") << edited(demoPlan(), {{"calibration", "1x8=2.5steps/s,2x8=1.1steps/s"}}) << true;
        QTest::newRow("deepspeed") << edited(demoPlan(), {{"recipe.zero_stage", "2"}, {"recipe.global_batch", "300"}})
                                   << false;
    }
    void theWindowAndTheCommandLineAgree() {
        QFETCH(Plan, plan);
        QFETCH(bool, ready);
        const QString path = m_files.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_') + ".yaml");
        QVERIFY(savePlanFile(path.toStdString(), plan).empty());
        QVERIFY(m_window->openFile(path));
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QVERIFY(analysis.valid());

        const TraindeckRun run = runTraindeck({QStringLiteral("plan"), QStringLiteral("--json"), path});
        QVERIFY2(run.code == 0 || run.code == 1, qPrintable(run.err));
        const QJsonObject cli = QJsonDocument::fromJson(run.out.toUtf8()).object();

        // Readiness: the one rule, as each face applies it.
        const Finding* blocker = analysis.launchBlocker();
        QCOMPARE(blocker == nullptr, ready);
        QCOMPARE(cli["launch_ready"].toBool(), ready);
        QCOMPARE(cli["launch_blocker"].toString(), blocker ? QString::fromStdString(blocker->code) : QString());
        QCOMPARE(run.code, hasErrors(analysis.findings) ? 1 : 0);

        // The figures: every column the command line prints is one the window shows, with the same numbers.
        const QJsonArray layouts = cli["layouts"].toArray();
        QVERIFY(!layouts.isEmpty());
        int shown = 0;  // the columns a node can hold
        for (const QJsonValue& l : layouts) {
            Layout layout;
            QVERIFY(parseLayout(l["layout"].toString().toStdString(), layout));
            const Estimate* e = analysis.estimateFor(layout);
            QVERIFY2(e, qPrintable(l["layout"].toString()));
            for (const auto& f : kFigures)
                QVERIFY2(l[f.key].toDouble() == f.value(*e) ||
                             std::abs(l[f.key].toDouble() / f.value(*e) - 1) < 1e-12,
                         qPrintable(QStringLiteral("%1 %2: CLI %3, window %4")
                                        .arg(l["layout"].toString(), QLatin1String(f.key))
                                        .arg(l[f.key].toDouble())
                                        .arg(f.value(*e))));
            shown += l["can_run"].toBool();
        }
        // The window's columns: the command line's, a layout no node can hold included (no figures in either).
        const PlanView* view = m_window->planView();
        QCOMPARE(view->columnCount(), int(layouts.size()));
        int fitting = 0;
        for (int c = 0; c < view->columnCount(); ++c)
            fitting += analysis.fitsNode(view->columnLayout(c)) && analysis.estimateFor(view->columnLayout(c))->fitsCard();
        QCOMPARE(fitting, shown);

        // The findings, in the same order, with the same words.
        const QJsonArray found = cli["findings"].toArray();
        QCOMPARE(found.size(), qsizetype(analysis.findings.size()));
        for (qsizetype i = 0; i < found.size(); ++i) {
            const Finding& f = analysis.findings[size_t(i)];
            QCOMPARE(found[i]["code"].toString(), QString::fromStdString(f.code));
            QCOMPARE(found[i]["severity"].toString(), QLatin1String(severityName(f.severity)));
            QCOMPARE(found[i]["layout"].toString(), f.layout ? QString::fromStdString(layoutText(*f.layout)) : QString());
            QCOMPARE(found[i]["message"].toString(), app::qLocalized(f.message));
        }
        const auto* list = m_window->findChild<FindingsList*>();
        QVERIFY(list);
        QCOMPARE(list->count(), int(analysis.findings.size()));
    }
};

QTEST_MAIN(TestPlanAnalysis)
#include "tst_plan_analysis.moc"
