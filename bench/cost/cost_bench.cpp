// How long the deadline solver takes for 64 GPUs (8 nodes of 8) × 5 GPU types × 5
// clouds: the goal of issue 36 is under 100 ms on the 2-core CI machine. Every cloud
// sells every GPU type here (a synthetic catalogue in one currency, so that all 25
// pairs are compared), in 1-GPU and 8-GPU instances; two workloads: the demo plan
// (everything fits) and Llama 3.1 8B at 4,096 tokens (the small layouts need the
// memory fix searched). Prints the median, the fastest and the slowest of N solves.
//
//   cost_bench [N]

#include "cost/cost_solver.h"
#include "cost/price_catalogue.h"
#include "cost/pricing.h"
#include "plan/hardware.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace traindeck;

namespace {

std::vector<PriceRow> syntheticCatalogue() {
    std::vector<PriceRow> rows;
    const char* clouds[] = {"aws", "gcp", "azure", "lambda", "alibaba"};
    double price = 1.0;
    for (const char* cloud : clouds)
        for (const GpuModel& gpu : gpuCatalogue())
            for (int gpus : {1, 8}) {
                PriceRow r;
                r.cloud = cloud;
                r.region = "r1";
                r.gpu = gpu.key;
                r.gpusPerNode = gpus;
                r.instance = gpu.key + "-" + std::to_string(gpus);
                r.onDemandPerGpuHour = (price += 0.37);
                r.currency = "USD";
                rows.push_back(r);
            }
    return rows;
}

void measure(const char* name, const Plan& plan, const std::vector<PriceRow>& rows, int n) {
    std::vector<double> ms;
    size_t options = 0;
    bool met = false;
    for (int i = 0; i < n; ++i) {
        Text error;
        const auto t0 = std::chrono::steady_clock::now();
        const std::optional<GoalAnswer> g = solveGoal(plan, rows, 0, error);
        const auto t1 = std::chrono::steady_clock::now();
        if (!g) {
            std::fprintf(stderr, "%s: no answer: %s\n", name, error.english().c_str());
            std::exit(1);
        }
        options = g->options.size();
        met = g->met();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-28s %4zu options  met %-3s  median %7.2f ms  min %7.2f  max %7.2f  (n=%d)\n", name, options,
                met ? "yes" : "no", ms[ms.size() / 2], ms.front(), ms.back(), n);
}

}  // namespace

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 20;
    const std::vector<PriceRow> rows = syntheticCatalogue();
    Plan demo = demoPlan();
    demo.cluster.cloud = "aws";
    demo.cluster.maxNodes = 8;
    demo.goal.acrossGpus = true;
    demo.goal.deadline = "10h";
    measure("demo, deadline 10h", demo, rows, n);
    Plan budget = demo;
    budget.goal.deadline.clear();
    budget.goal.budget = 500;
    measure("demo, budget $500", budget, rows, n);

    Plan llama = demo;
    if (!setPlanField(llama, "model.architecture",
                      "llama hidden=4096 layers=32 heads=32 kv_heads=8 ffn=14336 vocab=128256").empty())
        return 1;
    llama.model.tokensPerSample = 4096;
    llama.recipe.microBatch = 4;
    llama.recipe.globalBatch = 512;
    llama.recipe.totalSteps = 2000;
    llama.goal.deadline = "48h";
    measure("llama-3.1-8b, deadline 48h", llama, rows, n);
    Plan shipped = demo;
    measure("demo, shipped catalogue", shipped, shippedPrices(), n);
    return 0;
}
