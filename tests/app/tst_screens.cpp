// Every main screen rendered in English and in Chinese: the window's three
// tabs, a plan with an error beside its field, layouts that do not fit the card, each wizard page, the settings,
// a plan file that cannot be opened and a job name the generators refuse.
// Fails when a screen does not render; with TRAINDECK_SCREENSHOT_DIR set, also
// writes each as PNG for a person to look at (run it under Xvfb for a real
// window system: QT_QPA_PLATFORM=xcb DISPLAY=:99).

#include "gui/files/generated_files_page.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/layouts/layout_column.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "gui/wizard/plan_wizard.h"
#include "gui/parts/plots.h"
#include "gui/window/settings_dialog.h"
#include "test_support.h"

#include "localized.h"
#include "plan/calibrate.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "plan/step_time_confidence.h"
#include "plan/workload_summary.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <qcustomplot.h>

#include <algorithm>

using namespace traindeck;
using namespace traindeck::gui;

class TestScreens : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;
    QString m_dir = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");

    void keep(QWidget& w, const QString& name) {
        // Let queued shows and layout passes finish, as they would before a person looks.
        QTest::qWait(100);
        const QPixmap shot = w.grab();
        QVERIFY2(!shot.isNull() && shot.width() > 200, qPrintable(name));
        if (!m_dir.isEmpty())
            QVERIFY(shot.save(QDir(m_dir).filePath(name + ".png")));
    }

    // Keeps the message box `action` opens, then closes it.
    template <typename Action>
    void keepMessageBox(const QString& name, Action action) {
        bool seen = false;
        QTimer::singleShot(300, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            seen = true;
            const QPixmap shot = box->grab();
            if (!m_dir.isEmpty())
                shot.save(QDir(m_dir).filePath(name + ".png"));
            box->done(QMessageBox::Ok);
        });
        action();
        QVERIFY2(seen, qPrintable(name));
    }

private slots:
    void initTestCase() {
        test::isolateSettings(m_settings);
        if (!m_dir.isEmpty())
            QDir().mkpath(m_dir);
    }

    void screens_data() {
        test::languageRows();
    }

    void screens() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        MainWindow w(&lang);
        w.openDemo();
        Plan calibrated = demoPlan();
        calibrated.calibrations = {Calibration{{1, 8}, 2.3, Calibration::Unit::StepsPerSecond},
                                   Calibration{{2, 8}, 4.2, Calibration::Unit::StepsPerSecond}};
        w.document()->replacePlan(calibrated, QStringLiteral("calibrate"));
        w.resize(1500, 940);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList tabs = {"layouts", "plots", "files", "launch", "watch", "timeline"};
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            keep(w, language + "_" + tabs.value(i));
        }
        // A run bound by the host (the HF example's micro-batch-8 run on an H200): the panel says
        // the fit scaled the host's pace and kept the plan's MFU, in core's words.
        {
            Plan hostBound;
            QVERIFY(loadPlanFile(TRAINDECK_SOURCE_DIR "/examples/hf_causal_lm/plan.yaml", hostBound).ok);
            QVERIFY(setPlanField(hostBound, "cluster.gpu", "h200").empty());
            Calibration point;
            Text error;
            QVERIFY(parseCalibration("1x1=282.9samples/s@micro=8:accum=1:seq=256:ckpt=none:precision=bf16:zero=0:"
                                     "fsdp=none:gpu=h200:params=33.56M:model=llama",
                                     point, error));
            hostBound.calibrations = {point};
            w.document()->replacePlan(hostBound, QStringLiteral("host-bound run"));
            const PlanAnalysis& a = w.document()->analysis();
            QVERIFY2(!a.fit.notes.empty(), "a host-bound point says so");
            w.tabs()->setCurrentIndex(1);
            auto* fit = w.findChild<QLabel*>(QStringLiteral("calibrationFit"));
            QVERIFY(fit);
            QVERIFY2(fit->text().contains(app::qLocalized(a.fit.notes.front())), qPrintable(fit->text()));
            // The plot sets the point measured at micro-batch 8 beside the model at micro-batch 8,
            // and labels the plan's bars with the plan's 16, in the interface language.
            MeasuredWorkload at8, at16;
            at8.microBatch = 8;
            at16.microBatch = 16;
            const QString measuredShape = app::qLocalized(workloadSummary(at8, {WorkloadPart::Batch}));
            const QString planShape = app::qLocalized(workloadSummary(at16, {WorkloadPart::Batch}));
            auto ticker = w.plots()->calibrationPlot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
            QVERIFY(ticker);
            const QStringList ticks = ticker->ticks().values();
            QCOMPARE(ticks.size(), 3);  // the point, then the plan's 1×1 and 1×2
            QVERIFY2(ticks[0].endsWith(QLatin1Char('\n') + measuredShape), qPrintable(ticks[0]));
            const QString axis = w.plots()->calibrationPlot()->xAxis->label();
            QVERIFY2(axis.contains(planShape), qPrintable(axis));  // both layouts at 16: said once
            QVERIFY2(fit->text().contains(measuredShape), qPrintable(fit->text()));
            keep(w, language + "_plots_host_bound");
            // As a person sees it on a large and a small screen.
            for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)}) {
                w.resize(size);
                keep(w, QStringLiteral("%1_plots_host_bound_%2").arg(language).arg(size.width()));
            }
            w.resize(1500, 940);
            // Its step time's expected error says the host bounds it, and on hover why (step_time_confidence.h).
            w.tabs()->setCurrentIndex(0);
            QWidget* sure = w.planView()->cell(0, LayoutRow::StepTimeError);
            const StepTimeConfidence* c = a.confidenceFor(w.planView()->columnLayout(0));
            QVERIFY(c && c->regime == StepRegime::Host);
            QCOMPARE(w.planView()->cellText(0, LayoutRow::StepTimeError), app::qLocalized(c->summary));
            QToolTip::showText(sure->mapToGlobal(QPoint(0, sure->height())), sure->toolTip(), sure);
            QTest::qWait(200);
            QWidget* tip = nullptr;
            for (QWidget* t : QApplication::topLevelWidgets())
                if (t->inherits("QTipLabel") && t->isVisible()) tip = t;
            QVERIFY(tip);
            keep(*tip, language + "_step_time_error_tip");
            QToolTip::hideText();
            // Accumulating small micro-steps, its findings name the host and offer the split of the
            // same batch that hands the step to the GPU (host_bound_fix.h), as a click.
            QVERIFY(w.document()->setField("recipe.micro_batch", "2").empty());
            QVERIFY(w.document()->setField("recipe.grad_accum", "8").empty());
            const std::vector<Finding>& found = w.document()->analysis().findings;
            QVERIFY(std::any_of(found.begin(), found.end(),
                                [](const Finding& f) { return f.code == "host_bound_step" && !f.edits.empty(); }));
            for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)}) {
                w.resize(size);
                keep(w, QStringLiteral("%1_layouts_host_bound_%2").arg(language).arg(size.width()));
            }
            w.resize(1500, 940);
            w.document()->replacePlan(calibrated, QStringLiteral("calibrate"));
        }
        // A job name Kubernetes refuses: the files page says why, in the interface language.
        QVERIFY(w.document()->setField("launch.job_name", "My Job; rm -rf /").empty());
        w.tabs()->setCurrentIndex(2);
        auto* files = w.findChild<GeneratedFilesPage*>();
        QVERIFY(files);
        const QStringList ticked = files->checkedTargets();
        files->setCheckedTargets({"k8s", "pytorchjob", "slurm"});
        keep(w, language + "_files_bad_job_name");
        files->setCheckedTargets(ticked);
        QVERIFY(w.document()->setField("launch.job_name", "traindeck-demo").empty());
        w.tabs()->setCurrentIndex(0);
        QVERIFY(w.document()->setField("cluster.gpus_per_node", "16").empty());
        keep(w, language + "_error");
        // Layouts whose memory does not fit: greyed columns, their memory bars readable over the red hatch.
        QVERIFY(w.document()->setField("cluster.gpus_per_node", "8").empty());
        QVERIFY(w.document()->setField("recipe.micro_batch", "512").empty());
        keep(w, language + "_memory_error");

        // Plan files that cannot be opened: a bad value and broken YAML.
        QTemporaryDir folder;
        const auto broken = [&](const char* name, const QByteArray& text) {
            const QString path = folder.filePath(QString::fromLatin1(name));
            QFile file(path);
            if (file.open(QIODevice::WriteOnly))
                file.write(text);
            return path;
        };
        const QString badValue = broken("bad-value.yaml", "name: demo\nrecipe:\n  micro_batch: 0\n");
        const QString badYaml = broken("bad-yaml.yaml", "name: demo\nrecipe: {micro_batch: 1\n");
        keepMessageBox(language + "_open_bad_value", [&] { QVERIFY(!w.openFile(badValue)); });
        keepMessageBox(language + "_open_bad_yaml", [&] { QVERIFY(!w.openFile(badYaml)); });

        PlanWizard wizard(demoPlan(), &w);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        for (int page = 0; page < int(wizard.pageIds().size()); ++page) {
            keep(wizard, QStringLiteral("%1_wizard%2").arg(language).arg(page));
            wizard.next();
        }
        wizard.close();

        SettingsDialog settings(QString(), &w);
        settings.show();
        QVERIFY(QTest::qWaitForWindowExposed(&settings));
        keep(settings, language + "_settings");
        w.document()->reset(demoPlan(), QString(), false);  // closes without asking
    }
};

QTEST_MAIN(TestScreens)
#include "tst_screens.moc"
