#pragma once
// AdamW with global-norm clipping, as docs/trainer-workload.md fixes it:
// β1 0.9, β2 0.95, ε 1e-8, decoupled weight decay 0.01 on weight matrices only,
// gradients clipped to global norm 1.0 after the all-reduce. fp32 state.

#include <cstddef>
#include <cstdint>

namespace traindeck::trainer {

struct AdamW {
    double beta1 = 0.9, beta2 = 0.95, eps = 1e-8, weightDecay = 0.01;
};

// √Σ g², accumulated in double in a fixed order (so every rank gets the same value).
double globalNorm(const float* grads, size_t n);

// The factor that brings `norm` down to `clip`: min(1, clip/norm); 1 for a
// non-finite norm (the caller reports that step as nonfinite instead).
double clipFactor(double norm, double clip);

// One AdamW update of n parameters at optimizer step `step` (from 0; bias correction
// uses step+1). The gradient used is grads·gradScale (the clip factor).
// decayMask[j] = 1 where weight decay applies.
void adamwUpdate(const AdamW& opt, float* params, const float* grads, float* m, float* v,
                 const uint8_t* decayMask, size_t n, double lr, long step, double gradScale);

}  // namespace traindeck::trainer
