// traindeck-trainer-math-bench: times the CPU reference maths of one micro-step
// (waves clips, forward, backward, AdamW) on one core, to see where a CPU step goes.
// Usage: traindeck-trainer-math-bench [preset] [frames] [height] [width] [micro-batch] [repeats]

#include "math/adamw.h"
#include "math/model.h"
#include "math/waves.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace traindeck::trainer;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    ModelShape s;
    const std::string preset = argc > 1 ? argv[1] : "tiny";
    if (!applyPreset(preset, s)) {
        std::fprintf(stderr, "math-bench: unknown preset %s\n", preset.c_str());
        return 2;
    }
    s.frames = argc > 2 ? std::atoi(argv[2]) : 4;
    s.height = argc > 3 ? std::atoi(argv[3]) : 64;
    s.widthPx = argc > 4 ? std::atoi(argv[4]) : 64;
    const int batch = argc > 5 ? std::atoi(argv[5]) : 8;
    const int repeats = argc > 6 ? std::atoi(argv[6]) : 5;
    if (s.frames < 1 || s.height % 8 || s.widthPx % 8 || s.height < 8 || s.widthPx < 8 || batch < 1 || repeats < 1) {
        std::fprintf(stderr, "math-bench: bad sizes\n");
        return 2;
    }

    const ParamLayout layout = paramLayout(s);
    std::vector<float> params(layout.count), grads(layout.count, 0.0f), m(layout.count, 0.0f), v(layout.count, 0.0f);
    std::vector<float> tokens(size_t(batch) * s.valuesPerSample()), scratch;
    const std::vector<uint8_t> mask = weightDecayMask(s);
    initParameters(s, 0, params.data());
    Activations acts;
    const int T = batch * s.tokensPerSample();

    double tData = 0, tFwd = 0, tBwd = 0, tOpt = 0;
    auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    for (int r = 0; r < repeats; ++r) {
        auto t = Clock::now();
        for (int i = 0; i < batch; ++i)
            makeWavesTokens(0, uint64_t(r * batch + i), s.frames, s.height, s.widthPx, s.patch,
                            tokens.data() + size_t(i) * s.valuesPerSample());
        tData += since(t);
        t = Clock::now();
        forward(layout, params.data(), tokens.data(), T, acts);
        tFwd += since(t);
        t = Clock::now();
        backward(layout, params.data(), tokens.data(), acts, 1.0f / float(tokens.size()), grads.data(), scratch);
        tBwd += since(t);
        t = Clock::now();
        adamwUpdate(AdamW{}, params.data(), grads.data(), m.data(), v.data(), mask.data(), layout.count, 1e-3, r, 1.0);
        tOpt += since(t);
    }
    // A Linear of K→N on T tokens is 2·T·K·N flops forward and twice that backward.
    double flops = 0;
    for (const auto& l : layout.linears) flops += 2.0 * T * l.fanIn * l.fanOut;
    const double n = repeats;
    std::printf("preset %s, %d tokens per micro-step, %zu parameters, %d repeats\n", preset.c_str(), T, layout.count, repeats);
    std::printf("waves data  %8.2f ms\n", 1e3 * tData / n);
    std::printf("forward     %8.2f ms  %6.2f GFLOP/s\n", 1e3 * tFwd / n, flops / (tFwd / n) / 1e9);
    std::printf("backward    %8.2f ms  %6.2f GFLOP/s\n", 1e3 * tBwd / n, 2 * flops / (tBwd / n) / 1e9);
    std::printf("adamw       %8.2f ms\n", 1e3 * tOpt / n);
    return 0;
}
