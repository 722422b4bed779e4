#pragma once
// One optimizer step of the reference workload (docs/trainer-workload.md), the one
// that every driver of a backend runs: traindeck-trainer's loop (training_loop.cpp)
// and the CUDA backend's benchmark tool (cuda/tools/cuda_train.cpp), so that the
// benchmarks time the trainer's own step. The step: this rank's share of the step's
// samples in `accum` micro-steps, the gradient all-reduce, AdamW at the schedule's
// rate. The drivers add what is theirs around it (events, checkpoints, fault
// handling; timings and diagnostics).

#include "backend.h"
#include "math/waves.h"
#include "schedule/lr_schedule.h"

#include <cmath>

namespace traindeck::trainer {

// Which samples this rank takes at each step, and the learning-rate schedule.
struct StepShape {
    uint64_t dataSeed = 0;
    int microBatch = 1, accum = 1;
    int rank = 0, world = 1;
    LrSchedule schedule;
};

// What one step did on this rank.
struct StepDone {
    ReducedStep reduced;  // this rank's micro-step MSEs, exposed communication time
    double lr = 0, gradNorm = 0;
};

inline double psnr(double mse) { return 10.0 * std::log10(1.0 / mse); }

// This rank's part of the step's loss and PSNR: {Σ MSE, Σ PSNR} over its micro-steps.
// Summed over ranks and divided by world × accum, they are the step's figures.
inline std::vector<double> lossSums(const ReducedStep& reduced) {
    std::vector<double> sums{0.0, 0.0};
    for (double mse : reduced.microLosses) {
        sums[0] += mse;
        sums[1] += psnr(mse);
    }
    return sums;
}

// A driver's hooks into the step, each called at its point (tests stall a rank before
// the all-reduce; the benchmark tool dumps the reduced gradients before AdamW).
enum class StepPoint { GradientsAccumulated, GradientsReduced };

// The micro-steps and the gradient all-reduce (the gradients then hold the sum over
// ranks and micro-steps). `run(call, timed)` makes each collective call: the trainer
// brackets it with its watchdog (`timed`: the watchdog also bounds its duration, not
// for a backward that may start communication); the benchmark calls it directly.
template <class Run, class At>
ReducedStep accumulateGradients(Backend& backend, const StepShape& s, long n, Run&& run, At&& at) {
    for (int a = 0; a < s.accum; ++a) {
        const Batch batch{s.dataSeed, sampleId(uint64_t(n), s.accum, a, s.world, s.rank, s.microBatch, 0),
                          s.microBatch};
        run([&] {
            backend.forwardBackward(batch, a == s.accum - 1);
            return 0;
        }, false);
    }
    at(StepPoint::GradientsAccumulated);
    return run([&] { return backend.allReduceGradients(s.accum); }, true);
}

// The whole step: accumulateGradients, then AdamW at the schedule's rate for step n.
template <class Run, class At>
StepDone runStep(Backend& backend, const StepShape& s, long n, Run&& run, At&& at) {
    StepDone done;
    done.reduced = accumulateGradients(backend, s, n, run, at);
    at(StepPoint::GradientsReduced);
    done.lr = learningRate(s.schedule, n);
    done.gradNorm = backend.optimizerStep(OptimizerStep{n, done.lr, 1.0});
    return done;
}

}  // namespace traindeck::trainer
