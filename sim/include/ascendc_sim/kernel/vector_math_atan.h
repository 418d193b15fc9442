// The high-level Atan (CANN's include/adv_api/math/atan.h), step by step as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/math/atan/atan_common_impl.h), each step
// one count-form float instruction of the sim over one chunk. With c = x clipped to [-1e4, 1e4],
// a = |c|, P_k(t) = t (1 - t^2/3 + t^4/5 - ...) the series of atan to the t^(2k+1) term:
//   y0 = P_4(a);
//   t1 = |(a - tan(pi/8)) / (1 + a tan(pi/8))|, y1 = P_4(t1) + pi/8;
//   t2 = |(a - 1) / (a + 1)|, y2 = P_4(t2) + pi/4;
//   t3 = |(t2 - tan(pi/8)) / (1 + t2 tan(pi/8))|, y3 = (P_6(t3) + pi/8) + pi/4;
//   atan x = min(y0, y1, y2, y3) sign(c), sign(c) = c 2^62 / (|c 2^62| + 2^-62).
// Every product, sum, quotient, Min and Abs one instruction, in float pieces tmp, clip, abs,
// tmp2, square (as the implementation names them); half is Cast to float (CAST_NONE) into a sixth
// piece, computed in place there and Cast back (CAST_NONE: to nearest even).
// Chunks: tmpBytes / 4 / f / 32 * 32 elements, f = 5 (float), 6 (half); the tail uses the full
// chunk's spacing. Checks as CANN's (api_check/kernel_check/math/atan): T half or float (compile
// time); isReuseSource reserved (must be false); calCount within dst and src; dst, src and the temp
// pairwise disjoint (the page forbids the overlaps); one 32-element chunk at least
// (GetAtanMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

struct AtanConstants {
    // double values converted to float, as atan_common_impl.h declares them
    static constexpr float kClip = 10000.0f;
    static constexpr float kPiBy4 = static_cast<float>(0.78539816339744830961566084581988);
    static constexpr float kPiBy8 = static_cast<float>(0.39269908169872415480783042290994);
    static constexpr float kTanPiBy8 = static_cast<float>(0.4142135623730950);
    static constexpr float kSignBig = 4611686018427387904.0f;                    // 2^62
    static constexpr float kSignTiny = static_cast<float>(2.168404344971009e-19);  // 2^-62
    static constexpr float kFactor[7] = {1.0f,
                                         static_cast<float>(-0.3333333333333333),
                                         static_cast<float>(0.2),
                                         static_cast<float>(-0.14285714285714285),
                                         static_cast<float>(0.1111111111111111),
                                         static_cast<float>(-0.09090909090909091),
                                         static_cast<float>(0.07692307692307693)};
};

// dst = P_level(src); square a temp.
inline void AtanSeries(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                       const AscendC::LocalTensor<float>& src, const AscendC::LocalTensor<float>& square, int level,
                       int64_t n) {
    using C = AtanConstants;
    Binary<MulOp>(steps("Mul"), square, src, src, n);
    Binary<MulOp>(steps("Mul"), dst, src, src, n);
    Scalar<MulOp>(steps("Muls"), dst, dst, C::kFactor[level], n);
    for (int i = level - 1; i > 0; --i) {
        Scalar<AddOp>(steps("Adds"), dst, dst, C::kFactor[i], n);
        Binary<MulOp>(steps("Mul"), dst, dst, square, n);
    }
    Scalar<AddOp>(steps("Adds"), dst, dst, C::kFactor[0], n);
    Binary<MulOp>(steps("Mul"), dst, dst, src, n);
}

// dst = |(src - k) / (1 + src k)|; tmp a temp.
inline void AtanTransform(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                          const AscendC::LocalTensor<float>& src, const AscendC::LocalTensor<float>& tmp, float k,
                          int64_t n) {
    Scalar<MulOp>(steps("Muls"), dst, src, k, n);
    Scalar<AddOp>(steps("Adds"), dst, dst, 1.0f, n);
    Scalar<AddOp>(steps("Adds"), tmp, src, 0.0f - k, n);
    Binary<DivOp>(steps("Div"), dst, tmp, dst, n);
    Unary<AbsOp>(steps("Abs"), dst, dst, n);
}

// One chunk: dst = atan(src) (dst may be src) with float temps p[0..4] = tmp, clip, abs, tmp2,
// square.
inline void AtanChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                      const AscendC::LocalTensor<float>& src, const AscendC::LocalTensor<float> (&p)[5], int64_t n) {
    using C = AtanConstants;
    const AscendC::LocalTensor<float>&tmp = p[0], &clip = p[1], &abs = p[2], &tmp2 = p[3], &square = p[4];
    Scalar<MinOp>(steps("Mins", "clip"), clip, src, C::kClip, n);
    Scalar<MaxOp>(steps("Maxs", "clip"), clip, clip, -C::kClip, n);
    Unary<AbsOp>(steps("Abs"), abs, clip, n);
    AtanSeries(steps, dst, abs, square, 4, n);
    AtanTransform(steps, tmp, abs, tmp2, C::kTanPiBy8, n);
    AtanSeries(steps, tmp2, tmp, square, 4, n);
    Scalar<AddOp>(steps("Adds"), tmp2, tmp2, C::kPiBy8, n);
    Binary<MinOp>(steps("Min"), dst, dst, tmp2, n);
    Scalar<AddOp>(steps("Adds"), tmp2, abs, 1.0f, n);
    Scalar<AddOp>(steps("Adds"), tmp, abs, -1.0f, n);
    Binary<DivOp>(steps("Div"), tmp, tmp, tmp2, n);
    Unary<AbsOp>(steps("Abs"), tmp, tmp, n);
    AtanSeries(steps, tmp2, tmp, square, 4, n);
    Scalar<AddOp>(steps("Adds"), tmp2, tmp2, C::kPiBy4, n);
    Binary<MinOp>(steps("Min"), dst, dst, tmp2, n);
    AtanTransform(steps, tmp2, tmp, square, C::kTanPiBy8, n);
    AtanSeries(steps, tmp, tmp2, square, 6, n);
    Scalar<AddOp>(steps("Adds"), tmp, tmp, C::kPiBy8, n);
    Scalar<AddOp>(steps("Adds"), tmp, tmp, C::kPiBy4, n);
    Binary<MinOp>(steps("Min"), dst, dst, tmp, n);
    Scalar<MulOp>(steps("Muls", "sign"), tmp, clip, C::kSignBig, n);
    Unary<AbsOp>(steps("Abs", "sign"), tmp2, tmp, n);
    Scalar<AddOp>(steps("Adds", "sign"), tmp2, tmp2, C::kSignTiny, n);
    Binary<DivOp>(steps("Div", "sign"), tmp, tmp, tmp2, n);
    Binary<MulOp>(steps("Mul"), dst, dst, tmp, n);
}

template <class T, bool isReuseSource>
void AtanImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Atan: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{"Atan"};
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
    const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces, "GetAtanMaxMinTmpSize");
    if (chunk == 0) return;
    const AscendC::LocalTensor<float> p[5] = {TempPiece(*temp, chunk, 0), TempPiece(*temp, chunk, 1),
                                              TempPiece(*temp, chunk, 2), TempPiece(*temp, chunk, 3),
                                              TempPiece(*temp, chunk, 4)};
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        if constexpr (kHalf) {
            const AscendC::LocalTensor<float> conv = TempPiece(*temp, chunk, 5);
            steps.Widen(conv, src[offset], n);
            AtanChunk(steps, conv, conv, p, n);
            steps.Narrow(dst[offset], conv, n);
        } else {
            AtanChunk(steps, dst[offset], src[offset], p, n);
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Atan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::AtanImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Atan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::AtanImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Atan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::AtanImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Atan(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::AtanImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}

}  // namespace AscendC
