#pragma once
// What one layout costs at the plan's prices: pure data, filled by core/cost
// (pricing.h) into PlanAnalysis::costs, shown by both faces.

#include "plan/plan.h"
#include "text/text.h"

#include <string>

namespace traindeck {

// One row of the price catalogue (resources/prices.yaml, or the user's own file):
// a cloud's instance of `gpusPerNode` GPUs in a region, and where its price was read.
struct PriceRow {
    std::string cloud, region, gpu;
    int gpusPerNode = 8;
    std::string instance;
    double onDemandPerGpuHour = 0;
    double spotPerGpuHour = 0;   // 0: no spot price known
    std::string currency;        // "USD", "CNY"
    std::string source;          // the page it was read from
    std::string date;            // when it was read
    std::string note;            // how sure the figure is, what it includes
    std::string origin;          // the file it came from: the shipped catalogue or the user's
    double perGpuHour(bool spot) const { return spot ? spotPerGpuHour : onDemandPerGpuHour; }
    friend bool operator==(const PriceRow&, const PriceRow&) = default;
};

struct LayoutCost {
    Layout layout;
    bool priced = false;
    Text unpriced;               // why not, when not priced
    double perHour = 0;          // what the layout's machines cost per hour
    double hours = 0;            // time to finish the run
    double toFinish = 0;         // perHour × hours
    // The step time's expected error carried into the cost: the cost lies within
    // toFinish × (1 ± error).
    double error = 0;
    int billedGpus = 0;          // GPUs paid for: whole instances of the row
    std::string currency;
    bool userPrice = false;      // the plan's own price per GPU-hour, not a catalogue row
    bool spot = false;
    // On spot: the expected preemptions, folded into hours (and so into toFinish)
    // (spot_preemption.h); 0 on-demand.
    double preemptions = 0;
    double preemptionHours = 0;      // of hours, the expected time lost to preemptions
    double checkpointIntervalS = 0;  // the interval the lost work is counted with; 0: no checkpoints
    // The work the run does: steps × the layout's global batch (× tokens per sample), so
    // that layouts training different batches are compared per sample, not per run.
    double samples = 0;
    double tokens = 0;               // 0: the plan gives no tokens per sample
    double perSample() const { return samples > 0 ? toFinish / samples : 0; }
    double perMillionTokens() const { return tokens > 0 ? toFinish / tokens * 1e6 : 0; }
    PriceRow row;                // the catalogue row the price comes from (when !userPrice)
};

}  // namespace traindeck
