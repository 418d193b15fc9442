// The high-level Erfc (CANN's include/adv_api/math/erfc.h), step by step as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/math/erfc/erfc_common_impl.h), each step
// one count-form float instruction of the sim over one chunk. With c = x clipped to [-10, 10],
// z = |c| + 2^-62, sg = c / z (+-1):
//   R(z) = ((((((((z r0 + r1) z + r2) z + r3) z + r4) z + r5) z + r6) z + r7) z + r8),
//   S(z) = (((((z + s1) z + s2) z + s3) z + s4) z + s5),
//   erfc x = (1 - sg) + sg Exp(-z^2) R(z) / S(z),
// each product and sum one Mul / Muls / Adds (the implementation's Mins of z against 10, whose
// result is overwritten unread, issued too), in float pieces p1 .. p5 (p1 = z, then Exp(-z^2);
// R in p4, S in p3; sg in dst (float) or in a sixth piece (half, after Cast half->float,
// CAST_NONE)). half's Cast float->half uses CAST_ROUND (ties away from zero), as v220 does.
// Chunks: tmpBytes / sizeof(T) / f / 32 * 32 elements, f = 5 (float), 12 (half): 5 or 6 float
// pieces; the tail uses the full chunk's spacing. Checks as CANN's (api_check/kernel_check/math/
// erfc): T half or float (compile time); isReuseSource reserved (must be false); calCount within
// dst and src; dst, src and the temp pairwise disjoint (the page forbids the overlaps); one
// 32-element chunk at least (GetErfcMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

struct ErfcConstants {
    static constexpr float kClip = 10.0f;
    static constexpr float kTiny = static_cast<float>(2.168404344971009e-19);  // 2^-62
    static constexpr float kR[9] = {0.1735313680e-7f, -0.9856738394e-6f, 0.2517003236e-4f,
                                    -0.3848015171e-3f, 0.5681528564e0f,  0.5245623129e1f,
                                    0.2107740710e2f,   0.4212761755e2f,  0.4380524149e2f};  // r0 .. r8
    static constexpr float kS[5] = {0.9349684299e1f, 0.3756930664e2f, 0.8058268949e2f, 0.9155653738e2f,
                                    0.4380524152e2f};  // s1 .. s5
};

// One chunk: y = erfc(x) from float x; sg a float of n elements (float: y; half: x), p[0..4]
// temps (half: y is p[0]).
inline void ErfcChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& y,
                      const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& sg,
                      const AscendC::LocalTensor<float> (&p)[5], int64_t n) {
    using C = ErfcConstants;
    const AscendC::LocalTensor<float>&p1 = p[0], &p2 = p[1], &p3 = p[2], &p4 = p[3], &p5 = p[4];
    // the clip: Mins into y, Maxs into sg
    Scalar<MinOp>(steps("Mins", "clip"), y, x, C::kClip, n);
    Scalar<MaxOp>(steps("Maxs", "clip"), sg, y, -C::kClip, n);
    Unary<AbsOp>(steps("Abs"), p1, sg, n);
    Scalar<AddOp>(steps("Adds"), p1, p1, C::kTiny, n);
    Binary<DivOp>(steps("Div"), sg, sg, p1, n);
    Scalar<MinOp>(steps("Mins"), p2, p1, C::kClip, n);
    Scalar<MulOp>(steps("Muls"), p3, p1, C::kR[0], n);
    Scalar<AddOp>(steps("Adds"), p4, p3, C::kR[1], n);
    for (int i = 2; i <= 8; ++i) {
        Binary<MulOp>(steps("Mul"), p3, p1, p4, n);
        Scalar<AddOp>(steps("Adds"), p4, p3, C::kR[i], n);
    }
    Scalar<AddOp>(steps("Adds"), p3, p1, C::kS[0], n);
    for (int i = 1; i <= 4; ++i) {
        Binary<MulOp>(steps("Mul"), p5, p1, p3, n);
        Scalar<AddOp>(steps("Adds"), p3, p5, C::kS[i], n);
    }
    Binary<DivOp>(steps("Div"), p3, p4, p3, n);
    Binary<MulOp>(steps("Mul"), p1, p1, p1, n);
    Scalar<MulOp>(steps("Muls"), p1, p1, -1.0f, n);
    Unary<ExpOp>(steps("Exp"), p1, p1, n);
    Binary<MulOp>(steps("Mul"), p3, p1, p3, n);
    Scalar<MulOp>(steps("Muls"), p2, sg, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), p2, p2, 1.0f, n);
    Binary<MulOp>(steps("Mul"), p3, p3, sg, n);
    Binary<AddOp>(steps("Add"), y, p3, p2, n);
}

template <class T, bool isReuseSource>
void ErfcImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Erfc: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{"Erfc"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = kHalf ? 6 : 5;
    const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces, "GetErfcMaxMinTmpSize");
    if (chunk == 0) return;
    const AscendC::LocalTensor<float> p[5] = {TempPiece(*temp, chunk, 0), TempPiece(*temp, chunk, 1),
                                              TempPiece(*temp, chunk, 2), TempPiece(*temp, chunk, 3),
                                              TempPiece(*temp, chunk, 4)};
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        if constexpr (kHalf) {
            const AscendC::LocalTensor<float> x = TempPiece(*temp, chunk, 5);
            steps.Widen(x, src[offset], n);
            ErfcChunk(steps, p[0], x, x, p, n);
            Elementwise(steps("Cast", "Cast float->half"), dst[offset], n,
                        CastOp<half, float>{num::Rounding::NearestAway}, ElementwiseOptions{}, p[0]);
        } else {
            const AscendC::LocalTensor<float> d = dst[offset];
            ErfcChunk(steps, d, src[offset], d, p, n);
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erfc(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ErfcImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erfc(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::ErfcImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erfc(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ErfcImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erfc(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::ErfcImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}

}  // namespace AscendC
