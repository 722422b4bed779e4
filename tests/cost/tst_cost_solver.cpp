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
#include <random>
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
        const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error, false);  // every layout estimated
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
        const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error, false);  // every layout estimated
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
        const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error, false);  // every layout estimated
        QVERIFY(all);
        std::set<std::string> gpus, clouds;
        for (const CostOption& o : all->options) {
            gpus.insert(o.gpu);
            clouds.insert(o.cloud);
            if (o.cost.priced) QCOMPARE(o.cost.currency, std::string("USD"));  // the plan's currency only
        }
        QCOMPARE(clouds, (std::set<std::string>{"aws", "azure", "gcp", "lambda", "nebius", "oci", "runpod"}));
        QCOMPARE(gpus, (std::set<std::string>{"a100", "a100-40gb", "b200", "gh200", "h100", "h200", "l40s", "mi300x"}));
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

    void pruningFindsWhatTheWholeSpaceFinds() {
        // The pruned search (batch, then the communication bound) against every layout estimated:
        // the same choice, or the same closest miss, for deadlines and budgets across the space.
        const std::vector<PriceRow>& rows = shippedPrices();
        std::vector<Plan> plans;
        Plan demo = demoPlan();
        demo.cluster.cloud = "aws";
        demo.cluster.maxNodes = 48;
        plans.push_back(demo);
        Plan noTarget = demo;  // every world makes its own batch: nothing skipped, the bound alone prunes
        noTarget.recipe.globalBatch = 0;
        plans.push_back(noTarget);
        Plan across = demo;
        across.goal.acrossGpus = true;
        across.cluster.maxNodes = 24;
        plans.push_back(across);
        int pruned = 0, skipped = 0;
        for (Plan plan : plans) {
            plan.goal.deadline = "100000h";
            Text error;
            const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error, false);
            QVERIFY2(all, error.english().c_str());
            std::vector<double> hours, costs;
            for (const CostOption& o : all->options)
                if (o.runs()) {
                    hours.push_back(o.cost.hours);
                    costs.push_back(o.cost.toFinish);
                }
            const auto same = [&](const Plan& p) {
                const std::optional<GoalAnswer> whole = solveGoal(p, rows, kNow, error, false);
                const std::optional<GoalAnswer> fast = solveGoal(p, rows, kNow, error, true);
                QVERIFY(whole && fast);
                checkAgainstEveryOption(p, *whole, rows);
                pruned += fast->pruned;
                skipped += fast->skipped;
                QCOMPARE(fast->met(), whole->met());
                const int a = fast->met() ? fast->chosen : fast->closest, b = whole->met() ? whole->chosen : whole->closest;
                QCOMPARE(a < 0, b < 0);
                if (a < 0) return;
                const CostOption& x = fast->options[size_t(a)];
                const CostOption& y = whole->options[size_t(b)];
                QCOMPARE(x.cost.layout, y.cost.layout);
                QCOMPARE(x.gpu, y.gpu);
                QCOMPARE(x.cost.toFinish, y.cost.toFinish);
            };
            for (double limit : quantiles(hours)) {
                Plan p = plan;
                p.goal.deadline = std::to_string(limit * 3600) + "s";
                same(p);
            }
            for (double budget : quantiles(costs)) {
                Plan p = plan;
                p.goal.deadline.clear();
                p.goal.budget = budget;
                same(p);
            }
        }
        QVERIFY(pruned > 0);   // the bound did cut the search somewhere
        QVERIFY(skipped > 0);  // and worlds that cannot make batch 256 were never estimated
    }

    void pruningFindsWhatEveryLayoutFindsOnRandomPlans() {
        // The pruned search against every layout estimated, on plans drawn at random (a fixed
        // seed): models that fit anywhere and ones that need a memory fix, with and without a
        // target batch, steps or epochs, one cloud or every GPU type and cloud, spot, and limits
        // drawn from the whole space's own times and costs (some met, some not). The same answer
        // each time: the choice or the closest miss, its figures and the summary said.
        const std::vector<PriceRow>& rows = shippedPrices();
        std::mt19937 random(49);
        const auto draw = [&](int n) { return int(random() % unsigned(n)); };
        const char* models[] = {"", "llama hidden=2048 layers=16 heads=32 kv_heads=8 ffn=8192 vocab=128256",
                                "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256"};
        const char* clouds[] = {"aws", "gcp", "azure", "lambda", "nebius", "oci", "runpod"};
        const char* gpus[] = {"h100", "h200", "a100", "b200"};
        const long batches[] = {0, 0, 64, 96, 256, 512, 1000};
        int cases = 0, pruned = 0, met = 0, missed = 0;
        for (int i = 0; i < 120; ++i) {
            Plan plan = demoPlan();
            if (const int m = draw(3); m > 0) {
                QVERIFY(setPlanField(plan, "model.architecture", models[m]).empty());
                plan.model.tokensPerSample = m == 1 ? 2048 : 4096;
            }
            plan.recipe.microBatch = 1 << draw(4);
            plan.recipe.globalBatch = batches[draw(7)];
            if (draw(4) == 0) {
                plan.recipe.epochs = 1 + draw(3);
                plan.recipe.datasetSize = 20'000 + 10'000 * draw(10);
            } else {
                plan.recipe.totalSteps = 200 + 100 * draw(40);
            }
            plan.cluster.cloud = clouds[draw(7)];
            plan.cluster.gpu = gpus[draw(4)];
            plan.goal.acrossGpus = draw(2) == 0;
            plan.cluster.spot = draw(5) == 0;
            plan.cluster.maxNodes = 1 + draw(20);
            plan.goal.deadline = "100000h";
            Text error;
            const std::optional<GoalAnswer> all = solveGoal(plan, rows, kNow, error, false);
            if (!all) continue;  // not priced here (a GPU the cloud does not sell, no spot price): said elsewhere
            std::vector<double> hours, costs;
            for (const CostOption& o : all->options)
                if (o.runs()) {
                    hours.push_back(o.cost.hours);
                    costs.push_back(o.cost.toFinish);
                }
            if (hours.empty()) continue;
            std::sort(hours.begin(), hours.end());
            std::sort(costs.begin(), costs.end());
            // A deadline, a budget or both, each at a random point of the space's own spread
            // (below its least: nothing meets it).
            const auto at = [&](const std::vector<double>& v) {
                return draw(4) == 0 ? v.front() * 0.9 : v[size_t(draw(int(v.size())))] * (1 + 1e-9);
            };
            const int limits = draw(3);
            plan.goal.deadline = limits == 1 ? std::string() : std::to_string(at(hours) * 3600) + "s";
            plan.goal.budget = limits == 0 ? 0 : at(costs);
            const std::optional<GoalAnswer> whole = solveGoal(plan, rows, kNow, error, false);
            const std::optional<GoalAnswer> fast = solveGoal(plan, rows, kNow, error, true);
            QVERIFY(whole && fast);
            ++cases;
            pruned += fast->pruned + fast->skipped;
            (whole->met() ? met : missed)++;
            const std::string where = "case " + std::to_string(i) + ": " + whole->summary.english();
            QVERIFY2(fast->met() == whole->met(), where.c_str());
            const int a = fast->met() ? fast->chosen : fast->closest, b = whole->met() ? whole->chosen : whole->closest;
            QVERIFY2((a < 0) == (b < 0), where.c_str());
            QVERIFY2(fast->summary.english() == whole->summary.english(),
                     (where + " | pruned: " + fast->summary.english()).c_str());
            QVERIFY2(fast->caution.english() == whole->caution.english(), where.c_str());
            if (a < 0) continue;
            const CostOption& x = fast->options[size_t(a)];
            const CostOption& y = whole->options[size_t(b)];
            QVERIFY2(x.cost.layout == y.cost.layout && x.gpu == y.gpu && x.cloud == y.cloud, where.c_str());
            QCOMPARE(x.cost.toFinish, y.cost.toFinish);
            QCOMPARE(x.cost.hours, y.cost.hours);
            QVERIFY(fast->options.size() <= whole->options.size());
        }
        QVERIFY(cases >= 60);  // most draws are priced
        QVERIFY(met > 0 && missed > 0);
        QVERIFY(pruned > 0);  // the search did leave layouts out
    }

    void currenciesAreNeverMixed() {
        // Alibaba's rows are in yuan: a budget in dollars cannot be compared with them.
        Plan plan = demoPlan();
        plan.cluster.cloud = "alibaba";
        plan.cluster.gpu = "a800";
        plan.cluster.currency = "USD";
        plan.goal.budget = 100;
        Text error;
        QVERIFY(!solveGoal(plan, shippedPrices(), kNow, error));
        QVERIFY2(error.english().find("in CNY and the plan's money is in USD") != std::string::npos, error.english().c_str());
        // In its own currency the same goal is answered, in yuan.
        plan.cluster.currency = "CNY";
        error = {};
        const std::optional<GoalAnswer> yuan = solveGoal(plan, shippedPrices(), kNow, error);
        QVERIFY2(yuan, error.english().c_str());
        QCOMPARE(yuan->currency, std::string("CNY"));
        for (const CostOption& o : yuan->options)
            if (o.cost.priced) QCOMPARE(o.cost.currency, std::string("CNY"));
        plan.cluster.cloud = "aws";
        plan.cluster.gpu = "h100";
        plan.cluster.currency = "EUR";
        error = {};
        QVERIFY(!solveGoal(plan, shippedPrices(), kNow, error));
        QVERIFY2(error.english().find("in USD and the plan's money is in EUR") != std::string::npos, error.english().c_str());
    }

    void aGoalThatCannotBePricedNamesTheGap() {
        const auto gap = [](void (*change)(Plan&)) {
            Plan plan = demoPlan();
            plan.cluster.cloud = "aws";
            plan.goal.deadline = "100h";
            change(plan);
            Text error;
            const std::optional<GoalAnswer> g = solveGoal(plan, shippedPrices(), kNow, error);
            return g ? std::string("answered") : error.english();
        };
        QVERIFY(gap([](Plan&) {}) == "answered");
        const std::string cloud = gap([](Plan& p) { p.cluster.cloud = "acme"; });
        QVERIFY2(cloud.find("no cloud 'acme'") != std::string::npos && cloud.find("aws") != std::string::npos, cloud.c_str());
        const std::string region = gap([](Plan& p) { p.cluster.region = "mars-1"; });
        QVERIFY2(region.find("no region 'mars-1'") != std::string::npos, region.c_str());
        const std::string gpu = gap([](Plan& p) {
            p.cluster.cloud = "lambda";
            p.cluster.gpu = "l40s";
        });
        QVERIFY2(gpu.find("has no l40s price") != std::string::npos && gpu.find("h100") != std::string::npos, gpu.c_str());
        const std::string spot = gap([](Plan& p) {
            p.cluster.cloud = "lambda";
            p.cluster.spot = true;
        });
        QVERIFY2(spot.find("no spot price") != std::string::npos, spot.c_str());
        const std::string none = gap([](Plan& p) { p.cluster.cloud.clear(); });
        QVERIFY2(none.find("needs prices") != std::string::npos, none.c_str());
    }

    void aLayoutThatCannotRunSaysWhatStopsIt() {
        // Nothing fits: Llama 70B's states on at most two H100 nodes.
        Plan plan = demoPlan();
        QVERIFY(setPlanField(plan, "model.architecture",
                             "llama hidden=8192 layers=80 heads=64 kv_heads=8 ffn=28672 vocab=128256").empty());
        plan.cluster.cloud = "aws";
        plan.cluster.maxNodes = 1;
        plan.goal.deadline = "100000h";
        Text error;
        const std::optional<GoalAnswer> g = solveGoal(plan, shippedPrices(), kNow, error);
        QVERIFY(g && !g->met());
        QVERIFY2(g->summary.english().find("fits in memory") != std::string::npos, g->summary.english().c_str());
        // Llama 3.1 8B does not fit one GPU, and no larger world makes batch 63 (no power of two above 1 divides it).
        Plan odd = demoPlan();
        QVERIFY(setPlanField(odd, "model.architecture",
                             "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256").empty());
        odd.model.tokensPerSample = 4096;
        odd.cluster.cloud = "aws";
        odd.recipe.globalBatch = 7 * 9;
        odd.cluster.maxNodes = 2;
        odd.goal.deadline = "100000h";
        const std::optional<GoalAnswer> b = solveGoal(odd, shippedPrices(), kNow, error);
        QVERIFY(b && !b->met());
        QVERIFY2(b->summary.english().find("global batch 63") != std::string::npos, b->summary.english().c_str());
    }

    void aChoiceThatMeetsTheGoalOnlyAtItsEstimateIsCautioned() {
        Plan plan = demoPlan();
        plan.cluster.cloud = "aws";
        plan.goal.budget = 1e9;
        Text error;
        const std::optional<GoalAnswer> all = solveGoal(plan, shippedPrices(), kNow, error);
        QVERIFY(all && all->met());
        QVERIFY(all->caution.empty());  // far within the budget
        const CostOption& c = all->options[size_t(all->chosen)];
        plan.goal.budget = c.cost.toFinish * (1 + c.cost.error / 2);  // within it at the estimate, not at its upper end
        const std::optional<GoalAnswer> tight = solveGoal(plan, shippedPrices(), kNow, error);
        QVERIFY(tight && tight->met());
        const CostOption& t = tight->options[size_t(tight->chosen)];
        QVERIFY(t.cost.toFinish * (1 + t.cost.error) > *tight->budget);
        QVERIFY2(tight->caution.english().find("over the budget") != std::string::npos, tight->caution.english().c_str());
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
