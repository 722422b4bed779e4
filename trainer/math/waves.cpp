#include "math/waves.h"

#include <cmath>
#include <numbers>
#include <vector>

namespace traindeck::trainer {

uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double wavesUniform(uint64_t seed, uint64_t sample, uint64_t k) {
    return double(splitmix64(seed ^ splitmix64(sample * 64 + k)) >> 11) * 0x1.0p-53;
}

void makeWavesTokens(uint64_t seed, uint64_t sample, int frames, int height, int width, int patch,
                     float* out) {
    constexpr double twoPi = 2.0 * std::numbers::pi;
    // The 9 waves' parameters: per channel c and wave j, with b = (3c + j)·4.
    double kx[9], ky[9], kt[9], phi[9];
    for (int w = 0; w < 9; ++w) {
        const uint64_t b = uint64_t(w) * 4;
        kx[w] = twoPi * (-4.0 + 8.0 * wavesUniform(seed, sample, b));
        ky[w] = twoPi * (-4.0 + 8.0 * wavesUniform(seed, sample, b + 1));
        kt[w] = twoPi * (-1.0 + 2.0 * wavesUniform(seed, sample, b + 2));
        phi[w] = twoPi * wavesUniform(seed, sample, b + 3);
    }
    const int rows = height / patch, cols = width / patch, token = 3 * patch * patch;
    for (int t = 0; t < frames; ++t)
        for (int py = 0; py < rows; ++py)
            for (int px = 0; px < cols; ++px) {
                float* tok = out + (size_t(t) * rows * cols + size_t(py) * cols + px) * token;
                for (int c = 0; c < 3; ++c)
                    for (int dy = 0; dy < patch; ++dy)
                        for (int dx = 0; dx < patch; ++dx) {
                            const int y = py * patch + dy, x = px * patch + dx;
                            double sum = 0;
                            for (int j = 0; j < 3; ++j) {
                                const int w = 3 * c + j;
                                sum += std::sin(kx[w] * x / width + ky[w] * y / height + kt[w] * t / frames + phi[w]);
                            }
                            tok[(c * patch + dy) * patch + dx] = float(0.5 + sum / 6.0);
                        }
            }
}

}  // namespace traindeck::trainer
