// Intra-core pipe synchronisation, the cross-core barrier and block information.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/markers.h"

namespace sim {
void SetFlagImpl(AscendC::HardEvent event, int32_t id, const char* name);
void WaitFlagImpl(AscendC::HardEvent event, int32_t id, const char* name);
void PipeBarrierImpl(pipe_t pipe);
void SyncAllImpl();
}  // namespace sim

namespace AscendC {

// Inlined into the kernel: the Impl keeps its return address as the flag's line (a SetFlag
// issued twice names the first one's line).
template <HardEvent event>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetFlag(int32_t eventID) {
    sim::SetFlagImpl(event, eventID, "SetFlag");
}
template <HardEvent event>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WaitFlag(int32_t eventID) {
    sim::WaitFlagImpl(event, eventID, "WaitFlag");
}

template <pipe_t pipe>
__aicore__ inline void PipeBarrier() { sim::PipeBarrierImpl(pipe); }

template <bool isAIVOnly = true>
__aicore__ inline void SyncAll() { sim::SyncAllImpl(); }

// Cross-version wrapper (TQueSync<PIPE_S, PIPE_MTE3>).
template <pipe_t src, pipe_t dst>
class TQueSync {
public:
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetFlag(TEventID id) {
        sim::SetFlagImpl(Event(), id, "TQueSync::SetFlag");
    }
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void WaitFlag(TEventID id) {
        sim::WaitFlagImpl(Event(), id, "TQueSync::WaitFlag");
    }
private:
    static HardEvent Event();
};

__aicore__ inline int64_t GetBlockIdx() { return sim::Core().blockIdx; }
__aicore__ inline int64_t GetBlockNum() { return sim::Core().blockNum; }
__aicore__ inline int64_t GetTaskRatio() { return 1; }  // AIV-only and MIX_AIV_1_0 launches
// The user's part of the launch's workspace. In CANN's CPU-debug mode (asc-devkit
// impl/basic_api/dav_c220/kernel_operator_common_impl.h) that is the workspace argument itself,
// which must not be null; on the NPU it lies past the system's reserved part.
__aicore__ inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) {
    if (workspace == nullptr) {
        ::sim::Violation(::sim::Check::ApiMisuse, "GetUserWorkspace(workspace): workspace is nullptr (the launch "
                                                  "passed no workspace; CANN asserts it is not null)");
    }
    return workspace;
}

template <pipe_t src, pipe_t dst>
HardEvent TQueSync<src, dst>::Event() {
    auto code = [](pipe_t p) -> int {
        switch (p) {
            case PIPE_S: return 0; case PIPE_V: return 1; case PIPE_MTE2: return 2; case PIPE_MTE3: return 3;
            default: return -1;
        }
    };
    static constexpr HardEvent table[4][4] = {
        {HardEvent::MAX, HardEvent::S_V, HardEvent::S_MTE2, HardEvent::S_MTE3},
        {HardEvent::V_S, HardEvent::V_V, HardEvent::V_MTE2, HardEvent::V_MTE3},
        {HardEvent::MTE2_S, HardEvent::MTE2_V, HardEvent::MAX, HardEvent::MTE2_MTE3},
        {HardEvent::MTE3_S, HardEvent::MTE3_V, HardEvent::MTE3_MTE2, HardEvent::MAX}};
    int s = code(src), d = code(dst);
    return (s < 0 || d < 0) ? HardEvent::MAX : table[s][d];
}

}  // namespace AscendC

namespace sim {
// The text of a failed ascendc_assert: the condition, where, and the printf-style message.
std::string AssertMessage(const char* condition, const char* file, int line, const char* format = nullptr, ...);
}  // namespace sim

// ascendc_assert(cond) / ascendc_assert(cond, fmt, ...): a failed assertion stops the launch
// with the formatted message (on the NPU it traps the core).
#define ascendc_assert(cond, ...)                                                                      \
    do {                                                                                               \
        if (!(cond)) {                                                                                 \
            ::sim::Violation(::sim::Check::KernelAssert,                                               \
                             ::sim::AssertMessage(#cond, __FILE__, __LINE__ __VA_OPT__(, ) __VA_ARGS__)); \
        }                                                                                              \
    } while (0)
