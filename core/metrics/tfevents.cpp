#include "metrics/tfevents.h"

#include "metrics/crc32c.h"
#include "tfevents.pb.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace traindeck::metrics {
namespace {

enum DataType { kFloat = 1, kDouble = 2, kInt32 = 3, kInt64 = 9, kHalf = 19 };

double halfToDouble(std::uint16_t h) {
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? std::nan("") : sign * std::numeric_limits<double>::infinity();
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// The value of a one-element numeric tensor (a scalar as TensorBoard's scalars
// plugin writes it). False: not a scalar (a histogram, a text, an image).
bool scalarOf(const traindeck::tfevents::TensorProto& t, double& out) {
    switch (t.dtype()) {
    case kFloat:
        if (t.float_val_size() == 1) return out = t.float_val(0), true;
        if (t.tensor_content().size() == 4) {
            float f;
            std::memcpy(&f, t.tensor_content().data(), 4);
            return out = f, true;
        }
        return false;
    case kDouble:
        if (t.double_val_size() == 1) return out = t.double_val(0), true;
        if (t.tensor_content().size() == 8) {
            std::memcpy(&out, t.tensor_content().data(), 8);
            return true;
        }
        return false;
    case kHalf:  // half_val is not declared: TensorBoard's writers use tensor_content for halves
        if (t.tensor_content().size() == 2) {
            std::uint16_t h;
            std::memcpy(&h, t.tensor_content().data(), 2);
            return out = halfToDouble(h), true;
        }
        return false;
    case kInt32:
        if (t.int_val_size() == 1) return out = t.int_val(0), true;
        return false;
    case kInt64:
        if (t.int64_val_size() == 1) return out = double(t.int64_val(0)), true;
        return false;
    default:
        return false;
    }
}

std::uint64_t le64(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
std::uint32_t le32(const char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

constexpr std::size_t kHeader = 12;  // length + its CRC
constexpr std::size_t kFooter = 4;   // the data's CRC
constexpr std::uint64_t kMaxRecord = std::uint64_t(1) << 30;  // a length beyond 1 GiB is a lost framing (and fits protobuf's int)

}  // namespace

struct TfEventsReader::Decoder {
    traindeck::tfevents::Event event;  // reused: protobuf keeps its allocations across Clear()
    std::unordered_map<std::string, Series*> series;
};

TfEventsReader::TfEventsReader(Run& run) : run_(run), decoder_(std::make_unique<Decoder>()) {}
TfEventsReader::~TfEventsReader() = default;

void TfEventsReader::reset() {
    pending_.clear();
    consumed_ = 0;
    lostAt_ = -1;
}

bool TfEventsReader::feed(std::string_view bytes, double seenAt) {
    if (lostAt_ >= 0)
        return false;
    // Whole records straight from the caller's bytes where nothing is pending: no copy.
    std::string_view data = bytes;
    if (!pending_.empty()) {
        pending_.append(bytes);
        data = pending_;
    }
    std::size_t used = 0;
    bool ok = true;
    while (data.size() - used >= kHeader) {
        const char* p = data.data() + used;
        const std::uint64_t length = le64(p);
        if (maskedCrc32c(p, 8) != le32(p + 8) || length > kMaxRecord) {
            lostAt_ = (long long)(consumed_ + used);
            ok = false;
            break;
        }
        if (data.size() - used < kHeader + length + kFooter)
            break;  // the rest of this record is still being written
        const char* payload = p + kHeader;
        if (maskedCrc32c(payload, length) == le32(payload + length))
            record(payload, std::size_t(length), seenAt);
        else
            ++corrupt_;
        ++records_;
        used += kHeader + std::size_t(length) + kFooter;
    }
    consumed_ += used;
    if (!ok)
        pending_.clear();
    else if (!pending_.empty())
        pending_.erase(0, used);  // what is left is one partial record
    else
        pending_.assign(data.substr(used));
    return ok;
}

void TfEventsReader::record(const char* data, std::size_t length, double seenAt) {
    auto& event = decoder_->event;
    event.Clear();
    if (!event.ParseFromArray(data, int(length))) {
        ++corrupt_;
        return;
    }
    if (!event.has_summary())
        return;  // file_version, graphs, session logs: nothing to plot
    for (const auto& value : event.summary().value()) {
        double v;
        if (value.value_case() == traindeck::tfevents::Summary::Value::kSimpleValue)
            v = value.simple_value();
        else if (value.value_case() != traindeck::tfevents::Summary::Value::kTensor || !scalarOf(value.tensor(), v))
            continue;
        Series*& s = decoder_->series[value.tag()];
        if (!s)
            s = &run_.series(value.tag());
        run_.append(*s, {event.step(), event.wall_time(), v}, seenAt);
    }
}

}  // namespace traindeck::metrics
