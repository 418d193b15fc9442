// InitOutput (CANN's include/basic_api/kernel_operator_common_intf.h, deprecated there in favour
// of Fill): fills `size` elements of GM with `value`. Issued as the 2201 implementation issues it
// (impl/basic_api/kernel_operator_common_intf_impl.h): the UB left after every InitBuffer
// (PopStackBuffer) is filled by one Duplicate of at most 255 repeats, V->MTE3 is synced by a flag,
// then DataCopyPad rows of that many elements and one tail row write GM. Unlike InitGlobalMemory
// it takes the GlobalTensor by value, a uint32_t count, a default value of 0, and ends without a
// PIPE_MTE3 barrier: a kernel reading the GM back must sync MTE3 itself, which the sim checks.
#pragma once
#include <algorithm>
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/init_global_memory.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_arith.h"

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0) {
    static_assert(sim::vec::kDuplicateType<T>, "InitOutput: element type must be int16_t, uint16_t, half, "
                                               "bfloat16_t, int32_t, uint32_t or float (Duplicate's) on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("InitOutput");
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(api, &stack)) return;
    const LocalTensor<T> fill = stack.template ReinterpretCast<T>();
    const uint64_t chunk = std::min<uint64_t>(fill.GetSize(), sim::vec::kMaxRepeatTimes * sim::vec::kRepeatBytes / sizeof(T));
    if (!sim::vec::CheckChunk(api, stack.SimRef(), chunk, sizeof(T))) return;
    sim::vec::Fill(sim::vec::ApiName{"Duplicate", "InitOutput (Duplicate step)"}, fill, value,
                   static_cast<int64_t>(chunk));
    const auto event = static_cast<int32_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(event);
    WaitFlag<HardEvent::V_MTE3>(event);
    const uint64_t rows = size / chunk, tail = size % chunk;
    for (uint64_t row = 0; row < rows; ++row) {
        DataCopyPad(gmWorkspaceAddr[row * chunk], fill,
                    DataCopyExtParams{1, static_cast<uint32_t>(chunk * sizeof(T)), 0, 0, 0});
    }
    if (tail != 0) {
        DataCopyPad(gmWorkspaceAddr[rows * chunk], fill,
                    DataCopyExtParams{1, static_cast<uint32_t>(tail * sizeof(T)), 0, 0, 0});
    }
}

}  // namespace AscendC
