// The high-level Exp (CANN's include/adv_api/math/exp.h: Exp<T, taylorExpandLevel,
// isReuseSource>), step by step as the Atlas A2/A3 implementation runs it (asc-devkit
// impl/adv_api/detail/math/exp/exp_common_impl.h), each step one count-form float instruction of
// the sim over one chunk:
//   t = x (half: Cast half->float, CAST_NONE; float: Adds 0); k = Cast<CAST_FLOOR>(t);
//   t = t - k; k = Exp(k); p = t + 0; r = t + 0; r = r + 1;
//   for i = 2 .. taylorExpandLevel: p = t * p; p = p * (1/i as float); r = r + p;
//   r = r * k; (half: y = Cast float->half, CAST_NONE = to nearest even; float: r is dst)
// so y = e^floor(x) * (the degree-L Taylor polynomial of e^frac(x)). taylorExpandLevel 0 is the
// basic Exp over all calCount elements (the temp unused).
// Temps (float pieces of `chunk` elements, chunk = tmpBytes / 4 / pieces rounded down to 32 B of
// T, i.e. 8 (float) or 16 (half) elements): half 4 (t, p, r, k); float 3 (t, p, k; r is dst), or
// 2 with isReuseSource (t is src, which the call overwrites). Checks as CANN's
// (api_check/kernel_check/math/exp): T half or float (compile time); isReuseSource only for float;
// calCount within dst and src; dst, src and the temp pairwise disjoint (the page forbids the
// overlaps); one chunk at least.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

template <class T, uint8_t taylorExpandLevel, bool isReuseSource>
void HighLevelExpImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                      const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Exp (high-level): element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{"Exp"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, kHalf && isReuseSource) || calCount == 0 ||
        !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    if constexpr (taylorExpandLevel == 0) {
        Unary<ExpOp>(steps("Exp"), dst, src, calCount);
        return;
    } else {
        AscendC::LocalTensor<uint8_t> stack;
        if (temp == nullptr) {
            if (!StackTemp(api, &stack)) return;
            temp = &stack;
        }
        constexpr uint32_t pieces = kHalf ? 4 : (isReuseSource ? 2 : 3);
        const uint64_t chunk =
            MathChunk(api, dst, src, *temp, calCount, pieces, "GetExpMaxMinTmpSize", kBlockBytes / sizeof(T));
        if (chunk == 0) return;
        const auto piece = [&](uint32_t i) { return TempPiece(*temp, chunk, i); };
        // t (the fraction), p (the power term), k (the integer part, then e^k); r below
        const AscendC::LocalTensor<float> t = [&] {
            if constexpr (!kHalf && isReuseSource) return src;
            else return piece(0);
        }();
        const AscendC::LocalTensor<float> p = piece(!kHalf && isReuseSource ? 0 : 1);
        const AscendC::LocalTensor<float> k = piece(kHalf ? 3 : pieces - 1);
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            if constexpr (kHalf) {
                steps.Widen(t, src[offset], n);
            } else {
                Scalar<AddOp>(steps("Adds", "Adds copy"), t, src[offset], 0.0f, n);
            }
            steps.Cast(k, t, num::Rounding::Floor, n);
            Binary<SubOp>(steps("Sub"), t, t, k, n);
            Unary<ExpOp>(steps("Exp"), k, k, n);
            const AscendC::LocalTensor<float> r = [&] {
                if constexpr (kHalf) return piece(2);
                else return dst[offset];
            }();
            Scalar<AddOp>(steps("Adds", "Adds copy"), p, t, 0.0f, n);
            Scalar<AddOp>(steps("Adds", "Adds copy"), r, t, 0.0f, n);
            Scalar<AddOp>(steps("Adds", "Adds 1"), r, r, 1.0f, n);
            for (int i = 2; i < int{taylorExpandLevel} + 1; ++i) {
                Binary<MulOp>(steps("Mul", "Mul power"), p, t, p, n);
                Scalar<MulOp>(steps("Muls", "Muls 1/i"), p, p, 1.0f / static_cast<float>(i), n);
                Binary<AddOp>(steps("Add"), r, r, p, n);
            }
            Binary<MulOp>(steps("Mul", "Mul e^floor(x)"), r, r, k, n);
            if constexpr (kHalf) steps.Narrow(dst[offset], r, n);
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::HighLevelExpImpl<T, taylorExpandLevel, isReuseSource>(dstLocal, srcLocal, &sharedTmpBuffer, calCount);
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::HighLevelExpImpl<T, taylorExpandLevel, isReuseSource>(dstLocal, srcLocal, nullptr, calCount);
}

}  // namespace AscendC
