#include "ascendc_sim/numeric/round.h"

#include <algorithm>
#include <cmath>
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

}  // namespace

double MaxFinite(const FloatFormat& format) {
    // (2 - 2^(1-p)) * 2^emax
    return std::ldexp(2.0 - std::ldexp(1.0, 1 - format.precision), format.maxExponent);
}

double RoundToIntegral(double x, Rounding mode) {
    if (!std::isfinite(x)) return x;
    switch (mode) {
        case Rounding::Floor: return std::floor(x);
        case Rounding::Ceil: return std::ceil(x);
        case Rounding::TowardZero: return std::trunc(x);
        case Rounding::NearestAway: return std::round(x);
        case Rounding::NearestEven: {
            // Explicit, so the result never depends on the thread's FP environment.
            const double below = std::floor(x);
            const double fraction = x - below;  // exact
            double result = below;
            if (fraction > 0.5 || (fraction == 0.5 && std::fmod(below, 2.0) != 0.0)) result = below + 1.0;
            return result == 0.0 ? std::copysign(0.0, x) : result;  // -0.3 rounds to -0
        }
        case Rounding::ToOdd: {
            double truncated = std::trunc(x);
            if (truncated != x && std::fmod(truncated, 2.0) == 0.0) truncated += std::copysign(1.0, x);
            return truncated;
        }
    }
    return x;
}

double RoundToFormat(double x, const FloatFormat& format, Rounding mode) {
    if (!std::isfinite(x) || x == 0.0) return x;
    int exponent;
    std::frexp(x, &exponent);          // |x| in [2^(exponent-1), 2^exponent)
    const int leading = exponent - 1;  // exponent of the leading bit
    // The spacing of representable values at x: fixed below the normal range (subnormals).
    const int quantumExponent = std::max(leading, format.minExponent) - (format.precision - 1);
    const double units = std::ldexp(x, -quantumExponent);  // exact: a power-of-two scaling
    const double result = std::ldexp(RoundToIntegral(units, mode), quantumExponent);
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
