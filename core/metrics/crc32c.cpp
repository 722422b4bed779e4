#include "metrics/crc32c.h"

#include <array>
#include <cstring>

namespace traindeck::metrics {
namespace {

constexpr std::uint32_t kPolynomial = 0x82f63b78u;  // Castagnoli, reflected

struct Tables {
    std::array<std::array<std::uint32_t, 256>, 8> t{};
    constexpr Tables() {
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
            t[0][i] = c;
        }
        for (std::uint32_t i = 0; i < 256; ++i)
            for (std::size_t s = 1; s < 8; ++s)
                t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
    }
};
constexpr Tables kTables;

}  // namespace

std::uint32_t crc32c(const void* data, std::size_t length) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint32_t crc = 0xffffffffu;
    const auto& t = kTables.t;
    while (length >= 8) {
        std::uint32_t lo, hi;
        std::memcpy(&lo, p, 4);  // little-endian hosts (x86-64, aarch64)
        std::memcpy(&hi, p + 4, 4);
        lo ^= crc;
        crc = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^ t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^
              t[3][hi & 0xff] ^ t[2][(hi >> 8) & 0xff] ^ t[1][(hi >> 16) & 0xff] ^ t[0][hi >> 24];
        p += 8;
        length -= 8;
    }
    while (length--)
        crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 0xff];
    return crc ^ 0xffffffffu;
}

}  // namespace traindeck::metrics
