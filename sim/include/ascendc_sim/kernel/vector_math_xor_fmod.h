// The high-level Xor and Fmod (CANN's include/adv_api/math/xor.h, fmod.h), step by step as the
// Atlas A2/A3 implementation runs them (asc-devkit impl/adv_api/detail/math/xor/xor_membase_impl.h,
// fmod/fmod_common_impl.h), each step one count-form instruction of the sim:
//   Xor (int16_t, uint16_t): per chunk of tmpBytes / sizeof(T) / 32 * 32 elements, with t a
//     T piece of the temp: dst = a & b; t = a | b; dst = ~dst; dst = t & dst.
//   Fmod (half, float): y = a - Trunc(a / b) * b. float: Div, then Trunc (Cast CAST_TRUNC per
//     chunk of tmpBytes / 4 / 32 * 32 elements, as the float Trunc runs), Mul, Sub, each over all
//     calCount elements; half: per chunk of k = min(tmpBytes / 2 / 8 / 32 * 32, src0 size)
//     elements, float pieces y, a, b of k elements (Cast half->float, CAST_NONE), the rest of the
//     temp Trunc's, the float sequence, Cast float->half (CAST_NONE: to nearest even).
// Checks as CANN's (api_check/kernel_check/math/xor, fmod): T as documented (compile time);
// isReuseSource reserved (must be false); calCount within dst, src0 and src1; dst disjoint from
// src0 and src1 and the temp from all three (the pages forbid the overlaps); the temp's chunk of
// 32 elements at least (GetXorMaxMinTmpSize, GetFmodMaxMinTmpSize); the forms without calCount
// take src0's size and need src0 and src1 of one size.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

// The entry checks of a two-source API: calCount within all three, dst disjoint from both
// sources (false: drop the call).
template <class T>
bool CheckBinaryMathOperands(const ApiName& api, const AscendC::LocalTensor<T>& dst,
                             const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1,
                             uint32_t calCount) {
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    if (!CheckFits(api, "dstTensor", dst.SimRef(), bytes) || !CheckFits(api, "src0Tensor", src0.SimRef(), bytes) ||
        !CheckFits(api, "src1Tensor", src1.SimRef(), bytes)) {
        return false;
    }
    const OperandRange d{"dstTensor", dst.SimRef(), bytes, sizeof(T)};
    CheckDisjoint(api, d, OperandRange{"src0Tensor", src0.SimRef(), bytes, sizeof(T)});
    CheckDisjoint(api, d, OperandRange{"src1Tensor", src1.SimRef(), bytes, sizeof(T)});
    return true;
}

// The forms without calCount: src0 and src1 of one size (ApiMisuse otherwise, the call dropped).
template <class T>
bool CheckSameSize(const char* api, const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1) {
    if (src0.GetSize() == src1.GetSize()) return true;
    Violation(Check::ApiMisuse, std::string(api) + ": src0Tensor has " + std::to_string(src0.GetSize()) +
                                    " elements and src1Tensor " + std::to_string(src1.GetSize()) +
                                    "; without calCount they must be of one size");
    return false;
}

// The temp's bytes [0, used) disjoint from src1 (MathChunk checks dst and src0).
template <class T>
void CheckTempOffSrc1(const ApiName& api, const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>& temp,
                      uint64_t used, uint32_t calCount) {
    CheckDisjoint(api, OperandRange{"src1Tensor", src1.SimRef(), uint64_t{calCount} * sizeof(T), sizeof(T)},
                  OperandRange{"sharedTmpBuffer", temp.SimRef(), used, 1});
}

template <class T, bool isReuseSource>
void XorImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
             const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kIsOneOf<T, int16_t, uint16_t>, "Xor: element type must be int16_t or uint16_t on Atlas A2/A3");
    const MathSteps steps{"Xor"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 ||
        !CheckBinaryMathOperands(api, dst, src0, src1, calCount)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    // 32 two-byte elements = 16 floats: one float piece, granule 16
    const uint64_t floats = MathChunk(api, dst, src0, *temp, calCount, 1, "GetXorMaxMinTmpSize", 16);
    if (floats == 0) return;
    CheckTempOffSrc1(api, src1, *temp, floats * sizeof(float), calCount);
    const uint64_t chunk = floats * sizeof(float) / sizeof(T);
    const AscendC::LocalTensor<T> t = temp->template ReinterpretCast<T>();
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        const AscendC::LocalTensor<T> d = dst[offset], a = src0[offset], b = src1[offset];
        Binary<AndOp>(steps("And"), d, a, b, n);
        Binary<OrOp>(steps("Or"), t, a, b, n);
        Unary<NotOp>(steps("Not"), d, d, n);
        Binary<AndOp>(steps("And"), d, t, d, n);
    });
}

// The float sequence over n elements: y = a - Trunc(a / b) * b, Trunc's chunks cut from `trunc`.
inline bool FmodFloat(const MathSteps& steps, const ApiName& api, const AscendC::LocalTensor<float>& y,
                      const AscendC::LocalTensor<float>& a, const AscendC::LocalTensor<float>& b,
                      const AscendC::LocalTensor<uint8_t>& trunc, uint32_t n) {
    // Trunc's chunk: tmpBytes / 4 / 32 * 32 (the float Trunc, vector_math_round.h)
    const uint64_t truncChunk = trunc.GetSize() / sizeof(float) / kBlockBytes * kBlockBytes;
    if (!CheckChunk(api, trunc.SimRef(), truncChunk, uint64_t{kBlockBytes} * sizeof(float), "GetFmodMaxMinTmpSize")) {
        return false;
    }
    Binary<DivOp>(steps("Div"), y, a, b, n);
    ForEachChunk(n, truncChunk, [&](uint32_t offset, int64_t m) {
        steps.Cast(y[offset], y[offset], num::Rounding::TowardZero, m, "Trunc Cast");
    });
    Binary<MulOp>(steps("Mul"), y, y, b, n);
    Binary<SubOp>(steps("Sub"), y, a, y, n);
    return true;
}

template <class T, bool isReuseSource>
void FmodImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
              const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Fmod: element type must be half or float on Atlas A2/A3");
    const MathSteps steps{"Fmod"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 ||
        !CheckBinaryMathOperands(api, dst, src0, src1, calCount)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    if constexpr (std::is_same_v<T, float>) {
        const uint64_t used = temp->GetSize() / sizeof(float) / kBlockBytes * kBlockBytes * sizeof(float);
        const uint64_t bytes = uint64_t{calCount} * sizeof(T);
        const OperandRange t{"sharedTmpBuffer", temp->SimRef(), used, 1};
        CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)}, t);
        CheckDisjoint(api, OperandRange{"src0Tensor", src0.SimRef(), bytes, sizeof(T)}, t);
        CheckTempOffSrc1(api, src1, *temp, used, calCount);
        FmodFloat(steps, api, dst, src0, src1, *temp, calCount);
    } else {
        // 8 halves per element: float pieces y, a, b (6), Trunc's temp (2)
        const uint64_t fit = MathChunk(api, dst, src0, *temp, calCount, 4, "GetFmodMaxMinTmpSize");
        if (fit == 0) return;
        CheckTempOffSrc1(api, src1, *temp, fit * sizeof(float) * 4, calCount);
        const auto chunk = static_cast<uint32_t>(std::min<uint64_t>(fit, src0.GetSize()));
        const AscendC::LocalTensor<float> y = TempPiece(*temp, chunk, 0), a = TempPiece(*temp, chunk, 1),
                                          b = TempPiece(*temp, chunk, 2);
        AscendC::LocalTensor<uint8_t> trunc = (*temp)[3 * chunk * static_cast<uint32_t>(sizeof(float))];
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            steps.Widen(a, src0[offset], n);
            steps.Widen(b, src1[offset], n);
            if (!FmodFloat(steps, api, y, a, b, trunc, static_cast<uint32_t>(n))) return;
            steps.Narrow(dst[offset], y, n);
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                const LocalTensor<T>& src1Tensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::XorImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                const LocalTensor<T>& src1Tensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    if (!sim::vec::CheckSameSize("Xor", src0Tensor, src1Tensor)) return;
    sim::vec::XorImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                const LocalTensor<T>& src1Tensor, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::XorImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                const LocalTensor<T>& src1Tensor) {
    sim::NoteCallSite();
    if (!sim::vec::CheckSameSize("Xor", src0Tensor, src1Tensor)) return;
    sim::vec::XorImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, nullptr, src0Tensor.GetSize());
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                 const LocalTensor<T>& src1Tensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::FmodImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                 const LocalTensor<T>& src1Tensor, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::FmodImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                 const LocalTensor<T>& src1Tensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::FmodImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, src0Tensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                 const LocalTensor<T>& src1Tensor) {
    sim::NoteCallSite();
    sim::vec::FmodImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, nullptr, src0Tensor.GetSize());
}

}  // namespace AscendC
