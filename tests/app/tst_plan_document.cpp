// The plan as a document: undo/redo restore values, typing merges into one
// step, invalid text changes nothing, the modified mark follows saves, and a
// saved plan reopens identical.

#include "gui/plan/plan_document.h"
#include "plan/findings.h"
#include "plan/plan_fields.h"
#include "test_support.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace traindeck;
using namespace traindeck::gui;

class TestPlanDocument : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { test::isolateSettings(m_settings); }

    void undoRedoRestoresValues() {
        PlanDocument doc;
        doc.reset(demoPlan(), QString(), false);
        QVERIFY(doc.setField("recipe.micro_batch", "8").empty());
        QVERIFY(doc.setField("recipe.base_lr", "0.002").empty());
        QCOMPARE(doc.plan().recipe.microBatch, 8);
        QCOMPARE(doc.plan().recipe.baseLr, 0.002);

        doc.undoStack()->undo();
        QCOMPARE(doc.plan().recipe.baseLr, demoPlan().recipe.baseLr);
        QCOMPARE(doc.plan().recipe.microBatch, 8);
        doc.undoStack()->undo();
        QCOMPARE(doc.plan(), demoPlan());
        QVERIFY(!doc.isModified());

        doc.undoStack()->redo();
        doc.undoStack()->redo();
        QCOMPARE(doc.plan().recipe.microBatch, 8);
        QCOMPARE(doc.plan().recipe.baseLr, 0.002);
        QVERIFY(doc.isModified());
    }

    void typingOneFieldIsOneUndoStep() {
        PlanDocument doc;
        doc.reset(demoPlan(), QString(), false);
        // "1", "12", "128": what a user produces typing 128 into the field.
        for (const char* text : {"1", "12", "128"})
            QVERIFY(doc.setField("recipe.base_batch", text).empty());
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.plan().recipe.baseBatch, demoPlan().recipe.baseBatch);
    }

    void invalidTextChangesNothing() {
        PlanDocument doc;
        doc.reset(demoPlan(), QString(), false);
        QSignalSpy changed(&doc, &PlanDocument::analysisChanged);
        const Text error = doc.setField("cluster.nodes", "0");
        QVERIFY(!error.empty());
        Plan copy = demoPlan();
        QVERIFY(error == setPlanField(copy, "cluster.nodes", "0"));
        QCOMPARE(doc.plan(), demoPlan());
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(changed.count(), 0);
        QVERIFY(!doc.isModified());
    }

    void fixIsOneUndoStep() {
        PlanDocument doc;
        doc.reset(demoPlan(), QString(), false);
        const std::vector<FieldEdit> edits = {{"recipe.micro_batch", "4"}, {"recipe.grad_accum", "4"}};
        QVERIFY(doc.applyEdits(edits, "fix").isEmpty());
        QCOMPARE(doc.plan().recipe.microBatch, 4);
        QCOMPARE(doc.plan().recipe.gradAccum, 4);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.plan(), demoPlan());
    }

    void saveAndReopenGivesSamePlan() {
        QTemporaryDir dir;
        const QString path = dir.filePath("plan.yaml");
        PlanDocument doc;
        doc.reset(demoPlan(), QString(), true);
        QVERIFY(doc.isModified());
        QVERIFY(doc.setField("cluster.nodes", "4").empty());
        QVERIFY(doc.setField("recipe.lr_rule", "sqrt").empty());
        QVERIFY(doc.setField("launch.job_name", "llm-pretrain").empty());
        Plan calibratedPlan = doc.plan();
        calibratedPlan.compare.push_back({4, 8});
        calibratedPlan.calibrations = {Calibration{{2, 8}, 0.9, Calibration::Unit::StepsPerSecond}};
        doc.replacePlan(calibratedPlan, "calibrate");

        QSignalSpy modified(&doc, &PlanDocument::modifiedChanged);
        QCOMPARE(doc.save(path), QString());
        QVERIFY(!doc.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(doc.filePath(), path);
        QCOMPARE(doc.displayName(), QStringLiteral("plan.yaml"));

        PlanDocument reopened;
        QCOMPARE(reopened.load(path), QString());
        QCOMPARE(reopened.plan(), doc.plan());
        QVERIFY(!reopened.isModified());
        QCOMPARE(reopened.undoStack()->count(), 0);
    }

    void badFileLeavesDocumentAsItWas() {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("version: 1\ncluster:\n  nodes: zero\n");
        f.close();
        PlanDocument doc;
        doc.reset(demoPlan(), QString(), false);
        QVERIFY(doc.setField("cluster.nodes", "3").empty());
        const Plan before = doc.plan();
        const QString error = doc.load(path);
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains("bad.yaml"), qPrintable(error));
        QCOMPARE(doc.plan(), before);
        QVERIFY(doc.isModified());
        QCOMPARE(doc.filePath(), QString());
    }
};

QTEST_MAIN(TestPlanDocument)
#include "tst_plan_document.moc"
