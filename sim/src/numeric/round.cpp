#include "ascendc_sim/numeric/round.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "ascendc_sim/numeric/half.h"

namespace sim::num {
namespace {

// Overflow past the largest finite value: directions that never round away from zero
// stop at the largest finite value, the others reach infinity (IEEE 754 section 7.4).
double Overflow(double x, double maxFinite, Rounding mode) {
    const bool positive = x > 0;
    const bool stopsAtMax = mode == Rounding::TowardZero || mode == Rounding::ToOdd ||
                            (mode == Rounding::Floor && positive) || (mode == Rounding::Ceil && !positive);
    const double magnitude = stopsAtMax ? maxFinite : std::numeric_limits<double>::infinity();
    return positive ? magnitude : -magnitude;
}

constexpr double kTwoPow52 = 4503599627370496.0;

// 2^e for e in the normal double range, built from its bits (std::ldexp is far slower).
double PowerOfTwo(int e) {
    uint64_t bits = static_cast<uint64_t>(e + 1023) << 52;
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// floor(log2(|x|)) for finite nonzero x.
int LeadingExponent(double x) {
    uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const int field = static_cast<int>((bits >> 52) & 0x7FF);
    if (field != 0) return field - 1023;
    int exponent;
    std::frexp(x, &exponent);  // double subnormal: never produced by Cast's sources
    return exponent - 1;
}

}  // namespace

double MaxFinite(const FloatFormat& format) {
    // (2 - 2^(1-p)) * 2^emax
    return (2.0 - PowerOfTwo(1 - format.precision)) * PowerOfTwo(format.maxExponent);
}

double RoundToIntegral(double x, Rounding mode) {
    // NaN, Inf, and every |x| >= 2^52 are already integral (and out of int64's way below).
    if (!(std::fabs(x) < kTwoPow52)) return x;
    switch (mode) {
        case Rounding::Floor: return std::floor(x);
        case Rounding::Ceil: return std::ceil(x);
        case Rounding::TowardZero: return std::trunc(x);
        case Rounding::NearestAway: return std::round(x);
        case Rounding::NearestEven: {
            // Explicit, so the result never depends on the thread's FP environment.
            const double below = std::floor(x);
            const double fraction = x - below;  // exact
            const bool belowIsOdd = (static_cast<int64_t>(below) & 1) != 0;
            const double result = (fraction > 0.5 || (fraction == 0.5 && belowIsOdd)) ? below + 1.0 : below;
            return result == 0.0 ? std::copysign(0.0, x) : result;  // -0.3 rounds to -0
        }
        case Rounding::ToOdd: {
            double truncated = std::trunc(x);
            if (truncated != x && (static_cast<int64_t>(truncated) & 1) == 0) truncated += std::copysign(1.0, x);
            return truncated;
        }
    }
    return x;
}

double RoundToFormat(double x, const FloatFormat& format, Rounding mode) {
    if (!std::isfinite(x) || x == 0.0) return x;
    const int leading = LeadingExponent(x);  // |x| in [2^leading, 2^(leading+1))
    // The spacing of representable values at x: fixed below the normal range (subnormals).
    const int quantumExponent = std::max(leading, format.minExponent) - (format.precision - 1);
    const double units = x * PowerOfTwo(-quantumExponent);  // exact: a power-of-two scaling
    const double result = RoundToIntegral(units, mode) * PowerOfTwo(quantumExponent);
    const double maxFinite = MaxFinite(format);
    if (std::fabs(result) > maxFinite) return Overflow(x, maxFinite, mode);
    return result;
}

uint16_t DoubleToHalfBits(double x, Rounding mode) {
    if (std::isnan(x)) return static_cast<uint16_t>(std::signbit(x) ? 0xFE00 : 0x7E00);
    // The rounded value is exact in half (hence in float): the RNE encoder only re-packs it.
    return FloatToHalfBits(static_cast<float>(RoundToFormat(x, kHalfFormat, mode)));
}

uint16_t DoubleToBf16Bits(double x, Rounding mode) {
    if (std::isnan(x)) return static_cast<uint16_t>(std::signbit(x) ? 0xFFC0 : 0x7FC0);
    const float exact = static_cast<float>(RoundToFormat(x, kBf16Format, mode));
    return static_cast<uint16_t>(FloatBits(exact) >> 16);  // low 16 bits are zero
}

float DoubleToFloat(double x, Rounding mode) {
    if (std::isnan(x)) return static_cast<float>(x);
    return static_cast<float>(RoundToFormat(x, kFloatFormat, mode));
}

int32_t DoubleToInt32(double x, Rounding mode) {
    if (std::isnan(x)) return 0;
    const double r = RoundToIntegral(x, mode);
    if (r >= 2147483648.0) return std::numeric_limits<int32_t>::max();
    if (r < -2147483648.0) return std::numeric_limits<int32_t>::min();
    return static_cast<int32_t>(r);
}

}  // namespace sim::num
