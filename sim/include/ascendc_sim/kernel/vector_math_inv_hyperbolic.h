// The high-level Asinh, Acosh, Atanh (CANN's include/adv_api/math/asinh.h, acosh.h, atanh.h), step
// by step as the Atlas A2/A3 implementation runs them (asc-devkit impl/adv_api/detail/math/asinh/
// asinh_common_impl.h, acosh/acosh_common_impl.h, atanh/atanh_common_impl.h), each step one
// count-form float instruction of the sim over one chunk (half: Cast half->float, CAST_NONE,
// first, Cast float->half, CAST_NONE = to nearest even, last):
//   Asinh: a = |x|; y = Ln(Sqrt(a*a + 1) + a) * sign(x), sign(x) = x 2^62 / (|x 2^62| + 2^-62)
//          (half: sign of the float x); float pieces a, the sign's denominator, the sum.
//   Acosh: s = x + Sqrt(x*x - 1); q = s / s; y = Ln(s * q) (the implementation's Div of s by
//          itself kept: it turns s = 0 or inf into NaN); one float piece (half: two, x and s).
//   Atanh: y = Ln((x + 1) / (x * -1 + 1)) * 0.5; float: one piece (x + 1), the rest in dst; half:
//          two float pieces.
// Chunks: tmpBytes / 4 / f / 32 * 32 elements, f = Asinh 3 / 3, Acosh 1 / 2, Atanh 1 / 2 (float /
// half; Atanh half as bytes / 2 / 4); the tail spaces its pieces by its length rounded up to 32,
// as the implementations do. Checks as CANN's (api_check/kernel_check/math/<api>): T half or float
// (compile time); isReuseSource reserved (must be false); calCount within dst and src; dst, src
// and the temp pairwise disjoint (the pages forbid the overlaps); one 32-element chunk at least
// (GetAsinhMaxMinTmpSize, GetAcoshMaxMinTmpSize, GetAtanhMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

enum class InvHyperbolic { Asinh, Acosh, Atanh };

struct InvHyperbolicInfo {
    const char* name;
    const char* hostQuery;
    uint32_t floatPieces, halfPieces;
};
constexpr InvHyperbolicInfo kInvHyperbolic[3] = {{"Asinh", "GetAsinhMaxMinTmpSize", 3, 3},
                                                 {"Acosh", "GetAcoshMaxMinTmpSize", 1, 2},
                                                 {"Atanh", "GetAtanhMaxMinTmpSize", 1, 2}};

// dst = asinh(x) from float x; a, den, sum float temps (dst may be sum).
inline void AsinhChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                       const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& absX,
                       const AscendC::LocalTensor<float>& den, const AscendC::LocalTensor<float>& sum, int64_t n) {
    Binary<MulOp>(steps("Mul"), sum, absX, absX, n);
    Scalar<AddOp>(steps("Adds"), sum, sum, 1.0f, n);
    Unary<SqrtOp>(steps("Sqrt"), sum, sum, n);
    Binary<AddOp>(steps("Add"), sum, sum, absX, n);
    Unary<LnOp>(steps("Ln"), sum, sum, n);
    Scalar<MulOp>(steps("Muls", "sign"), absX, x, 4611686018427387904.0f, n);
    Unary<AbsOp>(steps("Abs", "sign"), den, absX, n);
    Scalar<AddOp>(steps("Adds", "sign"), den, den, static_cast<float>(2.168404344971009e-19), n);
    Binary<DivOp>(steps("Div", "sign"), absX, absX, den, n);
    Binary<MulOp>(steps("Mul"), dst, sum, absX, n);
}

// s = x + Sqrt(x*x - 1), q = s / s, dst = Ln(s q); s a temp (dst may be s), q may be dst.
inline void AcoshChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                       const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& s,
                       const AscendC::LocalTensor<float>& q, int64_t n) {
    Binary<MulOp>(steps("Mul"), s, x, x, n);
    Scalar<AddOp>(steps("Adds"), s, s, -1.0f, n);
    Unary<SqrtOp>(steps("Sqrt"), s, s, n);
    Binary<AddOp>(steps("Add"), s, x, s, n);
    Binary<DivOp>(steps("Div"), q, s, s, n);
    Binary<MulOp>(steps("Mul"), s, s, q, n);
    Unary<LnOp>(steps("Ln"), dst, s, n);
}

// dst = Ln((x + 1) / (x * -1 + 1)) * 0.5; p a temp (dst may be x).
inline void AtanhChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& dst,
                       const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& p, int64_t n) {
    Scalar<AddOp>(steps("Adds"), p, x, 1.0f, n);
    Scalar<MulOp>(steps("Muls"), dst, x, -1.0f, n);
    Scalar<AddOp>(steps("Adds"), dst, dst, 1.0f, n);
    Binary<DivOp>(steps("Div"), dst, p, dst, n);
    Unary<LnOp>(steps("Ln"), dst, dst, n);
    Scalar<MulOp>(steps("Muls"), dst, dst, 0.5f, n);
}

template <InvHyperbolic kApi, class T, bool isReuseSource>
void InvHyperbolicImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Asinh, Acosh, Atanh: element type must be half or float on Atlas A2/A3");
    constexpr bool kHalf = std::is_same_v<T, half>;
    constexpr InvHyperbolicInfo info = kInvHyperbolic[static_cast<int>(kApi)];
    const MathSteps steps{info.name};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    constexpr uint32_t pieces = kHalf ? info.halfPieces : info.floatPieces;
    const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, pieces, info.hostQuery);
    if (chunk == 0) return;
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        // the tail's pieces are spaced by its length rounded up to 32 elements
        const uint64_t spacing = static_cast<uint64_t>(n) == chunk ? chunk : (n + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
        const auto piece = [&](uint32_t i) { return TempPiece(*temp, spacing, i); };
        const AscendC::LocalTensor<T> d = dst[offset], x = src[offset];
        if constexpr (kApi == InvHyperbolic::Asinh) {
            const AscendC::LocalTensor<float> f1 = piece(0), f3 = piece(1), f2 = piece(2);
            if constexpr (kHalf) {
                steps.Widen(f1, x, n);
                Unary<AbsOp>(steps("Abs"), f1, f1, n);
                Binary<MulOp>(steps("Mul"), f2, f1, f1, n);
                Scalar<AddOp>(steps("Adds"), f2, f2, 1.0f, n);
                Unary<SqrtOp>(steps("Sqrt"), f2, f2, n);
                Binary<AddOp>(steps("Add"), f2, f2, f1, n);
                Unary<LnOp>(steps("Ln"), f2, f2, n);
                steps.Widen(f1, x, n);
                Scalar<MulOp>(steps("Muls", "sign"), f1, f1, 4611686018427387904.0f, n);
                Unary<AbsOp>(steps("Abs", "sign"), f3, f1, n);
                Scalar<AddOp>(steps("Adds", "sign"), f3, f3, static_cast<float>(2.168404344971009e-19), n);
                Binary<DivOp>(steps("Div", "sign"), f1, f1, f3, n);
                Binary<MulOp>(steps("Mul"), f2, f2, f1, n);
                steps.Narrow(d, f2, n);
            } else {
                Unary<AbsOp>(steps("Abs"), f1, x, n);
                AsinhChunk(steps, d, x, f1, f3, f2, n);
            }
        } else if constexpr (kApi == InvHyperbolic::Acosh) {
            if constexpr (kHalf) {
                const AscendC::LocalTensor<float> f1 = piece(0), f2 = piece(1);
                steps.Widen(f1, x, n);
                AcoshChunk(steps, f2, f1, f2, f1, n);
                steps.Narrow(d, f2, n);
            } else {
                AcoshChunk(steps, d, x, piece(0), d, n);
            }
        } else {
            if constexpr (kHalf) {
                const AscendC::LocalTensor<float> f1 = piece(0), f2 = piece(1);
                steps.Widen(f1, x, n);
                AtanhChunk(steps, f1, f1, f2, n);
                steps.Narrow(d, f1, n);
            } else {
                AtanhChunk(steps, d, x, piece(0), n);
            }
        }
    });
}

}  // namespace sim::vec

namespace AscendC {

#define ASCEND_SIM_INV_HYPERBOLIC_FORMS(Name)                                                                    \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,                \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::InvHyperbolicImpl<sim::vec::InvHyperbolic::Name, T, isReuseSource>(dstTensor, srcTensor,       \
                                                                                     &sharedTmpBuffer, calCount); \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer) {              \
        sim::NoteCallSite();                                                                                     \
        sim::vec::InvHyperbolicImpl<sim::vec::InvHyperbolic::Name, T, isReuseSource>(                            \
            dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize());                                        \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::InvHyperbolicImpl<sim::vec::InvHyperbolic::Name, T, isReuseSource>(dstTensor, srcTensor,       \
                                                                                     nullptr, calCount);         \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                           \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) { \
        sim::NoteCallSite();                                                                                     \
        sim::vec::InvHyperbolicImpl<sim::vec::InvHyperbolic::Name, T, isReuseSource>(dstTensor, srcTensor,       \
                                                                                     nullptr, srcTensor.GetSize()); \
    }

ASCEND_SIM_INV_HYPERBOLIC_FORMS(Asinh)
ASCEND_SIM_INV_HYPERBOLIC_FORMS(Acosh)
ASCEND_SIM_INV_HYPERBOLIC_FORMS(Atanh)
#undef ASCEND_SIM_INV_HYPERBOLIC_FORMS

}  // namespace AscendC
