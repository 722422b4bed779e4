// The deadline and budget solver against every alternative: each option of the
// goal's space is priced here on its own (the plan changed by the option's edits,
// estimated and priced afresh), and the solver's choice must be the best of those
// that meet the goal, with the right answer when none does.
#include "cost/cost_solver.h"
#include "cost/price_catalogue.h"
#include "cost/pricing.h"
#include "plan/estimate.h"
#include "plan/hardware.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace traindeck;

namespace {

constexpr std::time_t kNow = 1'800'000'000;

// The option as the user would run it: the plan with its edits, estimated and priced anew.
struct Truth {
    double hours, cost;
    bool fits;
    long batch;
};
Truth truthOf(const Plan& base, const CostOption& o, const std::vector<PriceRow>& rows) {
    Plan p = base;
    if (o.gpu != base.cluster.gpu) p.calibrations.clear();
    for (const FieldEdit& e : o.edits) {
        const Text error = setPlanField(p, e.key, e.value);
        if (!error.empty()) qFatal("edit %s=%s: %s", e.key.c_str(), e.value.c_str(), error.english().c_str());
    }
    const Estimate e = estimate(p, p.cluster.layout());
    const LayoutCost c = costOf(p, e, rows);
    return {c.hours, c.priced ? c.toFinish : -1, e.memoryPerGpuGb.value <= e.gpuMemoryGb, long(e.effectiveBatch.value)};
}

// Checks `g`'s choice against every option, each priced on its own.
void checkAgainstEveryOption(const Plan& plan, const GoalAnswer& g, const std::vector<PriceRow>& rows) {
    int best = -1;
    for (size_t i = 0; i < g.options.size(); ++i) {
        const CostOption& o = g.options[i];
        const Truth t = truthOf(plan, o, rows);
        QVERIFY2(std::fabs(t.hours - o.cost.hours) < 1e-9 * t.hours, o.gpu.c_str());
        if (o.cost.priced) QVERIFY(std::fabs(t.cost - o.cost.toFinish) < 1e-6 * t.cost);
        QCOMPARE(t.fits, o.fits);
        // Only a layout that makes the plan's target batch exactly may be chosen.
        if (plan.recipe.globalBatch > 0)
            QCOMPARE(o.batchExact, t.batch == plan.recipe.globalBatch);
        const bool meets = o.runs() && (!g.deadlineHours || t.hours <= *g.deadlineHours) && (!g.budget || t.cost <= *g.budget);
        QCOMPARE(meetsGoal(o, g), meets);
        if (!meets) continue;
        const CostOption& b = best < 0 ? o : g.options[size_t(best)];
        if (best < 0 || (g.deadlineHours ? std::make_pair(t.cost, t.hours) < std::make_pair(b.cost.toFinish, b.cost.hours)
                                         : std::make_pair(t.hours, t.cost) < std::make_pair(b.cost.hours, b.cost.toFinish)))
            best = int(i);
    }
    QCOMPARE(g.chosen, best);
    if (best >= 0) {
        // Why each option ahead of the choice (cheaper for a deadline, faster for a budget) fails is said.
        const CostOption& c = g.options[size_t(best)];
        for (size_t i = 0; i < g.options.size(); ++i) {
            const CostOption& o = g.options[i];
            const bool ahead = g.deadlineHours ? o.cost.toFinish < c.cost.toFinish : o.cost.hours < c.cost.hours;
            if (!ahead || int(i) == best) continue;
            QVERIFY(std::any_of(g.rejected.begin(), g.rejected.end(), [&](const auto& r) { return r.first == int(i); }));
        }
    }
}

std::vector<double> quantiles(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    if (v.empty()) return {};
    return {v.front() * 0.5, v.front(), v[v.size() / 4], v[v.size() / 2], v[3 * v.size() / 4], v.back(), v.back() * 2};
}

}  // namespace

class TestCostSolver : public QObject {
    Q_OBJECT
private slots:
    void theSpaceIsEveryNodeCountAndPartOfANode() {
        const std::vector<Layout> l = goalLayouts(8, 8);
        QCOMPARE(l.size(), size_t(11));  // 1x1, 1x2, 1x4, then 1x8 … 8x8
        QCOMPARE(l.front(), (Layout{1, 1}));
        QCOMPARE(l.back(), (Layout{8, 8}));
    }

    void deadlinesChooseTheCheapestThatFinishes() {
        const std::vector<PriceRow>& rows = shippedPrices();
        Plan plan = demoPlan();
        plan.cluster.cloud = "aws";
        plan.goal.deadline = "100000h";  // everything meets it: the options' hours give the deadlines to test
        Text error;
        const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error);
        QVERIFY(all && all->met());
        QCOMPARE(all->options.size(), size_t(11));
        std::vector<double> hours;
        for (const CostOption& o : all->options) hours.push_back(o.cost.hours);
        for (double limit : quantiles(hours)) {
            plan.goal.deadline = std::to_string(limit * 3600) + "s";
            const std::optional<GoalAnswer> g = solveGoal(plan, rows, kNow, error);
            QVERIFY(g);
            checkAgainstEveryOption(plan, *g, rows);
            if (!g->met()) {
                QVERIFY2(g->summary.english().find("nothing finishes within") != std::string::npos, g->summary.english().c_str());
                QCOMPARE(g->options[size_t(g->closest)].cost.hours, *std::min_element(hours.begin(), hours.end()));
            }
        }
    }

    void budgetsChooseTheFastestWithin() {
        const std::vector<PriceRow>& rows = shippedPrices();
        Plan plan = demoPlan();
        plan.cluster.cloud = "gcp";
        plan.goal.budget = 1e11;
        Text error;
        const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error);
        QVERIFY(all && all->met());
        std::vector<double> costs;
        for (const CostOption& o : all->options)
            if (o.cost.priced) costs.push_back(o.cost.toFinish);
        for (double budget : quantiles(costs)) {
            plan.goal.budget = budget;
            const std::optional<GoalAnswer> g = solveGoal(plan, rows, kNow, error);
            checkAgainstEveryOption(plan, *g, rows);
            if (!g->met()) QVERIFY(g->summary.english().find("nothing stays within") != std::string::npos);
        }
    }

    void acrossGpusAndCloudsEachWithItsOwnStepTime() {
        const std::vector<PriceRow>& rows = shippedPrices();
        Plan plan = demoPlan();
        plan.cluster.cloud = "aws";
        plan.goal.acrossGpus = true;
        plan.goal.deadline = "100000h";
        Text error;
        const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error);
        QVERIFY(all);
        std::set<std::string> gpus, clouds;
        for (const CostOption& o : all->options) {
            gpus.insert(o.gpu);
            clouds.insert(o.cloud);
            QCOMPARE(o.cost.currency, std::string("USD"));  // the plan's currency only
        }
        QCOMPARE(clouds, (std::set<std::string>{"aws", "azure", "gcp", "lambda"}));
        QCOMPARE(gpus, (std::set<std::string>{"a100", "h100", "h200", "l40s"}));
        QVERIFY(all->otherCurrency > 0);  // Alibaba's CNY rows: counted, not compared
        std::vector<double> hours;
        for (const CostOption& o : all->options) hours.push_back(o.cost.hours);
        for (double limit : quantiles(hours)) {
            plan.goal.deadline = std::to_string(limit * 3600) + "s";
            checkAgainstEveryOption(plan, *solveGoal(plan, rows, kNow, error), rows);
        }
        // Both limits: the cheapest that finishes in time and within the budget.
        plan.goal.deadline = std::to_string(hours[hours.size() / 2] * 3600) + "s";
        plan.goal.budget = 50;
        checkAgainstEveryOption(plan, *solveGoal(plan, rows, kNow, error), rows);
    }

    void aLayoutThatDoesNotFitIsFixedOrRejected() {
        // Llama 3.1 8B on one GPU does not fit without sharding; on more GPUs the memory fix
        // (ZeRO, checkpointing, a smaller micro-batch) makes it fit; the option carries it.
        const std::vector<PriceRow>& rows = shippedPrices();
        Plan plan = demoPlan();
        QVERIFY(setPlanField(plan, "model.architecture",
                             "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256").empty());
        plan.model.tokensPerSample = 4096;
        plan.recipe.microBatch = 4;
        plan.recipe.globalBatch = 256;
        plan.cluster.cloud = "lambda";
        plan.cluster.maxNodes = 4;
        plan.goal.deadline = "100000h";
        Text error;
        const std::optional<GoalAnswer> g = solveGoal(plan, rows, kNow, error);
        QVERIFY2(g, error.english().c_str());
        checkAgainstEveryOption(plan, *g, rows);
        bool fixed = false, unfit = false;
        for (const CostOption& o : g->options) {
            fixed |= o.fits && !o.fix.empty();
            unfit |= !o.fits;
        }
        QVERIFY(fixed);
        QVERIFY(unfit);  // one H100 cannot hold 8B parameters' training states
    }

    void noGoalNoAnswerAndABadDeadlineSaysSo() {
        Plan plan = demoPlan();
        Text error;
        QVERIFY(!solveGoal(plan, shippedPrices(), kNow, error));
        QVERIFY(error.empty());
        plan.goal.deadline = "2020-01-01T00:00";
        QVERIFY(!solveGoal(plan, shippedPrices(), kNow, error));
        QVERIFY(!error.empty());
    }
};

QTEST_MAIN(TestCostSolver)
#include "tst_cost_solver.moc"
