// Users' own log lines and the Hugging Face Trainer's dict lines: the two text
// formats of runs TrainDeck did not start.
#include "metrics/line_parsers.h"
#include "text/lower_case.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace traindeck::metrics {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

// A number at the start of `s` (also nan, inf, -inf as Python and printf write
// them); `s` moves past it. False: no number there.
bool takeNumber(std::string_view& s, double& out) {
    const std::string l = lowerCase(s.substr(0, 4));
    for (auto [word, value] : {std::pair{"nan", std::numeric_limits<double>::quiet_NaN()},
                               std::pair{"inf", std::numeric_limits<double>::infinity()},
                               std::pair{"-inf", -std::numeric_limits<double>::infinity()}}) {
        const std::string_view w(word);
        if (l.compare(0, w.size(), w) == 0) {
            out = value;
            s.remove_prefix(w.size());
            return true;
        }
    }
    const char* begin = s.data();
    if (!s.empty() && s.front() == '+')
        ++begin;
    const auto [end, ec] = std::from_chars(begin, s.data() + s.size(), out);
    if (ec != std::errc())
        return false;
    s.remove_prefix(std::size_t(end - s.data()));
    return true;
}

// A field's name as users write it → our series name. Units convert to ours.
struct Named {
    std::string metric;
    double scale = 1;
};
Named metricOf(std::string name, std::string_view unit) {
    for (char& c : name)
        if (c == ' ' || c == '-')
            c = '_';
    const std::string u = lowerCase(trim(unit));
    if (name == "loss" || name == "train_loss") return {"loss"};
    if (name == "psnr") return {"psnr"};
    if (name == "lr" || name == "learning_rate") return {"lr"};
    if (name == "grad_norm" || name == "gradnorm" || name == "grad") return {"grad_norm"};
    if (name == "gpu" || name == "gpu_mem" || name == "mem" || name == "memory")
        return {"gpu_mem_gb", u.starts_with("mb") || u.starts_with("mib") ? 1.0 / 1024 : 1.0};
    if (name == "eval_loss" || name == "val_loss") return {"eval_loss"};
    if (name == "eval_psnr" || name == "val_psnr") return {"eval_psnr"};
    if (name == "steps/sec" || name == "steps/s" || name == "it/s") return {"steps_per_s"};
    if (name == "samples/sec" || name == "samples/s" || name == "img/s") return {"samples_per_s"};
    if (name == "s/step" || name == "s/it" || name == "step_time") return {"step_time_s"};
    return {name};
}

}  // namespace

bool parsePlainLogLine(std::string_view line, Run& run, double seenAt) {
    // "Step" then the step number, anywhere in the line (a timestamp may come first).
    const std::string l = lowerCase(line);
    std::size_t at = 0;
    std::int64_t step = -1;
    std::string_view rest;
    while ((at = l.find("step", at)) != std::string::npos) {
        std::string_view s = line.substr(at + 4);
        while (!s.empty() && (s.front() == ' ' || s.front() == ':' || s.front() == '='))
            s.remove_prefix(1);
        std::int64_t n;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec == std::errc() && (at == 0 || !std::isalpha(static_cast<unsigned char>(l[at - 1])))) {
            step = n;
            s.remove_prefix(std::size_t(end - s.data()));
            if (!s.empty() && s.front() == '/') {  // "/100000": the total
                std::int64_t total;
                s.remove_prefix(1);
                const auto [e2, ec2] = std::from_chars(s.data(), s.data() + s.size(), total);
                if (ec2 == std::errc() && total >= 0) {
                    run.info.totalSteps = total;
                    s.remove_prefix(std::size_t(e2 - s.data()));
                }
            }
            rest = s;
            break;
        }
        at += 4;
    }
    if (step < 0)
        return false;
    int found = 0;
    while (!rest.empty()) {
        const std::size_t cut = rest.find_first_of("|,");
        std::string_view field = trim(rest.substr(0, cut));
        rest = cut == std::string_view::npos ? std::string_view{} : rest.substr(cut + 1);
        if (field.empty())
            continue;
        double value;
        std::string name;
        std::string_view unit;
        if (const std::size_t colon = field.find(':'); colon != std::string_view::npos) {
            name = lowerCase(trim(field.substr(0, colon)));  // "Loss: 0.12", "GPU: 45GB", "PSNR: 20.5 dB"
            std::string_view v = trim(field.substr(colon + 1));
            if (!takeNumber(v, value))
                continue;
            unit = v;
        } else {
            std::string_view v = field;  // "0.9 steps/sec"
            if (!takeNumber(v, value))
                continue;
            name = lowerCase(trim(v));
        }
        if (name.empty())
            continue;
        const Named m = metricOf(name, unit);
        run.append(run.series(m.metric), {step, seenAt, value * m.scale}, seenAt);
        ++found;
    }
    return found > 0;
}

bool HuggingFaceDictParser::parse(std::string_view line, double seenAt) {
    std::string_view s = trim(line);
    if (s.size() < 4 || s.front() != '{' || s[1] != '\'' || s.back() != '}')
        return false;
    s = s.substr(1, s.size() - 2);
    std::vector<std::pair<std::string, double>> values;
    bool evaluation = false;
    bool summary = false;
    while (!s.empty()) {
        s = trim(s);
        if (s.empty() || s.front() != '\'')
            return false;
        const std::size_t close = s.find('\'', 1);
        if (close == std::string_view::npos)
            return false;
        const std::string key(s.substr(1, close - 1));
        s.remove_prefix(close + 1);
        s = trim(s);
        if (s.empty() || s.front() != ':')
            return false;
        s.remove_prefix(1);
        s = trim(s);
        double value;
        if (!s.empty() && s.front() == '\'') {  // a string value: not a number to plot
            const std::size_t end = s.find('\'', 1);
            if (end == std::string_view::npos)
                return false;
            s.remove_prefix(end + 1);
        } else if (takeNumber(s, value)) {
            values.emplace_back(key, value);
        } else {
            return false;
        }
        evaluation |= key.starts_with("eval_");
        summary |= key == "train_runtime";
        s = trim(s);
        if (!s.empty() && s.front() == ',')
            s.remove_prefix(1);
    }
    if (values.empty())
        return false;
    if (summary)
        return true;  // the Trainer's final totals: a known line with nothing to plot per step
    if (!evaluation)
        ++step_;
    for (const auto& [key, value] : values) {
        std::string metric = key;
        if (key == "learning_rate")
            metric = "lr";
        run_.append(run_.series(metric), {step_, seenAt, value}, seenAt);
    }
    return true;
}

}  // namespace traindeck::metrics
