#pragma once
// DRAFT of the contract between the training loop and a compute backend
// (Gloo/CPU now, CUDA/NCCL next). The loop owns the schedule, the data order,
// metrics and checkpoints; a backend owns parameters, gradients, optimizer state
// and the communication between ranks.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace traindeck::trainer {

struct ModelShape {
    int width = 128;      // D
    int layers = 2;       // L
    int patch = 8;        // P
    int latent = 16;
    int frames = 4, height = 64, width_px = 64;  // F, H, W of a clip
};

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string name() const = 0;  // "gloo", "nccl"

    // Parameters start as U(−1/√fan_in, 1/√fan_in) from `seed`, identical on every rank.
    virtual void allocate(const ModelShape& shape, uint64_t seed) = 0;

    // Forward and backward of `count` waves samples starting at id `firstSample`,
    // adding into the gradients. `last` marks the last micro-step of the optimizer
    // step: a backend may start reducing gradient buckets as backward produces them.
    // Returns the micro-batch's mean squared error.
    virtual double forwardBackward(uint64_t dataSeed, uint64_t firstSample, int count, bool last) = 0;

    // Completes the gradient average over ranks and micro-steps.
    virtual void allReduceGradients(int microSteps) = 0;

    // Sums small values over ranks (losses for reporting).
    virtual std::vector<double> allReduceSum(const std::vector<double>& values) = 0;

    // Clips to global norm `clip`, applies AdamW at `lr`, zeroes gradients.
    // Returns the global gradient norm before clipping.
    virtual double optimizerStep(double lr, double clip) = 0;

    virtual void saveState(std::ostream& out) const = 0;
    virtual void loadState(std::istream& in) = 0;
    virtual double peakMemoryGb() const = 0;
};

}  // namespace traindeck::trainer
