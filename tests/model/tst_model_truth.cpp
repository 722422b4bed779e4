// The planner against measured truth (fixtures/model_truth.json, written by
// bench/model_truth.py on an H100: Hugging Face models built from their configs,
// shrunk to a few layers, trained with AdamW): at every measured point, the plan's
// memory per GPU less its fixed overhead is within 10% of the step's
// torch.cuda.max_memory_allocated.
#include "model_truth_fixture.h"
#include "plan/step_memory.h"

#include <QtTest>

#include <cmath>

using namespace traindeck;

class TestModelTruth : public QObject {
    Q_OBJECT
private slots:
    void peakMemoryWithinTenPercent() {
        int points = 0;
        for (const truth::Point& p : truth::points(MODEL_FIXTURES)) {
            const Layout one{1, 1};
            // "amp": the plan's own bf16 (fp32 weights under autocast); "bf16": everything in
            // bf16, AdamW's moments too (2 + 2 + 4 bytes per parameter).
            const StepMemory m = p.mode == "amp" ? stepMemory(p.plan, one)
                                                 : stepMemory(p.plan, one, model::Numerics::Half, {2, 2, 4});
            const double planned = m.peak.total() - m.peak.overheadGb;
            const double measured = p.measured["peak_bytes"].get<double>() / double(1 << 30);  // GiB, as planned
            const std::string where = p.where + ": planned " + std::to_string(planned) + " GiB, measured " +
                                      std::to_string(measured) + " GiB";
            qInfo("%s", where.c_str());
            QVERIFY2(std::fabs(planned / measured - 1) <= 0.10, where.c_str());
            ++points;
        }
        QVERIFY(points >= 40);
    }
};

QTEST_APPLESS_MAIN(TestModelTruth)
#include "tst_model_truth.moc"
