// Directed rounding of exact values into the formats the vector unit writes (fp16, bf16,
// fp32, int32), for Cast with every RoundMode.
//
// Every source type Cast reads (half, bfloat16_t, float, int32_t) is exact in double, so a
// conversion is "take the exact value as a double, round it once into the target format".
// Rounding follows IEEE 754 rounding-direction semantics, including overflow:
//   nearest-even / nearest-away      -> +-Inf
//   toward zero, to odd              -> +-max finite
//   floor: +max finite for x > 0, -Inf for x < 0;  ceil: +Inf for x > 0, -max finite for x < 0
// CANN's Cast page says only "overflow is saturated by default" and does not say whether
// fp16 overflow gives +-65504 or Inf; we keep IEEE, which is what
// numpy / ml_dtypes do for RINT and what makes Inf/NaN reach the kernel's outputs.
// NaN stays NaN (quiet, sign kept). Integer targets saturate to their range, NaN -> 0.
#pragma once
#include <cstdint>

namespace sim::num {

enum class Rounding : uint8_t {
    NearestEven,   // CAST_RINT (and CAST_NONE when the conversion is inexact)
    Floor,         // CAST_FLOOR: toward -Inf
    Ceil,          // CAST_CEIL: toward +Inf
    NearestAway,   // CAST_ROUND: ties away from zero
    TowardZero,    // CAST_TRUNC
    ToOdd,         // CAST_ODD: inexact results take the neighbour with an odd last bit
};

// A binary floating-point format: `precision` significand bits (with the hidden one),
// normal exponents [minExponent, maxExponent] (value = 1.m * 2^e), subnormals below.
struct FloatFormat {
    int precision;
    int minExponent;
    int maxExponent;
};
inline constexpr FloatFormat kHalfFormat{11, -14, 15};
inline constexpr FloatFormat kBf16Format{8, -126, 127};
inline constexpr FloatFormat kFloatFormat{24, -126, 127};

// The largest finite value of `format`.
double MaxFinite(const FloatFormat& format);

// x rounded to an integer (a double) in the direction `mode`; Inf/NaN unchanged.
double RoundToIntegral(double x, Rounding mode);

// x rounded to a value of `format` (returned as the exact double), with the overflow rule above.
double RoundToFormat(double x, const FloatFormat& format, Rounding mode);

uint16_t DoubleToHalfBits(double x, Rounding mode);
uint16_t DoubleToBf16Bits(double x, Rounding mode);
float DoubleToFloat(double x, Rounding mode);
// Saturates to [INT32_MIN, INT32_MAX]; NaN gives 0.
int32_t DoubleToInt32(double x, Rounding mode);

}  // namespace sim::num
