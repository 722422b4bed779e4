// Every reader on mutated real files, under AddressSanitizer and UBSan: the
// trainer's JSON lines and the launcher's launch.jsonl, users' plain log lines,
// Hugging Face dict lines, TensorBoard event files and Lightning's metrics.csv
// (the fixtures; a .csv is read as Lightning's, and read again from its start
// whenever the reader asks, as the watch does), each
// mutated a bounded number of times with a fixed seed (bit flips, spliced
// tokens such as 1e30, NaN and -1, numbers swapped for out-of-range ones,
// truncations, duplicated and deleted spans; for event files also lengths and
// payloads re-framed with valid CRCs so that the decoder, not the framing,
// meets them). Each mutant is fed in random slices, then summarised.
//
// A sanitizer report fails the test (halt_on_error); so does a point the store
// holds that cannot be true (a step outside [0, 2^53], a negative or
// non-finite time) or a rank beyond what a line may name.
//
// usage: fuzz_readers FIXTURES [MUTANTS_PER_FILE]

#include "metrics/crc32c.h"
#include "metrics/lightning_csv.h"
#include "metrics/metrics_line.h"
#include "metrics/run.h"
#include "metrics/summary.h"
#include "metrics/text_stream.h"
#include "metrics/tfevents.h"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace traindeck::metrics;
namespace fs = std::filesystem;

namespace {

const char* const kTokens[] = {"1e30", "-1e30", "1e308", "-1", "NaN", "Infinity", "-Infinity", "null", "1e-400",
                               "9223372036854775808", "-9223372036854775809", "4294967296", "[[[[[[[[", "{", "\"",
                               "\n", "\\u0000", "0x10", "\r\n", "{'loss': nan}", "Step 1e30 | Loss: inf",
                               "\"nonfinite\":[\"loss\",\"x\"]", "\"rank\":1e12", "\"time\":-5", "\"step\":-1"};

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Mutator {
    std::mt19937_64 rng;
    std::size_t below(std::size_t n) { return n == 0 ? 0 : std::size_t(rng() % n); }

    // A number in the text swapped for an out-of-range or non-finite one.
    void swapNumber(std::string& s) {
        for (int tries = 0; tries < 8; ++tries) {
            std::size_t at = below(s.size());
            while (at < s.size() && !(s[at] >= '0' && s[at] <= '9'))
                ++at;
            if (at >= s.size())
                continue;
            std::size_t end = at;
            while (end < s.size() && (std::isdigit(static_cast<unsigned char>(s[end])) || s[end] == '.' || s[end] == 'e' ||
                                      s[end] == '-' || s[end] == '+'))
                ++end;
            s.replace(at, end - at, kTokens[below(10)]);  // the first ten are numbers and non-finite tokens
            return;
        }
    }

    void mutateText(std::string& s) {
        const int edits = 1 + int(below(4));
        for (int e = 0; e < edits && !s.empty(); ++e) {
            switch (below(7)) {
            case 0: s[below(s.size())] ^= char(1u << below(8)); break;
            case 1: s[below(s.size())] = char(below(256)); break;
            case 2: s.insert(below(s.size() + 1), kTokens[below(std::size(kTokens))]); break;
            case 3: swapNumber(s); break;
            case 4: s.resize(below(s.size() + 1)); break;
            case 5: {
                const std::size_t a = below(s.size()), n = below(std::min<std::size_t>(s.size() - a, 4096) + 1);
                s.insert(below(s.size() + 1), s.substr(a, n));
                break;
            }
            default: {
                const std::size_t a = below(s.size());
                s.erase(a, below(std::min<std::size_t>(s.size() - a, 512) + 1));
            }
            }
        }
    }

    // Event files: the same edits inside one record's payload, re-framed with
    // valid CRCs; or the framing itself broken (a length with a valid CRC).
    void mutateEvents(std::string& s) {
        std::vector<std::pair<std::size_t, std::size_t>> records;  // offset of header, payload length
        for (std::size_t at = 0; at + 12 <= s.size();) {
            std::uint64_t length;
            std::memcpy(&length, s.data() + at, 8);
            if (length > s.size() || at + 16 + length > s.size())
                break;
            records.emplace_back(at, std::size_t(length));
            at += 16 + std::size_t(length);
        }
        if (records.empty() || below(5) == 0) {
            mutateText(s);  // raw damage: framing lost, CRCs failing
            return;
        }
        const auto [at, length] = records[below(records.size())];
        std::string payload = s.substr(at + 12, length);
        if (below(4) == 0) {
            // A length that claims more than is there (up to 2^40), with a valid CRC.
            const std::uint64_t huge = std::uint64_t(1) << (10 + below(31));
            char header[12];
            std::memcpy(header, &huge, 8);
            const std::uint32_t crc = maskedCrc32c(header, 8);
            std::memcpy(header + 8, &crc, 4);
            s.replace(at, 12, header, 12);
            return;
        }
        for (int e = 0; e < 1 + int(below(3)) && !payload.empty(); ++e) {
            if (below(2))
                payload[below(payload.size())] ^= char(1u << below(8));
            else
                payload[below(payload.size())] = char(below(256));
        }
        std::string record(12, '\0');
        const std::uint64_t n = payload.size();
        std::memcpy(record.data(), &n, 8);
        const std::uint32_t lengthCrc = maskedCrc32c(record.data(), 8);
        std::memcpy(record.data() + 8, &lengthCrc, 4);
        record += payload;
        const std::uint32_t dataCrc = maskedCrc32c(payload.data(), payload.size());
        record.append(reinterpret_cast<const char*>(&dataCrc), 4);
        s.replace(at, 16 + length, record);
    }
};

int failures = 0;

void check(const Run& run, const std::string& what) {
    constexpr std::int64_t kMaxStep = std::int64_t(1) << 53;
    for (const auto& [key, series] : run.allSeries()) {
        if (key.second > (1 << 16)) {
            std::fprintf(stderr, "%s: a series of rank %d\n", what.c_str(), key.second);
            ++failures;
        }
        for (const Point& p : series->points())
            if (p.step < 0 || p.step > kMaxStep || !std::isfinite(p.wallTime) || p.wallTime < 0) {
                std::fprintf(stderr, "%s: %s holds step %" PRId64 " at time %g\n", what.c_str(), key.first.c_str(), p.step,
                             p.wallTime);
                ++failures;
                return;
            }
    }
    (void)summarize(run);
}

void feedText(const std::string& bytes, Mutator& m, const std::string& what) {
    Run run(what, 4096);  // a small capacity: folding runs too
    TextStreamReader reader(run);
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t n = 1 + m.below(std::min<std::size_t>(bytes.size() - at, 8192));
        reader.feed(std::string_view(bytes).substr(at, n), 1.0);
        at += n;
    }
    reader.finish(2.0);
    check(run, what);
    std::size_t start = 0;
    for (std::size_t nl; (nl = bytes.find('\n', start)) != std::string::npos; start = nl + 1)
        if (auto line = readMetricsLine(std::string_view(bytes).substr(start, nl - start)))
            if (line->step && (*line->step < 0 || *line->step > (std::int64_t(1) << 53))) {
                std::fprintf(stderr, "%s: readMetricsLine gave step %" PRId64 "\n", what.c_str(), *line->step);
                ++failures;
            }
}

void feedCsv(const std::string& bytes, Mutator& m, const std::string& what) {
    Run run(what, 4096);
    LightningCsvReader reader(run);
    int rereads = 0;
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t n = 1 + m.below(std::min<std::size_t>(bytes.size() - at, 8192));
        reader.feed(std::string_view(bytes).substr(at, n), 1.0);
        at += n;
        if (reader.wantsReread()) {
            if (++rereads > 1) {  // once per header, and these bytes do not change: a second time would be for ever
                std::fprintf(stderr, "%s: the reader asks to read the file again and again\n", what.c_str());
                ++failures;
                return;
            }
            reader.reread();
            at = 0;
        }
    }
    reader.finish(2.0);
    check(run, what);
}

void feedEvents(const std::string& bytes, Mutator& m, const std::string& what) {
    Run run(what, 4096);
    TfEventsReader reader(run);
    for (std::size_t at = 0; at < bytes.size();) {
        const std::size_t n = 1 + m.below(std::min<std::size_t>(bytes.size() - at, 8192));
        if (!reader.feed(std::string_view(bytes).substr(at, n), 1.0))
            break;
        at += n;
    }
    check(run, what);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: fuzz_readers FIXTURES [MUTANTS_PER_FILE]\n");
        return 2;
    }
    const int mutants = argc > 2 ? std::atoi(argv[2]) : 200;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(argv[1]))
        if (e.is_regular_file() && e.path().extension() != ".json" && e.path().extension() != ".py" &&
            e.path().extension() != ".md")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::size_t fed = 0;
    for (const fs::path& file : files) {
        const std::string original = readAll(file);
        const bool events = file.filename().string().find("tfevents") != std::string::npos;
        const bool csv = file.extension() == ".csv";
        Mutator m{std::mt19937_64(std::hash<std::string>{}(file.filename().string()))};
        for (int i = 0; i <= mutants; ++i) {
            std::string bytes = original;  // mutant 0: the file as it is
            if (i > 0)
                events ? m.mutateEvents(bytes) : m.mutateText(bytes);
            const std::string what = file.filename().string() + " #" + std::to_string(i);
            if (events)
                feedEvents(bytes, m, what);
            else if (csv)
                feedCsv(bytes, m, what);
            else
                feedText(bytes, m, what);
            ++fed;
        }
    }
    std::printf("%zu inputs from %zu files, %d failure(s)\n", fed, files.size(), failures);
    return files.empty() || failures > 0 ? 1 : 0;
}
