// The workload's maths against the workload file and against finite differences.

#include "predicates.h"
#include "math/adamw.h"
#include "math/model.h"
#include "math/waves.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <string>
#include <vector>

#include <QtTest>

using namespace traindeck::trainer;

class TestMath : public QObject {
    Q_OBJECT
private slots:
    void splitmixMatchesTheReference() {
        // The first output of the reference splitmix64 generator seeded with 0.
        QVERIFY(splitmix64(0) == 0xE220A8397B1DCDAFULL);
        QVERIFY(splitmix64(1) != splitmix64(2));
        for (uint64_t k = 0; k < 1000; ++k) {
            const double u = wavesUniform(7, k / 36, k % 36);
            QVERIFY(u >= 0.0 && u < 1.0);
        }
    }

    // pixel(c, t, y, x) straight from the workload file, then found in the token layout.
    void wavesPixelsFollowTheWorkloadFile() {
        const int F = 2, H = 16, W = 24, P = 8;
        const uint64_t seed = 42, sample = 12345;
        std::vector<float> tokens(size_t(F) * 3 * H * W);
        makeWavesTokens(seed, sample, F, H, W, P, tokens.data());
        const double pi2 = 2 * std::numbers::pi;
        for (int c = 0; c < 3; ++c)
            for (int t = 0; t < F; ++t)
                for (int y = 0; y < H; y += 5)
                    for (int x = 0; x < W; x += 3) {
                        double sum = 0;
                        for (int j = 0; j < 3; ++j) {
                            const uint64_t b = uint64_t(3 * c + j) * 4;
                            const double kx = pi2 * (-4 + 8 * wavesUniform(seed, sample, b));
                            const double ky = pi2 * (-4 + 8 * wavesUniform(seed, sample, b + 1));
                            const double kt = pi2 * (-1 + 2 * wavesUniform(seed, sample, b + 2));
                            const double phi = pi2 * wavesUniform(seed, sample, b + 3);
                            sum += std::sin(kx * x / W + ky * y / H + kt * t / F + phi);
                        }
                        const double pixel = 0.5 + sum / 6;
                        // token (t, y/P, x/P), value (c, y%P, x%P)
                        const size_t token = (size_t(t) * (H / P) + size_t(y / P)) * (W / P) + size_t(x / P);
                        const float got = tokens[token * 3 * P * P + size_t((c * P + y % P) * P + x % P)];
                        QVERIFY(near(got, pixel, 1e-6));
                        QVERIFY(got >= 0.0f && got <= 1.0f);
                    }
    }

    // Every layout of the same effective batch takes the same samples in a step.
    void everyLayoutTakesTheSameSamples() {
        const int layouts[][3] = {{1, 1, 4}, {2, 1, 2}, {4, 1, 1}, {1, 4, 1}, {2, 2, 1}};  // R, A, B
        for (uint64_t n : {0ull, 5ull}) {
            for (auto& l : layouts) {
                std::set<uint64_t> ids;
                for (int a = 0; a < l[1]; ++a)
                    for (int r = 0; r < l[0]; ++r)
                        for (int i = 0; i < l[2]; ++i) ids.insert(sampleId(n, l[1], a, l[0], r, l[2], i));
                QVERIFY(ids.size() == 4 && *ids.begin() == 4 * n && *ids.rbegin() == 4 * n + 3);
            }
        }
    }

    void presetsAndParameterLayout() {
        const std::pair<const char*, size_t> expected[] = {{"tiny", 86736}, {"base", 4626640}, {"large", 102400208}};
        for (auto& [name, count] : expected) {
            ModelShape s;
            QVERIFY(applyPreset(name, s));
            QVERIFY(paramLayout(s).count == count);
        }
        ModelShape s;
        QVERIFY(!applyPreset("huge", s));
        const ParamLayout layout = paramLayout(s);
        QVERIFY(layout.linears.size() == 6);
        QVERIFY(layout.linears.front().fanIn == 192 && layout.linears[2].fanOut == 16 && layout.linears.back().fanOut == 192);
        QVERIFY(!layout.linears[2].gelu && !layout.linears[5].gelu && layout.linears[0].gelu && layout.linears[3].gelu);
        const auto mask = weightDecayMask(s);
        size_t weights = 0;
        for (auto& l : layout.linears) weights += size_t(l.fanIn) * size_t(l.fanOut);
        QVERIFY(size_t(std::count(mask.begin(), mask.end(), uint8_t(1))) == weights);
    }

    void initialParametersAreSeededAndUniform() {
        ModelShape s;
        const ParamLayout layout = paramLayout(s);
        std::vector<float> a(layout.count), b(layout.count), c(layout.count);
        initParameters(s, 3, a.data());
        initParameters(s, 3, b.data());
        initParameters(s, 4, c.data());
        QVERIFY(a == b);
        QVERIFY(a != c);
        for (auto& l : layout.linears) {
            const float bound = float(1 / std::sqrt(double(l.fanIn)));
            double sum = 0, sumAbs = 0;
            const size_t n = l.bias + size_t(l.fanOut) - l.weight;
            for (size_t j = l.weight; j < l.bias + size_t(l.fanOut); ++j) {
                QVERIFY(std::fabs(a[j]) <= bound);
                sum += a[j];
                sumAbs += std::fabs(a[j]);
            }
            QVERIFY(std::fabs(sum / double(n)) < 0.1 * bound);            // centred
            QVERIFY(near(sumAbs / double(n), 0.5 * bound, 0.1 * bound));  // uniform: E|u| = bound/2
        }
    }

    void geluAndItsGradient() {
        QVERIFY(near(gelu(0), 0, 1e-7));
        QVERIFY(near(gelu(10), 10, 1e-5));
        QVERIFY(near(gelu(-10), 0, 1e-5));
        QVERIFY(near(gelu(1), 0.8411920, 1e-6));  // tanh approximation at 1
        for (float x = -4; x <= 4; x += 0.37f) {
            const double h = 1e-3;
            QVERIFY(near(geluGrad(x), (double(gelu(float(x + h))) - double(gelu(float(x - h)))) / (2 * h), 2e-3));
        }
    }

    // The backward against central finite differences of the forward's loss.
    void backwardMatchesFiniteDifferences() {
        ModelShape s;
        s.width = 16;
        s.layers = 2;
        s.frames = 1;
        s.height = 8;
        s.widthPx = 16;  // 2 tokens
        const ParamLayout layout = paramLayout(s);
        std::vector<float> params(layout.count), grads(layout.count, 0.0f), input(s.valuesPerSample()), scratch;
        initParameters(s, 11, params.data());
        makeWavesTokens(5, 9, s.frames, s.height, s.widthPx, s.patch, input.data());
        Activations acts;
        forward(layout, params.data(), input.data(), s.tokensPerSample(), acts);
        backward(layout, params.data(), input.data(), acts, 1.0f, grads.data(), scratch);

        double diff2 = 0, ref2 = 0;
        int checked = 0, bad = 0;
        for (size_t j = 0; j < layout.count; j += 7) {  // every 7th parameter, all layers
            const float keep = params[j];
            const double h = 3e-3;
            params[j] = float(keep + h);
            const double up = forward(layout, params.data(), input.data(), s.tokensPerSample(), acts);
            params[j] = float(keep - h);
            const double down = forward(layout, params.data(), input.data(), s.tokensPerSample(), acts);
            params[j] = keep;
            const double numeric = (up - down) / (double(float(keep + h)) - double(float(keep - h)));
            diff2 += (grads[j] - numeric) * (grads[j] - numeric);
            ref2 += numeric * numeric;
            if (std::fabs(grads[j] - numeric) > 2e-3 + 2e-2 * std::fabs(numeric)) {
                if (bad++ < 5) qWarning("param %llu: backward %.6g, finite difference %.6g", static_cast<unsigned long long>(j), grads[j], numeric);
            }
            ++checked;
        }
        QVERIFY(bad == 0);
        QVERIFY(checked > 200);
        QVERIFY(std::sqrt(diff2 / ref2) < 1e-2);
        // Gradients accumulate: a second backward doubles them.
        std::vector<float> twice = grads;
        forward(layout, params.data(), input.data(), s.tokensPerSample(), acts);
        backward(layout, params.data(), input.data(), acts, 1.0f, twice.data(), scratch);
        QVERIFY(near(twice[3], 2 * grads[3], 1e-5 * std::fabs(grads[3]) + 1e-9));
    }

    void adamWStepAndClipFactor() {
        float p[2] = {1.0f, 1.0f}, g[2] = {0.5f, 0.5f}, m[2] = {0, 0}, v[2] = {0, 0};
        const uint8_t mask[2] = {1, 0};
        adamwUpdate(AdamW{}, p, g, m, v, mask, 2, 0.1, 0, 1.0);
        QVERIFY(near(m[0], 0.05, 1e-7));
        QVERIFY(near(v[0], 0.0125, 1e-7));
        // Bias-corrected update is g/|g| = 1 on the first step; decay only on the weight.
        QVERIFY(near(p[0], 1 - 0.1 - 0.1 * 0.01, 1e-6));
        QVERIFY(near(p[1], 1 - 0.1, 1e-6));
        // The clip factor scales the gradient the moments see.
        float q = 0, m2 = 0, v2 = 0;
        const float g2 = 4.0f;
        adamwUpdate(AdamW{}, &q, &g2, &m2, &v2, mask + 1, 1, 0.1, 0, 0.25);
        QVERIFY(near(m2, 0.1, 1e-7));

        const float n[2] = {3, 4};
        QVERIFY(near(globalNorm(n, 2), 5, 1e-12));
        QVERIFY(near(clipFactor(2, 1), 0.5, 1e-12));
        QVERIFY(near(clipFactor(0.5, 1), 1, 1e-12));
        QVERIFY(near(clipFactor(NAN, 1), 1, 1e-12));
    }
};

QTEST_APPLESS_MAIN(TestMath)
#include "tst_math.moc"
