// The forms of Sigmoid, Sum, Mean, CumSum and DropOut whose temp the framework allocates
// (CANN: PopStackBuffer; the sim: StackTemp, the UB left after every InitBuffer), and Sigmoid's
// whole-tensor form with sharedTmpBuffer. Each runs the same steps and checks as the
// sharedTmpBuffer form it stands for (vector_activation.h, vector_reduce_sum_api.h,
// vector_cumsum.h, vector_dropout.h); signatures from the CANN Ascend C API reference pages
// Sigmoid.md, Sum.md, Mean.md, CumSum.md and DropOut.md (asc-devkit docs/zh/api/SIMD-API/高阶API/).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_cumsum.h"
#include "ascendc_sim/kernel/vector_dropout.h"
#include "ascendc_sim/kernel/vector_reduce_sum_api.h"

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::SigmoidImpl(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize());
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sigmoid(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Sigmoid"), &stack)) {
        sim::vec::SigmoidImpl(dstTensor, srcTensor, stack, srcTensor.GetSize());
    }
}

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const SumParams& sumParams) {
    static_assert(sim::vec::kReduceType<T>, "Sum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Sum"), &stack)) sim::vec::SumRows(dstTensor, srcTensor, stack, sumParams);
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const MeanParams& meanParams) {
    static_assert(sim::vec::kReduceType<T>, "Mean: element type must be half or float on Atlas A2/A3");
    static_assert(std::is_same_v<accType, T> || (std::is_same_v<T, half> && std::is_same_v<accType, float>),
                  "Mean: accType must be T, or float for half");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Mean"), &stack)) {
        sim::vec::MeanRows<T, accType>(dstTensor, srcTensor, stack, meanParams);
    }
}

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor,
                                                   const LocalTensor<T>& srcTensor, const CumSumInfo& cumSumInfo) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "CumSum: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("CumSum"), &stack)) {
        sim::vec::cumsum::Run<T, config>(dstTensor, lastRowTensor, srcTensor, stack, cumSumInfo);
    }
}

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                    const LocalTensor<uint8_t>& maskLocal, const float keepProb,
                                                    const DropOutShapeInfo& info) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "DropOut: T must be half or float on Atlas A2/A3");
    static_assert(dropOutMode <= 4, "DropOut: dropOutMode must be 0, 1, 2, 3 or 4");
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("DropOut"), &stack)) {
        sim::vec::dropout::Run<T, isInitBitMode, dropOutMode>(dstLocal, srcLocal, maskLocal, stack, keepProb, info);
    }
}

}  // namespace AscendC
