#include "plan/memory_fix.h"

#include "plan/batch_solve.h"
#include "plan/batch_split_edit.h"
#include "plan/estimate.h"
#include "plan/plan_fields.h"

#include <algorithm>
#include <string>

namespace traindeck {
namespace {

// A fix aims below 90% of the card first (above it the plan warns of too little room
// for fragmentation), and settles for the whole card when nothing fits so
// (Estimate::fitsCard, kComfortableShare).

// One lever's setting: the plan edits it makes and how a fix names it.
struct Lever {
    std::vector<FieldEdit> edits;
    Text words;  // empty: the plan's own setting, nothing to say
};

// Sharding from the plan's own setting up to the most: ZeRO stages, or FSDP's full shard.
std::vector<Lever> shardingLevers(const Plan& plan) {
    std::vector<Lever> out{{}};
    const Recipe& r = plan.recipe;
    if (r.fsdp == Recipe::Fsdp::None)
        for (int stage = r.zeroStage + 1; stage <= 3; ++stage)
            out.push_back({{{"recipe.zero_stage", std::to_string(stage)}},
                           Text(TD_TEXT("FindingTexts", "ZeRO stage %1"), {Text::value(std::to_string(stage))})});
    else if (r.fsdp != Recipe::Fsdp::FullShard)
        out.push_back({{{"recipe.fsdp", "full_shard"}}, Text(TD_TEXT("FindingTexts", "FSDP full_shard"))});
    return out;
}

// Checkpointing from the plan's own level up to full. Selective recomputes only the
// attention scores, which flash attention never stores: no lever then.
std::vector<Lever> checkpointingLevers(const Plan& plan) {
    std::vector<Lever> out{{}};
    if (plan.model.architecture.empty())
        return out;  // activations given per sample: nothing to recompute in the estimate
    const std::string current = findPlanField("model.activation_checkpointing")->get(plan);
    for (const char* level : {"selective", "full"}) {
        if (current == "full" || (current == "selective" && std::string(level) == "selective"))
            continue;
        if (std::string(level) == "selective" && plan.model.flashAttention)
            continue;
        // The level's own words, translated: a value in the sentence stayed English ("full 激活检查点").
        out.push_back({{{"model.activation_checkpointing", level}},
                       std::string(level) == "full" ? Text(TD_TEXT("FindingTexts", "full activation checkpointing"))
                                                    : Text(TD_TEXT("FindingTexts", "selective activation checkpointing"))});
    }
    return out;
}

// A micro-batch split and the figures of the plan it makes.
struct Split {
    Lever lever;
    Estimate estimate;
};

// What one combination of levers comes to below each share of the card.
struct Outcome {
    std::optional<Split> comfortable, whole;  // below kComfortableShare, below the whole card
};

// The largest micro-batches that keep the effective batch on `layout` and fit below
// each share of the card, in one descending scan; `now` is the plan's own estimate there.
Outcome largestFittingSplits(const Plan& plan, const Layout& layout, const Estimate& now) {
    Outcome out;
    const long batch = long(now.effectiveBatch.value);
    const long perGpu = batch / layout.worldSize();
    if (perGpu * layout.worldSize() != batch)
        return out;
    for (long micro = std::min<long>(perGpu, now.microBatch); micro >= 1 && !out.comfortable; --micro) {
        if (perGpu % micro || micro == now.microBatch)
            continue;
        BatchSplitEdit split = batchSplitEdit(plan, micro, perGpu, batch);
        Lever l{std::move(split.edits), std::move(split.words)};
        Estimate e = estimate(withEdits(plan, l.edits), layout);
        if (!out.whole && e.fitsCard())
            out.whole = Split{l, e};
        if (e.fitsCard(kComfortableShare))
            out.comfortable = Split{std::move(l), std::move(e)};
    }
    return out;
}

Text joined(const std::vector<Text>& parts) {
    switch (parts.size()) {
    case 1: return Text(TD_TEXT("FindingTexts", "use %1"), parts);
    case 2: return Text(TD_TEXT("FindingTexts", "use %1 and %2"), parts);
    default: return Text(TD_TEXT("FindingTexts", "use %1, %2 and %3"), parts);
    }
}

// Keeps the fix with the shortest step; within 1% the one found first, as the
// levers are tried in the order of what they cost: split, checkpointing, sharding.
void keepFaster(std::optional<MemoryFix>& best, std::vector<FieldEdit> edits, std::vector<Text> words,
                const std::optional<Split>& split, const Estimate& unsplit) {
    const Estimate& e = split ? split->estimate : unsplit;
    if (split) {
        edits.insert(edits.end(), split->lever.edits.begin(), split->lever.edits.end());
        words.push_back(split->lever.words);
    }
    if (edits.empty())
        return;  // the plan fits as it is
    const double step = e.stepTimeS.value;
    if (!best || step < best->stepTimeS * 0.99)
        best = MemoryFix{std::move(edits), joined(words), e.memoryPerGpuGb.value, step};
}

}  // namespace

// Every combination of sharding and checkpointing, each with the largest split
// that then fits; a fix below 90% of the card wins over any above it.
std::optional<MemoryFix> cheapestMemoryFix(const Plan& plan, const Layout& layout) {
    std::optional<MemoryFix> comfortable, whole;
    for (const Lever& sharding : shardingLevers(plan))
        for (const Lever& checkpointing : checkpointingLevers(plan)) {
            std::vector<FieldEdit> edits = sharding.edits;
            edits.insert(edits.end(), checkpointing.edits.begin(), checkpointing.edits.end());
            std::vector<Text> words;
            for (const Lever* l : {&sharding, &checkpointing})
                if (!l->words.empty()) words.push_back(l->words);
            const Plan p = withEdits(plan, edits);
            const Estimate e = estimate(p, layout);
            // Unsplit where it fits so; else the largest split that does.
            const Outcome splits = e.fitsCard(kComfortableShare) ? Outcome{} : largestFittingSplits(p, layout, e);
            if (e.fitsCard(kComfortableShare) || splits.comfortable)
                keepFaster(comfortable, edits, words, splits.comfortable, e);
            if (e.fitsCard() || splits.whole)
                keepFaster(whole, edits, words, e.fitsCard() ? std::nullopt : splits.whole, e);
        }
    return comfortable ? comfortable : whole;
}

int largestFittingMicroBatch(const Plan& plan, const Layout& layout) {
    // Below the layout's own micro-batch (batch_solve.h), which may be under the plan's.
    for (int micro = solveBatch(plan.recipe, layout.worldSize()).microBatch - 1; micro >= 1; --micro) {
        Plan p = plan;
        p.recipe.microBatch = micro;
        if (estimate(p, layout).fitsCard())
            return micro;
    }
    return 0;
}

}  // namespace traindeck
