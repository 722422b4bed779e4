#include "plan/model_findings.h"

#include "plan/calibrate.h"
#include "plan/calibration_fit.h"
#include "plan/estimate.h"
#include "plan/hardware.h"
#include "plan/host_bound_fix.h"
#include "plan/plan_fields.h"
#include "plan/step_memory.h"
#include "text/number_text.h"

#include <algorithm>
#include <cmath>

namespace traindeck {
namespace {

std::string digits3(double v) { return estimateText(v); }  // core's one rule for estimates (number_text.h)

Finding finding(Severity s, std::string code, std::string field, std::optional<Layout> layout, Text message,
                Text fix, std::vector<FieldEdit> edits = {}) {
    Text title = findingTitle(code);
    return {s,           std::move(code), std::move(field), layout, std::move(message), std::move(fix),
            std::move(edits), std::move(title)};
}

std::string milliseconds(double seconds) { return estimateText(seconds * 1e3); }

// The GPUs wait for the host to issue each micro-step (host_bound_fix.h): the fix is fewer,
// larger micro-steps of the same batch where the layout has several, else said in words.
Finding hostBoundFinding(const Plan& plan, const Estimate& e) {
    const double accum = std::max(1, e.gradAccum);
    const double gpuPerMicro = (e.computeTimeS.value + e.memoryTimeS.value - e.optimizerTimeS) / accum;
    const std::optional<HostBoundFix> fix = hostBoundFix(plan, e);
    const bool own = e.layout == plan.cluster.layout();
    return finding(
        Severity::Warning, "host_bound_step", "recipe.micro_batch", e.layout,
        Text(TD_TEXT("Findings", "%1: eager PyTorch takes %2 ms to issue a micro-step's operators and the GPU "
                                 "%3 ms to run them: the GPUs wait for the host, and the step follows the host's "
                                 "speed, which differs between machines and from run to run"),
             {Text::value(layoutText(e.layout)), Text::value(milliseconds(e.hostTimeS.value / accum)),
              Text::value(milliseconds(gpuPerMicro))}),
        fix ? Text(TD_TEXT("Findings", "use %1: %2 s per step instead of %3 s"),
                   {fix->split.words, Text::value(digits3(fix->stepTimeS)), Text::value(digits3(e.stepTimeS.value))})
            : Text(TD_TEXT("Findings", "give each GPU more work per micro-step (a larger micro-batch, or fewer GPUs "
                                       "for the same batch) or issue fewer operators (torch.compile, CUDA graphs); a "
                                       "run that records its host time (traindeck_metrics' host_s) calibrates this "
                                       "host's speed")),
        fix && own ? fix->split.edits : std::vector<FieldEdit>{});
}

}  // namespace

bool fitsBadly(const PointResidual& r) { return std::fabs(r.measuredStepS / r.predictedStepS - 1) > kBadFitResidual; }

void addModelFindings(const Plan& plan, const std::vector<Estimate>& estimates, const FittedModel& fit,
                      std::vector<Finding>& out) {
    // A config.json of a family not known here, planned as the plain decoder: said, with what was assumed.
    model::Architecture arch;
    if (planArchitecture(plan, arch) && arch.assumed)
        out.push_back(finding(
            Severity::Warning, "model_assumed_decoder", "model.architecture", std::nullopt, model::assumedDecoderText(arch),
            Text(TD_TEXT("Findings", "compare the parameter count with the model's card; where they differ, correct "
                                     "the architecture's items (model.architecture) or give the parameter count"))));
    if (!plan.calibrations.empty()) {
        for (const RefusedPoint& r : fit.refused)
            out.push_back(finding(
                Severity::Warning, "calibration_point_refused", "calibration", r.point.layout,
                Text(TD_TEXT("Findings", "the measurement %1 is not used: %2"),
                     {Text::value(calibrationText(r.point)), r.why}),
                Text(TD_TEXT("Findings", "remove the point, or measure the plan's model on the plan's GPU type"))));
        for (const PointResidual& r : fit.points) {
            if (!fitsBadly(r))
                continue;
            const double off = r.measuredStepS / r.predictedStepS - 1;  // predicted samples/s against measured
            out.push_back(finding(
                Severity::Warning, "calibration_point_fits_badly", "calibration", r.point.layout,
                Text(TD_TEXT("Findings", "the measurement %1 fits the fitted model badly: it predicts %2 samples/s "
                                         "there (%3)"),
                     {Text::value(calibrationText(r.point)), Text::value(digits3(r.predictedSamplesPerS())),
                      Text::value(signedPercentText(off))}),
                Text(TD_TEXT("Findings", "check that the run had the plan's model, micro-batch and precision and "
                                         "was measured after warm-up; or remove the point"))));
        }
    }
    const GpuModel& gpu = *findGpu(plan.cluster.gpu);
    for (const Estimate& e : estimates) {
        const Layout& layout = e.layout;
        if (layout.gpusPerNode > gpu.gpusPerNode)
            continue;  // cannot run; its own finding says so
        if (hostBoundsStep(e))
            out.push_back(hostBoundFinding(plan, e));
        if (e.exposedCommTimeS.value <= e.stepTimeS.value / 3)
            continue;
        out.push_back(finding(
            Severity::Warning, "communication_dominates_step", "cluster.network", layout,
            Text(TD_TEXT("Findings", "%1: exposed communication is %2 of the %3 s step: the figures rest on the "
                                     "model's network assumptions (rings, the node's NICs shared by its GPUs)"),
                 {Text::value(layoutText(layout)),
                  Text::value(signedPercentText(e.exposedCommTimeS.value / e.stepTimeS.value).substr(1)),
                  Text::value(digits3(e.stepTimeS.value))}),
            Text(TD_TEXT("Findings", "raise the work per step (micro-batch, accumulation), use a faster network or "
                                     "fewer nodes, and calibrate on a multi-node run"))));
    }
}

}  // namespace traindeck
