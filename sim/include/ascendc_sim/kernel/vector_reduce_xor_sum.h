// The high-level ReduceXorSum (CANN's include/adv_api/reduce/reduce_xor_sum.h): dst[0] = the sum
// of src0[i] ^ src1[i] over calCount int16_t elements, saturated to int16 (the page: results
// beyond [-32768, 32767] give -32768 or 32767). Run as the Atlas A2/A3 implementation issues it
// (asc-devkit impl/adv_api/detail/reduce/reduce_xor_sum/reduce_xor_sum_common_impl.h and
// reduce_xor_sum_v220_impl.h), each step one instruction of the sim in Counter mode over calCount:
// t1 = src0 & src1, t2 = src0 | src1, t1 = ~t1, t2 = t1 & t2 (the xor), t1 = Cast<float>(t2)
// (CAST_NONE, exact), the count-form ReduceSum<float>(t1, t1, t3, calCount), then dst[0] =
// Cast<int16_t>(t1[0]) (CAST_ROUND). The temp is cut into pieces of splitSize int16 elements,
// splitSize = tmpBytes / 2 / 3 (2 with isReuseSource, t3 is then src1) rounded down to 32:
// t1, t2, t3 in order (t1 holds calCount floats and so runs into t2, as on the chip). The two Cast steps are issued
// as the sim's Cast instruction kind directly: its public Cast has no int16_t pairs yet. Checks as
// CANN's: T int16_t (compile time); calCount within src0, src1; splitSize >= calCount (ApiMisuse
// naming GetReduceXorSumMaxMinTmpSize); dst, src0, src1 and the temp pairwise disjoint (the page).
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_math_steps.h"
#include "ascendc_sim/kernel/vector_reduce.h"

namespace sim::vec {

// The entry checks (false: drop the call); returns splitSize through *split.
bool CheckXorSum(const ApiName& api, const UbRef& dst, const UbRef& src0, const UbRef& src1, const UbRef& tmp,
                 uint32_t calCount, bool reuse, uint32_t* split);

template <class T, bool isReuseSource>
void ReduceXorSumImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                      const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(std::is_same_v<T, int16_t>, "ReduceXorSum: element type must be int16_t on Atlas A2/A3");
    const ApiName api = Named("ReduceXorSum");
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    uint32_t split = 0;
    if (!CheckXorSum(api, dst.SimRef(), src0.SimRef(), src1.SimRef(), temp->SimRef(), calCount, isReuseSource, &split)) {
        return;
    }
    using namespace AscendC;
    const LocalTensor<int16_t> t1 = temp->template ReinterpretCast<int16_t>();
    const LocalTensor<int16_t> t2 = t1[split];
    const LocalTensor<int16_t> t3 = isReuseSource ? src1 : t2[split];
    const BinaryRepeatParams bp;
    const UnaryRepeatParams up;
    SetMaskCount();
    SetVectorMask<T>(0, calCount);
    And<T, false>(t1, src0, src1, MASK_PLACEHOLDER, 1, bp);
    Or<T, false>(t2, src0, src1, MASK_PLACEHOLDER, 1, bp);
    PipeBarrier<PIPE_V>();
    Not<T, false>(t1, t1, MASK_PLACEHOLDER, 1, up);
    PipeBarrier<PIPE_V>();
    And<T, false>(t2, t1, t2, MASK_PLACEHOLDER, 1, bp);
    PipeBarrier<PIPE_V>();
    const LocalTensor<float> wide = t1.template ReinterpretCast<float>();
    // Cast<float, int16_t, false>(CAST_NONE): exact (the sim's public Cast lacks the int16 pairs)
    Elementwise(ApiName{"Cast", StepText(api.text, "Cast int16_t->float")}, wide, calCount,
                [](int16_t v) { return static_cast<float>(v); }, ElementwiseOptions{true}, t2);
    PipeBarrier<PIPE_V>();
    SetMaskNorm();
    ResetMask();
    ReduceSum<float>(wide, wide, t3.template ReinterpretCast<float>(), static_cast<int32_t>(calCount));
    PipeBarrier<PIPE_V>();
    SetMaskCount();
    SetVectorMask<T>(0, 1);
    // Cast<int16_t, float, false>(CAST_ROUND): half away from zero, saturated to int16
    Elementwise(ApiName{"Cast", StepText(api.text, "Cast float->int16_t")}, dst, 1, [](float v) {
        const float r = std::round(v);
        return static_cast<int16_t>(r >= 32767.0f ? 32767 : r <= -32768.0f ? -32768 : r);
    }, ElementwiseOptions{}, wide);
    PipeBarrier<PIPE_V>();
    SetMaskNorm();
    ResetMask();
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                         const LocalTensor<T>& src1Tensor,
                                                         LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ReduceXorSumImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                                                         const LocalTensor<T>& src1Tensor, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::ReduceXorSumImpl<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, nullptr, calCount);
}

}  // namespace AscendC
