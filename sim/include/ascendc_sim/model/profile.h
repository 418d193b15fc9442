// The time model's result for one launch: what msprof's op summary reports, under msprof's
// names, plus per-core per-pipe busy/wait times and (optionally) the timeline. Every figure is
// modeled from the launch's instruction log and the SoC timing table (soc_timing.h), never
// measured. docs/performance_model.md explains the model and its limits.
#pragma once
#include <cstdint>
#include <string>
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
};

struct CoreProfile {
    uint32_t core = 0;
    double timeUs = 0.0;                 // when the core's last instruction completed
    PipeStats pipes[kPipeCount];         // indexed by sim::Pipe
    std::vector<WaitRecord> waits;
};

struct TimelineEntry {
    uint32_t core;
    Pipe pipe;
    const char* api;
    double startUs;
    double durUs;
    uint64_t bytes;
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

    // One JSON object (no newline); `withTimeline` adds "timeline" and "flows".
    std::string ToJson(bool withTimeline) const;
};

// Models one launch on `soc`.
Profile ModelLaunch(const LaunchResult& launch, const SocSpec& soc);

// The profile of the calling thread's last launch (sim::LastLaunch()), modeled on first use.
const Profile& LastProfile();

// Called by the launch when it finishes: models it at once and appends the JSON line to the
// file named by ASCEND_SIM_PROFILE when that is set; otherwise only marks LastProfile stale.
void OnLaunchFinished(const LaunchResult& launch);

}  // namespace sim::model
