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

}  // namespace traindeck
