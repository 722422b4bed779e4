#pragma once
// What a card hands its plotting library: not every point, but per pixel column
// the first, lowest, highest and last point (M4: Jugel et al., "M4: A
// Visualization-Oriented Time Series Data Aggregation", VLDB 2014; PlotJuggler
// and TensorBoard draw from such per-column extremes too). A line through
// them covers the same pixels as a line through every point, so a replot costs
// the card's width, not the series' length. Zoomed in to fewer than four points
// a column, the raw points are handed over as they are.
//
// The extremes come from a multi-resolution index: the lowest and highest point
// of every block of 8, 16, 32 … points, kept up to date as points are appended,
// so a column spanning a million points costs a few dozen block lookups.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace traindeck::metrics {

class Envelope {
public:
    // The points to draw: x ascending (a card's x: step or time), y may be NaN (a gap).
    void append(double x, double y);
    void clear();
    std::size_t size() const { return xs_.size(); }

    // The M4 points for x in [x0, x1] drawn `columns` pixels wide, plus the nearest
    // point outside each end (the line runs on to the edge); a column holding a NaN
    // keeps a NaN (the gap stays visible). Replaces `outX` and `outY`.
    void query(double x0, double x1, int columns, std::vector<double>& outX, std::vector<double>& outY) const;

private:
    // Values in chunks of 2^16: an append never moves what is held (a vector's
    // doubling would copy, and fault in, a million-point series within one redraw).
    class Column {
    public:
        void push_back(double v) {
            if (size_ == chunks_.size() << kShift)
                chunks_.emplace_back(new double[kChunk]);
            chunks_[size_ >> kShift][size_ & (kChunk - 1)] = v;
            ++size_;
        }
        double operator[](std::size_t i) const { return chunks_[i >> kShift][i & (kChunk - 1)]; }
        std::size_t size() const { return size_; }
        void clear() {
            chunks_.clear();
            size_ = 0;
        }
        // The first index in [from, to) whose value is not below `v` (above it with `upper`); ascending values.
        std::size_t bound(std::size_t from, std::size_t to, double v, bool upper) const;

    private:
        static constexpr std::size_t kShift = 16, kChunk = std::size_t(1) << kShift;
        std::vector<std::unique_ptr<double[]>> chunks_;
        std::size_t size_ = 0;
    };
    struct Block {
        std::uint32_t lo = 0, hi = 0;  // indices of the lowest and highest finite point
        bool finite = false;           // the block has a finite point
        bool gap = false;              // the block has a NaN
    };
    void extend();  // the whole blocks the points appended since complete
    // The lowest and highest finite point and whether a NaN is in [begin, end).
    Block extremes(std::size_t begin, std::size_t end) const;
    void merge(Block& into, const Block& b) const;
    void mergePoint(Block& into, std::size_t i) const;

    static constexpr std::size_t kBase = 8;  // the smallest block
    Column xs_, ys_;
    std::vector<std::vector<Block>> levels_;  // level k: blocks of kBase << k points, whole ones only
};

}  // namespace traindeck::metrics
