#pragma once
// The figures derived from a plan for one layout. Each figure carries the
// formula it came from and the same formula with the numbers put in, so that a
// user can check any number the planner shows.

#include "plan/figure.h"
#include "plan/plan.h"
#include "plan/run_timeline.h"
#include "plan/step_memory.h"
#include "text/text.h"

#include <string>
#include <vector>

namespace traindeck {

// At the step's peak (step_memory.h): what each part holds then.
struct MemoryBreakdown {
    double paramsGb = 0, gradsGb = 0, optimizerGb = 0, activationsGb = 0, logitsGb = 0, overheadGb = 0;
    Text weightsNote;  // why the weights weigh what they do (step_memory.h's weightsNote)
};

// The share of the card under which a step's memory is comfortable (room for the
// allocator's fragmentation); above it a warning, and memory fixes aim below it.
inline constexpr double kComfortableShare = 0.9;

struct Estimate {
    Layout layout;
    int worldSize = 0;
    int microBatch = 0;
    int gradAccum = 0;
    Figure effectiveBatch;
    Figure lr;                // peak learning rate after scaling
    Figure warmupSteps;
    Figure stepsPerEpoch;
    Figure totalSteps;
    Figure memoryPerGpuGb;
    MemoryBreakdown memory;
    double gpuMemoryGb = 0;   // the card's memory, for the bar
    Figure computeTimeS;      // per optimizer step: matrix FLOPs at the achieved fraction of peak (MFU)
    Figure memoryTimeS;       // per optimizer step: bandwidth-bound kernels (elementwise, casts, AdamW)
    Figure hostTimeS;         // per optimizer step: eager PyTorch issuing the operators (0 without an architecture)
    double optimizerTimeS = 0;// of memoryTimeS: AdamW's traffic, once per step after the last micro-step
    // Of computeTimeS, memoryTimeS and hostTimeS: a mixture's expert loops (model::expertLoops),
    // which run between two synchronisations of host and GPU, alone.
    double synchronisedComputeS = 0, synchronisedMemoryS = 0, synchronisedHostS = 0;
    Figure commTimeS;         // whole gradient communication per step
    Figure overlapWindowS;    // the compute that communication can hide behind
    int collectives = 0;      // collective phases per step (0 on one GPU)
    Figure exposedCommTimeS;  // the part not hidden behind backward, with the per-collective latency
    Figure commTailS;         // of commTimeS, what comes after backward ends and is never hidden (part of exposedCommTimeS)
    Figure stepTimeS;
    Figure stepsPerS;
    Figure samplesPerS;
    // The run laid out at this step time (steps, evaluations, checkpoint writes): made once
    // here, read by the table, the drawn timeline and the findings; hoursToFinish is its total.
    RunTimeline timeline;
    Figure hoursToFinish;
    Figure gpuHours;
    Figure scalingEfficiency; // per-GPU throughput against one node of the same GPUs

    // Whether the step's peak memory fits `share` of the card: 1, the whole card (over it
    // the run cannot start: the error finding, the bar's red); kComfortableShare, with room
    // for fragmentation (the warning, the fix that prefers such a layout). An estimate
    // without a card fits.
    bool fitsCard(double share = 1.0) const {
        return gpuMemoryGb <= 0 || memoryPerGpuGb.value <= share * gpuMemoryGb;
    }
};

// Figures for `layout` with the plan's model and recipe. The plan must have
// passed validatePlan() (plan_fields.h); the calibration, if any, is applied.
Estimate estimate(const Plan& plan, const Layout& layout);
// How many times estimate() has run in this process: a test holds a plan's
// analysis (plan_analysis.h) to one estimate per layout per edit.
long estimateCount();

// The same at the plan's own recipe.mfu, overlap and latency, ignoring
// plan.calibrations (calibration_fit.cpp fits against it).
Estimate estimateUncalibrated(const Plan& plan, const Layout& layout);
// ... with the states held otherwise than the plan says (pure bf16 training: Half with
// 2/2/4 bytes, for the measurements that have it).
Estimate estimateUncalibrated(const Plan& plan, const Layout& layout, model::Numerics, StateBytes);

// One GPU's step before communication from the parts above (each per optimizer step):
// per micro-step the host's issue time and the GPU's compute + traffic joined by their
// 3-norm, then the optimizer's traffic (estimate.cpp says why). The expert loops' part
// (Estimate's synchronisedComputeS, synchronisedMemoryS and synchronisedHostS, of compute,
// memory and host) adds to each micro-step instead, its host and GPU joined by their 2-norm:
// a loop runs alone. No default for them: a caller that left them out would join a mixture's
// step otherwise than the estimate does.
double onDeviceStepS(double computeS, double memoryS, double optimizerS, double hostS, int gradAccum,
                     double synchronisedComputeS, double synchronisedMemoryS, double synchronisedHostS);

// The communication constants the estimate uses: the fitted ones in the recipe, or
// before any fit the network's (hardware.h): hiding is never perfect, and every
// collective phase costs.
struct CommunicationConstants { double overlap, latencyS; };
CommunicationConstants communicationConstants(const Plan& plan);

// The plan's own layout and plan.compare, each once, smallest world first.
std::vector<Layout> layoutsOf(const Plan& plan);

}  // namespace traindeck
