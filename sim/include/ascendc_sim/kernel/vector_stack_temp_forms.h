// The forms of Sigmoid, Sum and Mean whose temp the framework allocates (CANN: PopStackBuffer;
// the sim: StackTemp, the UB left after every InitBuffer), and Sigmoid's whole-tensor form with
// sharedTmpBuffer. Each runs the same steps and checks as the sharedTmpBuffer form it stands
// for (vector_activation.h, vector_reduce_sum_api.h); signatures from the CANN Ascend C API
// reference pages Sigmoid.md, Sum.md and Mean.md (asc-devkit docs/zh/api/SIMD-API/高阶API/).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
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

}  // namespace AscendC
