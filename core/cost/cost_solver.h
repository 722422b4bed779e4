#pragma once
// Deadline and budget: the cheapest way to finish by a deadline, or the fastest
// within a budget, among layouts of up to cluster.max_nodes nodes (one node with
// 1, 2, 4 or all of its GPUs, or 2… whole nodes), each with its own batch split
// (batch_solve.h) and, where it does not fit, the memory fix that makes it fit
// (memory_fix.h: ZeRO or FSDP, checkpointing, a smaller micro-batch); with
// goal.across_gpus also every GPU type and cloud of the catalogue, each priced with
// its own step time. Options are compared in the plan's currency only (no exchange
// rates are assumed): rows in another currency are counted, not compared.
//
// Up to 4096 nodes are searched without estimating each. A layout whose world cannot make
// the target batch is skipped. Every other one gets floors before it is estimated: its
// hours are at least steps × the samples each GPU trains per step × the least compute per
// sample any run of its GPU type can have (the plan's own checkpointing at the plan's MFU:
// a memory fix only adds recomputation, and hours also hold evaluations, checkpoints,
// traffic and communication), and its cost at least those hours × its nodes × the cheapest
// cloud's node-hour. Once a whole-node layout fits with no memory fix and its batch split
// has settled (no accumulation left), every larger one of that GPU type also spends at least
// this one's exposed communication per step (more GPUs only add to it and shrink the
// compute that hides it), which raises their floors. Layouts are estimated cheapest floor
// first (fastest first for a budget), and one whose floors lie past the best answer found
// (costs more than the cheapest that finishes in time, takes longer than the fastest
// within the budget, or, while nothing meets the goal, cannot be the closest miss) is never
// estimated. The floors come from the estimate's own terms, so the answer is the one every
// layout estimated gives (tests compare the two on many random plans).

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
    int skipped = 0;                  // layouts not estimated: their world cannot make the target batch
    int pruned = 0;                   // layouts not estimated: their floors cannot change the answer
    // Why each option cheaper (deadline) or faster (budget) than the chosen one fails;
    // when nothing meets the goal, why the closest misses.
    std::vector<std::pair<int, Text>> rejected;
    Text summary;                     // one line: the choice, or what misses and by how much
    // When the choice meets the goal only at its estimate: within its step time's expected
    // error it may take longer than the deadline or cost more than the budget. Empty otherwise.
    Text caution;
    bool met() const { return chosen >= 0; }
};

// None when the plan asks for neither a deadline nor a budget; `error` is set (one line
// naming the gap) when the goal cannot be answered: the deadline cannot be read, or no
// layout can be priced (an unknown cloud or region, a GPU type the cloud does not sell,
// spot where no spot price is known, prices only in another currency). `now` turns a
// date and time into hours. `prune` false estimates every layout (the tests' reference).
std::optional<GoalAnswer> solveGoal(const Plan& plan, const std::vector<PriceRow>& rows, std::time_t now, Text& error,
                                    bool prune = true);

// Why no layout of the plan can be priced for a goal in `currency`; empty when some can.
Text goalPriceGap(const Plan& plan, const std::vector<PriceRow>& rows, const std::string& currency);

// The layouts a goal tries for a GPU type of `nodeGpus` GPUs per node.
std::vector<Layout> goalLayouts(int nodeGpus, int maxNodes);

// Whether `a` is the better answer to the goal than `b` (both run and meet it):
// with a deadline the cheaper (then the sooner), with only a budget the sooner
// (then the cheaper). Tests compare the choice against every option through it.
bool betterForGoal(const CostOption& a, const CostOption& b, bool hasDeadline);
bool meetsGoal(const CostOption& o, const GoalAnswer& goal);

}  // namespace traindeck
