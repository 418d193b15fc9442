// int4b_t: CANN's 4-bit signed integer element type (asc-devkit impl/utils/common_types.h:
// integer_sub_type<4, true>): one value in the low 4 bits of a byte, sign-extended when read.
// Tensors of it pack two values per byte on the NPU; the sim's LocalTensor<int4b_t> counts one
// byte per element (sizeof), so APIs that take int4b_t tensors must convert counts themselves.
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

struct int4b_t {
    static constexpr int k_bits = 4;
    static constexpr bool k_signed = true;
    uint8_t storage = 0;
    __aicore__ inline int4b_t() = default;
    __aicore__ inline int4b_t(int32_t value) : storage(static_cast<uint8_t>(value) & 0xF) {}
    __aicore__ inline int4b_t(uint32_t value) : storage(static_cast<uint8_t>(value) & 0xF) {}
    __aicore__ inline operator int8_t() const {
        return static_cast<int8_t>((storage & 0x8) != 0 ? (storage | 0xF0) : storage);
    }
    __aicore__ inline bool operator==(const int4b_t& other) const { return storage == other.storage; }
    __aicore__ inline bool operator!=(const int4b_t& other) const { return storage != other.storage; }
    __aicore__ inline bool operator<(const int4b_t& other) const { return int8_t(*this) < int8_t(other); }
    __aicore__ inline bool operator>(const int4b_t& other) const { return int8_t(*this) > int8_t(other); }
    __aicore__ inline bool operator<=(const int4b_t& other) const { return int8_t(*this) <= int8_t(other); }
    __aicore__ inline bool operator>=(const int4b_t& other) const { return int8_t(*this) >= int8_t(other); }
};

}  // namespace AscendC

using AscendC::int4b_t;
