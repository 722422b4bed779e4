#pragma once
// PyTorch Lightning's CSVLogger file, <root>/<name>/version_N/metrics.csv (the
// Trainer's logger when TensorBoard is not installed), as lightning.fabric's
// _ExperimentWriter writes it with Python's csv module:
//   - a header of every key logged so far, sorted, `step` among them;
//   - one row per log_metrics call, empty cells for the keys it did not log;
//   - rows end in \r\n; a cell with a comma, a quote or a line break is quoted;
//     numbers are Python's str(): "0.6931471805599453", "3e-05", "nan", "inf";
//   - when a key first appears (the first validation, a learning-rate monitor),
//     the whole file is written again, in place, under the new header.
// A file followed while it is written again grows past the bytes already read,
// so the follower sees no truncation: the reader notices instead (a row whose
// cells do not match the header, or without a step, read from the middle of a
// rewritten row) and asks to be fed the file from its start.
//
// Every number is untrusted: a step that is not a whole number in [0, 2^53] drops
// its row, and a cell that is not a number is dropped (both counted in
// rejectedValues); a row that is not the header's shape, or a file without a step
// column, counts in skippedLines; rows read again after a rewrite are not counted
// twice. NaN and ±Inf are values (a diverged loss), not errors.

#include "metrics/run.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck::metrics {

class LightningCsvReader {
public:
    explicit LightningCsvReader(Run& run) : run_(run) {}

    void feed(std::string_view bytes, double seenAt);
    // The file is complete (read to its end, not followed): a last row without a line break is read too.
    void finish(double seenAt);
    // The file was truncated or replaced (a new run into the same folder): read it as a new file.
    void reset();

    // The file was written again under a new header while it was followed: the
    // caller feeds it again from its first byte, after calling reread().
    bool wantsReread() const { return wantsReread_; }
    // Reads the file again from its start; rows already read (below each series'
    // last step) are not appended twice.
    void reread();

    std::size_t rows() const { return rows_; }  // rows whose values were taken
    // A record longer than this is no record of Lightning's: dropped, counted as a skipped line.
    static constexpr std::size_t kMaxRecord = std::size_t(1) << 20;

private:
    void record(std::string_view text, double seenAt);
    void row(const std::vector<std::string>& cells, double seenAt);

    Run& run_;
    std::string pending_;  // bytes of a record not yet complete
    std::vector<std::string> header_;
    std::vector<std::string> rereadUnder_;  // the header in force when a reread was last asked for
    int stepColumn_ = -1;
    std::size_t records_ = 0;  // data records since the header, this pass
    std::size_t counted_ = 0;  // records whose problems were counted, over every pass
    std::size_t rows_ = 0;
    bool rereading_ = false;
    bool wantsReread_ = false;
};

}  // namespace traindeck::metrics
