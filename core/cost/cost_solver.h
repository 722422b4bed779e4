#pragma once
// Deadline and budget: the cheapest way to finish by a deadline, or the fastest
// within a budget, among layouts of up to cluster.max_nodes nodes (one node with
// 1, 2, 4 or all of its GPUs, or 2… whole nodes), each with its own batch split
// (batch_solve.h) and, where it does not fit, the memory fix that makes it fit
// (memory_fix.h: ZeRO or FSDP, checkpointing, a smaller micro-batch); with
// goal.across_gpus also every GPU type and cloud of the catalogue, each priced with
// its own step time. Options are compared in the plan's currency only (no exchange
// rates are assumed): rows in another currency are counted, not compared.

#include "cost/layout_cost.h"
#include "plan/findings.h"
#include "plan/plan.h"
#include "text/text.h"

#include <ctime>
#include <optional>
#include <string>
#include <vector>

namespace traindeck {

// One way to run the plan: a GPU type, a layout and the price it is paid at.
struct CostOption {
    std::string gpu;
    std::string cloud;             // empty with the user's own price
    LayoutCost cost;               // cost.layout, hours, per hour, to finish, the row
    int microBatch = 0, gradAccum = 0;
    double stepTimeS = 0;
    bool fits = true;              // fits the GPUs' memory (after the fix, if any)
    bool batchExact = true;        // reaches the target global batch exactly (batch_solve.h)
    std::vector<FieldEdit> edits;  // what the plan must change to run it: layout, GPU, cloud, memory fix
    Text fix;                      // the memory fix in words; empty when none was needed
    bool runs() const { return fits && batchExact && cost.priced; }
};

struct GoalAnswer {
    std::optional<double> deadlineHours;  // the limits as asked
    std::optional<double> budget;
    std::string currency;
    std::vector<CostOption> options;  // every option considered, fastest first
    int chosen = -1;                  // index into options; -1: nothing meets the goal
    int closest = -1;                 // when nothing does: the fastest (deadline) or cheapest (budget) that runs
    int otherCurrency = 0;            // catalogue rows not compared: priced in another currency
    // Why each option cheaper (deadline) or faster (budget) than the chosen one fails;
    // when nothing meets the goal, why the closest misses.
    std::vector<std::pair<int, Text>> rejected;
    Text summary;                     // one line: the choice, or what misses and by how much
    bool met() const { return chosen >= 0; }
};

// None when the plan asks for neither a deadline nor a budget; `error` is set when
// the deadline cannot be read. `now` turns a date and time into hours.
std::optional<GoalAnswer> solveGoal(const Plan& plan, const std::vector<PriceRow>& rows, std::time_t now, Text& error);

// The layouts a goal tries for a GPU type of `nodeGpus` GPUs per node.
std::vector<Layout> goalLayouts(int nodeGpus, int maxNodes);

// Whether `a` is the better answer to the goal than `b` (both run and meet it):
// with a deadline the cheaper (then the sooner), with only a budget the sooner
// (then the cheaper). Tests compare the choice against every option through it.
bool betterForGoal(const CostOption& a, const CostOption& b, bool hasDeadline);
bool meetsGoal(const CostOption& o, const GoalAnswer& goal);

}  // namespace traindeck
