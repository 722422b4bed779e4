// Prints the leave-one-family-out check of the stated step-time error as bench/RESULTS.md's
// table: for each model family held out, its steps predicted with every truth-fitted
// constant fitted without it, uncalibrated and after one run; how many lie inside the band
// stated for them; how many GPU-bound steps meet the accuracy goals; and the bands the
// planner states from all the truth.
#include "plan/step_time_cross_validation.h"
#include "plan/truth_steps.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <string>

using namespace traindeck;

namespace {

double percent(double x) { return 100 * x; }

void row(const char* name, const FamilyCheck::State& u, const FamilyCheck::State& c) {
    std::printf("| %s | %d | %d (%.0f%%) | %d of %d | %.1f%% | %.0f%% | %d | %d (%.0f%%) | %d of %d | %.1f%% | %.0f%% | %d |\n",
                name, u.points, u.covered, u.points ? 100.0 * u.covered / u.points : 0.0, u.gpuWithin, u.gpuBound,
                percent(u.worst), percent(u.widestBand), c.points, c.covered, c.points ? 100.0 * c.covered / c.points : 0.0,
                c.gpuWithin, c.gpuBound, percent(c.worst), percent(c.widestBand), c.withAlternative);
}

const char* regimeName(int r) { return r == 0 ? "GPU-bound" : r == 1 ? "host-bound" : "comm-bound"; }

}  // namespace

int main() {
    const auto began = std::chrono::steady_clock::now();
    const CrossValidation& cv = stepTimeCrossValidation();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::printf("%d measured steps in %d groups (a model on a host in one session), %zu families; computed in %.2f s\n\n",
                cv.steps, cv.groups, cv.families.size(), seconds);
    std::map<std::string, int> sources;  // the fixture each step came from (a user's run: its folder)
    for (const TruthStep& s : truthSteps())
        ++sources[s.source.ends_with(".jsonl") ? s.source.substr(0, s.source.find('/')) : s.source];
    std::printf("| truth | steps |\n|---|---|\n");
    for (const auto& [source, steps] : sources)
        std::printf("| %s | %d |\n", source.c_str(), steps);
    std::printf("\n");
    std::printf("| family held out | steps | uncalibrated: inside the band | GPU-bound within %.0f%% | worst | widest band "
                "| pairs after one run | inside the band | GPU-bound within %.0f%% | worst | widest band | with two "
                "explanations |\n",
                percent(kGpuBoundGoalUncalibrated), percent(kGpuBoundGoalCalibrated));
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const FamilyCheck& f : cv.families)
        row(f.family.c_str(), f.uncalibrated, f.calibrated);
    row("**all**", cv.uncalibrated, cv.calibrated);
    std::printf("\nThe prior each held-out family's calibration used (fitted without it): lowest GPU-bound MFU, "
                "less the GPU-bound band uncalibrated (the floor under which a run is not taken as the GPU's); host paces\n\n");
    std::printf("| family held out | lowest GPU-bound MFU | GPU-bound band | floor | host paces |\n|---|---|---|---|---|\n");
    auto prior = [](const char* name, const AttributionPrior& p) {
        std::printf("| %s | %.3f | ±%.1f%% | %.3f | %.2f–%.2f |\n", name, p.lowestGpuMfu, percent(p.gpuMfuSpread),
                    p.gpuMfuFloor(), p.fastestPace, p.slowestPace);
    };
    for (const FamilyCheck& f : cv.families)
        prior(f.family.c_str(), f.prior);
    prior("(none: the planner's)", cv.prior);
    std::printf("\nGPU-bound steps within %.0f%% after one run, by what the fit took the run for\n\n"
                "| family held out | after a run taken as the GPU's | after a run taken as the host's |\n|---|---|---|\n",
                percent(kGpuBoundGoalCalibrated));
    auto split = [](const char* name, const FamilyCheck::State& c) {
        std::printf("| %s | %d of %d | %d of %d |\n", name, c.gpuWithinAfterGpuRun, c.gpuBoundAfterGpuRun,
                    c.gpuWithin - c.gpuWithinAfterGpuRun, c.gpuBound - c.gpuBoundAfterGpuRun);
    };
    for (const FamilyCheck& f : cv.families)
        split(f.family.c_str(), f.calibrated);
    split("**all**", cv.calibrated);
    std::printf("\nThe bands the planner states (from all the truth; level: the quantile of |error| chosen by leave one "
                "family out; a host-bound step never under ±%.1f%%, its run-to-run swing)\n\n",
                percent(hostSwingBand()));
    std::printf("| regime | uncalibrated: steps | level | band | after one run: steps | level | band |\n|---|---|---|---|---|---|---|\n");
    for (int r = 0; r < kStepRegimeCount; ++r)
        std::printf("| %s | %d | %.2f | ±%.1f%% | %d | %.2f | ±%.1f%% |\n", regimeName(r), cv.uncalibratedBands[r].points,
                    cv.uncalibratedBands[r].level, percent(cv.uncalibratedBands[r].band), cv.calibratedBands[r].points,
                    cv.calibratedBands[r].level, percent(cv.calibratedBands[r].band));
    for (int r = 0; r < kStepRegimeCount; ++r)
        std::printf("| %s, after a run the fit took as the host's | | | | %d | %.2f | ±%.1f%% |\n", regimeName(r),
                    cv.calibratedFromHostBands[r].points, cv.calibratedFromHostBands[r].level,
                    percent(cv.calibratedFromHostBands[r].band));
    std::printf("| every regime | %d | %.2f | ±%.1f%% | %d | %.2f | ±%.1f%% |\n", cv.uncalibratedAll.points,
                cv.uncalibratedAll.level, percent(cv.uncalibratedAll.band), cv.calibratedAll.points, cv.calibratedAll.level,
                percent(cv.calibratedAll.band));
    const bool held = cv.uncalibrated.covered >= kCoverageGoal * cv.uncalibrated.points &&
                      cv.calibrated.covered >= kCoverageGoal * cv.calibrated.points;
    return held ? 0 : 1;
}
