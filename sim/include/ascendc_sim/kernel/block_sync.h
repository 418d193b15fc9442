// Cross-core flags of Ascend C's basic API (asc-devkit docs/zh/api/SIMD-API/基础API/同步控制/核间同步):
// IBSet/IBWait and CrossCoreSetFlag/CrossCoreWaitFlag (basic_api/kernel_operator_block_sync_intf.h), and the ordered turns of
// InitDetermineComputeWorkspace/WaitPreBlock/NotifyNextBlock
// (basic_api/kernel_operator_determine_compute_sync_intf.h).
//
// IBSet/IBWait keep their flag where CANN's implementation keeps it (asc-devkit
// impl/basic_api/kernel_operator_block_sync_intf_impl.h): the int32 at element
// blockNum * 8 * eventID + blockIdx * 8 of gmWorkspace (blockNum = GetBlockNum(), twice that
// when isAIVOnly is false), a binary semaphore: IBSet waits for 0 and writes 1, IBWait waits
// for 1 and writes 0. The turns are kept by the sim itself (CANN's implementation keeps them in
// the workspaces, which the sim checks for size but does not write), as its SyncAll does. Each
// wait yields to the other cores and a wait that can never end is reported (sync-misuse, the
// hang of hardware); what one core does before raising a flag is ordered before what the
// waiter does after it, for the GM race check (gm_race.h). Times: kCoreFlagCycles.
//
// CrossCoreSetFlag/CrossCoreWaitFlag<modeId, pipe>(flagId) as 关键特性说明.md describes them for
// AIV cores: mode 0 keeps a counter per flagId on every AIV; once all the launch's AIVs have
// set it (their k-th time) each counter goes up by one, and a wait goes on once its counter is
// above 0, taking one (so a core's k-th wait waits for every core's k-th set). The sim runs one
// AIV per AI Core and no AIC: mode 1 (the AIVs of one AI Core) is that core alone, and mode 2
// (with the AI Core's AIC) is reported (api-misuse) at the wait, which on such a launch never
// ends. flagId 0-15; pipe any but PIPE_S and PIPE_ALL (compile time); the set waits for the
// core's pipes to drain.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm_access.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"

namespace sim::block_sync {

constexpr uint64_t kFlagBytes = 32;  // one 32-byte block of GM per flag

// The checks every form shares; false when the call must not go on.
inline bool CheckCall(const char* api, const std::string& call, const AscendC::LocalTensor<int32_t>& ubWorkspace,
                      uint64_t ubNeed) {
    CoreState& core = Core();
    if (core.launch->waveMode) {
        Violation(Check::SyncMisuse, call + " in a launch of " + std::to_string(core.blockNum) + " blocks on " +
                                         core.soc.name + " with " + std::to_string(core.soc.aivCores) +
                                         " AIV cores: the cores must all be resident at once (hangs on hardware)");
        return false;
    }
    const auto position = ubWorkspace.GetPosition();
    if (position != AscendC::TPosition::VECIN && position != AscendC::TPosition::VECCALC &&
        position != AscendC::TPosition::VECOUT) {
        Violation(Check::ApiMisuse, call + ": ubWorkspace must be a VECIN, VECCALC or VECOUT tensor");
        return false;
    }
    if (ubWorkspace.GetLength() < ubNeed) {
        Violation(Check::OperandBounds, call + ": ubWorkspace has " + std::to_string(ubWorkspace.GetLength()) +
                                            " bytes, needs " + std::to_string(ubNeed) + " (" + api + "'s constraint)");
        return false;
    }
    return true;
}

inline std::string IbCall(const char* api, int32_t blockIdx, int32_t eventID) {
    return std::string(api) + "(gmWorkspace, ubWorkspace, blockIdx " + std::to_string(blockIdx) + ", eventID " +
           std::to_string(eventID) + ")";
}

// The flag's int32 in GM, checked against the workspace; nullptr when out of it.
inline int32_t* IbSlot(const char* api, const std::string& call, const AscendC::GlobalTensor<int32_t>& gmWorkspace,
                       int32_t blockIdx, int32_t eventID, bool aivOnly) {
    const int64_t cores = AscendC::GetBlockNum() * (aivOnly ? 1 : 2);
    if (blockIdx < 0 || blockIdx >= cores) {
        Violation(Check::ApiMisuse, call + ": blockIdx must lie in [0, " + std::to_string(cores - 1) + "]");
        return nullptr;
    }
    if (eventID < 0) {
        Violation(Check::ApiMisuse, call + ": eventID must not be negative");
        return nullptr;
    }
    const uint64_t index = static_cast<uint64_t>(cores) * 8 * eventID + static_cast<uint64_t>(blockIdx) * 8;
    const uint64_t need = (index + 8) * sizeof(int32_t);
    if (gmWorkspace.GetSize() != 0 && gmWorkspace.GetSize() * sizeof(int32_t) < need) {
        Violation(Check::OperandBounds, call + ": gmWorkspace has " + std::to_string(gmWorkspace.GetSize() * sizeof(int32_t)) +
                                            " bytes, needs " + std::to_string(need) +
                                            " (cores * 32 * eventID + blockIdx * 32 + 32)");
        return nullptr;
    }
    int32_t* slot = const_cast<int32_t*>(gmWorkspace.GetPhyAddr()) + index;
    if (!CheckGmAccess(api, "gmWorkspace", gmWorkspace.SimView(), slot, kFlagBytes)) return nullptr;
    const int32_t value = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (value != 0 && value != 1) {
        Violation(Check::ApiMisuse, call + ": the flag (gmWorkspace element " + std::to_string(index) + ") holds " +
                                        std::to_string(value) + ", neither 0 nor 1: gmWorkspace must be zeroed before the launch");
        return nullptr;
    }
    return slot;
}

inline void Issue(EventKind kind, const char* api, const void* flag, uint32_t sequence) {
    Event event{kind, Pipe::S, Pipe::S, api};
    event.gmAddress = reinterpret_cast<uint64_t>(flag);
    event.repeats = sequence;
    Core().Issue(event);
}

}  // namespace sim::block_sync

namespace AscendC {

template <bool isAIVOnly = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void IBSet(const GlobalTensor<int32_t>& gmWorkspace,
                                                  const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
                                                  int32_t eventID) {
    namespace bs = sim::block_sync;
    sim::NoteCallSite();
    const std::string call = bs::IbCall("IBSet", blockIdx, eventID);
    if (!bs::CheckCall("IBSet", call, ubWorkspace, bs::kFlagBytes)) return;
    int32_t* slot = bs::IbSlot("IBSet", call, gmWorkspace, blockIdx, eventID, isAIVOnly);
    if (slot == nullptr) return;
    sim::CoreState& core = sim::Core();
    core.hazard.BarrierAll();  // CANN's implementation: pipe_barrier(PIPE_ALL) first
    const uint32_t sequence = core.launch->SlotSet(core.blockIdx, slot, call);
    bs::Issue(sim::EventKind::CoreSignal, "IBSet", slot, sequence);
}

template <bool isAIVOnly = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void IBWait(const GlobalTensor<int32_t>& gmWorkspace,
                                                   const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
                                                   int32_t eventID) {
    namespace bs = sim::block_sync;
    sim::NoteCallSite();
    const std::string call = bs::IbCall("IBWait", blockIdx, eventID);
    if (!bs::CheckCall("IBWait", call, ubWorkspace, bs::kFlagBytes)) return;
    int32_t* slot = bs::IbSlot("IBWait", call, gmWorkspace, blockIdx, eventID, isAIVOnly);
    if (slot == nullptr) return;
    sim::CoreState& core = sim::Core();
    core.hazard.BarrierAll();
    const uint32_t sequence = core.launch->SlotWait(core.blockIdx, slot, call);
    bs::Issue(sim::EventKind::CoreWait, "IBWait", slot, sequence);
}

namespace detail_block_sync {
template <uint8_t modeId, pipe_t pipe>
constexpr bool kCrossCoreArgs = (modeId == 0 || modeId == 1 || modeId == 2) && pipe != PIPE_S && pipe != PIPE_ALL;

inline bool CheckFlagId(const char* api, uint16_t flagId) {
    if (flagId <= 15) return true;
    sim::Violation(sim::Check::ApiMisuse, std::string(api) + "(" + std::to_string(flagId) + "): flagId must lie in [0, 15]");
    return false;
}
}  // namespace detail_block_sync

template <uint8_t modeId, pipe_t pipe>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CrossCoreSetFlag(uint16_t flagId) {
    static_assert(detail_block_sync::kCrossCoreArgs<modeId, pipe>,
                  "CrossCoreSetFlag<modeId, pipe>: Atlas A2/A3 has modes 0, 1 and 2, on any pipe but PIPE_S and PIPE_ALL");
    sim::NoteCallSite();
    if (!detail_block_sync::CheckFlagId("CrossCoreSetFlag", flagId)) return;
    if (modeId != 0) return;  // mode 1: this AIV alone; mode 2: for the AIC, which the sim does not run
    sim::CoreState& core = sim::Core();
    if (core.launch->waveMode) {
        sim::Violation(sim::Check::SyncMisuse, "CrossCoreSetFlag<0>: a launch of more blocks than AIV cores (hangs on hardware)");
        return;
    }
    core.hazard.BarrierAll();
    const uint32_t round = core.launch->CrossCoreSet(core.blockIdx, flagId);
    sim::Event event{sim::EventKind::CoreSignal, sim::Pipe::S, sim::Pipe::S, "CrossCoreSetFlag"};
    event.gmAddress = 0x100u + flagId;  // the flag's key (no GM address: a counter of the scheduler)
    event.repeats = round;
    core.Issue(event);
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CrossCoreWaitFlag(uint16_t flagId) {
    static_assert(modeId == 0 || modeId == 1 || modeId == 2, "CrossCoreWaitFlag<modeId>: Atlas A2/A3 has modes 0, 1 and 2");
    sim::NoteCallSite();
    if (!detail_block_sync::CheckFlagId("CrossCoreWaitFlag", flagId)) return;
    if (modeId == 1) return;  // the AIVs of this AI Core: this one alone, which has set it
    if (modeId == 2) {
        sim::Violation(sim::Check::ApiMisuse, "CrossCoreWaitFlag<2>(" + std::to_string(flagId) +
                                                  "): waits for the AI Core's AIC, which an AIV-only launch on the sim does not run");
        return;
    }
    sim::CoreState& core = sim::Core();
    if (core.launch->waveMode) {
        sim::Violation(sim::Check::SyncMisuse, "CrossCoreWaitFlag<0>: a launch of more blocks than AIV cores (hangs on hardware)");
        return;
    }
    core.hazard.BarrierAll();
    const uint32_t round =
        core.launch->CrossCoreWait(core.blockIdx, flagId, "CrossCoreWaitFlag<0>(" + std::to_string(flagId) + ")");
    sim::Event event{sim::EventKind::CoreWait, sim::Pipe::S, sim::Pipe::S, "CrossCoreWaitFlag"};
    event.gmAddress = 0x100u + flagId;
    event.repeats = round;
    event.bursts = static_cast<uint32_t>(core.blockNum);  // every core's set of the round
    core.Issue(event);
}

// gmWorkspace at least GetBlockNum() * 32 bytes, ubWorkspace GetBlockNum() * 32 + 32 (the pages'
// constraint); the three calls take the same workspaces.
namespace detail_block_sync {
inline bool CheckDetermine(const char* api, const GlobalTensor<int32_t>& gmWorkspace,
                           const LocalTensor<int32_t>& ubWorkspace) {
    const uint64_t blocks = static_cast<uint64_t>(GetBlockNum());
    const std::string call = std::string(api) + "(gmWorkspace, ubWorkspace)";
    if (!sim::block_sync::CheckCall(api, call, ubWorkspace, blocks * 32 + 32)) return false;
    const uint64_t need = blocks * 32;
    if (gmWorkspace.GetSize() != 0 && gmWorkspace.GetSize() * sizeof(int32_t) < need) {
        sim::Violation(sim::Check::OperandBounds, call + ": gmWorkspace has " +
                                                      std::to_string(gmWorkspace.GetSize() * sizeof(int32_t)) +
                                                      " bytes, needs GetBlockNum() * 32 = " + std::to_string(need));
        return false;
    }
    return sim::CheckGmAccess(api, "gmWorkspace", gmWorkspace.SimView(), gmWorkspace.GetPhyAddr(), need);
}
}  // namespace detail_block_sync

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace,
                                                                          LocalTensor<int32_t>& ubWorkspace) {
    sim::NoteCallSite();
    if (!detail_block_sync::CheckDetermine("InitDetermineComputeWorkspace", gmWorkspace, ubWorkspace)) return;
    sim::CoreState& core = sim::Core();
    core.hazard.BarrierAll();
    core.launch->TurnInit(core.blockIdx);
    core.Issue(sim::Event{sim::EventKind::Barrier, sim::Pipe::S, sim::Pipe::S, "InitDetermineComputeWorkspace"});
}

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace,
                                                         LocalTensor<int32_t>& ubWorkspace) {
    sim::NoteCallSite();
    if (!detail_block_sync::CheckDetermine("WaitPreBlock", gmWorkspace, ubWorkspace)) return;
    sim::CoreState& core = sim::Core();
    core.hazard.BarrierAll();
    const uint32_t turn = core.launch->TurnWait(core.blockIdx, "WaitPreBlock(gmWorkspace, ubWorkspace)");
    sim::block_sync::Issue(sim::EventKind::CoreWait, "WaitPreBlock", gmWorkspace.GetPhyAddr(), turn);
}

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace,
                                                            LocalTensor<int32_t>& ubWorkspace) {
    sim::NoteCallSite();
    if (!detail_block_sync::CheckDetermine("NotifyNextBlock", gmWorkspace, ubWorkspace)) return;
    sim::CoreState& core = sim::Core();
    core.hazard.BarrierAll();
    const uint32_t turn = core.launch->TurnNotify(core.blockIdx, "NotifyNextBlock(gmWorkspace, ubWorkspace)");
    sim::block_sync::Issue(sim::EventKind::CoreSignal, "NotifyNextBlock", gmWorkspace.GetPhyAddr(), turn);
}

}  // namespace AscendC

// GroupBarrier<pipeMode> (asc-devkit include/basic_api/core_mng/roc/kernel_operator_group_barrier_intf.h;
// docs/zh/api/SIMD-API/基础API/同步控制/核间同步/GroupBarrier*.md): arriveSize AIVs Arrive(i), waitSize
// AIVs Wait(i), round after round, over the counters CANN's Atlas A2/A3 implementation keeps in
// the GM workspace (impl/basic_api/dav_c220/core_mng/roc/kernel_operator_group_barrier_impl.h):
// the uint32 head of the 64-byte BarrierInfo at byte 512 * i (arrive counters) and 64 + 512 * i
// (wait counters), i < max(arriveSize, waitSize). Arrive adds 1 to every arrive counter (after,
// from its second round on, waiting until its own wait counter i reached (round - 1) * waitSize,
// so the last round's waiters are through); Wait(i) waits until arrive counter i reached
// round * arriveSize, then adds 1 to every wait counter. The adds are the barrier's atomic-add
// MTE3 copies of the head words; what a core did before an add is ordered before what a waiter
// does after the wait that sees it (GM race check). The workspace must be zeroed before the
// launch and hold GetWorkspaceLen() bytes past its last counter (512 * max(...) - 448 at least).
// CANN's constructor also writes 1s into the first bytes of UB as the copies' source; the sim
// keeps that source to itself and leaves the kernel's UB alone.
// Checks: pipeMode MTE3_MODE; arriveSize and waitSize in [1, GetBlockNum()]; the index below
// arriveSize (Arrive) or waitSize (Wait); the counters inside a GM allocation; the whole launch
// resident at once (no waves).

namespace AscendC {

#ifndef ASCC_ENUM_PIPEMODE
#define ASCC_ENUM_PIPEMODE
enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };
#endif

#ifndef ASCC_STRUCT_BARRIERINFO
#define ASCC_STRUCT_BARRIERINFO
struct BarrierInfo {
    volatile uint32_t head;  // the Arrive / Wait counter
    uint32_t buffer[15];     // to 64 bytes
};
#endif

}  // namespace AscendC

namespace sim::block_sync {

constexpr uint64_t kBarrierLine = 512;     // CANN's CACHE_LINE_LEN: one counter per 512 bytes
constexpr uint64_t kBarrierWaitBase = 64;  // CANN's BARRIER_SIZE: the wait counters' offset

}  // namespace sim::block_sync

namespace AscendC {

template <PipeMode pipeMode>
class GroupBarrier {
public:
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn,
                                                        uint32_t waitSizeIn)
        : workspace_(groupWorkspace), arriveSize_(arriveSizeIn), waitSize_(waitSizeIn) {
        sim::NoteCallSite();
        if (g_coreType == AIC) return;
        const int64_t blocks = GetBlockNum();
        const std::string call = "GroupBarrier(groupWorkspace, arriveSize " + std::to_string(arriveSizeIn) +
                                 ", waitSize " + std::to_string(waitSizeIn) + ")";
        if (pipeMode != PipeMode::MTE3_MODE) {
            sim::Violation(sim::Check::ApiMisuse, call + ": only PipeMode::MTE3_MODE is supported");
        } else if (arriveSizeIn == 0 || waitSizeIn == 0 || arriveSizeIn > blocks || waitSizeIn > blocks) {
            sim::Violation(sim::Check::ApiMisuse, call + ": arriveSize and waitSize must lie in [1, GetBlockNum() = " +
                                                      std::to_string(blocks) + "]");
        } else if (sim::Core().launch->waveMode) {
            sim::Violation(sim::Check::SyncMisuse, call + " in a launch of " + std::to_string(blocks) +
                                                       " blocks, more than the SoC's AIV cores: the cores must all "
                                                       "be resident at once (hangs on hardware)");
        } else {
            valid_ = CheckCounters(call);
        }
    }

    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Arrive(uint32_t arriveIndex) {
        sim::NoteCallSite();
        if (g_coreType == AIC || !valid_) return;
        const std::string call = "GroupBarrier::Arrive(" + std::to_string(arriveIndex) + ")";
        if (arriveIndex >= arriveSize_) {
            sim::Violation(sim::Check::ApiMisuse, call + ": arriveIndex must lie in [0, arriveSize - 1 = " +
                                                      std::to_string(arriveSize_ - 1) + "]");
            return;
        }
        sim::CoreState& core = sim::Core();
        if (counter_ > 1) {  // the last round's waiters must all be through first
            const uint32_t expected = (counter_ - 1) * waitSize_;
            const uint32_t seen = core.launch->BarrierWait(
                core.blockIdx, Counter(true, arriveIndex), [expected](uint32_t v) { return v == expected; }, call,
                "wait counter " + std::to_string(arriveIndex) + " to reach " + std::to_string(expected) +
                    " (every Wait of round " + std::to_string(counter_ - 1) + ")");
            sim::block_sync::Issue(sim::EventKind::CoreWait, "GroupBarrier::Arrive", Counter(true, arriveIndex), seen);
        }
        Add(false, "GroupBarrier::Arrive");
        counter_ += 1;
        hasArrive_ = true;
    }

    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Wait(uint32_t waitIndex) {
        sim::NoteCallSite();
        if (g_coreType == AIC || !valid_) return;
        const std::string call = "GroupBarrier::Wait(" + std::to_string(waitIndex) + ")";
        if (waitIndex >= waitSize_) {
            sim::Violation(sim::Check::ApiMisuse, call + ": waitIndex must lie in [0, waitSize - 1 = " +
                                                      std::to_string(waitSize_ - 1) + "]");
            return;
        }
        sim::CoreState& core = sim::Core();
        const uint32_t round = hasArrive_ ? counter_ - 1 : counter_;
        const uint32_t expected = round * arriveSize_;
        const uint32_t seen = core.launch->BarrierWait(
            core.blockIdx, Counter(false, waitIndex), [expected](uint32_t v) { return v >= expected; }, call,
            "arrive counter " + std::to_string(waitIndex) + " to reach " + std::to_string(expected) + " (" +
                std::to_string(arriveSize_) + " Arrive calls of round " + std::to_string(round) + ")");
        sim::block_sync::Issue(sim::EventKind::CoreWait, "GroupBarrier::Wait", Counter(false, waitIndex), seen);
        Add(true, "GroupBarrier::Wait");
        if (!hasArrive_) counter_ += 1;
        hasArrive_ = false;
    }

    __aicore__ inline uint64_t GetWorkspaceLen() {
        return uint64_t{arriveSize_ > waitSize_ ? arriveSize_ : waitSize_} * sim::block_sync::kBarrierLine;
    }

private:
    GroupBarrier() = delete;

    uint32_t Lines() const { return arriveSize_ > waitSize_ ? arriveSize_ : waitSize_; }

    uint32_t* Counter(bool wait, uint32_t index) const {
        return reinterpret_cast<uint32_t*>(workspace_ + (wait ? sim::block_sync::kBarrierWaitBase : 0) +
                                           sim::block_sync::kBarrierLine * index);
    }

    bool CheckCounters(const std::string& call) const {
        const uint8_t* last = reinterpret_cast<const uint8_t*>(Counter(true, Lines() - 1));
        const uint64_t bytes = static_cast<uint64_t>(last - reinterpret_cast<const uint8_t*>(workspace_)) + 32;
        sim::GmView view;
        view.base = workspace_;
        return sim::CheckGmAccess(sim::LazyText(&call, [](const void* c) { return *static_cast<const std::string*>(c); }),
                                  "groupWorkspace", view, workspace_, bytes);
    }

    // One atomic add to every counter of one kind, after the core's pipes drain (CANN: S_MTE3 flag,
    // then the MTE3 copy).
    void Add(bool wait, const char* api) {
        sim::CoreState& core = sim::Core();
        core.hazard.BarrierAll();
        uint32_t* counters[64];
        const uint32_t n = Lines();
        uint32_t value = 0;
        for (uint32_t first = 0; first < n; first += 64) {
            const uint32_t count = n - first < 64 ? n - first : 64;
            for (uint32_t i = 0; i < count; ++i) counters[i] = Counter(wait, first + i);
            value = core.launch->BarrierAdd(core.blockIdx, counters, count);
        }
        sim::block_sync::Issue(sim::EventKind::CoreSignal, api, Counter(wait, 0), value);
    }

    GM_ADDR workspace_;
    uint32_t arriveSize_;
    uint32_t waitSize_;
    uint32_t counter_ = 1;    // the round
    bool hasArrive_ = false;  // this core has called Arrive since its last Wait
    bool valid_ = false;
};

}  // namespace AscendC
