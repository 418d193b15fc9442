// Multi-core launch: blockDim logical AIV cores, each with its own UB, run in waves of at most
// the SoC's AIV count; each core of a wave is a cooperative fiber on one of a few host threads
// (the caller's and the pool's, RunOnCores in core_pool.cpp; a one-core launch runs directly on
// the caller). SyncAll is a real barrier: a core waiting in it yields its host thread to the
// next core. A violation on one core stops the launch and is returned to the caller as an
// error, never as a crash.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ascendc_sim/core/gm_race.h"
#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/counters.h"
#include "ascendc_sim/core/output_check.h"
#include "ascendc_sim/core/soc.h"

namespace sim {

struct KernelArg {
    const void* ptr;
    std::string name;  // "gradGates": used to name the GM allocation in messages
};

struct LaunchConfig {
    std::string kernelName;
    uint32_t blockDim = 1;
    std::vector<KernelArg> args;   // named GM arguments (optional, for messages)
    bool tilingKeySet = false;
    uint64_t tilingKey = 0;
    const SocSpec* soc = nullptr;  // nullptr: CurrentSoc() of the launching thread
    // Off for the runtime's own view copies: disjoint by construction, and their one-element
    // bursts would make the end-of-launch interval sweep as large as the view.
    bool checkGmRaces = true;
    std::vector<OutputTensor> outputs;  // checked for bytes no core wrote (Check::UnwrittenOutput)
};

struct WarningSummary {
    Check kind;
    uint64_t count;
    std::string firstMessage;
};

struct LaunchResult {
    bool ok = true;
    Check errorKind = Check::ApiMisuse;
    std::string error;                      // the first violation, in the kernel's terms
    std::vector<WarningSummary> warnings;   // what was reported at warn, once per kind
    CoreLogs cores;                         // per-core instruction logs (shared by copies)
    std::string kernelName;
    uint32_t blockDim = 0;
    std::string soc;

    std::string Report() const;             // human-readable summary (errors + warnings)
};

class LaunchState {
public:
    // `config` must outlive the launch state (RunKernel's argument does).
    LaunchState(const LaunchConfig& config, const SocSpec& soc);
    const LaunchConfig& config;
    const SocSpec& soc;

    void RecordWarning(Check kind, const std::string& message);
    void Fail(Check kind, const std::string& message);
    bool Aborted() const { return aborted_.load(std::memory_order_relaxed); }
    // Cross-core barrier; throws LaunchAborted if the launch fails while waiting.
    void SyncAll();
    std::string ArgumentName(const void* allocationBase) const;

    // Cross-core flags (kernel/block_sync.h), each called by the core `core` itself. A wait
    // yields the host thread until its flag is up, and reports a hang (sync-misuse) when every
    // core of the launch has finished or waits (in SyncAll or on a flag) with none of them
    // able to go on. Each returns the flag's sequence number for the time model: the n-th set
    // of a flag and the wait that takes it both return n.
    // IBSet/IBWait: the GM int32 `*slot` is a binary semaphore, as CANN's implementation keeps
    // it: a set waits for 0 and writes 1, publishing the core's accesses so far; a wait waits
    // for 1, writes 0, and orders the core's later accesses after them.
    uint32_t SlotSet(uint32_t core, int32_t* slot, const std::string& call);
    uint32_t SlotWait(uint32_t core, int32_t* slot, const std::string& call);
    // WaitPreBlock/NotifyNextBlock: the cores take turns in blockIdx order, round after round
    // (core i's k-th turn is turn k * blockDim + i). TurnWait returns the turn it waited for,
    // TurnNotify the turn it ends (+1).
    void TurnInit(uint32_t core);  // InitDetermineComputeWorkspace: the core may take turns
    uint32_t TurnWait(uint32_t core, const std::string& call);
    uint32_t TurnNotify(uint32_t core, const std::string& call);
    // CrossCoreSetFlag/CrossCoreWaitFlag, mode 0 (every AIV of the launch): a core's k-th set of
    // flagId arrives at round k of that flag; its k-th wait waits until every core has arrived
    // at round k. Each returns k.
    uint32_t CrossCoreSet(uint32_t core, uint16_t flagId);
    uint32_t CrossCoreWait(uint32_t core, uint16_t flagId, const std::string& call);
    // GroupBarrier: BarrierAdd adds 1 to each of the n uint32 counters in GM (an atomic add, as
    // the barrier's MTE3 copy with atomic add does), publishing the core's accesses so far to
    // every core that waits on one of them; BarrierWait waits until ready(counter) holds and
    // orders the core's later accesses after the adds the counter has had. Each returns the
    // counter's value it saw (for the time model).
    uint32_t BarrierAdd(uint32_t core, uint32_t* const* counters, uint32_t n);
    uint32_t BarrierWait(uint32_t core, const uint32_t* counter, const std::function<bool(uint32_t)>& ready,
                         const std::string& call, const std::string& what);
    // GM flags: the scalar GM writes core `core` made since its last publication become
    // visible to other cores' GetValue (DataCacheCleanAndInvalid); a GetValue of a published
    // address orders the reader's later accesses after the writer's publication.
    // NoteScalarGmWrite runs before the write: it keeps the bytes GM held, which the other cores
    // read until the write is published.
    void NoteScalarGmWrite(uint32_t core, const void* address, uint64_t bytes);
    void PublishScalarGmWrites(uint32_t core);
    void ObserveScalarGmRead(uint32_t core, const void* address, void* value, uint64_t bytes);

    LaunchResult Finish(std::vector<CoreCounters> cores);
    void CoreFinished(uint32_t blockIdx);

    GmRaceTracker gmRaces;  // GM accesses per core and SyncAll epoch, checked when the launch ends
    OutputWatch outputs;  // GM writes to the launch's declared outputs

    // Set by RunKernel for the wave being run (guarded by the launch's own sequencing).
    uint32_t participants = 0;
    uint32_t finished = 0;
    bool waveMode = false;

private:
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::atomic<bool> aborted_{false};  // read on every kernel API call: no lock
    bool failed_ = false;
    Check errorKind_ = Check::ApiMisuse;
    std::string error_;
    std::map<int, WarningSummary> warnings_;
    uint32_t arrived_ = 0;
    uint64_t generation_ = 0;

    // Cross-core flags (core_flags.cpp), under mutex_.
    struct Slot {
        uint32_t sets = 0;
        GmRaceTracker::Clock clock;  // the last set's
    };
    std::map<int32_t*, Slot> slots_;
    uint32_t turn_ = 0;
    GmRaceTracker::Clock turnClock_;
    std::vector<uint32_t> rounds_;        // per core: NotifyNextBlock calls
    std::vector<bool> turnInit_;          // per core: InitDetermineComputeWorkspace called
    std::vector<const std::function<bool()>*> flagWaiters_;  // the ready() of each core waiting on a flag
    std::map<const void*, GmRaceTracker::Clock> published_;  // GM flag address -> its publisher's clock
    std::atomic<bool> anyPublished_{false};
    struct UnpublishedWrite {
        const void* address;
        uint64_t bytes;
        uint64_t before;  // the bytes GM held before the core's first unpublished write there
    };
    std::vector<std::vector<UnpublishedWrite>> unpublished_;  // per core: scalar GM writes not yet published
    std::atomic<uint32_t> unpublishedCount_{0};
    // Waits (lock held) until ready() holds; false (after reporting) when the launch would hang.
    bool WaitForFlag(std::unique_lock<std::mutex>& lock, uint32_t core, const std::function<bool()>& ready,
                     const std::string& call, const std::string& what);
    struct CrossFlag {
        std::vector<uint32_t> sets, waits;         // per core
        std::vector<uint32_t> arrived;             // per round (index k - 1): cores that set it
        std::vector<GmRaceTracker::Clock> clocks;  // per round: the setters' clocks joined
    };
    std::map<uint16_t, CrossFlag> crossFlags_;
    std::map<const void*, GmRaceTracker::Clock> barrierClocks_;  // GroupBarrier counter -> its adders' clocks joined
};

// Runs `coreBody` once per core (GetBlockIdx() = 0..blockDim-1), concurrently. blockDim up
// to the SoC's AIV count run at once; more run in waves of that size (SyncAll is then an
// error, as on hardware where it would hang).
LaunchResult RunKernel(const LaunchConfig& config, const std::function<void()>& coreBody);

// The result of the calling thread's most recent launch (for aclnn and Python callers).
const LaunchResult& LastLaunch();

// Kernels registered by name, launched with GM_ADDR arguments as CANN launches them.
using KernelEntry = void (*)();
void RegisterKernel(const std::string& name, KernelEntry entry, int gmArgCount);
bool HasKernel(const std::string& name);
// The entry registered under `name` (nullptr if none), e.g. to put it back after a test swapped it.
KernelEntry RegisteredKernel(const std::string& name, int* gmArgCount);
// Calls the entry with `args` (must match its registered count) on every core.
LaunchResult LaunchKernel(const std::string& name, LaunchConfig config, const std::vector<void*>& args);

// The tiling key of the running launch (TILING_KEY_IS).
bool TilingKeyMatches(uint64_t key);

}  // namespace sim
