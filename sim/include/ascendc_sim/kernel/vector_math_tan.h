// The high-level Tan (CANN's include/adv_api/math/tan.h), step by step as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/math/tan/tan_common_impl.h with
// tan_v220_impl.h), each step one count-form float instruction of the sim over one chunk:
//   k = Cast<CAST_RINT>(x * 0.31830987 (1/pi)); x -= k*pi_0; x -= k*pi_1; d1 = x + pi/2;
//   d2 = x - pi/2; then for pi_2, pi_3, pi_4: x -= k*pi_i, d1 -= k*pi_i, d2 -= k*pi_i (after pi_2
//   also d1 -= 4.371139e-8, d2 += 4.371139e-8), pi split as Sin's (pi_4 = -1.0291767e-13 here),
//   each product and difference one instruction, so x = x - k pi in [-pi/2, pi/2], d1 = x + pi/2,
//   d2 = x - pi/2;
//   s = x^2; up = ((0.069852083 s - 6.8711574) s + 61.203626) x;
//   down = (s - 24.804893) d1 d2; y = up / down.
// The float input is first copied into a temp (Adds 0); a half one is Cast to float (CAST_NONE)
// and the result back (CAST_NONE = to nearest even).
// Chunks: tmpBytes / sizeof(T) / f / 32 * 32 elements, f = 4 (float), 10 (half): float pieces
// k, d1, d2, x (float; k pi_i goes to dst) or y, x, k, d1, d2 (half). The last, partial chunk
// spaces its pieces by its length rounded up to 32, as the implementation does. Checks as CANN's
// (api_check/kernel_check/math/tan): T half or float (compile time); isReuseSource reserved (must
// be false); calCount within dst and src; dst, src and the temp pairwise disjoint (the page
// forbids the overlaps); one 32-element chunk at least.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

struct TanConstants {
    static constexpr float kInvPi = 0.3183098733425140380859375f;
    static constexpr float kPi0 = 3.140625f;
    static constexpr float kPi1 = 0.0009670257568359375f;
    static constexpr float kPi2 = 6.2771141529083251953125e-7f;
    static constexpr float kPi3 = 1.21644916362129151821136474609375e-10f;
    static constexpr float kPi4 = -1.0291767438275201129727065563201904296875e-13f;
    static constexpr float kHalfPi = 1.57079637050628662109375f;
    static constexpr float kHalfPiRest = 0.00000004371139000189375f;
    static constexpr float kR0 = 0.0698520831551998762793f;
    static constexpr float kR1 = -6.8711573651634203789f;
    static constexpr float kR2 = 61.20362572811089435388f;
    static constexpr float kR3 = -24.8048928861126769186219f;
};

// One chunk: y = tan(x) with x reduced in place; kpi, k, d1, d2 float temps of n elements (kpi
// may be y).
inline void TanChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& y, const AscendC::LocalTensor<float>& x,
                     const AscendC::LocalTensor<float>& k, const AscendC::LocalTensor<float>& d1,
                     const AscendC::LocalTensor<float>& d2, int64_t n) {
    using C = TanConstants;
    const AscendC::LocalTensor<float>& kpi = y;
    const auto minusK = [&](float piPart, bool downs) {
        Scalar<MulOp>(steps("Muls"), kpi, k, piPart, n);
        Binary<SubOp>(steps("Sub"), x, x, kpi, n);
        if (downs) {
            Binary<SubOp>(steps("Sub"), d1, d1, kpi, n);
            Binary<SubOp>(steps("Sub"), d2, d2, kpi, n);
        }
    };
    Scalar<MulOp>(steps("Muls"), k, x, C::kInvPi, n);
    steps.Cast(k, k, num::Rounding::NearestEven, n);
    minusK(C::kPi0, false);
    minusK(C::kPi1, false);
    Scalar<AddOp>(steps("Adds"), d1, x, C::kHalfPi, n);
    Scalar<AddOp>(steps("Adds"), d2, x, -C::kHalfPi, n);
    minusK(C::kPi2, true);
    Scalar<AddOp>(steps("Adds"), d1, d1, -C::kHalfPiRest, n);
    Scalar<AddOp>(steps("Adds"), d2, d2, C::kHalfPiRest, n);
    minusK(C::kPi3, true);
    minusK(C::kPi4, true);
    // the rational function, k now holding x^2 and then the denominator
    Binary<MulOp>(steps("Mul"), k, x, x, n);
    Scalar<MulOp>(steps("Muls"), y, k, C::kR0, n);
    Scalar<AddOp>(steps("Adds"), y, y, C::kR1, n);
    Binary<MulOp>(steps("Mul"), y, y, k, n);
    Scalar<AddOp>(steps("Adds"), y, y, C::kR2, n);
    Binary<MulOp>(steps("Mul"), y, y, x, n);
    Scalar<AddOp>(steps("Adds"), k, k, C::kR3, n);
    Binary<MulOp>(steps("Mul"), k, k, d1, n);
    Binary<MulOp>(steps("Mul"), k, k, d2, n);
    Binary<DivOp>(steps("Div"), y, y, k, n);
}

template <class T, bool isReuseSource>
void TanImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Tan: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{"Tan"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = kHalf ? 5 : 4;
    const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces, "GetTanMaxMinTmpSize");
    if (chunk == 0) return;
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        // the tail's pieces are spaced by its length rounded up to 32 elements
        const uint64_t spacing = static_cast<uint64_t>(n) == chunk ? chunk : (n + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
        const auto piece = [&](uint32_t i) { return TempPiece(*temp, spacing, i); };
        if constexpr (kHalf) {
            const AscendC::LocalTensor<float> y = piece(0), x = piece(1);
            steps.Widen(x, src[offset], n);
            TanChunk(steps, y, x, piece(2), piece(3), piece(4), n);
            steps.Narrow(dst[offset], y, n);
        } else {
            const AscendC::LocalTensor<float> x = piece(3);
            Scalar<AddOp>(steps("Adds", "Adds copy"), x, src[offset], 0.0f, n);
            TanChunk(steps, dst[offset], x, piece(0), piece(1), piece(2), n);
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::TanImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::TanImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::TanImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Tan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::TanImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}

}  // namespace AscendC
