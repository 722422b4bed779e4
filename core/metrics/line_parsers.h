#pragma once
// The line formats a text stream may hold, one parser each. A parser returns
// false when the line is not its format (the stream counts it as skipped).

#include "metrics/run.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace traindeck::metrics {

// The trainer's JSON lines (docs/metrics-protocol.md) and the
// launcher's launch.jsonl (run-folder.md), parsed with simdjson's On-Demand API.
// `line` must have at least 64 readable bytes after its end (simdjson's padding).
class TrainerJsonParser {
public:
    explicit TrainerJsonParser(Run& run);
    ~TrainerJsonParser();
    bool parse(const char* line, std::size_t length, std::size_t readable, double seenAt);
    void setNode(const std::string& node);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Users' own scripts: `Step 100/100000 | Loss: 0.12 | PSNR: 20.5 dB | GPU: 45GB | 0.9 steps/sec`.
// A line holds "Step N" and then fields split by | or ,: "Name: value [unit]" or "value unit".
bool parsePlainLogLine(std::string_view line, Run& run, double seenAt);

// The Hugging Face Trainer's dict lines: {'loss': 0.1234, 'grad_norm': 0.8, 'learning_rate': 9.5e-05, 'epoch': 0.12}.
// They carry no step: a training dict is the next logging step (1, 2, 3 …), an
// evaluation dict (eval_* keys) belongs to the latest one.
class HuggingFaceDictParser {
public:
    explicit HuggingFaceDictParser(Run& run) : run_(run) {}
    bool parse(std::string_view line, double seenAt);

private:
    Run& run_;
    std::int64_t step_ = 0;
};

}  // namespace traindeck::metrics
