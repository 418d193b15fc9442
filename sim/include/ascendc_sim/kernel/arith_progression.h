// Arange / ArithProgression (CANN's include/adv_api/index/arithprogression.h and
// kernel_operator_arithprogression_intf.h): dst[i] = firstValue + i * diffValue for i < count.
// Issued as the dav-2201 implementation issues it
// (impl/adv_api/detail/index/arithprogression/arithprogression_common_impl.h): the first block
// (or, for count within one block, all of it after a V->S sync) is written by scalar SetValue
// (half computed in float), synced S->V; then Adds of block-to-block steps (mask: one block)
// fill one repeat, and Adds of repeat-to-repeat steps (stride 8) the rest, the tail under a
// block-aligned mask; every Adds with a PIPE_V barrier, as there. Steps: int types multiply in
// int64, float types in float. Checks as CANN's api_check (arithprogression_check_common.h):
// dtype (int16_t, half, int32_t, float on Atlas A2/A3), count > 0, diffValue >= 0, count within
// dst.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace sim::vec {
template <class T>
constexpr bool kArangeType = kIsOneOf<T, int16_t, half, int32_t, float>;

template <class T>
__aicore__ inline T ArangeStep(const T diff, int32_t steps) {
    if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(static_cast<int64_t>(diff) * static_cast<int64_t>(steps));
    } else {
        return static_cast<T>(static_cast<float>(diff) * static_cast<float>(steps));
    }
}
template <class T>
__aicore__ inline void ArangeScalars(const AscendC::LocalTensor<T>& dst, const T first, const T diff, int32_t count) {
    for (int32_t i = 0; i < count; ++i) {
        if constexpr (std::is_same_v<T, half>) {
            dst.SetValue(i, static_cast<float>(first) + static_cast<float>(diff) * static_cast<float>(i));
        } else {
            dst.SetValue(i, static_cast<T>(first + diff * static_cast<T>(i)));
        }
    }
}
}  // namespace sim::vec

namespace AscendC {

template <typename T>
__aicore__ inline void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count) {
    static_assert(sim::vec::kArangeType<T>, "Arange/ArithProgression: element type must be int16_t, half, int32_t "
                                            "or float on Atlas A2/A3");
    if (count <= 0) {
        sim::Violation(sim::Check::ApiMisuse, "Arange: count is " + std::to_string(count) + ", must be greater than 0");
        return;
    }
    if (static_cast<float>(diffValue) < 0.0f) {
        sim::Violation(sim::Check::ApiMisuse, "Arange: diffValue is " + std::to_string(static_cast<float>(diffValue)) +
                                                  ", must be greater than or equal to 0");
        return;
    }
    if (static_cast<uint64_t>(count) > dst.GetSize()) {
        sim::Violation(sim::Check::OperandBounds, "Arange: count " + std::to_string(count) + " exceeds dst's " +
                                                      std::to_string(dst.GetSize()) + " elements");
        return;
    }
    constexpr int32_t block = ONE_BLK_SIZE / sizeof(T);
    constexpr int32_t repeatElems = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const UnaryRepeatParams stride1(1, 1, 1, 1);
    const UnaryRepeatParams stride8(1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
    if (count <= block) {
        const auto vs = GetTPipePtr()->FetchEventID(HardEvent::V_S);
        SetFlag<HardEvent::V_S>(vs);
        WaitFlag<HardEvent::V_S>(vs);
        sim::vec::ArangeScalars(dst, firstValue, diffValue, count);
        const auto sv = GetTPipePtr()->FetchEventID(HardEvent::S_V);
        SetFlag<HardEvent::S_V>(sv);
        WaitFlag<HardEvent::S_V>(sv);
        return;
    }
    sim::vec::ArangeScalars(dst, firstValue, diffValue, block);
    const auto sv = GetTPipePtr()->FetchEventID(HardEvent::S_V);
    SetFlag<HardEvent::S_V>(sv);
    WaitFlag<HardEvent::S_V>(sv);
    const uint64_t oneBlock = (static_cast<uint64_t>(1) << static_cast<uint32_t>(block)) - 1;
    if (count <= repeatElems) {
        const int32_t blocks = (count + block - 1) / block;
        SetVectorMask<T>(0, oneBlock);
        PipeBarrier<PIPE_V>();
        for (int32_t i = 0; i + 1 < blocks; ++i) {
            Adds<T, false>(dst[(i + 1) * block], dst[i * block], sim::vec::ArangeStep(diffValue, block),
                           MASK_PLACEHOLDER, 1, stride1);
            PipeBarrier<PIPE_V>();
        }
        return;  // the one-block mask stays set, as CANN's leaves it
    }
    SetVectorMask<T>(0, oneBlock);
    PipeBarrier<PIPE_V>();
    for (int32_t i = 0; i + 1 < DEFAULT_BLK_NUM; ++i) {
        Adds<T, false>(dst[(i + 1) * block], dst[i * block], sim::vec::ArangeStep(diffValue, block), MASK_PLACEHOLDER,
                       1, stride1);
        PipeBarrier<PIPE_V>();
    }
    const int32_t repeats = count / repeatElems, tail = count % repeatElems;
    ResetMask();
    PipeBarrier<PIPE_V>();
    for (int32_t i = 0; i + 1 < repeats; ++i) {
        Adds<T, false>(dst[(i + 1) * repeatElems], dst[i * repeatElems], sim::vec::ArangeStep(diffValue, repeatElems),
                       MASK_PLACEHOLDER, 1, stride8);
        PipeBarrier<PIPE_V>();
    }
    if (tail > 0) {
        SetVectorMask<T>((tail + block - 1) / block * block);
        PipeBarrier<PIPE_V>();
        Adds<T, false>(dst[repeats * repeatElems], dst[(repeats - 1) * repeatElems],
                       sim::vec::ArangeStep(diffValue, repeatElems), MASK_PLACEHOLDER, 1, stride8);
        PipeBarrier<PIPE_V>();  // the tail mask stays set, as CANN's leaves it
    }
}

template <typename T>
__aicore__ inline void ArithProgression(const LocalTensor<T>& dstLocal, const T firstValue, const T diffValue,
                                        const int32_t count) {
    Arange(dstLocal, firstValue, diffValue, count);
}

}  // namespace AscendC
