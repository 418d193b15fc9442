// half and bfloat16_t: real 16-bit storage types with round-to-nearest-even conversion
// from float (the hardware's CAST_RINT/CAST_NONE), exact conversion to float.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace sim::num {

inline uint32_t FloatBits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float BitsFloat(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// float -> binary16, round to nearest even; overflow gives Inf, NaN stays NaN (quiet).
inline uint16_t FloatToHalfBits(float value) {
    constexpr uint32_t kF32Inf = 255u << 23;
    constexpr uint32_t kF16Overflow = (127u + 16u) << 23;     // 65536.0f: always rounds to Inf
    constexpr uint32_t kDenormMagic = ((127u - 15u) + (23u - 10u) + 1u) << 23;
    uint32_t f = FloatBits(value);
    const uint32_t sign = f & 0x80000000u;
    f ^= sign;
    uint16_t out;
    if (f >= kF16Overflow) {
        out = (f > kF32Inf) ? 0x7E00 : 0x7C00;
    } else if (f < (113u << 23)) {
        // Result is subnormal or zero: let the FPU's RNE addition do the rounding.
        float shifted = BitsFloat(f) + BitsFloat(kDenormMagic);
        out = static_cast<uint16_t>(FloatBits(shifted) - kDenormMagic);
    } else {
        uint32_t mantissaOdd = (f >> 13) & 1u;
        f += (static_cast<uint32_t>(15 - 127) << 23) + 0xFFFu;
        f += mantissaOdd;
        out = static_cast<uint16_t>(f >> 13);
    }
    return static_cast<uint16_t>(out | (sign >> 16));
}

inline float HalfBitsToFloat(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1Fu;
    const uint32_t mantissa = h & 0x3FFu;
    if (exponent == 0) {
        // Subnormal (or zero): exact in float.
        float magnitude = static_cast<float>(mantissa) * (1.0f / 16777216.0f);  // 2^-24
        return BitsFloat(FloatBits(magnitude) | sign);
    }
    if (exponent == 31) return BitsFloat(sign | 0x7F800000u | (mantissa << 13));
    return BitsFloat(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

inline uint16_t FloatToBf16Bits(float value) {
    uint32_t f = FloatBits(value);
    if ((f & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((f >> 16) | 0x0040u);  // quiet NaN
    f += 0x7FFFu + ((f >> 16) & 1u);
    return static_cast<uint16_t>(f >> 16);
}

inline float Bf16BitsToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

}  // namespace sim::num

// The Ascend C scalar types (global namespace, as in CANN).
struct half {
    uint16_t bits;
    half() = default;
    template <class U, std::enable_if_t<std::is_arithmetic_v<U>, int> = 0>
    half(U value) : bits(sim::num::FloatToHalfBits(static_cast<float>(value))) {}  // NOLINT: implicit like CANN's
    operator float() const { return sim::num::HalfBitsToFloat(bits); }
    static half FromBits(uint16_t b) { half h; h.bits = b; return h; }
};

struct bfloat16_t {
    uint16_t bits;
    bfloat16_t() = default;
    template <class U, std::enable_if_t<std::is_arithmetic_v<U>, int> = 0>
    bfloat16_t(U value) : bits(sim::num::FloatToBf16Bits(static_cast<float>(value))) {}  // NOLINT
    operator float() const { return sim::num::Bf16BitsToFloat(bits); }
    static bfloat16_t FromBits(uint16_t b) { bfloat16_t h; h.bits = b; return h; }
};

static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "16-bit storage types");
static_assert(std::is_trivially_copyable_v<half> && std::is_trivially_copyable_v<bfloat16_t>);
