// The main window as a document window: typing recomputes at once, the title
// carries the modified mark, Ctrl+Z undoes, closing with unsaved changes asks,
// recent files are remembered, and the language switches while it is open.

#include "gui/window/app_settings.h"
#include "gui/plan/calibration_panel.h"
#include "gui/parts/figure_format.h"
#include "gui/parts/plots.h"
#include "plan/calibrate.h"
#include "plan/calibration_fit.h"
#include "gui/plan/field_editor.h"
#include "gui/plan/field_form.h"
#include "gui/window/language.h"
#include "gui/layouts/layout_column.h"
#include "gui/layouts/timeline_plot.h"
#include "gui/window/main_window.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "localized.h"
#include "plan/estimate.h"
#include "plan/layout_rows.h"
#include "plan/plan_fields.h"
#include "plan/workload_summary.h"
#include "test_support.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>
#include <cmath>
#include <QApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QTabWidget>
#include <QToolButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

// The values of the plot's bars named `name` (its legend's words); `nth` of several so named.
QVector<double> barValues(QCustomPlot* plot, const QString& name, int nth = 0) {
    for (int i = 0; i < plot->plottableCount(); ++i) {
        auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
        if (!bars || bars->name() != name || nth-- > 0)
            continue;
        QVector<double> values;
        for (int k = 0; k < bars->dataCount(); ++k)
            values << bars->data()->at(k)->value;
        return values;
    }
    return {};
}

// The x axis's labels, left to right.
QStringList tickLabels(QCustomPlot* plot) {
    auto ticker = plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

// "1×8", as the plots name a layout under its bars.
QString layoutTickOf(const Layout& l) { return QStringLiteral("%1×%2").arg(l.nodes).arg(l.gpusPerNode); }

// The numbers written over the bars.
QStringList barLabels(QCustomPlot* plot) {
    QStringList labels;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
            labels << text->text();
    return labels;
}

QLineEdit* lineEdit(MainWindow& w, const char* key) {
    return w.findChild<QLineEdit*>(QStringLiteral("field:") + QLatin1String(key));
}

int column(const PlanView& view, const Layout& layout) {
    for (int c = 0; c < view.columnCount(); ++c)
        if (view.columnLayout(c) == layout)
            return c;
    return -1;
}

// Answers the next message box with `button`, once it is up.
void answerNextMessageBox(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box);
        box->button(button)->click();
    });
}

// The window on the demo plan, in English.
struct DemoWindow {
    Language language;
    std::unique_ptr<MainWindow> window;
    DemoWindow() {
        language.apply(QStringLiteral("en"));
        window = std::make_unique<MainWindow>(&language);
        window->openDemo();
    }
};

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void typingRecomputesAndMarksModified() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        QVERIFY(!w.isWindowModified());
        QVERIFY(w.windowTitle().contains(QStringLiteral("[*]")));

        // Without a target batch the effective batch follows the micro-batch.
        QLineEdit* global = lineEdit(w, "recipe.global_batch");
        QLineEdit* micro = lineEdit(w, "recipe.micro_batch");
        QVERIFY(global && micro);
        global->setFocus();
        global->selectAll();
        QTest::keyClicks(global, "0");
        micro->setFocus();
        micro->selectAll();
        QTest::keyClicks(micro, "4");
        QCOMPARE(w.document()->plan().recipe.microBatch, 4);
        QVERIFY(w.isWindowModified());

        const Layout own = w.document()->plan().cluster.layout();
        const int c = column(*w.planView(), own);
        QVERIFY(c >= 0);
        QCOMPARE(w.planView()->cellText(c, LayoutRow::EffectiveBatch).section(' ', 0, 0),
                 QLocale().toString(4 * own.worldSize() * w.document()->plan().recipe.gradAccum));

        // Ctrl+Z from outside the field undoes the document, and the field shows it.
        w.tabs()->setFocus();
        QTest::keyClick(w.tabs(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->plan().recipe.microBatch, demoPlan().recipe.microBatch);
        QCOMPARE(micro->text(), QString::number(demoPlan().recipe.microBatch));
        QTest::keyClick(w.tabs(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->plan(), demoPlan());
        QCOMPARE(global->text(), QString::number(demoPlan().recipe.globalBatch));
        QVERIFY(!w.isWindowModified());
    }

    void calibrationRepredictsAndPlotsBoth() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        const Plan before = w.document()->plan();
        const std::vector<Layout> layouts = layoutsOf(before);
        CalibrationPanel* panel = w.calibration();
        // Measured 3 steps/s on 2×8: enter it as a user would.
        const int index = int(std::find(layouts.begin(), layouts.end(), Layout{2, 8}) - layouts.begin());
        panel->layoutBox()->setCurrentIndex(index);
        panel->valueBox()->setValue(3.0);
        panel->unitBox()->setCurrentIndex(panel->unitBox()->findData(int(Calibration::Unit::StepsPerSecond)));
        QTest::mouseClick(panel->applyButton(), Qt::LeftButton);

        const Plan& after = w.document()->plan();
        QCOMPARE(after.calibrations.size(), size_t(1));
        QCOMPARE(after.calibrations[0].layout, (Layout{2, 8}));
        QCOMPARE(after.calibrations[0].value, 3.0);
        // The measured layout now runs at the measured speed, and every column
        // shows what core predicts from the refit.
        const int c = column(*w.planView(), Layout{2, 8});
        QCOMPARE(w.planView()->cellText(c, LayoutRow::StepsPerS), formatFigure(estimate(after, {2, 8}).stepsPerS));
        QVERIFY(std::abs(estimate(after, {2, 8}).stepsPerS.value - 3.0) < 1e-6 || !fitModel(after).exact);
        for (int i = 0; i < w.planView()->columnCount(); ++i)
            QCOMPARE(w.planView()->cellText(i, LayoutRow::TimeToFinish),  // the run's timeline, as the analysis holds it
                     formatFigure(w.document()->analysis().estimateFor(w.planView()->columnLayout(i))->hoursToFinish));
        // The measurement beside the calibrated model at its own shape (the fit's residual),
        // then every layout at the plan's shape, predicted before and after.
        QCustomPlot* plot = w.plots()->calibrationPlot();
        QCOMPARE(plot->plottableCount(), 4);
        const PlanAnalysis& a = w.document()->analysis();
        QCOMPARE(a.fit.points.size(), size_t(1));
        const PointResidual& r = a.fit.points.front();
        QCOMPARE(barValues(plot, "measured"), QVector<double>{r.measuredSamplesPerS()});
        QCOMPARE(barValues(plot, "model, calibrated", 0), QVector<double>{r.predictedSamplesPerS()});
        QVector<double> uncalibrated, calibrated;
        for (size_t i = 0; i < a.estimates.size(); ++i) {
            uncalibrated << a.uncalibrated[i].samplesPerS.value;
            calibrated << a.estimates[i].samplesPerS.value;
        }
        QCOMPARE(barValues(plot, "model, uncalibrated"), uncalibrated);
        QCOMPARE(barValues(plot, "model, calibrated", 1), calibrated);
        // Typed in the window: measured at the plan as it stands, so no shape sets it apart.
        QCOMPARE(tickLabels(plot).first(), QStringLiteral("2×8\nmeasured"));

        QTest::keyClick(w.tabs(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(w.document()->plan().calibrations.empty());
        QCOMPARE(w.plots()->calibrationPlot()->plottableCount(), 0);
    }

    void calibrationTakesSeveralPointsAndARun() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        CalibrationPanel* panel = w.calibration();
        const std::vector<Layout> layouts = layoutsOf(w.document()->plan());
        auto enter = [&](const Layout& layout, double stepsPerS) {
            panel->layoutBox()->setCurrentIndex(int(std::find(layouts.begin(), layouts.end(), layout) - layouts.begin()));
            panel->valueBox()->setValue(stepsPerS);
            panel->unitBox()->setCurrentIndex(panel->unitBox()->findData(int(Calibration::Unit::StepsPerSecond)));
            QTest::mouseClick(panel->applyButton(), Qt::LeftButton);
        };
        enter({1, 8}, 3.0);
        enter({2, 8}, 2.6);
        QCOMPARE(w.document()->plan().calibrations.size(), size_t(2));
        QCOMPARE(panel->pointList()->count(), 2);
        const FittedModel fit = fitModel(w.document()->plan());
        QCOMPARE(fit.fittedParameters, 2);
        QVERIFY2(panel->fitLabel()->text().startsWith("Fitted to 2 measurements"), qPrintable(panel->fitLabel()->text()));
        QVERIFY(panel->fitLabel()->text().contains("2 × 8") || panel->fitLabel()->text().contains("2x8") ||
                panel->fitLabel()->text().count('\n') >= 2);
        // The same layout measured again replaces its point.
        enter({2, 8}, 2.5);
        QCOMPARE(w.document()->plan().calibrations.size(), size_t(2));
        QCOMPARE(w.document()->plan().calibrations[1].value, 2.5);
        // A run's metrics, written by the real trainer on its CPU backend, add its point.
        QTemporaryDir dir;
        const QString metrics = dir.filePath("run.jsonl");
        QProcess trainer;
        trainer.start(TRAINER_BINARY, {"--backend", "gloo", "--preset", "tiny", "--frames", "1", "--height", "16",
                                       "--width", "16", "--micro-batch", "2", "--steps", "6", "--warmup", "2",
                                       "--log-every", "1", "--metrics-file", metrics});
        QVERIFY(trainer.waitForFinished(60000));
        QCOMPARE(trainer.exitCode(), 0);
        // It ran on CPUs, the plan on GPUs: refused in one line, nothing added.
        QVERIFY(!panel->addRun(metrics));
        QVERIFY2(panel->fitLabel()->text().contains("Not added: measured on CPUs"), qPrintable(panel->fitLabel()->text()));
        QCOMPARE(w.document()->plan().calibrations.size(), size_t(2));
        // The same run said to be on the plan's GPU: it trained the tiny preset, the plan the large one.
        {
            QFile f(metrics);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QByteArray text = f.readAll();
            f.close();
            QVERIFY(text.contains("\"device\":\"cpu\""));
            text.replace("\"device\":\"cpu\"", "\"device\":\"NVIDIA H100 80GB HBM3\"");
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text);
        }
        QVERIFY(!panel->addRun(metrics));
        QVERIFY2(panel->fitLabel()->text().contains("Not added: measured on a model of"), qPrintable(panel->fitLabel()->text()));
        QCOMPARE(w.document()->plan().calibrations.size(), size_t(2));
        // A plan of that model takes it, with the workload the run had.
        QVERIFY(w.document()->setField("model.preset", "tiny").empty());
        QVERIFY(panel->addRun(metrics));
        QCOMPARE(w.document()->plan().calibrations.size(), size_t(3));
        QCOMPARE(w.document()->plan().calibrations[2].layout, (Layout{1, 1}));
        QCOMPARE(w.document()->plan().calibrations[2].workload.microBatch, 2);
        QCOMPARE(w.document()->plan().calibrations[2].workload.tokensPerSample, 4.0);  // one 16×16 frame of 8×8 patches
        QVERIFY(panel->fitLabel()->text().contains("From the run:"));
        // Each point shows the workload it was measured at, in core's words; its spelling on hover.
        const QListWidgetItem* runPoint = panel->pointList()->item(2);
        QVERIFY2(runPoint->text().contains(app::qLocalized(workloadSummary(w.document()->plan().calibrations[2].workload))),
                 qPrintable(runPoint->text()));
        QVERIFY2(runPoint->text().contains("micro-batch 2, 4 tokens"), qPrintable(runPoint->text()));
        QVERIFY2(runPoint->toolTip().contains("micro=2"), qPrintable(runPoint->toolTip()));
        // A file that is no run says why, and adds nothing.
        QVERIFY(!panel->addRun(dir.filePath("missing.jsonl")));
        QVERIFY(panel->fitLabel()->text().contains("cannot open"));
        QCOMPARE(w.document()->plan().calibrations.size(), size_t(3));
    }

    void calibrationPlotSetsEachPointAgainstItsOwnShape() {
        // The screen: a run measured at micro-batch 8, the plan at 16. The measured
        // speed stands beside the model at micro-batch 8, not beside the plan's bars.
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        Plan plan = w.document()->plan();
        QVERIFY(setPlanField(plan, "recipe.micro_batch", "16").empty());
        QVERIFY(setPlanField(plan, "recipe.global_batch", "0").empty());
        QVERIFY(setPlanField(plan, "recipe.grad_accum", "1").empty());
        Calibration point;
        Text error;
        QVERIFY(parseCalibration("1x8=20samples/s@micro=8:accum=1", point, error));
        plan.calibrations = {point};
        w.document()->replacePlan(plan, QStringLiteral("measured at micro-batch 8"));
        const PlanAnalysis& a = w.document()->analysis();
        QCOMPARE(a.fit.points.size(), size_t(1));
        QCustomPlot* plot = w.plots()->calibrationPlot();
        QCOMPARE(barValues(plot, "measured"), QVector<double>{20.0});
        const PointResidual& r = a.fit.points.front();
        QCOMPARE(barValues(plot, "model, calibrated", 0), QVector<double>{r.predictedSamplesPerS()});
        // The labels say the shapes: the point's micro-batch under it, the plan's under each layout.
        const QStringList ticks = tickLabels(plot);
        QCOMPARE(ticks.size(), 1 + int(a.estimates.size()));
        QCOMPARE(ticks.first(), QStringLiteral("1×8\nmeasured\nmicro-batch 8"));
        // Every layout of the plan at the same shape: said once, under the axis.
        for (int i = 1; i < ticks.size(); ++i)
            QCOMPARE(ticks[i], QStringLiteral("%1\nplan").arg(layoutTickOf(a.estimates[size_t(i - 1)].layout)));
        QCOMPARE(plot->xAxis->label(), QStringLiteral("the plan's layouts at micro-batch 16"));
        // The plan's bar on the measured layout is core's figure at micro-batch 16, in its own
        // group apart from the measurement.
        const Estimate* own = a.estimateFor({1, 8});
        QVERIFY(own);
        QVERIFY(own->microBatch == 16);
        QVERIFY(barValues(plot, "model, calibrated", 1).contains(own->samplesPerS.value));
        // The panel names the point by the same words.
        QVERIFY2(w.calibration()->fitLabel()->text().contains(QStringLiteral("1 × 8 (8 GPUs) at micro-batch 8")),
                 qPrintable(w.calibration()->fitLabel()->text()));
    }

    void timeToFinishPlotReadsInTheTablesUnit() {
        // A run of a few steps finishes in seconds: the plot's axis and numbers say seconds,
        // as the table's row does, not 0.000629 hours.
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        QVERIFY(w.document()->setField("recipe.total_steps", "40").empty());
        QVERIFY(w.document()->setField("recipe.warmup_steps", "4").empty());
        const PlanAnalysis& a = w.document()->analysis();
        const DurationScale scale = rowDurationScale(a, LayoutRow::TimeToFinish);
        QCOMPARE(scale.unit, DurationScale::Unit::Seconds);
        QCustomPlot* plot = w.plots()->timePlot();
        QCOMPARE(plot->yAxis->label(), QStringLiteral("seconds"));
        auto* bars = qobject_cast<QCPBars*>(plot->plottable(0));
        QVERIFY(bars);
        QCOMPARE(bars->dataCount(), w.planView()->columnCount());
        for (int c = 0; c < w.planView()->columnCount(); ++c) {
            const Estimate* e = a.estimateFor(w.planView()->columnLayout(c));
            QCOMPARE(bars->data()->at(c)->value, e->hoursToFinish.value * 3600);
            // The bar's number is the table's: "2.26 s" over the bar that reads 2.26.
            const QString cell = w.planView()->cellText(c, LayoutRow::TimeToFinish);
            QVERIFY2(cell.endsWith(QStringLiteral(" s")), qPrintable(cell));
            QVERIFY2(barLabels(plot).contains(cell.section(QLatin1Char(' '), 0, 0)), qPrintable(cell));
        }
        // A long run: hours on both.
        QVERIFY(w.document()->setField("recipe.total_steps", "400000").empty());
        QCOMPARE(rowDurationScale(w.document()->analysis(), LayoutRow::TimeToFinish).unit, DurationScale::Unit::Hours);
        QCOMPARE(plot->yAxis->label(), QStringLiteral("hours"));
    }

    void layoutsAddedAndRemovedByHand() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        auto* add = w.findChild<QLineEdit*>(QStringLiteral("addLayout"));
        QVERIFY(add);
        QTest::keyClicks(add, "4x8");
        QTest::keyClick(add, Qt::Key_Return);
        QVERIFY(column(*w.planView(), Layout{4, 8}) >= 0);
        QCOMPARE(w.document()->plan().compare.back(), (Layout{4, 8}));

        // The ✕ of 8×8 removes it (and its own button with it) safely.
        const int c = column(*w.planView(), Layout{8, 8});
        QVERIFY(c >= 0 && w.planView()->removeButton(c));
        QTest::mouseClick(w.planView()->removeButton(c), Qt::LeftButton);
        QTRY_VERIFY(column(*w.planView(), Layout{8, 8}) < 0);
        QVERIFY(std::find(w.document()->plan().compare.begin(), w.document()->plan().compare.end(), Layout{8, 8}) ==
                w.document()->plan().compare.end());
        // The plan's own layout has no ✕: it is the cluster, changed on the left.
        QVERIFY(!w.planView()->removeButton(column(*w.planView(), w.document()->plan().cluster.layout())));

        QTest::keyClick(w.tabs(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(column(*w.planView(), Layout{8, 8}) >= 0);
    }

    void closingWithUnsavedChangesAsks() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        QVERIFY(w.document()->setField("cluster.nodes", "4").empty());

        answerNextMessageBox(QMessageBox::Cancel);
        QVERIFY(!w.close());
        QVERIFY(w.isVisible());

        answerNextMessageBox(QMessageBox::Discard);
        QVERIFY(w.close());
    }

    void savedFilesAreRecent() {
        QTemporaryDir dir;
        DemoWindow demo;
        MainWindow& w = *demo.window;
        const QString path = dir.filePath("sixteen.yaml");
        QCOMPARE(w.document()->save(path), QString());
        QVERIFY(w.openFile(path));
        QCOMPARE(AppSettings().recentFiles().value(0), QFileInfo(path).absoluteFilePath());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("sixteen.yaml")));
    }

    void windowLayoutPersists() {
        {
            DemoWindow demo;
            MainWindow& w = *demo.window;
            QVERIFY(test::showActive(w));
            w.resize(1234, 777);
            w.tabs()->setCurrentIndex(2);
            QVERIFY(w.close());
        }
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QCOMPARE(w.tabs()->currentIndex(), 2);
        QCOMPARE(w.size(), QSize(1234, 777));
        w.tabs()->setCurrentIndex(0);
        QVERIFY(w.close());
    }

    // The window's icon is drawn from the program's resources (the library's resource
    // was not registered: an empty icon and "Cannot open file" on the console).
    void theWindowHasItsIcon() {
        DemoWindow demo;
        QVERIFY(!demo.window->windowIcon().pixmap(32, 32).isNull());
    }

    void languageSwitchesWhileOpen() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        QVERIFY(test::showActive(w));
        QCOMPARE(w.tabs()->tabText(0), QStringLiteral("Layouts"));

        QVERIFY(demo.language.apply(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        const QString chinese = w.tabs()->tabText(0);
        QVERIFY2(chinese != QStringLiteral("Layouts") && !chinese.isEmpty(), qPrintable(chinese));
        QCOMPARE(QLocale().language(), QLocale::Chinese);
        // A row name of the plan view, translated too.
        QVERIFY(layoutRowLabel(LayoutRow::EffectiveBatch) != QStringLiteral("Effective batch"));

        QVERIFY(demo.language.apply(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QCOMPARE(w.tabs()->tabText(0), QStringLiteral("Layouts"));
        QCOMPARE(layoutRowLabel(LayoutRow::EffectiveBatch), QStringLiteral("Effective batch"));
    }

    // One edit, one analysis: the document analyses the edit once, and every plan page
    // draws that analysis, read from the document it observes (nobody hands it over).
    void oneEditOneAnalysisEveryPageDrawnFromIt() {
        DemoWindow demo;
        MainWindow& w = *demo.window;
        PlanDocument& doc = *w.document();
        QSignalSpy analysed(&doc, &PlanDocument::analysisChanged);
        const long before = estimateCount();
        QVERIFY(doc.setField("recipe.total_steps", "7000").empty());
        QCOMPARE(analysed.count(), 1);
        QCOMPARE(estimateCount() - before, long(layoutsOf(doc.plan()).size()));
        const PlanAnalysis& a = doc.analysis();
        QVERIFY(a.valid());
        // The form shows the plan's value.
        QCOMPARE(lineEdit(w, "recipe.total_steps")->text(), QStringLiteral("7000"));
        // Layouts: each column is the analysis's estimate.
        QCOMPARE(w.planView()->columnCount(), int(a.estimates.size()));
        for (int c = 0; c < w.planView()->columnCount(); ++c) {
            const Estimate* e = a.estimateFor(w.planView()->columnLayout(c));
            QVERIFY(e);
            QCOMPARE(w.planView()->cellText(c, LayoutRow::TotalSteps), formatFigure(e->totalSteps));
            QCOMPARE(w.planView()->cellText(c, LayoutRow::TimeToFinish), formatFigure(e->hoursToFinish));
        }
        // Plots: the bars are the analysis's times to finish, layout by layout.
        auto* bars = qobject_cast<QCPBars*>(w.plots()->timePlot()->plottable(0));
        QVERIFY(bars);
        QCOMPARE(bars->dataCount(), int(a.estimates.size()));
        for (int i = 0; i < bars->dataCount(); ++i)
            QCOMPARE(bars->data()->at(i)->value,  // in the unit of the table's row (core's scale)
                     a.estimates[size_t(i)].timeline.timeToFinishS.value / 3600 * rowDurationScale(a, LayoutRow::TimeToFinish).perHour());
        // Calibration: the analysis's layouts to measure on.
        QCOMPARE(w.calibration()->layoutBox()->count(), int(a.layouts().size()));
        // Timeline: each planned line rises to the new total.
        QCustomPlot* timeline = w.timelinePlot()->plot();
        QVERIFY(timeline->graphCount() > 0);
        QCOMPARE((timeline->graph(0)->data()->end() - 1)->value, 7000.0);
        QCOMPARE(analysed.count(), 1);  // drawing analysed nothing more
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
