// The new-plan wizard as issue 37 found it, offscreen: an imported model named
// by its config (not by its folder, "gui"), the job named after the model, FSDP
// offered beside ZeRO, the parameter count on the review page, and the missing workload named by its
// label (not the YAML key launch.command).
#include "generate/workload.h"
#include "gui/plan/field_sections.h"
#include "gui/window/language.h"
#include "gui/wizard/plan_wizard.h"
#include "gui/wizard/fields_page.h"
#include "localized.h"
#include "test_files.h"
#include "test_support.h"

#include <QLabel>
#include <QtTest>

using namespace traindeck;
using namespace traindeck::gui;

namespace {

QByteArray fixture(const char* name) {
    QFile file(QStringLiteral(MODEL_FIXTURES "/configs/") + QString::fromLatin1(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

class TestWizardItems : public QObject {
    Q_OBJECT
    QTemporaryDir tmp;
    QTemporaryDir settings;

private slots:
    void initTestCase() { test::isolateSettings(settings); }

    void anImportedModelIsNamedByItsConfig() {
        // A folder of anyone's naming ("gui"), a config that names its model.
        QDir(tmp.path()).mkpath("gui");
        QByteArray text = fixture("llama-3.1-8b.json");
        QVERIFY(!text.isEmpty());
        text.replace("{", R"({"_name_or_path": "meta-llama/Llama-3.1-8B",)");
        const QString named = tmp.filePath("gui/config.json");
        test_files::writeFile(named, text);
        PlanWizard wizard(demoPlan());
        QVERIFY(wizard.importHfConfig(named).empty());
        QCOMPARE(wizard.plan().model.name, std::string("Llama-3.1-8B"));
        QCOMPARE(wizard.plan().name, std::string("llama-3-1-8b"));  // not the demo's plan name
        QCOMPARE(wizard.plan().launch.jobName, std::string("llama-3-1-8b"));  // nor its job name (the run folder's)
        // Without _name_or_path: its model_type and size.
        QDir(tmp.path()).mkpath("plain");
        test_files::writeFile(tmp.filePath("plain/config.json"), fixture("llama-3.1-8b.json"));
        PlanWizard other(demoPlan());
        QVERIFY(other.importHfConfig(tmp.filePath("plain/config.json")).empty());
        QCOMPARE(other.plan().model.name, std::string("llama-8b"));
        // A job name the user gave stays.
        Plan mine = demoPlan();
        mine.name = "my-run";
        PlanWizard kept(mine);
        QVERIFY(kept.chooseCatalogueModel("mixtral-8x7b").empty());
        QCOMPARE(kept.plan().name, std::string("my-run"));
        QCOMPARE(kept.plan().launch.jobName, std::string("mixtral-8x7b"));  // the job's was the demo's
    }

    // A name the model gave follows the next model: 70B, then 8B, is an 8B plan.
    void theNamesFollowTheModel() {
        PlanWizard wizard(demoPlan());
        QVERIFY(wizard.chooseCatalogueModel("llama-3.1-70b").empty());
        QCOMPARE(wizard.plan().name, std::string("llama-3-1-70b"));
        QVERIFY(wizard.chooseCatalogueModel("llama-3.1-8b").empty());
        QCOMPARE(wizard.plan().name, std::string("llama-3-1-8b"));
        QCOMPARE(wizard.plan().launch.jobName, std::string("llama-3-1-8b"));
        // Typed by the user, it stays through the next switch.
        QVERIFY(wizard.applyField("launch.job_name", "pretrain").empty());
        QVERIFY(wizard.chooseCatalogueModel("llama-3.1-70b").empty());
        QCOMPARE(wizard.plan().name, std::string("llama-3-1-70b"));
        QCOMPARE(wizard.plan().launch.jobName, std::string("pretrain"));
    }

    void fsdpBesideZeroAndTheParametersOnTheReview() {
        const std::vector<std::string> recipe = stepKeys(WizardStep::Recipe);
        const auto zero = std::find(recipe.begin(), recipe.end(), "recipe.zero_stage");
        QVERIFY(zero != recipe.end() && zero + 1 != recipe.end() && *(zero + 1) == "recipe.fsdp");
        PlanWizard wizard(demoPlan());
        QVERIFY(wizard.chooseCatalogueModel("llama-3.1-8b").empty());
        auto* params = wizard.findChild<QLabel*>("reviewParameters");
        QVERIFY(params);
        QVERIFY2(params->text().contains("Parameters:") && params->text().contains(QLocale().toString(wizard.figures().params)),
                 qPrintable(params->text()));
    }

    void theMissingWorkloadIsNamedByItsLabel() {
        PlanWizard wizard(demoPlan());
        QVERIFY(wizard.chooseCatalogueModel("llama-3.1-8b").empty());
        const std::optional<Text> missing = generate::workloadMissing(wizard.plan());
        QVERIFY(missing);
        const QString shown = app::qLocalized(*missing);
        QVERIFY2(shown.contains(fieldLabel("launch.command")) && !shown.contains("launch.command"), qPrintable(shown));
        QVERIFY(!generate::workloadMissing(demoPlan()));  // the demo trains a trainer preset
    }
};

QTEST_MAIN(TestWizardItems)
#include "tst_wizard_items.moc"
