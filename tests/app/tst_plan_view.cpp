// The plan view shows core's numbers: for the demo plan each cell reads back
// as the value core computed, in the layouts core lists, with the formula in
// the tooltip; edits recompute at once.

#include "gui/parts/figure_format.h"
#include "gui/layouts/layout_column.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "localized.h"
#include "plan/layout_rows.h"
#include "plan/plan_analysis.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include "localized.h"

#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

// The number at the start of a cell ("1,258 samples/s" → 1258), read in the
// locale it was written in; durations in minutes come back as hours.
double leadingNumber(const QString& text) {
    // Core's estimates group digits with ',' from five up ("12,500"), in every language.
    const QString number = text.section(QLatin1Char(' '), 0, 0).remove(QLatin1Char('%')).remove(QLatin1Char(','));
    bool ok = false;
    const double value = QLocale::c().toDouble(number, &ok);
    if (!ok)
        return std::nan("");
    const QString unit = text.section(QLatin1Char(' '), 1, 1);
    if (unit == QLatin1String("min"))
        return value / 60.0;
    return unit.startsWith(QLatin1String("ms")) ? value / 1000.0 : value;  // a time under a second, in ms
}

// Shown to the digits shown: within half a unit of the last digit, or 0.1 % for large numbers.
bool closeEnough(double shown, double core) {
    if (std::isnan(shown))
        return false;
    const double tolerance = std::max(std::abs(core) * 5e-3, 0.05 / 60);  // digits shown: 3 significant, or 0.1 min
    return std::abs(shown - core) <= tolerance;
}

}  // namespace

class TestPlanView : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() {
        test::isolateSettings(m_settings);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void demoPlanShowsCoreNumbers() {
        const Plan plan = demoPlan();
        PlanDocument document;
        PlanView view(document, true);
        document.reset(plan, QString(), false);
        const PlanAnalysis& analysis = document.analysis();
        const std::vector<Layout> layouts = layoutsOf(plan);
        QCOMPARE(view.columnCount(), int(layouts.size()));
        QVERIFY(view.columnCount() >= 3);  // 1×8, 2×8, 8×8
        for (int c = 0; c < view.columnCount(); ++c) {
            QCOMPARE(view.columnLayout(c), layouts[size_t(c)]);
            // The analysis's figures: its time to finish is the run's timeline (run_timeline.h).
            const Estimate& e = analysis.estimates[size_t(c)];
            const struct {
                LayoutRow row;
                const Figure& figure;
            } figures[] = {
                {LayoutRow::EffectiveBatch, e.effectiveBatch}, {LayoutRow::Lr, e.lr},
                {LayoutRow::WarmupSteps, e.warmupSteps},       {LayoutRow::StepsPerEpoch, e.stepsPerEpoch},
                {LayoutRow::TotalSteps, e.totalSteps},         {LayoutRow::StepTime, e.stepTimeS},
                {LayoutRow::StepsPerS, e.stepsPerS},           {LayoutRow::SamplesPerS, e.samplesPerS},
                {LayoutRow::TimeToFinish, e.hoursToFinish},    {LayoutRow::GpuHours, e.gpuHours},
            };
            for (const auto& f : figures) {
                const QString text = view.cellText(c, f.row);
                // A duration in its row's one unit (core's scale over the layouts), else as the figure alone.
                QCOMPARE(text, f.row == LayoutRow::TimeToFinish
                                   ? app::qLocalized(durationText(f.figure.value, rowDurationScale(analysis, f.row)))
                                   : formatFigure(f.figure));
                // (a time to finish in seconds back in hours, as its figure)
                const bool inSeconds = f.row == LayoutRow::TimeToFinish && text.endsWith(QLatin1String(" s"));
                QVERIFY2(closeEnough(leadingNumber(text) / (inSeconds ? 3600 : 1), f.figure.value),
                         qPrintable(QStringLiteral("%1: '%2' vs %3").arg(layoutRowLabel(f.row), text).arg(f.figure.value)));
                // Hovering shows the formula and the worked numbers.
                const QString tip = view.cell(c, f.row)->toolTip();
                QVERIFY2(tip.contains(QString::fromStdString(f.figure.formula.english()).toHtmlEscaped()), qPrintable(tip));
                QVERIFY2(tip.contains(QString::fromStdString(f.figure.worked).toHtmlEscaped()), qPrintable(tip));
            }
            QCOMPARE(leadingNumber(view.cellText(c, LayoutRow::WorldSize)), double(e.worldSize));
            QVERIFY(closeEnough(leadingNumber(view.cellText(c, LayoutRow::ScalingEfficiency)),
                                e.scalingEfficiency.value * 100));
            // "30.1/79.6 GiB" (core's memoryText, as the table writes it): the number before the slash.
            QVERIFY(closeEnough(leadingNumber(view.cellText(c, LayoutRow::Memory).section(QLatin1Char('/'), 0, 0)),
                                e.memoryPerGpuGb.value));
            QVERIFY(view.cellText(c, LayoutRow::Memory).contains(localeNumber(e.gpuMemoryGb)));
            // How sure the step time is on this layout: its summary, and on hover where it comes from.
            const StepTimeConfidence* sure = analysis.confidenceFor(e.layout);
            QCOMPARE(view.cellText(c, LayoutRow::StepTimeError), app::qLocalized(sure->summary));
            QVERIFY(view.cell(c, LayoutRow::StepTimeError)->toolTip().contains(app::qLocalized(sure->basis).toHtmlEscaped()));
            QVERIFY(view.cellText(c, LayoutRow::StepTimeError).startsWith(QStringLiteral("±")));
        }
    }

    void durationsReadAsPeopleSayThem() {
        QCOMPARE(formatDuration(0.2833), QStringLiteral("17 min"));
        QCOMPARE(formatDuration(5.29), QStringLiteral("5.29 h"));
        QCOMPARE(formatDuration(62.5), QStringLiteral("62.5 h (2.6 days)"));
    }

    void editsRecomputeAtOnce() {
        Plan plan = demoPlan();
        PlanDocument document;
        PlanView view(document, true);
        document.reset(plan, QString(), false);
        QVERIFY(setPlanField(plan, "recipe.global_batch", "0").empty());
        QVERIFY(setPlanField(plan, "recipe.micro_batch", "4").empty());
        document.replacePlan(plan, QString());
        for (int c = 0; c < view.columnCount(); ++c)
            QCOMPARE(view.cellText(c, LayoutRow::EffectiveBatch),
                     formatFigure(estimate(plan, view.columnLayout(c)).effectiveBatch));
    }

    void aColumnInErrorIsGreyedButItsMemoryBarStaysReadable() {
        // Micro-batch 512 (no target batch to lower it) is far over an H100 in every layout: each column is in error.
        Plan plan = demoPlan();
        QVERIFY(setPlanField(plan, "recipe.global_batch", "0").empty());
        QVERIFY(setPlanField(plan, "recipe.micro_batch", "512").empty());
        PlanDocument document;
        PlanView view(document, true);
        document.reset(plan, QString(), false);
        const PlanAnalysis& analysis = document.analysis();
        int inError = 0;
        for (int c = 0; c < view.columnCount(); ++c) {
            const Layout layout = view.columnLayout(c);
            const bool error = std::any_of(analysis.findings.begin(), analysis.findings.end(), [&](const Finding& f) {
                return f.severity == Severity::Error && f.layout && *f.layout == layout;
            });
            if (!error)
                continue;
            ++inError;
            // Visibly in error: its figures greyed...
            QVERIFY(!view.cell(c, LayoutRow::StepTime)->isEnabled());
            QVERIFY(!view.cell(c, LayoutRow::EffectiveBatch)->isEnabled());
            // ...but the memory bar, which shows the error itself, at full contrast.
            QVERIFY(view.cell(c, LayoutRow::Memory)->isEnabled());
            QVERIFY(view.cellText(c, LayoutRow::Memory).contains(QStringLiteral("GiB")));
        }
        QVERIFY(inError > 0);
        // A plan that fits: nothing greyed.
        document.replacePlan(demoPlan(), QString());
        for (int c = 0; c < view.columnCount(); ++c)
            QVERIFY(view.cell(c, LayoutRow::StepTime)->isEnabled());
    }

    void addAndRemoveLayouts() {
        PlanDocument document;
        PlanView view(document, true);
        document.reset(demoPlan(), QString(), false);
        QSignalSpy added(&view, &PlanView::addLayoutRequested);
        auto* edit = view.findChild<QLineEdit*>(QStringLiteral("addLayout"));
        QVERIFY(edit);
        QTest::keyClicks(edit, QStringLiteral("4×8"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(added.count(), 1);
        QCOMPARE(added.first().first().value<Layout>(), (Layout{4, 8}));

        // Nonsense is refused with a message, not passed on.
        QTest::keyClicks(edit, QStringLiteral("four"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(added.count(), 1);

        Plan plan = demoPlan();
        plan.compare.push_back({4, 8});
        document.replacePlan(plan, QString());
        QCOMPARE(view.columnCount(), int(layoutsOf(plan).size()));
    }
};

QTEST_MAIN(TestPlanView)
#include "tst_plan_view.moc"
