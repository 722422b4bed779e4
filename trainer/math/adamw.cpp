#include "math/adamw.h"

#include <cmath>

namespace traindeck::trainer {

double globalNorm(const float* grads, size_t n) {
    double sum = 0;
    for (size_t j = 0; j < n; ++j) sum += double(grads[j]) * double(grads[j]);
    return std::sqrt(sum);
}

double clipFactor(double norm, double clip) {
    if (!std::isfinite(norm) || norm <= clip) return 1.0;
    return clip / norm;
}

void adamwUpdate(const AdamW& opt, float* params, const float* grads, float* m, float* v,
                 const uint8_t* decayMask, size_t n, double lr, long step, double gradScale) {
    const double t = double(step + 1);
    // Bias corrections folded into the step size and ε, computed once in double.
    const float b1 = float(opt.beta1), b2 = float(opt.beta2);
    const float c1 = float(1.0 / (1.0 - std::pow(opt.beta1, t)));
    const float c2 = float(1.0 / (1.0 - std::pow(opt.beta2, t)));
    const float eps = float(opt.eps), lrF = float(lr), decay = float(lr * opt.weightDecay);
    const float scale = float(gradScale);
    for (size_t j = 0; j < n; ++j) {
        const float g = grads[j] * scale;
        m[j] = b1 * m[j] + (1.0f - b1) * g;
        v[j] = b2 * v[j] + (1.0f - b2) * g * g;
        const float update = (m[j] * c1) / (std::sqrt(v[j] * c2) + eps);
        params[j] -= lrF * update + (decayMask[j] ? decay * params[j] : 0.0f);
    }
}

}  // namespace traindeck::trainer
