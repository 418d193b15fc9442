// System variables and small debug/profiling APIs of the vector core (asc-devkit
// include/basic_api/kernel_operator_sys_var_intf.h, impl/basic_api/dav_c220/
// kernel_operator_sys_var_impl.h, impl/basic_api/kernel_event.h):
//
//   GetSubBlockIdx / GetSubBlockNum   the AIV's index in its AI Core and the AIVs per AI Core
//                                     the launch uses: 0 and GetTaskRatio() (1 in AIV-only and
//                                     MIX_AIV_1_0 launches, the ones the sim runs)
//   GetArchVersion(v)                 0x220 (dav-2201: the SoCs the sim models, A2/A3)
//   GetDataBlockSizeInBytes()         32
//   GetProgramCounter()               the caller's address (48 bits, as the hardware's pc)
//   Trap()                            stops the launch with a kernel-assert report naming the
//                                     kernel's line (CANN: interrupts the core; CPU mode asserts)
//   DataSyncBarrier<MemDsbT>()        orders memory accesses of the scalar unit; the sim's scalar
//                                     accesses complete in order, so nothing to do
//   MetricsProfStart / MetricsProfStop  msprof's metric window on the NPU; no-ops here (the
//                                     sim's profile covers the whole launch)
//   GetSystemCycle()                  the system counter (50 MHz on A2/A3, the page says). The
//                                     sim's time exists only once the launch is modeled, after
//                                     it ends (the profile), so while the kernel runs it returns
//                                     the instructions the core has issued so far: increasing,
//                                     reproducible, and not a time
//   SetNextTaskStart / WaitPreTaskEnd  SuperKernel early start (基础API/同步控制/任务间同步): the
//                                     sim runs one launch after another, so nothing overlaps;
//                                     logged as scalar instructions
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"

namespace sim {
[[noreturn]] void TrapImpl(const void* site);
}  // namespace sim

namespace AscendC {

enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };

__aicore__ inline int64_t GetSubBlockIdx() { return 0; }
__aicore__ inline int64_t GetSubBlockNum() { return GetTaskRatio(); }
__aicore__ inline void GetArchVersion(uint32_t& coreVersion) { coreVersion = 0x220; }
__aicore__ inline constexpr uint32_t GetDataBlockSizeInBytes() { return 32; }
__aicore__ ASCEND_SIM_CALL_SITE_INLINE int64_t GetProgramCounter() {
    return static_cast<int64_t>(reinterpret_cast<uintptr_t>(__builtin_return_address(0)) & 0xFFFFFFFFFFFFull);
}
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Trap() { sim::TrapImpl(__builtin_return_address(0)); }

template <MemDsbT arg0>
__aicore__ inline void DataSyncBarrier() {}

__aicore__ inline void MetricsProfStart() {}
__aicore__ inline void MetricsProfStop() {}

__aicore__ ASCEND_SIM_CALL_SITE_INLINE int64_t GetSystemCycle() {
    sim::CoreState& core = sim::Core();
    core.Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "GetSystemCycle"});
    return static_cast<int64_t>(core.counters.events.size());
}

template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetNextTaskStart() {
    sim::Core().Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "SetNextTaskStart"});
}

template <bool FORCE = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WaitPreTaskEnd() {
    sim::Core().Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "WaitPreTaskEnd"});
}

}  // namespace AscendC
