#pragma once
// The measured truth built into the program (tests/model/fixtures/model_truth.json: Hugging
// Face models measured on one GPU; tests/plan/fixtures/step_truth/step_truth.json: the step
// on 1, 2 and 4 GPUs in DDP and FSDP2; the configs they name), generated at build time by cmake/EmbedText.cmake (traindeck_embed_files) so
// that a new fixture changes the figures computed from it (step_time_confidence.h).

#include <string_view>
#include <vector>

namespace traindeck {

struct EmbeddedFile {
    const char* name;       // "fixtures/model_truth.json", "step_truth/step_truth.json", "configs/gpt2.json"
    std::string_view text;
};

const std::vector<EmbeddedFile>& truthFixtureFiles();

// The step fixture's host_s is rank 0's time from the step's start (the GPU idle) until step()
// returned, waits for the GPU included (a full launch queue, the allocator): it is the metrics
// protocol's host issue time only where the host bounds the step and the GPU had nothing to
// make it wait for. Elsewhere 0: a run that cannot tell its waits apart does not say it.
inline double protocolHostS(double timeToReturnS, double stepS) {
    return timeToReturnS >= 0.95 * stepS ? timeToReturnS : 0.0;
}

}  // namespace traindeck
