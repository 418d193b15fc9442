// High-level Sinh and Cosh (CANN's include/adv_api/math/sinh.h and cosh.h), step by step as the
// Atlas A2/A3 implementations run them (asc-devkit impl/adv_api/detail/math/sinh/
// sinh_common_impl.h, cosh/cosh_common_impl.h with cosh_v220_impl.h), each step one count-form
// instruction of the sim over one chunk, with L = -0.6931472f (-ln 2 as a float, converted to T):
//   Sinh: t = x * -1; t = t + L; t = exp(t); y = x + L; y = exp(y); y = y - t
//         (half: in float pieces a, b: a = Cast(x); b = a + L; b = exp(b); a = a * -1; a = a + L;
//         a = exp(a); b = b - a; y = Cast(b), CAST_NONE);
//   Cosh: b = x + L; a = exp(b); y = Duplicate(0.25); b = y / a; y = a + b
//         (half: in float pieces a, b, c: c = Cast(x); b = c + L; a = exp(b); c = Duplicate(0.25);
//         b = c / a; c = a + b; y = Cast(c) with CAST_ROUND, ties away from zero, as v220 does).
// So sinh x = e^(x - ln2) - e^(-x - ln2), cosh x = e^(x - ln2) + 1/4 / e^(x - ln2).
// Chunks: tmpBytes / sizeof(T) / f / 32 * 32 elements, f = 1 (Sinh float), 4 (Sinh half),
// 2 (Cosh float), 6 (Cosh half): 1, 2, 2, 3 float pieces. Checks as CANN's
// (api_check/kernel_check/math/sinh, cosh): T half or float (compile time); isReuseSource reserved
// (must be false); calCount within dst and src; dst, src and the temp pairwise disjoint (the pages
// forbid the overlaps); one 32-element chunk at least.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

constexpr float kNegLn2 = -0.69314718055994530941723212145818f;  // SINH_NEG_LN_TWO, SCALAR_LN2
constexpr float kCoshQuarter = 0.25f;

template <bool isSinh, class T, bool isReuseSource>
void HyperbolicImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Sinh, Cosh: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    const MathSteps steps{isSinh ? "Sinh" : "Cosh"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = isSinh ? (kHalf ? 2 : 1) : (kHalf ? 3 : 2);
    const uint64_t chunk =
        MathChunk(api, dst, src, *temp, calCount, pieces, isSinh ? "GetSinhMaxMinTmpSize" : "GetCoshMaxMinTmpSize");
    if (chunk == 0) return;
    const auto piece = [&](uint32_t i) { return TempPiece(*temp, chunk, i); };
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        const AscendC::LocalTensor<T> y = dst[offset], x = src[offset];
        if constexpr (isSinh && !kHalf) {
            const AscendC::LocalTensor<float> t = piece(0);
            Scalar<MulOp>(steps("Muls"), t, x, -1.0f, n);
            Scalar<AddOp>(steps("Adds"), t, t, kNegLn2, n);
            Unary<ExpOp>(steps("Exp"), t, t, n);
            Scalar<AddOp>(steps("Adds"), y, x, kNegLn2, n);
            Unary<ExpOp>(steps("Exp"), y, y, n);
            Binary<SubOp>(steps("Sub"), y, y, t, n);
        } else if constexpr (isSinh) {
            const AscendC::LocalTensor<float> a = piece(0), b = piece(1);
            steps.Widen(a, x, n);
            Scalar<AddOp>(steps("Adds"), b, a, kNegLn2, n);
            Unary<ExpOp>(steps("Exp"), b, b, n);
            Scalar<MulOp>(steps("Muls"), a, a, -1.0f, n);
            Scalar<AddOp>(steps("Adds"), a, a, kNegLn2, n);
            Unary<ExpOp>(steps("Exp"), a, a, n);
            Binary<SubOp>(steps("Sub"), b, b, a, n);
            steps.Narrow(y, b, n);
        } else if constexpr (!kHalf) {
            const AscendC::LocalTensor<float> a = piece(0), b = piece(1);
            Scalar<AddOp>(steps("Adds"), b, x, kNegLn2, n);
            Unary<ExpOp>(steps("Exp"), a, b, n);
            Fill(steps("Duplicate"), y, kCoshQuarter, n);
            Binary<DivOp>(steps("Div"), b, y, a, n);
            Binary<AddOp>(steps("Add"), y, a, b, n);
        } else {
            const AscendC::LocalTensor<float> a = piece(0), b = piece(1), c = piece(2);
            steps.Widen(c, x, n);
            Scalar<AddOp>(steps("Adds"), b, c, kNegLn2, n);
            Unary<ExpOp>(steps("Exp"), a, b, n);
            Fill(steps("Duplicate"), c, kCoshQuarter, n);
            Binary<DivOp>(steps("Div"), b, c, a, n);
            Binary<AddOp>(steps("Add"), c, a, b, n);
            Elementwise(steps("Cast", "Cast float->half"), y, n, CastOp<half, float>{num::Rounding::NearestAway},
                        ElementwiseOptions{}, c);
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_HYPERBOLIC_API(Name, IsSinh)                                                                 \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,                \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::HyperbolicImpl<IsSinh, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);    \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::HyperbolicImpl<IsSinh, T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);             \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer) {              \
        sim::NoteCallSite();                                                                                     \
        sim::vec::HyperbolicImpl<IsSinh, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer,               \
                                                           srcTensor.GetSize());                                 \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) { \
        sim::NoteCallSite();                                                                                     \
        sim::vec::HyperbolicImpl<IsSinh, T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());  \
    }
ASCENDC_SIM_HYPERBOLIC_API(Sinh, true)
ASCENDC_SIM_HYPERBOLIC_API(Cosh, false)
#undef ASCENDC_SIM_HYPERBOLIC_API

}  // namespace AscendC
