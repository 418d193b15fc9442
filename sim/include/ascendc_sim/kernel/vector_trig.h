// High-level Sin and Cos (CANN's include/adv_api/math/sin.h and cos.h), step by step as the
// Atlas A2/A3 implementations run them (asc-devkit impl/adv_api/detail/math/sin/
// sin_common_impl.h, cos/cos_common_impl.h with sin_v220_impl.h / cos_v220_impl.h), every step one
// counter-mode float instruction over one chunk (a count-form instruction of the sim). A half
// input is Cast to float first (CAST_NONE) and the result back (CAST_NONE = RINT).
//   Sin: k = Cast<float->float, CAST_ROUND>(x * 0.31830987 (1/pi)); r = x - k*pi_0 - k*pi_1 - k*pi_2
//        - k*pi_3 (pi split into 3.140625 + 9.670257568359375e-4 + 6.2771141529e-7 + 1.2164491636e-10,
//        each product and difference one instruction);
//   Cos: k = Cast<CAST_RINT>(x / pi + 0.5); r = x - k*pi_0 - k*pi_1 + 1.5707963705 - k*pi_2 - k*pi_3
//        - k*pi_4 - 4.371139e-8 (pi_4 = -1.0290623e-13), so r = x - (k - 1/2) pi in [-pi/2, pi/2];
//   both: sign = 4 * floor(k/2) - 2k + 1 (= (-1)^k; floor as Cast<CAST_FLOOR>),
//        s = r * ((((2.604926501e-6 r^2 - 1.980894471e-4) r^2 + 8.333049340e-3) r^2
//        - 0.1666665792) r^2 + 1), y = s * sign; Cos then clamps y to [-1, 1] (Mins, Maxs).
// Temps (float): round, kpi and (float without isReuseSource) the reduced x; half adds the float
// copy of x: chunk = tmpBytes / 4 / pieces / 32 * 32 elements, pieces = 4 (half), 3 (float) or 2
// (float with isReuseSource, which then overwrites src with the reduced x). Checks as CANN's
// (api_check/kernel_check/math/sin, cos): T half or float (compile time), calCount within dst
// and src, the temp disjoint from both, at least one 32-element chunk.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

enum class TrigKind { Sin, Cos };

// The constants of the two implementations (float values as there written).
struct TrigConstants {
    static constexpr float kInvPi = 0.3183098733425140380859375f;
    static constexpr float kPi0 = 3.140625f;
    static constexpr float kPi1 = 0.0009670257568359375f;
    static constexpr float kPi2 = 6.2771141529083251953125e-7f;
    static constexpr float kPi3 = 1.21644916362129151821136474609375e-10f;
    static constexpr float kPi4 = -1.0290623200529979163359041220560e-13f;  // Cos only
    static constexpr float kHalfPi = 1.57079637050628662109375f;            // Cos only
    static constexpr float kHalfPiRest = -0.00000004371139000189375f;      // Cos only
    static constexpr float kR0 = 2.604926501e-6f;
    static constexpr float kR1 = -0.0001980894471f;
    static constexpr float kR2 = 0.008333049340f;
    static constexpr float kR3 = -0.1666665792f;
};

constexpr const char* TrigName(TrigKind kind) { return kind == TrigKind::Sin ? "Sin" : "Cos"; }

// One chunk of n float elements: y from x; r (reduced x), round and kpi are n-element temps (r
// may be x itself with isReuseSource).
template <TrigKind kind>
void TrigChunk(const AscendC::LocalTensor<float>& y, const AscendC::LocalTensor<float>& x,
               const AscendC::LocalTensor<float>& r, const AscendC::LocalTensor<float>& round,
               const AscendC::LocalTensor<float>& kpi, int64_t n) {
    using C = TrigConstants;
    const MathSteps steps{TrigName(kind)};
    const ApiName muls = steps("Muls"), adds = steps("Adds"), mul = steps("Mul"), sub = steps("Sub"),
                  add = steps("Add");
    auto roundTo = [&](const AscendC::LocalTensor<float>& t, num::Rounding rounding) { steps.Cast(t, t, rounding, n); };
    auto minusK = [&](const AscendC::LocalTensor<float>& from, float piPart) {
        Scalar<MulOp>(muls, kpi, round, piPart, n);
        Binary<SubOp>(sub, r, from, kpi, n);
    };
    // k and the reduced argument
    Scalar<MulOp>(muls, round, x, C::kInvPi, n);
    if constexpr (kind == TrigKind::Sin) {
        roundTo(round, num::Rounding::NearestAway);
        minusK(x, C::kPi0);
        minusK(r, C::kPi1);
        minusK(r, C::kPi2);
        minusK(r, C::kPi3);
    } else {
        Scalar<AddOp>(adds, round, round, 0.5f, n);
        roundTo(round, num::Rounding::NearestEven);
        minusK(x, C::kPi0);
        minusK(r, C::kPi1);
        Scalar<AddOp>(adds, r, r, C::kHalfPi, n);
        minusK(r, C::kPi2);
        minusK(r, C::kPi3);
        minusK(r, C::kPi4);
        Scalar<AddOp>(adds, r, r, C::kHalfPiRest, n);
    }
    // sign = 4 * floor(k / 2) - 2k + 1, in y
    Binary<MulOp>(mul, kpi, r, r, n);
    Scalar<MulOp>(muls, y, round, 0.5f, n);
    roundTo(y, num::Rounding::Floor);
    Scalar<MulOp>(muls, y, y, 4.0f, n);
    Scalar<MulOp>(muls, round, round, -2.0f, n);
    Binary<AddOp>(add, y, y, round, n);
    Scalar<AddOp>(adds, y, y, 1.0f, n);
    // the odd polynomial in r
    Scalar<MulOp>(muls, round, kpi, C::kR0, n);
    Scalar<AddOp>(adds, round, round, C::kR1, n);
    Binary<MulOp>(mul, round, round, kpi, n);
    Scalar<AddOp>(adds, round, round, C::kR2, n);
    Binary<MulOp>(mul, round, round, kpi, n);
    Scalar<AddOp>(adds, round, round, C::kR3, n);
    Binary<MulOp>(mul, round, round, kpi, n);
    Scalar<AddOp>(adds, round, round, 1.0f, n);
    Binary<MulOp>(mul, round, round, r, n);
    Binary<MulOp>(mul, y, round, y, n);
    if constexpr (kind == TrigKind::Cos) {
        Scalar<MinOp>(steps("Mins", "clamp"), y, y, 1.0f, n);
        Scalar<MaxOp>(steps("Maxs", "clamp"), y, y, -1.0f, n);
    }
}

template <TrigKind kind, class T, bool isReuseSource>
void TrigImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Sin, Cos: element type must be half or float on Atlas A2/A3");
    const ApiName api = Named(TrigName(kind));
    constexpr bool kHalf = std::is_same_v<T, half>;
    constexpr uint32_t pieces = kHalf ? 4 : (isReuseSource ? 2 : 3);
    if (calCount == 0 || !CheckMathOperands(api, dst, src, calCount, false)) return;
    const uint64_t chunk = MathChunk(api, dst, src, temp, calCount, pieces, nullptr);
    if (chunk == 0) return;
    const auto piece = [&](uint32_t i) { return TempPiece(temp, chunk, i); };
    const ApiName castIn = MathSteps{TrigName(kind)}("Cast");
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        if constexpr (kHalf) {
            const AscendC::LocalTensor<float> wide = piece(0);  // x in float, then y
            Elementwise(castIn, wide, n, CastNearestOp<float, half>{}, ElementwiseOptions{}, src[offset]);
            TrigChunk<kind>(wide, wide, piece(3), piece(1), piece(2), n);
            Elementwise(castIn, dst[offset], n, CastNearestOp<half, float>{}, ElementwiseOptions{}, wide);
        } else {
            const AscendC::LocalTensor<float> reduced = isReuseSource ? src[offset] : piece(2);
            TrigChunk<kind>(dst[offset], src[offset], reduced, piece(0), piece(1), n);
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_TRIG_API(Name, Kind)                                                                        \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,               \
                                                     const uint32_t calCount) {                                 \
        sim::NoteCallSite();                                                                                    \
        sim::vec::TrigImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, calCount);            \
    }                                                                                                           \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer) {             \
        sim::NoteCallSite();                                                                                    \
        sim::vec::TrigImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize()); \
    }                                                                                                           \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const uint32_t calCount) {                                 \
        sim::NoteCallSite();                                                                                    \
        LocalTensor<uint8_t> stack;                                                                             \
        if (sim::vec::StackTemp(sim::vec::Named(#Name), &stack)) {                                              \
            sim::vec::TrigImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, stack, calCount);                  \
        }                                                                                                       \
    }                                                                                                           \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) { \
        sim::NoteCallSite();                                                                                    \
        LocalTensor<uint8_t> stack;                                                                             \
        if (sim::vec::StackTemp(sim::vec::Named(#Name), &stack)) {                                              \
            sim::vec::TrigImpl<Kind, T, isReuseSource>(dstTensor, srcTensor, stack, srcTensor.GetSize());       \
        }                                                                                                       \
    }
ASCENDC_SIM_TRIG_API(Sin, sim::vec::TrigKind::Sin)
ASCENDC_SIM_TRIG_API(Cos, sim::vec::TrigKind::Cos)
#undef ASCENDC_SIM_TRIG_API

}  // namespace AscendC
