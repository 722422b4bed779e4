// The new-plan wizard planning a real model, page by page as a user does it, in
// English and in Chinese: Llama 3.1 8B imported from its config.json, the
// sequence and checkpointing on the data page, core's one-click fix when it does
// not fit, and on every page the figures core computes (parameters, memory per
// GPU and its parts, the solved accumulation, whether it fits).

#include "gui/plan/field_form.h"
#include "gui/plan/finding_view.h"
#include "gui/window/language.h"
#include "gui/parts/figure_format.h"
#include "gui/layouts/layout_column.h"
#include "gui/layouts/layouts_page.h"
#include "gui/layouts/memory_bar.h"
#include "gui/plan/plan_document.h"
#include "gui/plan/plan_view.h"
#include "gui/wizard/plan_figures_box.h"
#include "gui/wizard/review_page.h"
#include "gui/wizard/plan_wizard.h"
#include "gui/wizard/model_source_box.h"
#include "localized.h"
#include "model/architecture.h"
#include "model/parameters.h"
#include "plan/estimate.h"
#include "plan/findings.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace traindeck;
using namespace traindeck::gui;
using traindeck::test::focused;
using traindeck::test::tabTo;
using traindeck::test::typeText;

namespace {

// Puts a config.json in a folder named as the model, as the hub and a download do.
QString placeConfig(const QTemporaryDir& dir, const QString& model, const QByteArray& text) {
    QDir(dir.path()).mkpath(model);
    const QString path = dir.filePath(model + "/config.json");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return path;
}

QByteArray fixture(const char* name) {
    QFile file(QStringLiteral(MODEL_FIXTURES "/configs/") + QString::fromLatin1(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Llama 3.1 8B's config.json as the hub has it (tests/model's fixture), in a folder named as the model.
QString llamaConfig(const QTemporaryDir& dir) { return placeConfig(dir, "Llama-3.1-8B", fixture("llama-3.1-8b.json")); }

// Clicks "Import config.json…" and picks `path` in the file dialog it opens, as
// typing the path and pressing Open does; true once the dialog has closed.
bool importThroughDialog(QWidget* page, const QString& path) {
    auto* button = page->findChild<QPushButton*>(QStringLiteral("importConfig"));
    if (!button)
        return false;
    QTest::mouseClick(button, Qt::LeftButton);
    QPointer<QFileDialog> dialog = page->findChild<QFileDialog*>(QStringLiteral("importConfigDialog"));
    if (!dialog || !QTest::qWaitForWindowExposed(dialog)) {
        qWarning("import: no dialog shown");
        return false;
    }
    // Types the path where a user types it and presses Return (Open); again until the
    // dialog closes, as it may still be reading its folder at the first try.
    const bool closed = QTest::qWaitFor([&] {
        if (dialog.isNull())
            return true;
        if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))) {
            name->setText(path);
            QTest::keyClick(name, Qt::Key_Return);
        }
        return dialog.isNull();
    });
    if (!closed)
        return false;
    QApplication::setActiveWindow(page->window());
    return QTest::qWaitForWindowActive(page->window());
}

template <typename T = QLabel>
T* figure(QWidget* page, const char* name) {
    return page->findChild<T*>(QString::fromLatin1(name));
}

bool shown(QWidget* page, const std::string& key) {
    QWidget* input = page->findChild<QWidget*>(QStringLiteral("field:") + QString::fromStdString(key));
    return input && input->isVisible();
}

QString gb(double value) { return QCoreApplication::translate("traindeck::gui::PlanFiguresBox", "%1 GiB").arg(localeNumber(value)); }

}  // namespace

class TestPlanWizard : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;
    QString m_shots = qEnvironmentVariable("TRAINDECK_SCREENSHOT_DIR");

    void keep(QWidget& w, const QString& name) {
        if (m_shots.isEmpty())
            return;
        QCoreApplication::processEvents();
        QVERIFY(w.grab().save(QDir(m_shots).filePath(name + ".png")));
    }

    // The figures a page shows against core's own figures for the wizard's plan.
    void checkFigures(PlanWizard& wizard, QWidget* page) {
        QCoreApplication::processEvents();  // new rows are shown from the event loop, as Qt layouts do
        const Plan& plan = wizard.plan();
        const Estimate e = estimate(plan, plan.cluster.layout());
        model::Architecture arch;
        Text error;
        QVERIFY(model::parseArchitecture(plan.model.architecture, arch, error));
        const QString params = figure(page, "figure:params")->text();
        QVERIFY2(params.contains(QLocale().toString(model::countParameters(arch).total)), qPrintable(params));
        const QString memory = figure(page, "figure:memory")->text();
        for (double part : {e.memoryPerGpuGb.value, e.memory.paramsGb, e.memory.gradsGb, e.memory.optimizerGb,
                            e.memory.activationsGb, e.memory.logitsGb, e.memory.overheadGb})
            QVERIFY2(memory.contains(gb(part)), qPrintable(memory + " lacks " + gb(part)));
        // The bar's hover text names the logits too, with core's figure.
        const QString tip = figure<MemoryBar>(page, "memoryBar")->toolTip();
        QVERIFY2(tip.contains(QCoreApplication::translate("traindeck::gui::MemoryBar", "Logits")), qPrintable(tip));
        QVERIFY2(tip.contains(localeNumber(e.memory.logitsGb)), qPrintable(tip));
        const QString accumulation = figure(page, "figure:accumulation")->text();
        const QString expected = QCoreApplication::translate(
                                     "traindeck::gui::PlanFiguresBox",
                                     "Gradient accumulation %1 · micro-batch %2 per GPU · %3 GPUs · effective batch %4")
                                     .arg(localeNumber(e.gradAccum), localeNumber(e.microBatch),
                                          localeNumber(e.worldSize), localeNumber(e.effectiveBatch.value));
        QVERIFY2(accumulation.startsWith(expected), qPrintable(accumulation + " | " + expected));
        const bool fits = e.memoryPerGpuGb.value <= e.gpuMemoryGb;
        QCOMPARE(bool(wizard.figures().overCard), !fits);
        // Whether it fits: the figures when it does, core's finding (its numbers, its fix) when not.
        QLabel* fit = figure(page, "figure:fits");
        QCOMPARE(fit->isVisible(), fits);
        QVERIFY2(fit->text().contains(gb(e.memoryPerGpuGb.value)) && fit->text().contains(gb(e.gpuMemoryGb)),
                 qPrintable(fit->text()));
        FindingView* fix = figure<FindingView>(page, "figure:fix");
        QCOMPARE(fix != nullptr && fix->isVisible(), !fits);
        if (!fits)
            QCOMPARE(fix->finding().message, wizard.figures().overCard->message);
    }

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void llamaFromItsConfig_data() { test::languageRows(); }
    void llamaFromItsConfig() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        QTemporaryDir dir;
        const QString path = llamaConfig(dir);
        QVERIFY(!path.isEmpty());
        // What core reads from the file: transformers' sum(p.numel()) for it (tests/model).
        model::Architecture arch;
        Text error;
        QVERIFY(model::architectureFromHfConfigFile(path.toStdString(), arch, error));
        const long long params = model::countParameters(arch).total;
        QCOMPARE(params, 8030261248LL);

        PlanWizard wizard(demoPlan());
        wizard.resize(900, 900);
        QVERIFY(test::showActive(wizard));
        QCOMPARE(wizard.currentId(), 0);
        wizard.next();

        // Model: the catalogue, Import config.json…, the preset and the numbers.
        QCOMPARE(wizard.currentId(), 1);
        QWidget* page = wizard.currentPage();
        auto* catalogue = page->findChild<QComboBox*>(QStringLiteral("modelCatalogue"));
        QVERIFY(catalogue && catalogue->count() > 8);
        QVERIFY(shown(page, "model.preset") && shown(page, "model.params"));
        const QString english = QStringLiteral("Import config.json…");
        QCOMPARE(page->findChild<QPushButton*>(QStringLiteral("importConfig"))->text() == english, language == "en");
        QVERIFY(importThroughDialog(page, path));
        QCOMPARE(wizard.plan().model.architecture, model::architectureText(arch));
        QCOMPARE(static_cast<long long>(wizard.plan().model.params), params);
        // The fixture has no _name_or_path: named by its model_type and size, not by the folder it sits in.
        QCOMPARE(wizard.plan().model.name, std::string("llama-8b"));
        QCOMPARE(wizard.plan().model.preset, std::string());
        QVERIFY(figure(page, "importError")->isHidden());
        checkFigures(wizard, page);

        // A model type core does not know: its one line, in the interface language; nothing changes.
        const Plan before = wizard.plan();
        const QString bert = placeConfig(dir, "bert-base", R"({"model_type": "bert", "hidden_size": 768})");
        QVERIFY(importThroughDialog(page, bert));
        Text unknown;
        QVERIFY(!model::architectureFromHfConfigFile(bert.toStdString(), arch, unknown));
        QLabel* importError = figure(page, "importError");
        QVERIFY(importError->isVisible());
        QCOMPARE(importError->text(), app::qLocalized(unknown));
        QVERIFY(!importError->text().contains('\n'));
        QVERIFY(wizard.plan() == before);
        QTest::keyClick(&wizard, Qt::Key_Return);

        // Data: a language model asks for its sequence, not a clip.
        QCOMPARE(wizard.currentId(), 2);
        page = wizard.currentPage();
        QVERIFY(shown(page, "model.tokens_per_sample"));
        QVERIFY(shown(page, "model.activation_checkpointing") && shown(page, "model.flash_attention"));
        QVERIFY(!shown(page, "model.clip_frames") && !shown(page, "model.clip_height"));
        QVERIFY(!shown(page, "model.activation_gb_per_sample"));
        QTRY_VERIFY(focused() && focused()->objectName() == QStringLiteral("field:model.tokens_per_sample"));
        typeText("4096");
        QCOMPARE(wizard.plan().model.tokensPerSample, 4096.0);
        QVERIFY(tabTo("model.activation_checkpointing"));
        QTest::keyClick(focused(), Qt::Key_Down);
        QTest::keyClick(focused(), Qt::Key_Down);
        QVERIFY(wizard.plan().model.checkpointing == ActivationCheckpointing::Full);
        checkFigures(wizard, page);
        // 8 B parameters with AMP's 16 bytes each do not fit an H100 unsharded: core says so here already.
        QVERIFY(wizard.figures().overCard);
        QTest::keyClick(&wizard, Qt::Key_Return);

        // Recipe: one sample per GPU towards a batch of 64 on 16 GPUs: core solves 4 micro-steps.
        QCOMPARE(wizard.currentId(), 3);
        page = wizard.currentPage();
        QVERIFY(tabTo("recipe.micro_batch"));
        typeText("1");
        QVERIFY(tabTo("recipe.global_batch"));
        typeText("64");
        QCOMPARE(wizard.figures().estimate->gradAccum, 4);
        checkFigures(wizard, page);
        // Still 119 GiB (128e9 bytes) of states per GPU: core's cheapest fix, one click away beneath the figures.
        QVERIFY(wizard.figures().overCard);
        const Finding fix = *wizard.figures().overCard;
        QVERIFY(!fix.edits.empty());
        auto* fixView = figure<FindingView>(page, "figure:fix");
        QVERIFY(fixView && fixView->fixButton());
        QTest::mouseClick(fixView->fixButton(), Qt::LeftButton);
        for (const FieldEdit& edit : fix.edits)
            QCOMPARE(findPlanField(edit.key)->get(wizard.plan()), edit.value);
        QVERIFY(!wizard.figures().overCard);
        checkFigures(wizard, page);
        QVERIFY(figure(page, "figure:accumulation")->text().contains(localeNumber(64)));
        QTest::keyClick(&wizard, Qt::Key_Return);

        QCOMPARE(wizard.currentId(), 4);
        checkFigures(wizard, wizard.currentPage());
        QTest::keyClick(&wizard, Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 5);
        QVERIFY(wizard.button(QWizard::FinishButton)->isEnabled());
        QTest::keyClick(&wizard, Qt::Key_Return);
        QCOMPARE(wizard.result(), int(QDialog::Accepted));

        const Plan& plan = wizard.plan();
        QCOMPARE(static_cast<long long>(plan.model.params), 8030261248LL);
        QCOMPARE(plan.model.architecture, model::architectureText(arch));
        QCOMPARE(plan.model.tokensPerSample, 4096.0);
        QVERIFY(plan.model.checkpointing == ActivationCheckpointing::Full);
        QCOMPARE(plan.recipe.microBatch, 1);
        QCOMPARE(plan.recipe.globalBatch, 64L);
        QCOMPARE(validatePlan(plan).english(), std::string());
        QVERIFY(!hasErrors(findings(plan)));
    }

    // Every page of a Llama plan rendered in both languages, with the plan that
    // does not fit and then fixed (saved as PNG under TRAINDECK_SCREENSHOT_DIR, for
    // a person to look at; exposed, not active: Xvfb without a window manager).
    void llamaScreens_data() { test::languageRows(); }
    void llamaScreens() {
        QFETCH(QString, language);
        Language lang;
        QVERIFY(lang.apply(language));
        QTemporaryDir dir;
        const QString path = llamaConfig(dir);
        PlanWizard wizard(demoPlan());
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.next();
        auto* source = wizard.currentPage()->findChild<ModelSourceBox*>();
        QVERIFY(source);
        source->importConfig(path);
        QCOMPARE(static_cast<long long>(wizard.plan().model.params), 8030261248LL);
        QVERIFY(wizard.applyField("model.tokens_per_sample", "4096").empty());
        QVERIFY(wizard.applyField("model.activation_checkpointing", "full").empty());
        for (int page = 1; page < int(wizard.pageIds().size()); ++page) {
            if (page < 5)
                checkFigures(wizard, wizard.currentPage());
            keep(wizard, QStringLiteral("%1_wizard_llama%2").arg(language).arg(page));
            if (page == 3) {  // the recipe, not fitting, then with core's fix
                QVERIFY(wizard.applyField("recipe.micro_batch", "1").empty());
                QVERIFY(wizard.applyField("recipe.global_batch", "64").empty());
                checkFigures(wizard, wizard.currentPage());
                keep(wizard, QStringLiteral("%1_wizard_llama3_over").arg(language));
                QVERIFY(wizard.figures().overCard);
                wizard.applyFix(*wizard.figures().overCard);
                checkFigures(wizard, wizard.currentPage());
                keep(wizard, QStringLiteral("%1_wizard_llama3_fixed").arg(language));
            }
            if (page < 5)
                wizard.next();
        }
        QVERIFY(!wizard.figures().overCard);
    }

    void catalogueMixtralShowsActiveParameters() {
        PlanWizard wizard(demoPlan());
        QVERIFY(test::showActive(wizard));
        wizard.next();
        QWidget* page = wizard.currentPage();
        auto* catalogue = page->findChild<QComboBox*>(QStringLiteral("modelCatalogue"));
        QVERIFY(catalogue);
        // As a keyboard user picks it: focus the list, arrow down to the entry.
        catalogue->setFocus();
        const int mixtral = catalogue->findData(QStringLiteral("mixtral-8x7b"));
        QVERIFY(mixtral > 0);
        while (catalogue->currentIndex() != mixtral)
            QTest::keyClick(catalogue, catalogue->currentIndex() < mixtral ? Qt::Key_Down : Qt::Key_Up);
        QVERIFY2(figure(page, "importError")->isHidden(), qPrintable(figure(page, "importError")->text()));
        QCOMPARE(catalogue->currentText(), QStringLiteral("Mixtral 8x7B · 46.7B"));  // its title and size
        QCOMPARE(wizard.plan().model.name, std::string("mixtral-8x7b"));
        QCOMPARE(static_cast<long long>(wizard.plan().model.params), 46702792704LL);
        QCOMPARE(wizard.figures().activeParams, 12879925248LL);
        const QString text = figure(page, "figure:params")->text();
        QVERIFY2(text.contains(QLocale().toString(46702792704LL)) && text.contains(QLocale().toString(12879925248LL)),
                 qPrintable(text));
        // The trainer's presets are in the catalogue too: a sample is then a clip, not a sequence.
        const int base = catalogue->findData(QStringLiteral("tae-mlp-base"));
        QVERIFY(base > 0);
        while (catalogue->currentIndex() != base)
            QTest::keyClick(catalogue, catalogue->currentIndex() < base ? Qt::Key_Down : Qt::Key_Up);
        QCOMPARE(wizard.plan().model.preset, std::string("base"));
        QCOMPARE(catalogue->currentIndex(), base);
        QCOMPARE(wizard.figures().activeParams, wizard.figures().params);
        QVERIFY(!figure(page, "figure:params")->text().contains(QLocale().toString(12879925248LL)));
        wizard.next();
        QVERIFY(shown(wizard.currentPage(), "model.clip_frames"));
        QVERIFY(!shown(wizard.currentPage(), "model.tokens_per_sample"));
    }

    // The wizard edits a PlanDocument of its own until Finish: the window's document
    // is untouched, each edit is analysed once, and every page draws that one analysis.
    void theWizardEditsADocumentOfItsOwn() {
        PlanDocument window;  // the window's, as MainWindow::newPlan has it
        PlanWizard wizard(window.plan());
        QVERIFY(wizard.document() && wizard.document() != &window);
        QCOMPARE(wizard.plan(), window.plan());
        QSignalSpy analysed(wizard.document(), &PlanDocument::analysisChanged);
        const long before = estimateCount();
        QVERIFY(wizard.applyField("recipe.base_lr", "0.002").empty());
        QCOMPARE(analysed.count(), 1);
        QCOMPARE(estimateCount() - before, long(layoutsOf(wizard.plan()).size()));
        QCOMPARE(window.plan(), demoPlan());
        QCOMPARE(wizard.plan().recipe.baseLr, 0.002);
        // The figures point into the document's analysis: no copy, no estimate of their own.
        const Layout own = wizard.plan().cluster.layout();
        const WizardFigures f = wizard.figures();
        QCOMPARE(f.estimate, wizard.document()->analysis().estimateFor(own));
        // Every page shows it: each page's figures box, the form, the review's columns.
        for (int id : wizard.pageIds()) {
            QWidget* page = wizard.page(id);
            if (auto* box = page->findChild<PlanFiguresBox*>()) {
                const QString summary = figure(box, "planSummary")->text();
                QVERIFY2(summary.contains(formatFigure(f.estimate->lr)), qPrintable(summary));
            }
        }
        auto* review = qobject_cast<ReviewPage*>(wizard.page(wizard.pageIds().back()));
        QVERIFY(review);
        PlanView* view = review->planView();
        bool drawn = false;
        for (int c = 0; c < view->columnCount(); ++c)
            if (view->columnLayout(c) == own) {
                QCOMPARE(view->cellText(c, LayoutRow::Lr), formatFigure(f.estimate->lr));
                drawn = true;
            }
        QVERIFY(drawn);
        QCOMPARE(analysed.count(), 1);  // drawing analysed nothing more
    }

    // Where the memory peaks is what the Layouts page's memory figure says for the same
    // plan, at the layout's own micro-batch (solved for the target batch): the wizard takes
    // it from its document's analysis (it once asked stepMemory itself, at the plan's micro-batch).
    void thePeakPhaseIsTheLayoutsPages() {
        PlanWizard wizard(demoPlan());
        QVERIFY(wizard.chooseCatalogueModel("llama-3.1-8b").empty());
        QVERIFY(wizard.applyField("model.tokens_per_sample", "4096").empty());
        const Layout own = wizard.plan().cluster.layout();
        // The window's Layouts page, as it shows the plan after Finish.
        PlanDocument window;
        LayoutsPage layouts(window, true, [](const Finding&) {});
        const auto memoryTip = [&](PlanView* view) {
            for (int c = 0; c < view->columnCount(); ++c)
                if (view->columnLayout(c) == own)
                    return view->cell(c, LayoutRow::Memory)->toolTip();
            return QString();
        };
        // A target batch of one sample per GPU: every micro-batch below is solved down to 1.
        QVERIFY(wizard.applyField("recipe.global_batch", QString::number(own.worldSize())).empty());
        for (const char* checkpointing : {"none", "full"})
            for (const char* micro : {"1", "8", "64"}) {
                QVERIFY(wizard.applyField("model.activation_checkpointing", checkpointing).empty());
                QVERIFY(wizard.applyField("recipe.micro_batch", micro).empty());
                window.reset(wizard.plan(), QString(), true);
                const WizardFigures f = wizard.figures();
                QVERIFY(f.valid());
                QCOMPARE(f.estimate->microBatch, 1);
                const QString phase = app::qLocalized(f.peakPhase);
                QVERIFY(!phase.isEmpty());
                // The figures box says it, the review says it, and the window's Layouts page says the same.
                const QString box = figure(wizard.page(wizard.pageIds().front()), "figure:memory")->text();
                QVERIFY2(box.contains(phase.toHtmlEscaped()), qPrintable(box));
                auto* review = qobject_cast<ReviewPage*>(wizard.page(wizard.pageIds().back()));
                QVERIFY2(memoryTip(review->planView()).contains(phase.toHtmlEscaped()), qPrintable(memoryTip(review->planView())));
                QVERIFY2(memoryTip(layouts.planView()).contains(phase.toHtmlEscaped()), qPrintable(memoryTip(layouts.planView())));
                QCOMPARE(memoryTip(layouts.planView()), memoryTip(review->planView()));
            }
    }
};

QTEST_MAIN(TestPlanWizard)
#include "tst_plan_wizard.moc"
