#include "plan/run_timeline.h"

#include "plan/estimate.h"
#include "plan/run_durations.h"
#include "plan/step_memory.h"
#include "text/number_text.h"

#include "model/parameters.h"

#include <algorithm>
#include <cmath>

namespace traindeck {
namespace {

// Forward only is about a third of a training step's work (forward 2·N·D FLOPs of the
// step's 6·N·D; no optimizer, no gradient communication).
constexpr double kForwardShare = 1.0 / 3.0;

std::string n3(double v) { return significant(v, 3); }

Figure timeFigure(double value, Text formula, std::string worked) {
    return {value, "s", std::move(formula), std::move(worked) + " = " + n3(value)};
}

// How many of the first `steps` steps trigger an event every `every` steps.
double eventsBefore(double steps, int every) { return every > 0 ? std::floor(steps / every) : 0; }

}  // namespace

RunTimeline runTimeline(const Plan& plan, const Estimate& e) {
    const Recipe& r = plan.recipe;
    RunTimeline t;
    t.layout = e.layout;
    t.stepTimeS = e.stepTimeS.value;
    t.totalSteps = long(std::llround(e.totalSteps.value));
    t.warmupSteps = long(std::llround(e.warmupSteps.value));
    t.evalEvery = r.evalEvery;
    t.checkpointEvery = r.checkpointEvery;
    t.evaluations = int(eventsBefore(double(t.totalSteps), r.evalEvery));
    t.checkpoints = int(eventsBefore(double(t.totalSteps), r.checkpointEvery));

    // An evaluation reads its samples forward only, spread over the job's GPUs as training is:
    // a third of a step's work per sample, or as many times faster than training as the
    // calibration run measured (run_durations.h).
    const LearnedDurations learned = learnedDurations(plan);
    const double batch = std::max(1.0, e.effectiveBatch.value);
    const double busy = std::max(0.0, e.stepTimeS.value - e.exposedCommTimeS.value);
    t.evaluationLearned = learned.evalSpeedRatio > 0;
    t.evaluationError = t.evaluationLearned ? kLearnedDurationError : kAssumedDurationError;
    const double evalSpeed = t.evaluationLearned ? learned.evalSpeedRatio : 1.0 / kForwardShare;
    t.evaluationS = double(r.evalSamples) / batch * busy / evalSpeed;
    t.trainingS = timeFigure(double(t.totalSteps) * t.stepTimeS, Text(TD_TEXT("Formulas", "steps × step time")),
                             n3(double(t.totalSteps)) + " × " + n3(t.stepTimeS));
    t.evaluationsS =
        t.evaluationLearned
            ? timeFigure(t.evaluations * t.evaluationS,
                         Text(TD_TEXT("Formulas", "⌊steps / eval every⌋ × eval samples / batch × (step − exposed comm) "
                                                  "/ the run's evaluation speed over its training speed")),
                         n3(t.evaluations) + " × " + n3(double(r.evalSamples)) + " / " + n3(batch) + " × " + n3(busy) +
                             " / " + n3(evalSpeed))
            : timeFigure(t.evaluations * t.evaluationS,
                         Text(TD_TEXT("Formulas", "⌊steps / eval every⌋ × eval samples / batch × (step − exposed "
                                                  "comm) × ⅓ (forward only)")),
                         n3(t.evaluations) + " × " + n3(double(r.evalSamples)) + " / " + n3(batch) + " × " + n3(busy) +
                             " × ⅓");

    // A checkpoint holds the job's weights and optimizer states as training keeps them.
    model::Architecture arch;
    const double params = planArchitecture(plan, arch) ? double(model::countParameters(arch).total) : plan.model.params;
    const StateBytes bytes = planStateBytes(plan);
    t.checkpointBytes = params * (bytes.weights + bytes.optimizer);
    t.checkpointLearned = learned.checkpointGBps > 0;
    t.checkpointError = t.checkpointLearned ? kLearnedDurationError : kAssumedDurationError;
    const double writeGBps = t.checkpointLearned ? learned.checkpointGBps : r.checkpointWriteGBps;
    t.checkpointS = t.checkpointBytes / (writeGBps * 1e9);
    t.checkpointsS = timeFigure(
        t.checkpoints * t.checkpointS,
        t.checkpointLearned
            ? Text(TD_TEXT("Formulas", "⌊steps / checkpoint every⌋ × parameters × (w + o) bytes / the run's write speed"))
            : Text(TD_TEXT("Formulas", "⌊steps / checkpoint every⌋ × parameters × (w + o) bytes / write speed")),
        n3(t.checkpoints) + " × " + n3(params) + " × " + n3(bytes.weights + bytes.optimizer) + " B / " +
            n3(writeGBps) + " GB/s");

    const double total = t.trainingS.value + t.evaluationsS.value + t.checkpointsS.value;
    t.timeToFinishS = timeFigure(total, Text(TD_TEXT("Formulas", "training + evaluations + checkpoint writes")),
                                 n3(t.trainingS.value) + " + " + n3(t.evaluationsS.value) + " + " +
                                     n3(t.checkpointsS.value));
    return t;
}

double timeToFinishS(const Plan& plan, const Estimate& estimate) { return runTimeline(plan, estimate).timeToFinishS.value; }

double RunTimeline::timeToFinishError(double stepError) const {
    const double total = timeToFinishS.value;
    if (!(total > 0))
        return stepError;
    return (trainingS.value * stepError + evaluationsS.value * evaluationError + checkpointsS.value * checkpointError) /
           total;
}

double RunTimeline::secondsAtStep(double step) const {
    step = std::clamp(step, 0.0, double(totalSteps));
    return step * stepTimeS + eventsBefore(step, evalEvery) * evaluationS + eventsBefore(step, checkpointEvery) * checkpointS;
}

double RunTimeline::stepAtSeconds(double seconds) const {
    if (seconds <= 0)
        return 0;
    if (seconds >= timeToFinishS.value)
        return double(totalSteps);
    // secondsAtStep is non-decreasing: bisection on the step.
    double lo = 0, hi = double(totalSteps);
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        (secondsAtStep(mid) < seconds ? lo : hi) = mid;
    }
    return lo;
}

std::vector<std::pair<double, double>> runProgress(const metrics::Run& run) {
    const metrics::Series* best = nullptr;
    for (const char* name : {"step_time_s", "samples_per_s", "loss"})
        if (const metrics::Series* s = run.find(name); s && (!best || s->points().size() > best->points().size()))
            best = s;
    std::vector<std::pair<double, double>> out;
    if (!best)
        return out;
    for (const metrics::Point& p : best->points())
        if (p.wallTime > 0)
            out.emplace_back(p.wallTime, double(p.step + 1));  // steps count from 0: step k means k + 1 done
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace traindeck
