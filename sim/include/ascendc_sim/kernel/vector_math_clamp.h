// High-level ClampMax and ClampMin (CANN's include/adv_api/math/clamp.h), as the Atlas A2/A3
// implementation runs them (asc-devkit impl/adv_api/detail/math/clamp/clamp_common_impl.h): one
// count-form Mins (ClampMax: y = min(x, scalar)) or Maxs (ClampMin: y = max(x, scalar)) over
// calCount elements; the sharedTmpBuffer is not used. Checks as CANN's
// (api_check/kernel_check/math/clamp): T half or float (compile time); isReuseSource reserved
// (must be false); calCount within dst and src; dst, src and a passed temp pairwise disjoint (the
// page forbids both overlaps).
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

template <bool isMax, class T, bool isReuseSource>
void ClampImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::LocalTensor<uint8_t>* temp, T scalar, uint32_t calCount) {
    static_assert(kActivationType<T>, "ClampMax, ClampMin: element type must be half or float on Atlas A2/A3");
    const MathSteps steps{isMax ? "ClampMax" : "ClampMin"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    if (temp != nullptr) {
        const uint64_t bytes = uint64_t{calCount} * sizeof(T);
        const OperandRange tempRange{"sharedTmpBuffer", temp->SimRef(), temp->GetSize(), 1};
        CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)}, tempRange);
        CheckDisjoint(api, OperandRange{"srcTensor", src.SimRef(), bytes, sizeof(T)}, tempRange);
    }
    if constexpr (isMax) {
        Scalar<MinOp>(steps("Mins"), dst, src, scalar, calCount);
    } else {
        Scalar<MaxOp>(steps("Maxs"), dst, src, scalar, calCount);
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_CLAMP_API(Name, IsMax)                                                                       \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, \
                                                     const uint32_t calCount) {                                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::ClampImpl<IsMax, T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, scalar, calCount);  \
    }                                                                                                            \
    template <typename T, bool isReuseSource = false>                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const T scalar, const uint32_t calCount) {                  \
        sim::NoteCallSite();                                                                                     \
        sim::vec::ClampImpl<IsMax, T, isReuseSource>(dstTensor, srcTensor, nullptr, scalar, calCount);           \
    }
ASCENDC_SIM_CLAMP_API(ClampMax, true)
ASCENDC_SIM_CLAMP_API(ClampMin, false)
#undef ASCENDC_SIM_CLAMP_API

}  // namespace AscendC
