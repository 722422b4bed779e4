#include "plan/workload_summary.h"

#include "plan/calibration_workload.h"
#include "plan/hardware.h"
#include "plan/plan_fields.h"
#include "text/number_text.h"

#include <algorithm>
#include <cctype>

namespace traindeck {
namespace {

Text val(std::string v) { return Text::value(std::move(v)); }

// The catalogue's key as the cards are called ("H200"); another device's name as it came.
std::string gpuName(const std::string& gpu) {
    if (!findGpu(gpu))
        return printable(gpu, 40);
    std::string upper = gpu;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return upper;
}

// The plan file's word for a value ("full_shard"), through its field (plan_fields.cpp).
template <typename Put>
std::string fieldWord(const char* key, Put put) {
    Plan scratch;
    put(scratch);
    return findPlanField(key)->get(scratch);
}

// The part's words; empty when the workload does not say it, or says "off" and `sayOff` is false.
Text partText(const MeasuredWorkload& w, WorkloadPart part, bool sayOff) {
    switch (part) {
    case WorkloadPart::Batch:
        if (w.microBatch <= 0)
            return {};
        if (w.gradAccum > 1)
            return Text(TD_TEXT("Workload", "micro-batch %1 × accumulation %2"),
                        {val(std::to_string(w.microBatch)), val(std::to_string(w.gradAccum))});
        return Text(TD_TEXT("Workload", "micro-batch %1"), {val(std::to_string(w.microBatch))});
    case WorkloadPart::Tokens:
        return w.tokensPerSample > 0 ? Text(TD_TEXT("Workload", "%1 tokens"), {val(estimateText(w.tokensPerSample))})
                                     : Text();
    case WorkloadPart::Checkpointing:
        if (w.checkpointing == ActivationCheckpointing::Full)
            return Text(TD_TEXT("Workload", "full checkpointing"));
        if (w.checkpointing == ActivationCheckpointing::Selective)
            return Text(TD_TEXT("Workload", "selective checkpointing"));
        return w.checkpointing && sayOff ? Text(TD_TEXT("Workload", "no checkpointing")) : Text();
    case WorkloadPart::Sharding:
        if (w.fsdp && *w.fsdp != Recipe::Fsdp::None)
            return Text(TD_TEXT("Workload", "FSDP %1"),
                        {val(fieldWord("recipe.fsdp", [&](Plan& p) { p.recipe.fsdp = *w.fsdp; }))});
        if (w.zeroStage > 0)
            return Text(TD_TEXT("Workload", "ZeRO-%1"), {val(std::to_string(w.zeroStage))});
        return (w.fsdp || w.zeroStage == 0) && sayOff ? Text(TD_TEXT("Workload", "no sharding")) : Text();
    case WorkloadPart::Precision:
        return w.precision ? val(fieldWord("recipe.precision", [&](Plan& p) { p.recipe.precision = *w.precision; }))
                           : Text();
    case WorkloadPart::Gpu:
        return w.gpu.empty() ? Text() : val(gpuName(w.gpu));
    case WorkloadPart::Model:
        if (w.params > 0 && !w.model.empty())
            return val(printable(w.model, 40) + " " + shortCountText(w.params));
        if (w.params > 0)
            return Text(TD_TEXT("Workload", "%1 parameters"), {val(shortCountText(w.params))});
        return w.model.empty() ? Text() : val(printable(w.model, 40));
    }
    return {};
}

constexpr WorkloadPart kParts[] = {WorkloadPart::Batch,     WorkloadPart::Tokens, WorkloadPart::Checkpointing,
                                   WorkloadPart::Sharding,  WorkloadPart::Precision, WorkloadPart::Gpu,
                                   WorkloadPart::Model};

Text summary(const MeasuredWorkload& workload, const std::vector<WorkloadPart>& parts, bool sayOff) {
    Text out;
    for (const WorkloadPart part : kParts) {
        if (std::find(parts.begin(), parts.end(), part) == parts.end())
            continue;
        Text piece = partText(workload, part, sayOff);
        if (piece.empty())
            continue;
        // A list's glue, translated ("，" in Chinese).
        out = out.empty() ? std::move(piece) : Text(TD_TEXT("Workload", "%1, %2"), {out, piece});
    }
    return out;
}

}  // namespace

Text workloadSummary(const MeasuredWorkload& workload) {
    return summary(workload, std::vector<WorkloadPart>(std::begin(kParts), std::end(kParts)), false);
}

Text workloadSummary(const MeasuredWorkload& workload, const std::vector<WorkloadPart>& parts) {
    return summary(workload, parts, true);
}

std::vector<WorkloadPart> differingParts(const MeasuredWorkload& a, const MeasuredWorkload& b) {
    std::vector<WorkloadPart> out;
    const auto differ = [&](WorkloadPart part) {
        switch (part) {
        case WorkloadPart::Batch: return a.microBatch != b.microBatch || a.gradAccum != b.gradAccum;
        case WorkloadPart::Tokens: return a.tokensPerSample != b.tokensPerSample;
        case WorkloadPart::Checkpointing: return a.checkpointing != b.checkpointing;
        case WorkloadPart::Sharding: return a.fsdp != b.fsdp || a.zeroStage != b.zeroStage;
        case WorkloadPart::Precision: return a.precision != b.precision;
        case WorkloadPart::Gpu: return a.gpu != b.gpu;
        case WorkloadPart::Model: return a.params != b.params || a.model != b.model;
        }
        return false;
    };
    for (const WorkloadPart part : kParts)
        if (differ(part))
            out.push_back(part);
    return out;
}

MeasuredWorkload pointWorkload(const Plan& plan, const Calibration& point) {
    return workloadOfPlan(planAtPoint(plan, point), point.layout);
}

Text shapeApartFromPlan(const Plan& plan, const Calibration& point) {
    const MeasuredWorkload measured = pointWorkload(plan, point);
    return workloadSummary(measured, differingParts(measured, workloadOfPlan(plan, point.layout)));
}

}  // namespace traindeck
