// InitGlobalMemory (CANN's include/adv_api/utils/init_global_memory.h): fills `size` elements of
// GM with `value`, run as the 2201 implementation runs it
// (impl/adv_api/detail/utils/init_global_memory/init_global_memory_v220_impl.h): the UB left
// after every InitBuffer (PopStackBuffer) is filled by one Duplicate of up to 255 repeats,
// V->MTE3 is synced by a flag, then DataCopyPad rows of that many elements (and one tail row)
// write GM, and PipeBarrier<PIPE_MTE3> closes. Each step is an instruction of its own kind in
// the log ("InitGlobalMemory (Duplicate step)" in messages), so it is checked and timed as one.
// Other cores reading the filled GM must be ordered after it (SyncAll), as on hardware.
#pragma once
#include <algorithm>
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"

namespace sim::vec {
template <class T>
constexpr bool kInitGlobalMemoryType = kIsOneOf<T, uint16_t, int16_t, half, float, uint32_t, int32_t>;
constexpr uint64_t kMaxRepeatTimes = 255;  // MAX_REPEAT_TIMES: one Duplicate fills at most this many repeats
}  // namespace sim::vec

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size,
                                                             const T value) {
    static_assert(sim::vec::kInitGlobalMemoryType<T>, "InitGlobalMemory: element type must be uint16_t, int16_t, "
                                                      "half, float, uint32_t or int32_t on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("InitGlobalMemory");
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(api, &stack)) return;
    const LocalTensor<T> fill = stack.template ReinterpretCast<T>();
    const uint64_t chunk = std::min<uint64_t>(fill.GetSize(), sim::vec::kMaxRepeatTimes * sim::vec::kRepeatBytes / sizeof(T));
    if (!sim::vec::CheckChunk(api, stack.SimRef(), chunk, sizeof(T))) return;
    sim::vec::Fill(sim::vec::ApiName{"Duplicate", "InitGlobalMemory (Duplicate step)"}, fill, value,
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
        DataCopyPad(gmWorkspaceAddr[rows * chunk], fill, DataCopyExtParams{1, static_cast<uint32_t>(tail * sizeof(T)), 0, 0, 0});
    }
    PipeBarrier<PIPE_MTE3>();
}

// Fill: the name the same CANN header (include/adv_api/utils/init_global_memory.h; page
// docs/zh/api/SIMD-API/高阶API/张量变换/Fill-97.md) gives the same fill on A2/A3 (both run
// InitGlobalMemoryImpl); reports name InitGlobalMemory.
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
    InitGlobalMemory(gmWorkspaceAddr, size, value);
}

}  // namespace AscendC
