// The high-level Asin and Acos (CANN's include/adv_api/math/asin.h, acos.h), step by step as the
// Atlas A2/A3 implementation runs them (asc-devkit impl/adv_api/detail/math/asin/asin_common_impl.h,
// acos/acos_common_impl.h, constants in math/math_constant_util.h), each step one count-form
// instruction of the sim over one chunk. With T(r) = r (C0 + C1 r^2 + ... + C7 r^14) the series
// of asin to r^15 (C_i its coefficients, C7 = 0.01396484375), B = sqrt(1/2):
//   res2 = pi/2 - T(sqrt(1 - x^2)) (valid for |x| > B), res1 = T(|x|) (|x| < B);
//   c1 = -Floor(min(|x|, B) - B) (1 below B, else 0) through a Cast to int32 (int8 for half) and
//   back; asin = (res1 c1 + res2 (1 - c1)) sign(x), sign(x) = x K / (|x K| + 1/K) with K = 2^62
//   (float) or 2^15 (half).
//   float: every step in float, |x| being Sqrt(x*x); Acos = -(asin - pi/2).
//   half: res2 and the combination in float (x Cast half->float, CAST_NONE), res1, the choice and
//   sign(x) in half (coefficients rounded to half), then Cast float->half (CAST_NONE: to nearest
//   even); Acos takes the float asin before that Cast (the implementation issues the Cast to dst
//   and then overwrites it).
// Chunks as the implementation cuts the temp: tmpBytes / sizeof(T) / f / 32 * 32 elements,
// f = 4 (float: pieces t0, t1 used), 6 (half: float pieces F1, F2 then half pieces H1, H2); the
// tail uses the full chunk's spacing. Checks as CANN's (api_check/kernel_check/math/asin, acos):
// T half or float (compile time); isReuseSource reserved (must be false); calCount within dst
// and src; dst, src and the temp pairwise disjoint (the pages forbid the overlaps); one
// 32-element chunk at least (GetAsinMaxMinTmpSize / GetAcosMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

struct AsinConstants {
    // double values converted to float, as math_constant_util.h declares them
    static constexpr float kHalfPi = static_cast<float>(1.5707963267948966192313216916398);
    static constexpr float kBoundary = static_cast<float>(0.70710678118654752440084436210485);
    static constexpr int kTerms = 7;  // C0 .. C7
    static constexpr float kCoef[8] = {
        static_cast<float>(1.0),
        static_cast<float>(0.16666666666666666666666666666667),
        static_cast<float>(0.075),
        static_cast<float>(0.04464285714285714285714285714286),
        static_cast<float>(0.03038194444444444444444444444444),
        static_cast<float>(0.02237215909090909090909090909091),
        static_cast<float>(0.01735276442307692307692307692308),
        static_cast<float>(0.01396484375)};
};

template <class T>
T AsinConst(float v) {
    return ScalarAs<T>(v);
}

// dst = T(r) for r in r (rr, a temp, gets r^2).
template <class T>
void AsinSeries(const MathSteps& steps, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& r,
                const AscendC::LocalTensor<T>& rr, int64_t n) {
    using C = AsinConstants;
    Binary<MulOp>(steps("Mul"), dst, r, r, n);
    Binary<MulOp>(steps("Mul"), rr, r, r, n);
    Scalar<MulOp>(steps("Muls"), dst, dst, AsinConst<T>(C::kCoef[C::kTerms]), n);
    for (int i = C::kTerms - 1; i > 0; --i) {
        Scalar<AddOp>(steps("Adds"), dst, dst, AsinConst<T>(C::kCoef[i]), n);
        Binary<MulOp>(steps("Mul"), dst, dst, rr, n);
    }
    Scalar<AddOp>(steps("Adds"), dst, dst, AsinConst<T>(C::kCoef[0]), n);
    Binary<MulOp>(steps("Mul"), dst, dst, r, n);
}

// dst = T(sqrt(s)) from s = r^2, s becoming sqrt(s).
inline void AsinSeriesOfSquare(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                               const AscendC::LocalTensor<float>& s, int64_t n) {
    using C = AsinConstants;
    Scalar<MulOp>(steps("Muls"), dst, s, 1.0f, n);
    Scalar<MulOp>(steps("Muls"), dst, dst, C::kCoef[C::kTerms], n);
    for (int i = C::kTerms - 1; i > 0; --i) {
        Scalar<AddOp>(steps("Adds"), dst, dst, C::kCoef[i], n);
        Binary<MulOp>(steps("Mul"), dst, dst, s, n);
    }
    Scalar<AddOp>(steps("Adds"), dst, dst, C::kCoef[0], n);
    Unary<SqrtOp>(steps("Sqrt"), s, s, n);
    Binary<MulOp>(steps("Mul"), dst, dst, s, n);
}

// dst = sign(x) = x K / (|x K| + 1/K); den a temp.
template <class T>
void AsinSign(const MathSteps& steps, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& x,
              const AscendC::LocalTensor<T>& den, int64_t n) {
    constexpr bool kFloat = std::is_same_v<T, float>;
    const float big = kFloat ? 4611686018427387904.0f : 32768.0f;
    const float tiny = kFloat ? static_cast<float>(2.168404344971009e-19) : 3.0517578125e-05f;
    Scalar<MulOp>(steps("Muls", "sign"), dst, x, AsinConst<T>(big), n);
    Unary<AbsOp>(steps("Abs", "sign"), den, dst, n);
    Scalar<AddOp>(steps("Adds", "sign"), den, den, AsinConst<T>(tiny), n);
    Binary<DivOp>(steps("Div", "sign"), dst, dst, den, n);
}

// choice (in place, from |x|): 1 below B, else 0, through Cast<I>(FLOOR) and back.
template <class T, class I>
void AsinChoice(const MathSteps& steps, const AscendC::LocalTensor<T>& c, const AscendC::LocalTensor<I>& asInt,
                int64_t n) {
    using C = AsinConstants;
    Scalar<MinOp>(steps("Mins", "choice"), c, c, AsinConst<T>(C::kBoundary), n);
    Scalar<AddOp>(steps("Adds", "choice"), c, c, AsinConst<T>(-C::kBoundary), n);
    Elementwise(steps("Cast", "choice Cast floor"), asInt, n, CastOp<I, T>{num::Rounding::Floor},
                ElementwiseOptions{}, c);
    Elementwise(steps("Cast", "choice Cast back"), c, n, CastOp<T, I>{num::Rounding::NearestEven},
                ElementwiseOptions{}, asInt);
    Scalar<MulOp>(steps("Muls", "choice"), c, c, AsinConst<T>(-1.0f), n);
}

// float: dst = asin(x) with temps t0, t1.
inline void AsinFloatChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                           const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& t0,
                           const AscendC::LocalTensor<float>& t1, int64_t n) {
    using C = AsinConstants;
    Binary<MulOp>(steps("Mul"), t1, x, x, n);
    Scalar<MulOp>(steps("Muls"), t1, t1, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), t1, t1, 1.0f, n);
    Unary<SqrtOp>(steps("Sqrt"), dst, t1, n);
    AsinSeries(steps, t1, dst, t0, n);
    Scalar<MulOp>(steps("Muls"), t1, t1, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), t1, t1, C::kHalfPi, n);  // res2
    Binary<MulOp>(steps("Mul"), t0, x, x, n);
    AsinSeriesOfSquare(steps, dst, t0, n);  // res1, t0 = |x|
    AsinChoice(steps, t0, t0.ReinterpretCast<int32_t>(), n);
    Binary<MulOp>(steps("Mul"), dst, dst, t0, n);
    Scalar<MulOp>(steps("Muls"), t0, t0, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), t0, t0, 1.0f, n);
    Binary<MulOp>(steps("Mul"), t1, t1, t0, n);
    Binary<AddOp>(steps("Add"), dst, dst, t1, n);
    AsinSign(steps, t1, x, t0, n);
    Binary<MulOp>(steps("Mul"), dst, dst, t1, n);
}

// half: f1 = asin(x) in float, dst = its Cast to half; f2 float, h1, h2 half temps.
inline void AsinHalfChunk(const MathSteps& steps, const AscendC::LocalTensor<half>& dst,
                          const AscendC::LocalTensor<half>& x, const AscendC::LocalTensor<float>& f1,
                          const AscendC::LocalTensor<float>& f2, const AscendC::LocalTensor<half>& h1,
                          const AscendC::LocalTensor<half>& h2, int64_t n) {
    using C = AsinConstants;
    steps.Widen(f2, x, n);
    Binary<MulOp>(steps("Mul"), f2, f2, f2, n);
    Scalar<MulOp>(steps("Muls"), f2, f2, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), f2, f2, 1.0f, n);
    AsinSeriesOfSquare(steps, f1, f2, n);
    Scalar<MulOp>(steps("Muls"), f1, f1, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), f1, f1, C::kHalfPi, n);  // res2
    Unary<AbsOp>(steps("Abs"), h2, x, n);
    AsinSeries(steps, dst, h2, h1, n);  // res1 in half
    AsinChoice(steps, h2, h1.ReinterpretCast<int8_t>(), n);
    Binary<MulOp>(steps("Mul"), dst, dst, h2, n);
    Scalar<MulOp>(steps("Muls"), h2, h2, half(-1.0f), n);
    Scalar<AddOp>(steps("Adds"), h2, h2, half(1.0f), n);
    steps.Widen(f2, h2, n);
    Binary<MulOp>(steps("Mul"), f1, f1, f2, n);
    steps.Widen(f2, dst, n);
    Binary<AddOp>(steps("Add"), f1, f2, f1, n);
    AsinSign(steps, h1, x, h2, n);
    steps.Widen(f2, h1, n);
    Binary<MulOp>(steps("Mul"), f1, f1, f2, n);
    steps.Narrow(dst, f1, n);
}

template <class T, bool isReuseSource, bool kAcos>
void AsinImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Asin, Acos: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{kAcos ? "Acos" : "Asin"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    // in float pieces: 4 (float), 6 halves = 3 floats (half)
    constexpr uint32_t pieces = kHalf ? 3 : 4;
    const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces,
                                     kAcos ? "GetAcosMaxMinTmpSize" : "GetAsinMaxMinTmpSize");
    if (chunk == 0) return;
    const auto chunk32 = static_cast<uint32_t>(chunk);
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        if constexpr (kHalf) {
            const AscendC::LocalTensor<float> f1 = TempPiece(*temp, chunk, 0), f2 = TempPiece(*temp, chunk, 1);
            const AscendC::LocalTensor<half> halves = temp->template ReinterpretCast<half>();
            const AscendC::LocalTensor<half> h1 = halves[4 * chunk32], h2 = halves[5 * chunk32];
            AsinHalfChunk(steps, dst[offset], src[offset], f1, f2, h1, h2, n);
            if constexpr (kAcos) {
                Scalar<AddOp>(steps("Adds"), f1, f1, -AsinConstants::kHalfPi, n);
                Scalar<MulOp>(steps("Muls"), f1, f1, -1.0f, n);
                steps.Narrow(dst[offset], f1, n);
            }
        } else {
            AsinFloatChunk(steps, dst[offset], src[offset], TempPiece(*temp, chunk, 0), TempPiece(*temp, chunk, 1), n);
            if constexpr (kAcos) {
                Scalar<AddOp>(steps("Adds"), dst[offset], dst[offset], -AsinConstants::kHalfPi, n);
                Scalar<MulOp>(steps("Muls"), dst[offset], dst[offset], -1.0f, n);
            }
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

#define ASCEND_SIM_ASIN_FORMS(Name, isAcos)                                                                      \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,                \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::AsinImpl<T, isReuseSource, isAcos>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);          \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::AsinImpl<T, isReuseSource, isAcos>(dstTensor, srcTensor, nullptr, calCount);                   \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer) {              \
        sim::NoteCallSite();                                                                                     \
        sim::vec::AsinImpl<T, isReuseSource, isAcos>(dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize()); \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) { \
        sim::NoteCallSite();                                                                                     \
        sim::vec::AsinImpl<T, isReuseSource, isAcos>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());        \
    }

ASCEND_SIM_ASIN_FORMS(Asin, false)
ASCEND_SIM_ASIN_FORMS(Acos, true)
#undef ASCEND_SIM_ASIN_FORMS

}  // namespace AscendC
