#pragma once
// TensorBoard event files (events.out.tfevents.*): TFRecord framing
//   uint64 length | uint32 masked CRC-32C of length | data | uint32 masked CRC-32C of data
// and in each record an Event proto (decoded with protobuf from tfevents.proto,
// our own subset). Scalars come as `simple_value` or as a one-element tensor
// (float_val, double_val, int values, or tensor_content). A record still being
// written waits for its bytes; a record whose data fails its CRC is skipped and
// counted; a length that fails its CRC ends the file's reading (the framing is lost).

#include "metrics/run.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace traindeck::metrics {

class TfEventsReader {
public:
    explicit TfEventsReader(Run& run);
    ~TfEventsReader();

    // Returns false once the framing is lost (framingLostAt() says where); later bytes are ignored.
    bool feed(std::string_view bytes, double seenAt);
    void reset();  // the file was truncated or replaced

    std::size_t records() const { return records_; }
    std::size_t corruptRecords() const { return corrupt_; }
    std::size_t pendingBytes() const { return pending_.size(); }
    bool framingLost() const { return lostAt_ >= 0; }
    long long framingLostAt() const { return lostAt_; }  // the byte where the framing was lost

private:
    void record(const char* data, std::size_t length, double seenAt);

    Run& run_;
    struct Decoder;
    std::unique_ptr<Decoder> decoder_;
    std::string pending_;
    std::size_t consumed_ = 0;  // bytes of whole records read
    std::size_t records_ = 0;
    std::size_t corrupt_ = 0;
    long long lostAt_ = -1;
};

}  // namespace traindeck::metrics
