// The high-level Erf (CANN's include/adv_api/math/erf.h), step by step as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/math/erf/erf_common_impl.h), each step
// one count-form float instruction of the sim over one chunk: erf x = P(c) / Q(c), c = x clipped
// to [-3.92, 3.92], s = c^2,
//   P(c) = (((((0.053443748819 s + 7.5517016694) s + 101.62808918) s + 1393.8061484) s
//          + 5063.7915060) s + 29639.384698) c,
//   Q(c) = ((((s + 31.212858877) s + 398.56963806) s + 3023.1248150) s + 13243.365831) s
//          + 26267.224157,
// each product and sum one Mul / Muls / Adds, in float pieces p1 (s), p2 (P), p3 (Q), with c in
// dst (float) or in a fourth piece (half, after Cast half->float, CAST_NONE); Q's partial products
// overwrite c. The result is Div(P, Q); half's Cast float->half uses CAST_ROUND (ties away from
// zero), as v220 does.
// Chunks: tmpBytes / sizeof(T) / f / 32 * 32 elements, f = 3 (float), 8 (half): 3 or 4 float
// pieces. Checks as CANN's (api_check/kernel_check/math/erf): T half or float (compile time);
// isReuseSource reserved (must be false); calCount within dst and src; dst and src disjoint (the
// page forbids the overlap); the temp disjoint from both, one 32-element chunk at least.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

struct ErfConstants {
    static constexpr float kClip = 3.92f;
    static constexpr float kP[6] = {0.29639384698e5f, 0.50637915060e4f, 0.13938061484e4f,
                                    0.10162808918e3f, 0.75517016694e1f, 0.053443748819f};  // P0 .. P5
    static constexpr float kQ[5] = {0.26267224157e5f, 0.13243365831e5f, 0.30231248150e4f, 0.39856963806e3f,
                                    0.31212858877e2f};  // Q0 .. Q4
};

// One chunk: y = P(c) / Q(c) from x in float; c (clipped x, then Q's partial products), s, p, q
// are float temps of n elements (c may be y).
inline void ErfChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& y, const AscendC::LocalTensor<float>& x,
                     const AscendC::LocalTensor<float>& c, const AscendC::LocalTensor<float>& s,
                     const AscendC::LocalTensor<float>& p, const AscendC::LocalTensor<float>& q, int64_t n) {
    using C = ErfConstants;
    Scalar<MinOp>(steps("Mins", "clip"), s, x, C::kClip, n);
    Scalar<MaxOp>(steps("Maxs", "clip"), c, s, -C::kClip, n);
    Binary<MulOp>(steps("Mul"), s, c, c, n);
    Scalar<MulOp>(steps("Muls"), p, s, C::kP[5], n);
    Scalar<AddOp>(steps("Adds"), q, p, C::kP[4], n);
    for (int i = 3; i >= 0; --i) {
        Binary<MulOp>(steps("Mul"), p, s, q, n);
        Scalar<AddOp>(steps("Adds"), q, p, C::kP[i], n);
    }
    Binary<MulOp>(steps("Mul"), p, c, q, n);  // P
    Scalar<AddOp>(steps("Adds"), q, s, C::kQ[4], n);
    for (int i = 3; i >= 0; --i) {
        Binary<MulOp>(steps("Mul"), c, s, q, n);
        Scalar<AddOp>(steps("Adds"), q, c, C::kQ[i], n);
    }
    Binary<DivOp>(steps("Div"), y, p, q, n);
}

template <class T, bool isReuseSource>
void ErfImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Erf: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{"Erf"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = kHalf ? 4 : 3;
    const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces, "GetErfMaxMinTmpSize");
    if (chunk == 0) return;
    const AscendC::LocalTensor<float> s = TempPiece(*temp, chunk, 0), p = TempPiece(*temp, chunk, 1),
                                      q = TempPiece(*temp, chunk, 2);
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        if constexpr (kHalf) {
            const AscendC::LocalTensor<float> c = TempPiece(*temp, chunk, 3);
            steps.Widen(c, src[offset], n);
            ErfChunk(steps, s, c, c, s, p, q, n);
            Elementwise(steps("Cast", "Cast float->half"), dst[offset], n,
                        CastOp<half, float>{num::Rounding::NearestAway}, ElementwiseOptions{}, s);
        } else {
            ErfChunk(steps, dst[offset], src[offset], dst[offset], s, p, q, n);
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erf(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ErfImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erf(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ErfImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erf(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::ErfImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Erf(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::ErfImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}

}  // namespace AscendC
