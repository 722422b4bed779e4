// Each fact core decides, asked of both faces for the same plan and compared: the
// real `traindeck plan` (its table and --json) and the window's Layouts page. The
// plans: the demo, a Llama plan (examples/hf_causal_lm), one with a layout a node
// cannot hold, FSDP with a ZeRO stage, and measurements of another GPU. The facts:
// the rows of each layout and their texts, which layouts can run and why not, the
// findings, which field wins when one is typed, and whether a measurement is accepted.

#include "gui/layouts/layout_column.h"
#include "gui/layouts/timeline_plot.h"
#include "gui/plan/calibration_panel.h"
#include "gui/plan/finding_view.h"
#include "gui/plan/findings_list.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "gui/window/language.h"
#include "gui/window/main_window.h"
#include "gui/wizard/plan_figures_box.h"
#include "gui/wizard/plan_wizard.h"
#include "localized.h"
#include "plan/calibrate.h"
#include "plan/layout_rows.h"
#include "plan/model_source.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "plan/plan_yaml.h"
#include "plan/run_speed.h"
#include "run_traindeck.h"
#include "text/clock_text.h"
#include "text/number_text.h"
#include "test_support.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <ctime>
#include <memory>

using namespace traindeck;
using namespace traindeck::gui;

Q_DECLARE_METATYPE(traindeck::Plan)

namespace {

const QString kLlamaPlan = QStringLiteral(TRAINDECK_SOURCE_DIR "/examples/hf_causal_lm/plan.yaml");
// examples/hf_causal_lm/train.py's run on one H100 (tests/runs/fixtures).
const QString kH100Run = QStringLiteral(TRAINDECK_SOURCE_DIR "/tests/runs/fixtures/hf_causal_lm-1gpu.jsonl");

Plan edited(Plan plan, const std::vector<std::pair<const char*, const char*>>& edits) {
    for (const auto& [key, value] : edits)
        if (const Text error = setPlanField(plan, key, value); !error.empty())
            qFatal("%s: %s", key, error.english().c_str());
    return plan;
}

Plan llamaPlan() {
    Plan plan = demoPlan();
    if (const LoadResult r = loadPlanFile(kLlamaPlan.toStdString(), plan); !r.ok)
        qFatal("%s", r.error.english().c_str());
    return plan;
}

Plan catalogued(const std::string& name) {
    Plan plan = demoPlan();
    std::vector<FieldEdit> edits;
    if (const Text error = catalogueModelEdits(name, edits); !error.empty())
        qFatal("%s", error.english().c_str());
    for (const FieldEdit& e : edits)
        if (const Text error = setPlanField(plan, e.key, e.value); !error.empty())
            qFatal("%s: %s", e.key.c_str(), error.english().c_str());
    return plan;
}

// One line of text, whatever the terminal's wrapping: runs of blanks and line ends as one space.
QString oneLine(QString text) { return text.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" ")); }

// The table's line(s) of a row, one per block of columns.
QStringList tableLines(const QString& table, const QString& name) {
    QStringList lines;
    for (const QString& line : table.split('\n'))
        if (line.startsWith(name) && (line.size() == name.size() || line.at(name.size()) == ' '))
            lines << line;
    return lines;
}

}  // namespace

class TestTwoFaces : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;
    QTemporaryDir m_files;
    Language m_language;
    std::unique_ptr<MainWindow> m_window;

    // The plan saved, opened in the window, and the command line's answers for the same file.
    struct Cli {
        QJsonObject json;
        QString table;
        int code = 0;
    };
    Cli bothFaces(const Plan& plan, const QString& language) {
        const QString path = m_files.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_') + ".yaml");
        if (!savePlanFile(path.toStdString(), plan).empty() || !m_window->openFile(path))
            qFatal("%s: cannot save or open", qPrintable(path));
        const QStringList env = {language == QLatin1String("en") ? "LANG=C.UTF-8" : "LANG=zh_CN.UTF-8"};
        const TraindeckRun json = runTraindeck({QStringLiteral("plan"), QStringLiteral("--json"), path}, env);
        const TraindeckRun table = runTraindeck({QStringLiteral("plan"), path}, env);
        if (json.code != table.code)
            qFatal("--json exits %d, the table %d", json.code, table.code);
        return {QJsonDocument::fromJson(json.out.toUtf8()).object(), table.out, json.code};
    }

private slots:
    void initTestCase() {
        test::isolateSettings(m_settings);
        m_language.apply(QStringLiteral("en"));
        m_window = std::make_unique<MainWindow>(&m_language);
    }

    void plans_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<QString>("language");
        QTest::newRow("demo") << demoPlan() << "en";
        QTest::newRow("demo zh_CN") << demoPlan() << "zh_CN";
        QTest::newRow("llama") << llamaPlan() << "en";
        QTest::newRow("llama compared") << edited(llamaPlan(), {{"compare", "1x2,2x8"}}) << "en";
        QTest::newRow("beyond the node") << edited(demoPlan(), {{"compare", "1x8,1x16"}}) << "en";
        QTest::newRow("beyond the node zh_CN") << edited(demoPlan(), {{"compare", "1x8,1x16"}}) << "zh_CN";
        QTest::newRow("own layout beyond the node") << edited(demoPlan(), {{"cluster.nodes", "1"}, {"cluster.gpus_per_node", "16"}})
                                                    << "en";
        QTest::newRow("priced") << edited(demoPlan(), {{"cluster.price_per_gpu_hour", "2.5"}}) << "en";
        QTest::newRow("measured on another gpu")
            << edited(demoPlan(), {{"calibration", "1x8=2.5steps/s@gpu=NVIDIA A100-SXM4-80GB,2x8=1.1steps/s"}}) << "en";
        QTest::newRow("a point that fits badly")
            << edited(demoPlan(), {{"calibration", "1x8=3steps/s,2x8=1.1steps/s,8x8=4steps/s"}}) << "en";
        QTest::newRow("zero stage") << edited(demoPlan(), {{"recipe.zero_stage", "2"}, {"recipe.global_batch", "300"}}) << "en";
    }

    // The same rows, in the same order, with the same texts, in the table, --json and the window.
    void rowsAndValues_data() { plans_data(); }
    void rowsAndValues() {
        QFETCH(Plan, plan);
        QFETCH(QString, language);
        QVERIFY(m_language.apply(language));
        const Cli cli = bothFaces(plan, language);
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QVERIFY(analysis.valid());
        const PlanView* view = m_window->planView();
        const QJsonArray layouts = cli.json["layouts"].toArray();
        // Every layout of the plan has its column in both faces, in core's order.
        QCOMPARE(view->columnCount(), int(layouts.size()));
        QCOMPARE(layouts.size(), qsizetype(layoutsOf(plan).size()));
        const std::vector<LayoutRow> rows = layoutRows();
        for (int c = 0; c < view->columnCount(); ++c) {
            const Layout layout = view->columnLayout(c);
            QCOMPARE(layouts[c]["layout"].toString(), QString::fromStdString(layoutText(layout)));
            const QJsonArray cells = layouts[c]["rows"].toArray();
            QCOMPARE(cells.size(), qsizetype(rows.size()));
            for (size_t r = 0; r < rows.size(); ++r) {
                const LayoutRow row = rows[r];
                QCOMPARE(cells[qsizetype(r)]["row"].toString(), QString::fromStdString(layoutRowKey(row)));
                const QString cliText = cells[qsizetype(r)]["text"].toString();
                const QString where = QStringLiteral("%1, %2: CLI '%3', window '%4'")
                                          .arg(layouts[c]["layout"].toString(), QString::fromStdString(layoutRowKey(row)),
                                               cliText, view->cellText(c, row));
                QVERIFY2(!cliText.isEmpty(), qPrintable(where));
                if (row == LayoutRow::FinishClock && cliText != view->cellText(c, row)) {
                    // A clock read a moment apart: the same date and time format, a minute on at most.
                    QCOMPARE(cliText.size(), view->cellText(c, row).size());
                    continue;
                }
                QVERIFY2(view->cellText(c, row) == cliText, qPrintable(where));
            }
        }
        // The table: the rows by the same names in the same order, and each block's cells in column order.
        QStringList names;
        for (const QString& line : cli.table.split('\n'))
            for (const LayoutRow row : rows)
                if (const QString name = QString::fromStdString(app::localized(layoutRowName(row)));
                    line.startsWith(name + ' ') && !names.contains(name))
                    names << name;
        QCOMPARE(names.size(), qsizetype(rows.size()));
        for (size_t r = 0; r < rows.size(); ++r) {
            const QString name = QString::fromStdString(app::localized(layoutRowName(rows[r])));
            QCOMPARE(names[qsizetype(r)], name);
            // The window names the row alike (with a capital).
            QCOMPARE(layoutRowLabel(rows[r]).trimmed().toLower(), name.trimmed().toLower());
            const QStringList lines = tableLines(cli.table, name);
            QCOMPARE(lines.size(), (layouts.size() + 3) / 4);  // four columns a block
            for (qsizetype c = 0; c < layouts.size(); ++c) {
                const QString& line = lines[c / 4];
                const QString text = layouts[c]["rows"][qsizetype(r)]["text"].toString();
                if (rows[r] == LayoutRow::FinishClock)
                    continue;  // read a moment apart (above)
                QVERIFY2(line.contains(text), qPrintable(QStringLiteral("'%1' not in '%2'").arg(text, line)));
            }
        }
        QVERIFY(m_language.apply(QStringLiteral("en")));
    }

    // Which layouts can run, and why one cannot: one rule, the reason in the finding's words.
    void whichLayoutsCanRun_data() { plans_data(); }
    void whichLayoutsCanRun() {
        QFETCH(Plan, plan);
        QFETCH(QString, language);
        QVERIFY(m_language.apply(language));
        const Cli cli = bothFaces(plan, language);
        const PlanAnalysis& analysis = m_window->document()->analysis();
        const PlanView* view = m_window->planView();
        const QJsonArray layouts = cli.json["layouts"].toArray();
        int cannot = 0;
        for (int c = 0; c < view->columnCount(); ++c) {
            const Layout layout = view->columnLayout(c);
            const QString why = app::qLocalized(layoutCannotRun(analysis, layout));
            QCOMPARE(layouts[c]["can_run"].toBool(), why.isEmpty());
            QCOMPARE(layouts[c]["can_run"].toBool(), analysis.fitsNode(layout) && analysis.estimateFor(layout)->fitsCard());
            if (why.isEmpty()) {
                QVERIFY(layouts[c]["cannot_run"].isNull());
                continue;
            }
            ++cannot;
            // --json, the table and the window give the same reason...
            QCOMPARE(layouts[c]["cannot_run"].toString(), why);
            QVERIFY2(oneLine(cli.table).contains(oneLine(why)), qPrintable(cli.table));
            bool shown = false;
            for (const QLabel* label : view->findChildren<QLabel*>())
                shown |= label->toolTip() == why;
            QVERIFY2(shown, qPrintable(why));
            // ...and no figures for it (a node cannot hold it: they would mean nothing).
            QCOMPARE(view->cellText(c, LayoutRow::StepTime), QStringLiteral("—"));
            QCOMPARE(view->cellText(c, LayoutRow::Memory), QStringLiteral("—"));
        }
        const bool beyond = QString::fromLatin1(QTest::currentDataTag()).contains(QLatin1String("beyond the node"));
        QCOMPARE(cannot > 0, beyond);
        QVERIFY(m_language.apply(QStringLiteral("en")));
    }

    // The findings: the same ones, in the same order, with the same words, in --json, the table and the window.
    void findings_data() { plans_data(); }
    void findings() {
        QFETCH(Plan, plan);
        QFETCH(QString, language);
        QVERIFY(m_language.apply(language));
        const Cli cli = bothFaces(plan, language);
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QCOMPARE(cli.code, hasErrors(analysis.findings) ? 1 : 0);
        const QJsonArray found = cli.json["findings"].toArray();
        QCOMPARE(found.size(), qsizetype(analysis.findings.size()));
        for (qsizetype i = 0; i < found.size(); ++i) {
            const Finding& f = analysis.findings[size_t(i)];
            QCOMPARE(found[i]["code"].toString(), QString::fromStdString(f.code));
            QCOMPARE(found[i]["severity"].toString(), QLatin1String(severityName(f.severity)));
            QCOMPARE(found[i]["layout"].toString(), f.layout ? QString::fromStdString(layoutText(*f.layout)) : QString());
            QCOMPARE(found[i]["message"].toString(), QString::fromStdString(app::localized(f.message)));
            QCOMPARE(found[i]["fix"].toString(), QString::fromStdString(app::localized(f.fix)));
            QVERIFY2(cli.table.contains(QStringLiteral("[%1]").arg(QString::fromStdString(f.code))), f.code.c_str());
            // The headline: core's, in --json, and in the table before the message.
            const QString title = found[i]["title"].toString();
            QVERIFY2(!title.isEmpty(), f.code.c_str());
            QCOMPARE(title, QString::fromStdString(app::localized(f.title)));
            // (Blanks aside: the table wraps Chinese between any two characters.)
            const auto noBlanks = [](QString text) { return text.remove(QRegularExpression(QStringLiteral("\\s+"))); };
            const QString table = noBlanks(cli.table);
            const qsizetype at = table.indexOf(noBlanks(title));
            QVERIFY2(at >= 0 && table.indexOf(noBlanks(found[i]["message"].toString()), at) > at, qPrintable(title));
        }
        const auto* list = m_window->findChild<FindingsList*>();
        QVERIFY(list);
        QCOMPARE(list->count(), int(analysis.findings.size()));
        // The window's rows show the same headlines, each above its message (in the
        // language of the moment: Qt posts the change of language to the widgets).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QStringList shownTitles, cliTitles;
        for (const QJsonValue& f : found)
            cliTitles << f["title"].toString();
        for (const FindingView* view : list->findChildren<FindingView*>()) {
            if (!view->isVisibleTo(list))
                continue;  // a row being replaced
            const QString title = FindingView::title(view->finding());
            shownTitles << title;
            bool shown = false;
            for (const QLabel* label : view->findChildren<QLabel*>())
                shown |= label->text().startsWith(QStringLiteral("<b>%1</b><br>").arg(title.toHtmlEscaped()));
            QVERIFY2(shown, qPrintable(title));
        }
        shownTitles.sort();
        cliTitles.sort();
        QCOMPARE(shownTitles, cliTitles);
        // Launch readiness, the one rule.
        QCOMPARE(cli.json["launch_ready"].toBool(), analysis.launchBlocker() == nullptr);
        QVERIFY(m_language.apply(QStringLiteral("en")));
    }

    // A measurement is accepted or refused by the one analysis: the points fitted and
    // the points refused, with the same reason, in both faces.
    void calibrationAcceptance_data() { plans_data(); }
    void calibrationAcceptance() {
        QFETCH(Plan, plan);
        QFETCH(QString, language);
        QVERIFY(m_language.apply(language));
        const Cli cli = bothFaces(plan, language);
        const FittedModel& fit = m_window->document()->analysis().fit;
        const QJsonObject model = cli.json["model"].toObject();
        QCOMPARE(model["points"].toArray().size(), qsizetype(fit.points.size()));
        for (size_t i = 0; i < fit.points.size(); ++i)
            QCOMPARE(model["points"][qsizetype(i)]["calibration"].toString(),
                     QString::fromStdString(calibrationText(fit.points[i].point)));
        const QJsonArray refused = model["refused"].toArray();
        QCOMPARE(refused.size(), qsizetype(fit.refused.size()));
        for (size_t i = 0; i < fit.refused.size(); ++i) {
            QCOMPARE(refused[qsizetype(i)]["why"].toString(), app::qLocalized(fit.refused[i].why));
            QCOMPARE(refused[qsizetype(i)]["calibration"].toString(),
                     QString::fromStdString(calibrationText(fit.refused[i].point)));
        }
        // A point the model misses: the finding in --json, and the same points marked in the window's
        // panel and the table (core's calibrationPointLine, wrapped there: read as one line).
        int badly = 0;
        for (const QJsonValue& f : cli.json["findings"].toArray())
            badly += f["code"].toString() == QLatin1String("calibration_point_fits_badly");
        const QString panel = m_window->calibration()->fitLabel()->text();
        QCOMPARE(int(panel.count(QStringLiteral("this point fits badly"))), badly);
        QCOMPARE(int(cli.table.simplified().count(QStringLiteral("this point fits badly"))), badly);
        if (QTest::currentDataTag() == QLatin1String("a point that fits badly"))
            QVERIFY(badly > 0);
        if (QTest::currentDataTag() == QLatin1String("measured on another gpu")) {
            QCOMPARE(fit.refused.size(), size_t(1));
            QCOMPARE(fit.points.size(), size_t(1));
        }
        QVERIFY(m_language.apply(QStringLiteral("en")));
    }

    // A run's metrics from another GPU: refused by both, in core's words, nothing added.
    void aRunOfAnotherGpuIsRefusedByBoth() {
        const Plan plan = edited(llamaPlan(), {{"cluster.gpu", "h200"}});
        const QString path = m_files.filePath(QStringLiteral("llama-h200.yaml"));
        QVERIFY(savePlanFile(path.toStdString(), plan).empty());
        QVERIFY(m_window->openFile(path));
        Text error;
        const std::optional<RunSpeed> run = readRunSpeed(kH100Run.toStdString(), error);
        QVERIFY2(run, error.english().c_str());
        const std::optional<Text> refusal = runPlanMismatch(plan, *run);
        QVERIFY(refusal);
        const QString why = app::qLocalized(*refusal);
        QVERIFY2(why.contains(QLatin1String("H200")), qPrintable(why));

        const TraindeckRun cli = runTraindeck({QStringLiteral("plan"), path, QStringLiteral("--calibrate-from"), kH100Run});
        QCOMPARE(cli.code, 2);
        QVERIFY2(cli.err.contains(why), qPrintable(cli.err));

        CalibrationPanel* panel = m_window->calibration();
        QVERIFY(!panel->addRun(kH100Run));
        QVERIFY2(panel->fitLabel()->text().contains(why), qPrintable(panel->fitLabel()->text()));
        QVERIFY(m_window->document()->plan().calibrations.empty());
    }

    // FSDP with a ZeRO stage: refused by both, with the same message.
    void fsdpWithAZeroStageIsRefusedByBoth() {
        const Plan plan = edited(demoPlan(), {{"recipe.fsdp", "full_shard"}, {"recipe.zero_stage", "2"}});
        m_window->document()->replacePlan(plan, QStringLiteral("test"));
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QVERIFY(!analysis.valid());
        const QString why = QString::fromStdString(app::localized(analysis.invalid));
        QVERIFY2(why.contains(QLatin1String("both shard the model")), qPrintable(why));
        bool shown = false;
        for (const QLabel* label : m_window->planView()->findChildren<QLabel*>())
            shown |= label->isVisibleTo(m_window->planView()) && label->text().contains(app::qLocalized(analysis.invalid));
        QVERIFY(shown);
        const TraindeckRun cli = runTraindeck({QStringLiteral("plan"), QStringLiteral("--json"), QStringLiteral("--fsdp"),
                                               QStringLiteral("full_shard"), QStringLiteral("--zero-stage"), QStringLiteral("2")});
        QCOMPARE(cli.code, 2);
        QCOMPARE(cli.err, QStringLiteral("traindeck plan: %1\n").arg(why));
    }

    // Which field wins when the user gives one: the window's typed field and the
    // command line's flag change the plan alike (core's field_precedence.h).
    void aTypedFieldWinsAlike_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("decider");
        QTest::newRow("accumulation over the global batch") << demoPlan() << "recipe.grad_accum" << "2" << "recipe.global_batch";
        QTest::newRow("steps over the epochs") << edited(demoPlan(), {{"recipe.epochs", "2"}}) << "recipe.total_steps" << "3000"
                                                << "recipe.epochs";
        QTest::newRow("MFU over the measurements") << edited(demoPlan(), {{"calibration", "2x8=1.1steps/s"}}) << "recipe.mfu"
                                                    << "0.3" << "calibration";
        QTest::newRow("a field no rule concerns") << demoPlan() << "recipe.micro_batch" << "8" << "recipe.global_batch";
    }
    void aTypedFieldWinsAlike() {
        QFETCH(Plan, plan);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, decider);
        const QString path = m_files.filePath(QStringLiteral("precedence.yaml"));
        QVERIFY(savePlanFile(path.toStdString(), plan).empty());
        QVERIFY(m_window->openFile(path));
        QVERIFY(m_window->document()->setField(key.toStdString(), value).empty());
        const Plan typed = m_window->document()->plan();

        const PlanField* field = findPlanField(key.toStdString());
        const TraindeckRun cli = runTraindeck({QStringLiteral("plan"), path, QStringLiteral("--example"),
                                               QString::fromStdString(field->flag), value});
        QCOMPARE(cli.code, 0);
        Plan flagged = demoPlan();
        QVERIFY(planFromYaml(cli.out.toStdString(), "stdout", flagged).ok);
        QCOMPARE(planToYaml(flagged), planToYaml(typed));
        QCOMPARE(QString::fromStdString(field->get(typed)), value);
        // The rule's field wins: what decided it is off; a field no rule concerns leaves the rest.
        const PlanField* deciding = findPlanField(decider.toStdString());
        const bool ruled = key != QLatin1String("recipe.micro_batch");
        QCOMPARE(deciding->get(typed) == deciding->get(plan), !ruled);
        // One undo step restores both fields.
        m_window->document()->undoStack()->undo();
        QCOMPARE(m_window->document()->plan(), plan);
    }

    // The model's size (core's modelParameters): the table's header, --json's params and
    // the wizard's figures, alike; a mixture of experts with its active share in both.
    void parametersAlike_data() {
        QTest::addColumn<Plan>("plan");
        QTest::newRow("demo") << demoPlan();
        QTest::newRow("llama") << llamaPlan();
        QTest::newRow("mixture of experts") << catalogued("mixtral-8x7b");
    }
    void parametersAlike() {
        QFETCH(Plan, plan);
        const Cli cli = bothFaces(plan, QStringLiteral("en"));
        const ModelParameters& core = m_window->document()->analysis().parameters;
        QVERIFY(core.total > 0);
        QCOMPARE(cli.json["params"].toInteger(), core.total);
        QCOMPARE(cli.json.contains(QLatin1String("active_params")), core.experts);
        if (core.experts) {
            QVERIFY(core.active < core.total);
            QCOMPARE(cli.json["active_params"].toInteger(), core.active);
        }
        const QString header = QStringLiteral("(%1M parameters)").arg(QString::fromStdString(estimateText(double(core.total) / 1e6)));
        QVERIFY2(oneLine(cli.table).contains(header), qPrintable(header + " not in " + cli.table.left(300)));
        PlanWizard wizard(plan);
        const WizardFigures figures = wizard.figures();
        QVERIFY(figures.valid());
        QCOMPARE(figures.params, core.total);
        QCOMPARE(figures.activeParams, core.active);
        QVERIFY(parametersText(figures).contains(QLocale().toString(core.total)));
        if (core.experts)  // the active share too, only where it is a figure of its own
            QVERIFY(parametersText(figures).contains(QLocale().toString(core.active)));
        QCOMPARE(parametersText(figures).contains(QLatin1String("active")), core.experts);
    }

    // When a run started now ends (core's clockText): the table's and --json's "finishes"
    // row, the Layouts page's column and the timeline's caption write the same clock,
    // read within the same seconds.
    void finishClockAlike() {
        const std::time_t before = std::time(nullptr);
        const Cli cli = bothFaces(edited(demoPlan(), {{"recipe.total_steps", "400000"}}), QStringLiteral("en"));
        const std::time_t after = std::time(nullptr);
        const PlanAnalysis& analysis = m_window->document()->analysis();
        QVERIFY(analysis.valid());
        const std::vector<LayoutRow> rows = layoutRows();
        const qsizetype finishes = std::find(rows.begin(), rows.end(), LayoutRow::FinishClock) - rows.begin();
        const QStringList tableRow = tableLines(cli.table, QString::fromStdString(app::localized(layoutRowName(LayoutRow::FinishClock))));
        const QJsonArray layouts = cli.json["layouts"].toArray();
        const PlanView* view = m_window->planView();
        QCOMPARE(view->columnCount(), int(layouts.size()));
        for (int c = 0; c < view->columnCount(); ++c) {
            const RunTimeline* t = analysis.timelineFor(view->columnLayout(c));
            QVERIFY(t);
            QStringList clocks;  // the texts a face may have written between before and after
            for (std::time_t now = before; now <= after; ++now)
                clocks << QString::fromStdString(clockText(double(now) + t->timeToFinishS.value, now));
            const QString cliText = layouts[c]["rows"][finishes]["text"].toString();
            QVERIFY2(clocks.contains(cliText), qPrintable(cliText + " not in " + clocks.join(", ")));
            QVERIFY2(clocks.contains(view->cellText(c, LayoutRow::FinishClock)), qPrintable(view->cellText(c, LayoutRow::FinishClock)));
            QVERIFY2(std::any_of(clocks.begin(), clocks.end(), [&](const QString& clock) { return tableRow.join(' ').contains(clock); }),
                     qPrintable(tableRow.join('\n')));
            if (analysis.fitsNode(t->layout))
                QVERIFY2(std::any_of(clocks.begin(), clocks.end(),
                                     [&](const QString& clock) { return m_window->timelinePlot()->caption().contains(": ends " + clock + ","); }),
                         qPrintable(m_window->timelinePlot()->caption()));
        }
        // The run takes days: the date is written (a time alone would be today's).
        QVERIFY2(layouts[0]["rows"][finishes]["text"].toString().contains('-'), qPrintable(layouts[0]["rows"][finishes]["text"].toString()));
    }
};

QTEST_MAIN(TestTwoFaces)
#include "tst_two_faces.moc"
