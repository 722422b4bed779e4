#include "metrics/lightning_csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace traindeck::metrics {
namespace {

// A whole cell as a number: Python's str() of a float or an int ("0.25", "3e-05",
// "nan", "inf", "-inf", "12"). Nothing else: no spaces, no units, no "True".
bool number(std::string_view cell, double& value) {
    if (cell.empty())
        return false;
    const char* end = cell.data() + cell.size();
    const auto [at, error] = std::from_chars(cell.data(), end, value);
    return error == std::errc() && at == end;
}

// One record's cells, as Python's csv module writes them (QUOTE_MINIMAL: a quoted
// cell may hold commas, line breaks and doubled quotes).
std::vector<std::string> cellsOf(std::string_view record) {
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (std::size_t i = 0; i < record.size(); ++i) {
        const char c = record[i];
        if (quoted) {
            if (c != '"')
                cells.back() += c;
            else if (i + 1 < record.size() && record[i + 1] == '"')
                cells.back() += record[++i];
            else
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

}  // namespace

void LightningCsvReader::feed(std::string_view bytes, double seenAt) {
    if (wantsReread_)
        return;  // the bytes after a rewrite are not rows of the header read: wait for the file from its start
    pending_.append(bytes);
    std::size_t start = 0;
    bool quoted = false;
    for (std::size_t i = 0; i < pending_.size() && !wantsReread_; ++i) {
        const char c = pending_[i];
        if (c == '"')
            quoted = !quoted;  // a doubled quote toggles twice
        else if (c == '\n' && !quoted) {
            std::string_view text(pending_.data() + start, i - start);
            if (!text.empty() && text.back() == '\r')
                text.remove_suffix(1);
            record(text, seenAt);
            start = i + 1;
        }
    }
    if (wantsReread_) {
        pending_.clear();
        return;
    }
    pending_.erase(0, start);
    if (pending_.size() > kMaxRecord) {  // no row of Lightning's: drop it, count it
        pending_.clear();
        ++run_.skippedLines;
        run_.touch();
    }
}

void LightningCsvReader::finish(double seenAt) {
    if (!pending_.empty() && !wantsReread_) {
        std::string_view text(pending_);
        if (text.back() == '\r')
            text.remove_suffix(1);
        record(text, seenAt);
    }
    pending_.clear();
}

void LightningCsvReader::reset() {
    records_ = 0;
    counted_ = 0;
    pending_.clear();
    header_.clear();
    stepColumn_ = -1;
    rows_ = 0;
    rereading_ = false;
    wantsReread_ = false;
    rereadUnder_.clear();
}

void LightningCsvReader::reread() {
    records_ = 0;
    pending_.clear();
    header_.clear();
    stepColumn_ = -1;
    rereading_ = true;
    wantsReread_ = false;
}

void LightningCsvReader::record(std::string_view text, double seenAt) {
    if (text.empty())
        return;  // a blank line is neither data nor noise
    std::vector<std::string> cells = cellsOf(text);
    if (header_.empty()) {
        header_ = std::move(cells);
        for (std::size_t i = 0; i < header_.size(); ++i)
            if (header_[i] == "step")
                stepColumn_ = int(i);
        return;
    }
    row(cells, seenAt);
}

void LightningCsvReader::row(const std::vector<std::string>& cells, double seenAt) {
    const std::size_t index = ++records_;
    double stepValue = 0;
    constexpr double kMaxStep = 9007199254740992.0;  // 2^53, as Run::accept
    const bool stepOk = stepColumn_ >= 0 && std::size_t(stepColumn_) < cells.size() &&
                        number(cells[std::size_t(stepColumn_)], stepValue) && stepValue >= 0 && stepValue <= kMaxStep &&
                        stepValue == std::floor(stepValue);
    // Lightning writes every row under the header, always with its step: a row that is
    // not so was most likely read from the middle of the file written again under
    // another header. Asked once per header: a row that does not match the header just
    // read from the start is only malformed.
    if ((cells.size() != header_.size() || (stepColumn_ >= 0 && !stepOk)) && header_ != rereadUnder_) {
        rereadUnder_ = header_;
        wantsReread_ = true;
        return;
    }
    // A row read again after a rewrite was counted the first time.
    const bool fresh = index > counted_;
    counted_ = std::max(counted_, index);
    auto count = [&](std::size_t& counter) {
        if (fresh) {
            ++counter;
            run_.touch();
        }
    };
    if (cells.size() != header_.size() || stepColumn_ < 0) {
        count(run_.skippedLines);  // malformed, or no step to place the values at: not a CSVLogger row
        return;
    }
    if (!stepOk) {
        count(run_.rejectedValues);
        return;
    }
    const auto step = std::int64_t(stepValue);
    if (fresh)
        ++rows_;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (int(i) == stepColumn_ || cells[i].empty())
            continue;
        double value = 0;
        if (!number(cells[i], value)) {
            count(run_.rejectedValues);
            continue;
        }
        Series& series = run_.series(header_[i]);
        if (rereading_ && !series.empty() && step < series.last().step)
            continue;  // read before the file was written again
        run_.append(series, {step, seenAt, value}, seenAt);
    }
}

}  // namespace traindeck::metrics
