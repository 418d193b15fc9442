// The high-level GLU activations SwiGLU, GeGLU and ReGlu (CANN's include/adv_api/activation/
// swiglu.h, geglu.h, reglu.h), step by step as the Atlas A2/A3 implementations run them
// (asc-devkit impl/adv_api/detail/activation/swiglu/swiglu_common_impl.h,
// geglu/geglu_common_impl.h, reglu/reglu_common_impl.h with reglu_v220_impl.h), each step one
// count-form instruction of the sim:
//   SwiGLU: y = x0 * x1 / (1 + e^(-beta x1)):  t = Muls(x1, -beta); t = Exp(t); t = Adds(t, 1);
//           t = Div(x1, t); y = Mul(x0, t).
//   GeGLU:  y = x0 * x1 / (1 + e^(c0 (x1^2 + c1) x1)), c0 = -0.0713548162726, c1 = 22.363860002236:
//           t = Mul(x1, x1); t = Adds(t, c1); t = Mul(t, x1); t = Muls(t, c0); t = Exp(t);
//           t = Adds(t, 1); t = Div(x1, t); y = Mul(x0, t).
//   ReGlu:  y = x0 * max(x1, 0): t = Maxs(x1, 0); y = Mul(x0, t).
// float runs in dst itself (no temp; SwiGLU over chunks of calCount rounded down to 8 elements,
// at least 8, GeGLU and ReGlu in one go); half (and bfloat16_t for ReGlu) is Cast to float
// (CAST_NONE, exact) into temp pieces and the float result back (half: CAST_NONE = to nearest
// even; bfloat16_t: CAST_RINT). Half chunks and pieces:
//   SwiGLU: tmpBytes / 4 / 3 down to 16 elements; pieces x1, t, x0; tail pieces spaced by the
//           tail rounded up to 16.
//   GeGLU:  tmpBytes / 8 down to 16 elements; pieces x1 (later x0), t; tail as SwiGLU's.
//   ReGlu:  tmpBytes / 4 / 3 down to 32 elements; pieces x0, x1, t spaced by the full chunk.
// Checks as CANN's (api_check/kernel_check/activation/{swiglu,geglu,reglu}): T half or float
// (ReGlu: also bfloat16_t) at compile time; isReuseSource reserved (false); calCount within dst,
// srcTensor0 and srcTensor1; srcTensor0 and srcTensor1 of one size (ReGlu: dst too); dst disjoint
// from both sources and (half) the temp disjoint from all three; the temp holding one chunk,
// else ApiMisuse naming GetSwiGLUMaxMinTmpSize / GetGeGLUMaxMinTmpSize / GetReGluMaxMinTmpSize.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

struct GeGLUConstants {
    static constexpr float kC0 = -0.0713548162726f;
    static constexpr float kC1 = 2.2363860002236e1f;
};

// Entry checks shared by the three: calCount within the operands, the sizes CANN asserts equal
// (dst too when `dstSizeToo`), dst disjoint from both sources. False: drop the call.
template <class T>
bool CheckGluOperands(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                      const AscendC::LocalTensor<T>& src1, uint32_t calCount, bool dstSizeToo) {
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    if (!CheckFits(api, "dstTensor", dst.SimRef(), bytes) || !CheckFits(api, "srcTensor0", src0.SimRef(), bytes) ||
        !CheckFits(api, "srcTensor1", src1.SimRef(), bytes)) {
        return false;
    }
    if (src0.GetSize() != src1.GetSize() || (dstSizeToo && dst.GetSize() != src0.GetSize())) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": dstTensor (" + std::to_string(dst.GetSize()) +
                                        " elements), srcTensor0 (" + std::to_string(src0.GetSize()) +
                                        ") and srcTensor1 (" + std::to_string(src1.GetSize()) + ") must have " +
                                        (dstSizeToo ? "one size" : "srcTensor0 and srcTensor1 of one size"));
        return false;
    }
    const OperandRange d{"dstTensor", dst.SimRef(), bytes, sizeof(T)};
    CheckDisjoint(api, d, OperandRange{"srcTensor0", src0.SimRef(), bytes, sizeof(T)});
    CheckDisjoint(api, d, OperandRange{"srcTensor1", src1.SimRef(), bytes, sizeof(T)});
    return true;
}

// The half temp's chunk (0: reported, drop the call), also checked disjoint from src1.
template <class T>
uint64_t GluChunk(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                  const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount,
                  uint32_t pieces, uint32_t granule, const char* hostQuery) {
    const uint64_t chunk = MathChunk(api, dst, src0, temp, calCount, pieces, hostQuery, granule);
    if (chunk == 0) return 0;
    CheckDisjoint(api, OperandRange{"srcTensor1", src1.SimRef(), uint64_t{calCount} * sizeof(T), sizeof(T)},
                  OperandRange{"sharedTmpBuffer", temp.SimRef(), chunk * sizeof(float) * pieces, 1});
    return chunk;
}

inline uint64_t RoundUpTo(uint64_t n, uint64_t granule) { return (n + granule - 1) / granule * granule; }

// One float SwiGLU chunk: y = x0 * x1 / (1 + e^(negBeta x1)), t a float of n elements (may be y).
inline void SwiGLUChunk(const MathSteps& steps, const AscendC::LocalTensor<float>& y,
                        const AscendC::LocalTensor<float>& x0, const AscendC::LocalTensor<float>& x1,
                        const AscendC::LocalTensor<float>& t, float negBeta, int64_t n) {
    Scalar<MulOp>(steps("Muls"), t, x1, negBeta, n);
    Unary<ExpOp>(steps("Exp"), t, t, n);
    Scalar<AddOp>(steps("Adds"), t, t, 1.0f, n);
    Binary<DivOp>(steps("Div"), t, x1, t, n);
    Binary<MulOp>(steps("Mul", "Mul x0"), y, x0, t, n);
}

template <class T, bool isReuseSource>
void SwiGLUImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                const AscendC::LocalTensor<T>& src1, float beta, const AscendC::LocalTensor<uint8_t>* temp,
                uint32_t calCount) {
    static_assert(kActivationType<T>, "SwiGLU: element type must be half or float on Atlas A2/A3");
    const MathSteps steps{"SwiGLU"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 ||
        !CheckGluOperands(api, dst, src0, src1, calCount, false)) {
        return;
    }
    const float negBeta = -beta;
    if constexpr (std::is_same_v<T, float>) {
        uint64_t chunk = calCount / 8 * 8;
        if (chunk == 0) chunk = 8;
        ForEachChunk(calCount, chunk, [&](uint32_t o, int64_t n) {
            SwiGLUChunk(steps, dst[o], src0[o], src1[o], dst[o], negBeta, n);
        });
    } else {
        AscendC::LocalTensor<uint8_t> stack;
        if (temp == nullptr) {
            if (!StackTemp(api, &stack)) return;
            temp = &stack;
        }
        const uint64_t chunk = GluChunk(api, dst, src0, src1, *temp, calCount, 3, 16, "GetSwiGLUMaxMinTmpSize");
        if (chunk == 0) return;
        ForEachChunk(calCount, chunk, [&](uint32_t o, int64_t n) {
            const uint64_t spacing = static_cast<uint64_t>(n) == chunk ? chunk : RoundUpTo(n, 16);
            const AscendC::LocalTensor<float> x1 = TempPiece(*temp, spacing, 0), t = TempPiece(*temp, spacing, 1),
                                              x0 = TempPiece(*temp, spacing, 2);
            steps.Widen(x1, src1[o], n);
            Scalar<MulOp>(steps("Muls"), t, x1, negBeta, n);
            Unary<ExpOp>(steps("Exp"), t, t, n);
            Scalar<AddOp>(steps("Adds"), t, t, 1.0f, n);
            Binary<DivOp>(steps("Div"), t, x1, t, n);
            steps.Widen(x0, src0[o], n);
            Binary<MulOp>(steps("Mul", "Mul x0"), t, x0, t, n);
            steps.Narrow(dst[o], t, n);
        });
    }
}

// GeGLU's t = x1 / (1 + e^(c0 (x1^2 + c1) x1)) in float, n elements.
inline void GeluOfX1(const MathSteps& steps, const AscendC::LocalTensor<float>& t,
                     const AscendC::LocalTensor<float>& x1, int64_t n) {
    using C = GeGLUConstants;
    Binary<MulOp>(steps("Mul", "Mul x^2"), t, x1, x1, n);
    Scalar<AddOp>(steps("Adds", "Adds c1"), t, t, C::kC1, n);
    Binary<MulOp>(steps("Mul", "Mul x"), t, t, x1, n);
    Scalar<MulOp>(steps("Muls"), t, t, C::kC0, n);
    Unary<ExpOp>(steps("Exp"), t, t, n);
    Scalar<AddOp>(steps("Adds", "Adds 1"), t, t, 1.0f, n);
    Binary<DivOp>(steps("Div"), t, x1, t, n);
}

template <class T, bool isReuseSource>
void GeGLUImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
               const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "GeGLU: element type must be half or float on Atlas A2/A3");
    const MathSteps steps{"GeGLU"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 ||
        !CheckGluOperands(api, dst, src0, src1, calCount, false)) {
        return;
    }
    if constexpr (std::is_same_v<T, float>) {
        GeluOfX1(steps, dst, src1, calCount);
        Binary<MulOp>(steps("Mul", "Mul x0"), dst, src0, dst, calCount);
    } else {
        AscendC::LocalTensor<uint8_t> stack;
        if (temp == nullptr) {
            if (!StackTemp(api, &stack)) return;
            temp = &stack;
        }
        const uint64_t chunk = GluChunk(api, dst, src0, src1, *temp, calCount, 2, 16, "GetGeGLUMaxMinTmpSize");
        if (chunk == 0) return;
        ForEachChunk(calCount, chunk, [&](uint32_t o, int64_t n) {
            const uint64_t spacing = static_cast<uint64_t>(n) == chunk ? chunk : RoundUpTo(n, 16);
            const AscendC::LocalTensor<float> x = TempPiece(*temp, spacing, 0), t = TempPiece(*temp, spacing, 1);
            steps.Widen(x, src1[o], n);
            GeluOfX1(steps, t, x, n);
            steps.Widen(x, src0[o], n);
            Binary<MulOp>(steps("Mul", "Mul x0"), t, x, t, n);
            steps.Narrow(dst[o], t, n);
        });
    }
}

template <class T>
constexpr bool kReGluType = kIsOneOf<T, half, float, bfloat16_t>;

template <class T, bool isReuseSource>
void ReGluImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
               const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kReGluType<T>, "ReGlu: element type must be half, float or bfloat16_t on Atlas A2/A3");
    const MathSteps steps{"ReGlu"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 ||
        !CheckGluOperands(api, dst, src0, src1, calCount, true)) {
        return;
    }
    if constexpr (std::is_same_v<T, float>) {
        Scalar<MaxOp>(steps("Maxs"), dst, src1, 0.0f, calCount);
        Binary<MulOp>(steps("Mul"), dst, src0, dst, calCount);
    } else {
        AscendC::LocalTensor<uint8_t> stack;
        if (temp == nullptr) {
            if (!StackTemp(api, &stack)) return;
            temp = &stack;
        }
        const uint64_t chunk = GluChunk(api, dst, src0, src1, *temp, calCount, 3, 32, "GetReGluMaxMinTmpSize");
        if (chunk == 0) return;
        ForEachChunk(calCount, chunk, [&](uint32_t o, int64_t n) {
            const AscendC::LocalTensor<float> x0 = TempPiece(*temp, chunk, 0), x1 = TempPiece(*temp, chunk, 1),
                                              y = TempPiece(*temp, chunk, 2);
            Elementwise(steps("Cast", "Cast x0 to float"), x0, n, CastNearestOp<float, T>{}, ElementwiseOptions{},
                        src0[o]);
            Elementwise(steps("Cast", "Cast x1 to float"), x1, n, CastNearestOp<float, T>{}, ElementwiseOptions{},
                        src1[o]);
            Scalar<MaxOp>(steps("Maxs"), y, x1, 0.0f, n);
            Binary<MulOp>(steps("Mul"), y, x0, y, n);
            Elementwise(steps("Cast", "Cast float back"), dst[o], n, CastOp<T, float>{num::Rounding::NearestEven},
                        ElementwiseOptions{}, y);
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

// SwiGLU: the four forms of swiglu.h (dstTensor non-const; the no-temp whole-tensor form also
// takes non-const sources, as CANN declares it).
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, LocalTensor<T>& srcTensor0,
                                                   LocalTensor<T>& srcTensor1, const float& scalarValue) {
    sim::NoteCallSite();
    sim::vec::SwiGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr,
                                           srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                   const LocalTensor<T>& srcTensor1, const float& scalarValue,
                                                   const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::SwiGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, &sharedTmpBuffer,
                                           srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                   const LocalTensor<T>& srcTensor1, const float& scalarValue,
                                                   const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::SwiGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                   const LocalTensor<T>& srcTensor1, const float& scalarValue,
                                                   const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                   const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::SwiGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, scalarValue, &sharedTmpBuffer,
                                           calCount);
}

// GeGLU: the four forms of geglu.h.
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                  const LocalTensor<T>& srcTensor1,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::GeGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                  const LocalTensor<T>& srcTensor1, uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::GeGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                  const LocalTensor<T>& srcTensor1,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::GeGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                  const LocalTensor<T>& srcTensor1) {
    sim::NoteCallSite();
    sim::vec::GeGLUImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, nullptr, srcTensor0.GetSize());
}

// ReGlu: the two forms of reglu.h.
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                  const LocalTensor<T>& srcTensor1,
                                                  const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                  const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ReGluImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReGlu(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                                                  const LocalTensor<T>& srcTensor1, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ReGluImpl<T, isReuseSource>(dstTensor, srcTensor0, srcTensor1, nullptr, calCount);
}

}  // namespace AscendC
