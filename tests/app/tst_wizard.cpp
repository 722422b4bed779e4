// The new-plan wizard, driven the way a keyboard user drives it: Tab between
// fields, type, arrow keys in lists, Return for Next and Finish.

#include "gui/plan/field_form.h"
#include "gui/plan/finding_view.h"
#include "gui/wizard/plan_wizard.h"
#include "gui/wizard/fields_page.h"
#include "plan/findings.h"
#include "plan/plan_analysis.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace traindeck;
using namespace traindeck::gui;
using traindeck::test::focused;
using traindeck::test::tabTo;
using traindeck::test::typeText;

class TestWizard : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void keyboardAloneReachesValidPlan() {
        PlanWizard wizard(demoPlan());
        QVERIFY(test::showActive(wizard));
        QTRY_VERIFY(focused() && focused()->objectName() == QStringLiteral("field:cluster.nodes"));

        // Cluster: 2 nodes × 8 GPUs of the next GPU model in the list (H200).
        typeText("2");
        QVERIFY(tabTo("cluster.gpus_per_node"));
        typeText("8");
        QVERIFY(tabTo("cluster.gpu"));
        QTest::keyClick(focused(), Qt::Key_Down);
        QCOMPARE(wizard.plan().cluster.gpu, std::string("h200"));
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 1);

        // Model: the demo's trainer preset stays.
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 2);

        // Data.
        QVERIFY(tabTo("recipe.dataset_size"));
        typeText("29500");
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 3);

        // Recipe: 8 per GPU on 16 GPUs is batch 128, the batch the LR was tuned at.
        QVERIFY(tabTo("recipe.micro_batch"));
        typeText("8");
        QVERIFY(tabTo("recipe.global_batch"));
        typeText("128");
        QVERIFY(tabTo("recipe.base_lr"));
        typeText("1e-4");
        QVERIFY(tabTo("recipe.base_batch"));
        typeText("128");
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 4);

        // Platform and workload.
        QVERIFY(tabTo("launch.job_name"));
        typeText("llm-16gpu");
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 5);

        // Review: Return is Finish.
        QVERIFY(wizard.button(QWizard::FinishButton)->isEnabled());
        QTest::keyClick(focused() ? focused() : &wizard, Qt::Key_Return);
        QCOMPARE(wizard.result(), int(QDialog::Accepted));

        const Plan& plan = wizard.plan();
        QCOMPARE(plan.cluster.nodes, 2);
        QCOMPARE(plan.cluster.gpusPerNode, 8);
        QCOMPARE(plan.cluster.gpu, std::string("h200"));
        QCOMPARE(plan.recipe.datasetSize, 29500L);
        QCOMPARE(plan.recipe.microBatch, 8);
        QCOMPARE(plan.recipe.globalBatch, 128L);
        QCOMPARE(plan.recipe.baseLr, 1e-4);
        QCOMPARE(plan.recipe.baseBatch, 128L);
        QCOMPARE(plan.launch.jobName, std::string("llm-16gpu"));
        QCOMPARE(validatePlan(plan).english(), std::string());
        QVERIFY(!hasErrors(findings(plan)));
    }

    // The plan runs its own layout: an error of a compared layout is shown but stops
    // neither Next nor Finish (core's launchBlocker rule), one of its own layout does.
    void comparedLayoutsErrorDoesNotBlock() {
        Plan p = demoPlan();
        p.recipe.zeroStage = 3;  // DeepSpeed: 8x8's unreachable batch becomes an error
        p.recipe.globalBatch = 80;  // 2x8 makes it (micro-batch 5), 64 GPUs cannot
        const PlanAnalysis a = analyse(p);
        QVERIFY(a.valid() && !a.launchBlocker());
        QVERIFY(hasErrors(a.findings));
        PlanWizard wizard(p);
        QVERIFY(test::showActive(wizard));
        for (int page = 0; page < 5; ++page) {
            QCOMPARE(wizard.currentId(), page);
            QVERIFY2(wizard.button(QWizard::NextButton)->isEnabled(), qPrintable(QString::number(page)));
            wizard.next();
        }
        QVERIFY(wizard.button(QWizard::FinishButton)->isEnabled());
    }

    void invalidEntryBlocksNextWithItsMessage() {
        PlanWizard wizard(demoPlan());
        QVERIFY(test::showActive(wizard));
        auto* page = qobject_cast<FieldsPage*>(wizard.currentPage());
        QVERIFY(page);
        QAbstractButton* next = wizard.button(QWizard::NextButton);
        auto* reason = page->findChild<QLabel*>(QStringLiteral("blockedReason"));
        QVERIFY(reason);
        QVERIFY(next->isEnabled());
        QVERIFY(reason->isHidden());

        QTRY_VERIFY(focused() && focused()->objectName() == QStringLiteral("field:cluster.nodes"));
        typeText("0");
        Plan probe = demoPlan();
        const QString coreMessage = QString::fromStdString(setPlanField(probe, "cluster.nodes", "0").english());
        QVERIFY(!coreMessage.isEmpty());
        QVERIFY(!next->isEnabled());
        QVERIFY(reason->isVisible());
        QVERIFY2(reason->text().contains(coreMessage), qPrintable(reason->text()));
        // The message also stands beside the field itself.
        auto* beside = page->findChild<QLabel*>(QStringLiteral("error:cluster.nodes"));
        QVERIFY(beside && beside->isVisible());
        QCOMPARE(beside->text(), coreMessage);
        // Return does not get past it either.
        QTest::keyClick(focused(), Qt::Key_Return);
        QCOMPARE(wizard.currentId(), 0);
        QCOMPARE(wizard.plan().cluster.nodes, demoPlan().cluster.nodes);

        typeText("1");
        QVERIFY(next->isEnabled());
        QVERIFY(reason->isHidden());

        // 16 GPUs per node on an 8-GPU node type: core's error finding blocks Next,
        // and its one-click fix (2 nodes × 8) clears it.
        QVERIFY(tabTo("cluster.gpus_per_node"));
        typeText("16");
        QCOMPARE(wizard.plan().cluster.gpusPerNode, 16);
        QVERIFY(!next->isEnabled());
        QVERIFY2(reason->text().contains("invalid device ordinal"), qPrintable(reason->text()));
        QCoreApplication::processEvents();  // new rows are shown from the event loop, as Qt layouts do
        FindingView* finding = nullptr;
        for (FindingView* v : page->findChildren<FindingView*>())
            if (v->isVisible() && v->finding().code == "gpus_per_node_exceeds_node")
                finding = v;
        QVERIFY(finding && finding->fixButton());
        // The fix is the next stop of Tab after the field it concerns.
        QTest::keyClick(focused(), Qt::Key_Tab);
        QCOMPARE(focused(), static_cast<QWidget*>(finding->fixButton()));
        QTest::keyClick(focused(), Qt::Key_Space);
        QCOMPARE(wizard.plan().cluster.nodes, 2);
        QCOMPARE(wizard.plan().cluster.gpusPerNode, 8);
        QCOMPARE(qobject_cast<QLineEdit*>(page->findChild<QWidget*>("field:cluster.gpus_per_node"))->text(), QString("8"));
        QVERIFY(next->isEnabled());
        QVERIFY(reason->isHidden());
    }
};

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
