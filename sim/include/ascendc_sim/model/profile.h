// The time model's result for one launch: what msprof's op summary reports, under msprof's
// names, plus per-core per-pipe busy/wait times and (optionally) the timeline. Every figure is
// modeled from the launch's instruction log and the SoC timing table (soc_timing.h), never
// measured. docs/performance_model.md explains the model and its limits.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/core/counters.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/soc.h"

namespace sim::model {

struct PipeStats {
    double busyUs = 0.0;       // time the pipe executed instructions
    double waitUs = 0.0;       // time the pipe's next instruction waited on a flag/queue/barrier
    uint64_t instructions = 0; // DMA / vector / scalar instructions executed on the pipe
};

// Time one pipe spent waiting, summed per cause: pipe "V" on "MTE2", event "MTE2->V flag 0",
// "queue TQue<VECIN>#0", "SyncAll" or "PipeBarrier".
struct WaitRecord {
    std::string pipe;
    std::string on;
    std::string event;
    double us = 0.0;
    double stallUs = 0.0;      // the part of `us` when no pipe of the core was busy (the rest is idle:
                               // the pipe waited while others of its core worked)
};

// Achieved figures of one core (profile_figures.cpp), from its instructions and its time.
struct CoreFigures {
    uint64_t gmBytes = 0;          // GM bytes its DMAs moved (read + written)
    uint64_t ubBytes = 0;          // UB bytes its instructions read and wrote (DMA + vector operands)
    double gmGBps = 0.0;           // gmBytes over the core's time
    double ubGBps = 0.0;
    uint64_t l2ReadBytes = 0;      // GM-read bytes of its DMAs, and those L2 served
    uint64_t l2HitBytes = 0;
    double l2HitRatio = 0.0;
    double stallUs = 0.0;          // waits when no pipe of the core was busy
    double idleUs = 0.0;           // waits while another pipe of the core worked
    double vectorCycles = 0.0;     // V pipe cycles of vector instructions, and of them bank conflicts
    double bankConflictCycles = 0.0;
};

struct CoreProfile {
    uint32_t core = 0;
    double timeUs = 0.0;                 // when the core's last instruction completed
    PipeStats pipes[kPipeCount];         // indexed by sim::Pipe
    std::vector<WaitRecord> waits;
    CoreFigures figures;
};

struct TimelineEntry {
    uint32_t core;
    Pipe pipe;
    const char* api;
    double startUs;
    double durUs;
    uint64_t bytes;
    uint32_t event = kNoEvent;  // index of the instruction in the core's log (its call site, parameters)
    double issuedUs = -1.0;     // when the scalar unit handed it to its pipe (< 0: run by the scalar unit)
    static constexpr uint32_t kNoEvent = UINT32_MAX;
};

// One interval a pipe spent waiting (for the trace, and the stall/idle split): the wait's
// cause, and the instruction that waited (an index into the core's log).
struct WaitSpan {
    uint32_t core;
    Pipe pipe;
    uint32_t event;
    double startUs;
    double durUs;
    std::string cause;  // "SyncAll", "MTE2->V flag 0", "queue TQue<VECIN>#0", "PipeBarrier"
};

struct FlowRecord {                      // one SetFlag -> WaitFlag (or EnQue -> DeQue, ...) pair
    uint32_t core;
    Pipe fromPipe;
    Pipe toPipe;
    std::string event;
    double setUs;
    double waitUs;                       // when the waiting pipe went on
};

struct Profile {
    bool modeled = false;                // false: no launch yet / the launch failed before running
    std::string kernel;
    std::string soc;
    uint32_t blockDim = 0;
    double taskDurationUs = 0.0;         // launch_us + aiv_time_us
    double aivTimeUs = 0.0;              // kernel time on the AIV cores (the busiest core)
    double aivVecTimeUs = 0.0;           // per-pipe busy time averaged over the cores
    double aivScalarTimeUs = 0.0;
    double aivMte2TimeUs = 0.0;
    double aivMte3TimeUs = 0.0;
    double launchUs = 0.0;
    double syncAllUs = 0.0;              // time spent in SyncAll barriers (busiest core)
    uint32_t busiestCore = 0;
    uint64_t gmReadBytes = 0;
    uint64_t gmWriteBytes = 0;
    uint64_t hbmBytes = 0;               // bytes that reached HBM during the kernel (misses + write-backs)
    double l2HitRatio = 0.0;             // GM-read bytes served by L2
    uint64_t ubPeakBytes = 0;            // highest UB byte any instruction touched (any core)
    std::string bound;                   // hbm, l2, core-dma, vector, scalar, sync, launch
    double gmBandwidthGBps = 0.0;        // the SoC's GM bandwidth through L2
    double freshBandwidthGBps = 0.0;     // the SoC's fresh-data rate (soc_timing.h freshGBps)
    std::vector<CoreProfile> cores;
    std::vector<TimelineEntry> timeline; // every instruction, by core and pipe
    std::vector<FlowRecord> flows;
    std::vector<WaitSpan> waitSpans;     // every wait longer than zero, by core

    // Achieved figures (profile_figures.cpp): what the kernel did with its time.
    double clockGHz = 0.0;
    double achievedGmGBps = 0.0;         // GM bytes (read + written) over aiv_time
    double achievedHbmGBps = 0.0;        // hbm_bytes over aiv_time
    double achievedUbGBps = 0.0;         // UB bytes of every core over aiv_time
    double stallUs = 0.0;                // waits summed over cores: no pipe of the core busy
    double idleUs = 0.0;                 // waits summed over cores: another pipe of the core busy
    double bankConflictCycles = 0.0;     // vector cycles lost to UB bank conflicts (all cores)
    double vectorCycles = 0.0;           // vector instruction cycles (all cores)
    // Vector cycles by destination element width ("b32", "b16", "b8") over the cores' summed time.
    std::vector<std::pair<std::string, double>> vectorRatioByWidth;
    uint64_t hbmWriteBackBytes = 0;      // dirty L2 lines written to HBM during the kernel
    uint64_t l2AbsorbedWriteBytes = 0;   // GM writes still in L2 at the end (not in hbm_bytes)

    // One JSON object (no newline); `withTimeline` adds "timeline" and "flows".
    std::string ToJson(bool withTimeline) const;
};

// Models one launch on `soc`.
Profile ModelLaunch(const LaunchResult& launch, const SocSpec& soc);

// Fills the achieved figures of a modeled profile (ModelLaunch calls it).
void AddFigures(Profile& prof, const LaunchResult& launch);

// The code-line and instruction tables of a modeled launch (line_table.cpp), as CSV with
// msprof op simulator's field names where they exist (core*_code_exe.csv, core*_instr_exe.csv)
// and the sim's own columns after them. Cycles are modeled, summed over the cores.
std::string LineTableCsv(const Profile& prof, const LaunchResult& launch);
std::string InstructionTableCsv(const Profile& prof, const LaunchResult& launch);
// The top `rows` lines of the code-line table as text for a terminal (the `profile` command).
std::string LineTableText(const Profile& prof, const LaunchResult& launch, size_t rows);

// The launch's trace as Chrome trace-event JSON that ui.perfetto.dev opens (trace_json.cpp):
// the busiest core (every core with `allCores`) in full, each instruction with its file:line
// and parameters, multi-instruction APIs (Tanh) as one slice with their steps nested, waits,
// SyncAll and the scalar unit's issue; the other cores as merged runs, so the file stays small.
std::string TraceJson(const Profile& prof, const LaunchResult& launch, bool allCores);

// The profile of the calling thread's last launch (sim::LastLaunch()), modeled on first use.
const Profile& LastProfile();

// Called by the launch when it finishes: models it at once and appends the JSON line to the
// file named by ASCEND_SIM_PROFILE when that is set; otherwise only marks LastProfile stale.
void OnLaunchFinished(const LaunchResult& launch);

}  // namespace sim::model
