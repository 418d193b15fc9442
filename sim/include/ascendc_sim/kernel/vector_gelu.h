// High-level Gelu, FasterGelu and FasterGeluV2 (CANN's include/adv_api/activation/gelu.h), step
// by step as the Atlas A2/A3 implementation runs them (asc-devkit
// impl/adv_api/detail/activation/gelu/gelu_impl.h). Every step is one counter-mode vector
// instruction over one chunk, i.e. a count-form instruction of the sim that rounds to its working
// type W: W = T, or float for a half input with highPrecision (Cast half->float, CAST_NONE, the
// steps, Cast float->half, CAST_NONE = RINT). The constants are W values.
//   Gelu (tanh form, written to avoid overflow), temps A, B:
//     A = x*x; B = x*A; A = 0.044715*B; B = x + A; A = 1.5957691216057308*B        (A = y)
//     B = exp(min(A, 0)); A = exp(-|A|) + 1; A = x / A  (highPerformance: x * (1/A)); y = A * B
//   FasterGelu, temp A: A = exp(-1.702*x) + 1; y = x / A  (highPerformance: x * (1/A))
//   FasterGeluV2, temps A, B, C:
//     A = -0.1444 * (min(|0.7071*x|, 1.769) - 1.769)^2 + 0.5; B = x + 1e-12; C = |B|;
//     B = B / C (highPerformance: B * (1/C)); A = A*B + 0.5 (as Mul, Adds); y = x * A
//   (1e-12 is 0 in half: a half x of 0 then gives 0/0, NaN, as on the chip.)
// Chunks: the temp (sharedTmpBuffer, or the UB left after InitBuffer) is cut into `buffers`
// equal pieces of W (2, 1, 3 for the three, +1 for the float copy of x with highPrecision),
// each a multiple of 32 elements: chunk = tmpBytes / sizeof(W) / pieces / 32 * 32. Checks as
// CANN's (api_check/kernel_check/activation/gelu): T half or float (compile time), dataSize
// within dst and src, the temp disjoint from dst and src, one chunk at least.
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

namespace sim::vec {

enum class GeluKind { Gelu, FasterGelu, FasterGeluV2 };

constexpr uint32_t GeluTemps(GeluKind kind) {
    return kind == GeluKind::Gelu ? 2 : kind == GeluKind::FasterGelu ? 1 : 3;
}
constexpr const char* GeluName(GeluKind kind) {
    return kind == GeluKind::Gelu ? "Gelu" : kind == GeluKind::FasterGelu ? "FasterGelu" : "FasterGeluV2";
}
constexpr const char* GeluWidenText(GeluKind kind) {
    return kind == GeluKind::Gelu         ? "Gelu (Cast half->float step)"
           : kind == GeluKind::FasterGelu ? "FasterGelu (Cast half->float step)"
                                          : "FasterGeluV2 (Cast half->float step)";
}
constexpr const char* GeluNarrowText(GeluKind kind) {
    return kind == GeluKind::Gelu         ? "Gelu (Cast float->half step)"
           : kind == GeluKind::FasterGelu ? "FasterGelu (Cast float->half step)"
                                          : "FasterGeluV2 (Cast float->half step)";
}

// One chunk of n elements: dst, src in W; a, b, c temps of n elements of W.
template <GeluKind kind, bool highPerformance, class W>
void GeluChunk(const AscendC::LocalTensor<W>& dst, const AscendC::LocalTensor<W>& x, const AscendC::LocalTensor<W>& a,
               const AscendC::LocalTensor<W>& b, const AscendC::LocalTensor<W>& c, int64_t n) {
    auto divide = [&](const AscendC::LocalTensor<W>& out, const AscendC::LocalTensor<W>& num,
                      const AscendC::LocalTensor<W>& den, const char* reciprocalText, const char* mulText,
                      const char* divText) {
        if constexpr (highPerformance) {
            Unary<ReciprocalOp>(ApiName{"Reciprocal", reciprocalText}, den, den, n);
            Binary<MulOp>(ApiName{"Mul", mulText}, out, num, den, n);
        } else {
            Binary<DivOp>(ApiName{"Div", divText}, out, num, den, n);
        }
    };
    if constexpr (kind == GeluKind::Gelu) {
        Binary<MulOp>(ApiName{"Mul", "Gelu (Mul x*x step)"}, a, x, x, n);
        Binary<MulOp>(ApiName{"Mul", "Gelu (Mul x^3 step)"}, b, x, a, n);
        Scalar<MulOp>(ApiName{"Muls", "Gelu (Muls 0.044715 step)"}, a, b, ScalarAs<W>(0.044715), n);
        Binary<AddOp>(ApiName{"Add", "Gelu (Add x step)"}, b, x, a, n);
        Scalar<MulOp>(ApiName{"Muls", "Gelu (Muls 1.5957691 step)"}, a, b, ScalarAs<W>(1.5957691216057308), n);
        Scalar<MinOp>(ApiName{"Mins", "Gelu (Mins 0 step)"}, b, a, ScalarAs<W>(0), n);
        Unary<ExpOp>(ApiName{"Exp", "Gelu (Exp of min(y, 0) step)"}, b, b, n);
        Unary<AbsOp>(ApiName{"Abs", "Gelu (Abs step)"}, a, a, n);
        Scalar<MulOp>(ApiName{"Muls", "Gelu (Muls -1 step)"}, a, a, ScalarAs<W>(-1), n);
        Unary<ExpOp>(ApiName{"Exp", "Gelu (Exp of -|y| step)"}, a, a, n);
        Scalar<AddOp>(ApiName{"Adds", "Gelu (Adds 1 step)"}, a, a, ScalarAs<W>(1), n);
        divide(a, x, a, "Gelu (Reciprocal step)", "Gelu (Mul x step)", "Gelu (Div step)");
        Binary<MulOp>(ApiName{"Mul", "Gelu (Mul step)"}, dst, a, b, n);
    } else if constexpr (kind == GeluKind::FasterGelu) {
        (void)b;
        (void)c;
        Scalar<MulOp>(ApiName{"Muls", "FasterGelu (Muls -1.702 step)"}, a, x, ScalarAs<W>(-1.702), n);
        Unary<ExpOp>(ApiName{"Exp", "FasterGelu (Exp step)"}, a, a, n);
        Scalar<AddOp>(ApiName{"Adds", "FasterGelu (Adds 1 step)"}, a, a, ScalarAs<W>(1.0), n);
        divide(dst, x, a, "FasterGelu (Reciprocal step)", "FasterGelu (Mul step)",
               "FasterGelu (Div step)");
    } else {
        Scalar<MulOp>(ApiName{"Muls", "FasterGeluV2 (Muls 0.7071 step)"}, a, x, ScalarAs<W>(0.7071), n);
        Unary<AbsOp>(ApiName{"Abs", "FasterGeluV2 (Abs step)"}, a, a, n);
        Scalar<MinOp>(ApiName{"Mins", "FasterGeluV2 (Mins 1.769 step)"}, a, a, ScalarAs<W>(1.769), n);
        Scalar<AddOp>(ApiName{"Adds", "FasterGeluV2 (Adds -1.769 step)"}, a, a, ScalarAs<W>(-1.769), n);
        Binary<MulOp>(ApiName{"Mul", "FasterGeluV2 (Mul square step)"}, a, a, a, n);
        Scalar<MulOp>(ApiName{"Muls", "FasterGeluV2 (Muls -0.1444 step)"}, a, a, ScalarAs<W>(-0.1444), n);
        Scalar<AddOp>(ApiName{"Adds", "FasterGeluV2 (Adds 0.5 step)"}, a, a, ScalarAs<W>(0.5), n);
        Scalar<AddOp>(ApiName{"Adds", "FasterGeluV2 (Adds 1e-12 step)"}, b, x, ScalarAs<W>(0.000000000001), n);
        Unary<AbsOp>(ApiName{"Abs", "FasterGeluV2 (Abs of x step)"}, c, b, n);
        divide(b, b, c, "FasterGeluV2 (Reciprocal step)", "FasterGeluV2 (Mul sign step)",
               "FasterGeluV2 (Div sign step)");
        Binary<MulOp>(ApiName{"Mul", "FasterGeluV2 (Mul step)"}, a, a, b, n);
        Scalar<AddOp>(ApiName{"Adds", "FasterGeluV2 (Adds 0.5 final step)"}, a, a, ScalarAs<W>(0.5), n);
        Binary<MulOp>(ApiName{"Mul", "FasterGeluV2 (Mul x step)"}, dst, x, a, n);
    }
}

template <GeluKind kind, class T, bool highPrecision, bool highPerformance>
void GeluImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>& temp, uint32_t dataSize) {
    static_assert(kActivationType<T>, "Gelu, FasterGelu, FasterGeluV2: element type must be half or float on Atlas A2/A3");
    const ApiName api = Named(GeluName(kind));
    constexpr bool kWiden = highPrecision && std::is_same_v<T, half>;
    using W = std::conditional_t<kWiden, float, T>;
    constexpr uint32_t pieces = GeluTemps(kind) + (kWiden ? 1 : 0);
    const uint64_t chunk = temp.GetSize() / sizeof(W) / pieces / kBlockBytes * kBlockBytes;
    if (dataSize == 0) return;
    const uint64_t bytes = uint64_t{dataSize} * sizeof(T);
    if (!CheckFits(api, "dstLocal", dst.SimRef(), bytes) || !CheckFits(api, "srcLocal", src.SimRef(), bytes) ||
        !CheckChunk(api, temp.SimRef(), chunk, kBlockBytes * sizeof(W) * pieces, "GetGeluMaxMinTmpSize")) {
        return;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), chunk * sizeof(W) * pieces, 1};
    CheckDisjoint(api, OperandRange{"dstLocal", dst.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"srcLocal", src.SimRef(), bytes, sizeof(T)}, tempRange);

    const AscendC::LocalTensor<W> w = temp.template ReinterpretCast<W>();
    const auto piece = [&](uint32_t i) { return w[static_cast<uint32_t>(chunk * i)]; };
    const AscendC::LocalTensor<W> a = piece(0);
    const AscendC::LocalTensor<W> b = GeluTemps(kind) >= 2 ? piece(1) : a;
    const AscendC::LocalTensor<W> c = GeluTemps(kind) >= 3 ? piece(2) : a;
    for (uint32_t offset = 0; offset < dataSize; offset += static_cast<uint32_t>(chunk)) {
        const int64_t n = static_cast<int64_t>(std::min<uint64_t>(chunk, dataSize - offset));
        if constexpr (kWiden) {
            const AscendC::LocalTensor<float> wide = piece(GeluTemps(kind));  // x in float, then y
            Elementwise(ApiName{"Cast", GeluWidenText(kind)}, wide, n, CastNearestOp<float, half>{},
                        ElementwiseOptions{}, src[offset]);
            GeluChunk<kind, highPerformance, float>(wide, wide, a, b, c, n);
            Elementwise(ApiName{"Cast", GeluNarrowText(kind)}, dst[offset], n, CastNearestOp<half, float>{},
                        ElementwiseOptions{}, wide);
        } else {
            GeluChunk<kind, highPerformance, T>(dst[offset], src[offset], a, b, c, n);
        }
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_GELU_API(Name, Kind)                                                                        \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                             \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,               \
                                                     const uint32_t dataSize) {                                 \
        sim::NoteCallSite();                                                                                    \
        sim::vec::GeluImpl<Kind, T, highPrecision, highPerformance>(dstLocal, srcLocal, sharedTmpBuffer, dataSize); \
    }                                                                                                           \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                             \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, \
                                                     const uint32_t dataSize) {                                 \
        sim::NoteCallSite();                                                                                    \
        LocalTensor<uint8_t> stack;                                                                             \
        if (sim::vec::StackTemp(sim::vec::Named(#Name), &stack)) {                                              \
            sim::vec::GeluImpl<Kind, T, highPrecision, highPerformance>(dstLocal, srcLocal, stack, dataSize);   \
        }                                                                                                       \
    }
ASCENDC_SIM_GELU_API(Gelu, sim::vec::GeluKind::Gelu)
ASCENDC_SIM_GELU_API(FasterGelu, sim::vec::GeluKind::FasterGelu)
ASCENDC_SIM_GELU_API(FasterGeluV2, sim::vec::GeluKind::FasterGeluV2)
#undef ASCENDC_SIM_GELU_API

}  // namespace AscendC
