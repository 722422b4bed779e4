#pragma once
// CRC-32C (Castagnoli), as TFRecord framing checks it. Debian 12 packages no
// C library of it (its libcrc32c-dev is not in bookworm), so it is here:
// slicing-by-8 tables, about 1–2 GB/s, well above what the reader needs.

#include <cstddef>
#include <cstdint>

namespace traindeck::metrics {

std::uint32_t crc32c(const void* data, std::size_t length);

// TFRecord stores CRCs masked: rotated right by 15 bits plus a constant, so
// that a CRC of data that holds CRCs stays well distributed.
inline std::uint32_t maskedCrc32c(const void* data, std::size_t length) {
    const std::uint32_t crc = crc32c(data, length);
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

}  // namespace traindeck::metrics
