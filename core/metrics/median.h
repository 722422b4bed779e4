#pragma once
// The median of some values (the mean of the two middle ones for an even count),
// in linear time: a million points on every look at a straggler or a speed. 0 for none.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace traindeck::metrics {

inline double median(std::vector<double> v) {
    if (v.empty()) return 0;
    const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    if (v.size() % 2) return *mid;
    return 0.5 * (*std::max_element(v.begin(), mid) + *mid);
}

}  // namespace traindeck::metrics
