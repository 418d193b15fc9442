// High-level Log, Log2 and Log10 (CANN's include/adv_api/math/log.h), step by step as the Atlas
// A2/A3 implementation runs them (asc-devkit impl/adv_api/detail/math/log/log_common_impl.h),
// each step one count-form instruction of the sim:
//   Log:   y = Ln(x) in T, all calCount elements at once;
//   Log10: y = Ln(x); y = Muls(y, 0.43429448190325176 as T), in T;
//   Log2:  float: y = Ln(x); y = Muls(y, 1.4426950408889634f), all elements at once (the temp,
//          if passed, is unused); half: per chunk of tmpBytes / 4 / 32 * 32 elements, in one
//          float piece t: t = Cast(x) (CAST_NONE, exact), t = Ln(t), t = Muls(t, 1.44269504f),
//          y = Cast(t) (CAST_NONE: to nearest even).
// Checks as CANN's (api_check/kernel_check/math/log): T half or float (compile time);
// isReuseSource reserved (must be false); calCount within dst and src; dst and src disjoint
// (the page forbids the overlap); Log2's half temp disjoint from both, one 32-element chunk.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

enum class LogKind { Log, Log2, Log10 };

struct LogConstants {
    static constexpr double kInvLn10 = 0.43429448190325176;  // 1 / ln 10, converted to T
    static constexpr float kInvLn2 = 1.4426950408889634f;    // 1 / ln 2, as a float
};

constexpr const char* LogKindName(LogKind kind) {
    return kind == LogKind::Log ? "Log" : kind == LogKind::Log2 ? "Log2" : "Log10";
}

template <LogKind kind, class T, bool isReuseSource>
void LogImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Log, Log2, Log10: element type must be half or float on Atlas A2/A3");
    const MathSteps steps{LogKindName(kind)};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    if constexpr (kind == LogKind::Log) {
        Unary<LnOp>(steps("Ln"), dst, src, calCount);
    } else if constexpr (kind == LogKind::Log10) {
        Unary<LnOp>(steps("Ln"), dst, src, calCount);
        Scalar<MulOp>(steps("Muls"), dst, dst, ScalarAs<T>(LogConstants::kInvLn10), calCount);
    } else if constexpr (std::is_same_v<T, float>) {
        Unary<LnOp>(steps("Ln"), dst, src, calCount);
        Scalar<MulOp>(steps("Muls"), dst, dst, LogConstants::kInvLn2, calCount);
    } else {
        AscendC::LocalTensor<uint8_t> stack;
        if (temp == nullptr) {
            if (!StackTemp(api, &stack)) return;
            temp = &stack;
        }
        const uint64_t chunk = MathChunk(api, dst, src, *temp, calCount, 1, "GetLog2MaxMinTmpSize");
        if (chunk == 0) return;
        const AscendC::LocalTensor<float> t = TempPiece(*temp, chunk, 0);
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            steps.Widen(t, src[offset], n);
            Unary<LnOp>(steps("Ln"), t, t, n);
            Scalar<MulOp>(steps("Muls"), t, t, LogConstants::kInvLn2, n);
            steps.Narrow(dst[offset], t, n);
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log, T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log, T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log10(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                  uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log10, T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log10(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log10, T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log2, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log2, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer,
                                                                 srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log2, T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Log2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::LogImpl<sim::vec::LogKind::Log2, T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}

}  // namespace AscendC
