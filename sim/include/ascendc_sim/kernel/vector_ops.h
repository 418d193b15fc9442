// Element operations of the vector unit, one functor per instruction.
//
// Numerics: fp32 math is IEEE single precision (the sim builds with -ffp-contract=off, so no
// fused multiply-add). fp16/bf16 +,-,*,/,sqrt are computed in fp32 and rounded once to the
// element type: exactly rounded, because fp32 carries more than 2p+2 bits of an fp16 (p=11)
// or bf16 (p=8) significand. Exp and Ln are evaluated in double and rounded once, so they are
// correctly rounded for all practical inputs (Exp by ExpForNarrow, within 1.5 ulp of double:
// misrounded only where e^x lies within about 3e-16 relative of a rounding boundary, as for
// libm's double exp); the hardware's own ULP error for Exp/Ln/
// Reciprocal is not modelled (the CANN API reference pages do not state it). Integer
// add/sub/mul wrap around.
// Max/Min propagate NaN (so "NaN in -> NaN out" holds through clips such as Tanh's).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/numeric/half.h"
#include "ascendc_sim/numeric/round.h"

namespace sim::vec {

template <class T>
constexpr bool kIsFloating = std::is_same_v<T, float> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

// The value of a floating element, widened to fp32 (exact).
template <class T>
inline float Widen(T value) {
    return static_cast<float>(value);
}

// An fp32 result rounded to nearest even into the element type.
template <class T>
inline T Narrow(float value) {
    if constexpr (std::is_same_v<T, float>) {
        return value;
    } else {
        return T::FromBits(std::is_same_v<T, half> ? num::FloatToHalfBits(value) : num::FloatToBf16Bits(value));
    }
}

// A double result rounded once (nearest even) into the element type.
template <class T>
inline T NarrowFromDouble(double value) {
    if constexpr (std::is_same_v<T, float>) {
        return static_cast<float>(value);
    } else if constexpr (std::is_same_v<T, half>) {
        return half::FromBits(num::DoubleToHalfBits(value, num::Rounding::NearestEven));
    } else {
        return bfloat16_t::FromBits(num::DoubleToBf16Bits(value, num::Rounding::NearestEven));
    }
}

template <class T>
inline T WrapInt(int64_t value) {
    using Unsigned = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<Unsigned>(value));
}

// A scalar argument converted to the element type (CANN takes it as T; kernels often pass
// a float literal for a half tensor or an int for a float one).
template <class T, class U>
inline T ScalarAs(const U& value) {
    if constexpr (std::is_same_v<T, U>) {
        return value;
    } else if constexpr (kIsFloating<T>) {
        if constexpr (std::is_same_v<T, float>) return static_cast<float>(value);
        else return T(static_cast<float>(value));
    } else if constexpr (std::is_arithmetic_v<U>) {
        return static_cast<T>(value);
    } else {
        return static_cast<T>(static_cast<float>(value));
    }
}

template <class U>
constexpr bool kScalarArgument = std::is_arithmetic_v<U> || std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t>;

// ---- binary ----
struct AddOp {
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (kIsFloating<T>) return Narrow<T>(Widen(a) + Widen(b));
        else return WrapInt<T>(static_cast<int64_t>(a) + static_cast<int64_t>(b));
    }
};
struct SubOp {
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (kIsFloating<T>) return Narrow<T>(Widen(a) - Widen(b));
        else return WrapInt<T>(static_cast<int64_t>(a) - static_cast<int64_t>(b));
    }
};
struct MulOp {
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (kIsFloating<T>) return Narrow<T>(Widen(a) * Widen(b));
        else return WrapInt<T>(static_cast<int64_t>(a) * static_cast<int64_t>(b));
    }
};
struct DivOp {
    template <class T>
    T operator()(T a, T b) const {
        return Narrow<T>(Widen(a) / Widen(b));
    }
};
struct MaxOp {
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (kIsFloating<T>) {
            const float x = Widen(a), y = Widen(b);
            if (x != x) return a;
            if (y != y) return b;
            return x >= y ? a : b;
        } else {
            return a >= b ? a : b;
        }
    }
};
struct MinOp {
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (kIsFloating<T>) {
            const float x = Widen(a), y = Widen(b);
            if (x != x) return a;
            if (y != y) return b;
            return x <= y ? a : b;
        } else {
            return a <= b ? a : b;
        }
    }
};

// A binary operation with a fixed right operand (Adds, Muls, Maxs, Mins).
template <class Op, class T>
struct WithScalar {
    T scalar;
    T operator()(T a) const { return Op{}(a, scalar); }
};

// ---- unary ----

// e^x in double precision for an fp32 x, within about 1.5 ulp of double: the Exp
// instruction's value before its one rounding to the element type. Straight arithmetic, no
// call and no floating-point branch, so that Compute's loop vectorizes it (libm's exp, called
// per element, was 5% of a (64, 1024) op call's wall time; GCC will not if-convert a
// floating-point comparison while FP exceptions are honoured, so the clamp works on the bits).
//   |x| is clamped to 110, beyond which e^x rounds to 0 or overflows every fp32/fp16/bf16
//   element, so neither the scale 2^k nor the result leaves double's normal range; a NaN's
//   bits are left alone and it comes out NaN.
//   x = k ln2 + r with |r| <= ln2/2 (k rounded by adding 1.5 * 2^52, which leaves k in the low
//   bits); e^r by its Taylor series to r^13 (the next term is < 1e-17 relative); 2^k put
//   straight into the exponent bits (k + 1023 lies in [864, 1182]).
inline double ExpForNarrow(float value) {
    constexpr uint32_t kMagnitude = 0x7FFFFFFFu, kSign = 0x80000000u, kInfinity = 0x7F800000u;
    constexpr uint32_t kLimit = 0x42DC0000u;  // 110.0f
    constexpr double kShift = 0x1.8p52, kInvLn2 = 0x1.71547652b82fep0;
    constexpr double kLn2Hi = 0x1.62e42fefa3800p-1, kLn2Lo = 0x1.ef35793c7673p-45;  // ln2 = hi + lo; k * hi exact
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    const uint32_t magnitude = bits & kMagnitude;
    bits = magnitude > kLimit && magnitude <= kInfinity ? (bits & kSign) | kLimit : bits;
    float clamped;
    std::memcpy(&clamped, &bits, sizeof clamped);
    const double x = clamped;
    double kd = x * kInvLn2 + kShift;
    uint64_t ki;
    std::memcpy(&ki, &kd, sizeof ki);
    kd -= kShift;
    const double r = (x - kd * kLn2Hi) - kd * kLn2Lo;
    double p = 1.0 / 6227020800.0;  // 1/13!
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    const uint64_t scaleBits = (ki << 52) + (uint64_t{1023} << 52);
    double scale;
    std::memcpy(&scale, &scaleBits, sizeof scale);
    return p * scale;
}

struct ExpOp {
    template <class T>
    T operator()(T a) const { return NarrowFromDouble<T>(ExpForNarrow(Widen(a))); }
};
struct LnOp {
    template <class T>
    T operator()(T a) const { return NarrowFromDouble<T>(std::log(static_cast<double>(Widen(a)))); }
};
struct SqrtOp {
    template <class T>
    T operator()(T a) const { return Narrow<T>(std::sqrt(Widen(a))); }
};
struct ReciprocalOp {
    template <class T>
    T operator()(T a) const { return Narrow<T>(1.0f / Widen(a)); }
};
struct AbsOp {
    template <class T>
    T operator()(T a) const {
        if constexpr (std::is_same_v<T, float>) return std::fabs(a);
        else if constexpr (kIsFloating<T>) return T::FromBits(static_cast<uint16_t>(a.bits & 0x7FFFu));
        else return a < 0 ? WrapInt<T>(-static_cast<int64_t>(a)) : a;
    }
};
struct ReluOp {
    template <class T>
    T operator()(T a) const {
        if constexpr (kIsFloating<T>) return Widen(a) < 0.0f ? T(0.0f) : a;
        else return a < 0 ? T(0) : a;
    }
};

// Duplicate: every element gets the scalar.
template <class T>
struct FillOp {
    T value;
    T operator()() const { return value; }
};

}  // namespace sim::vec
