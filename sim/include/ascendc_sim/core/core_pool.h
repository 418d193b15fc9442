// Persistent threads for emulated cores. A launch of n cores runs core 0 of each wave on the
// calling thread and the others on pooled workers, all at once (SyncAll needs every core of
// a wave live together, whatever the host's core count). Workers outlive launches, and each
// keeps the UB state of the core it runs (CoreArena) for the next launch, so a launch pays
// neither thread creation nor per-core allocation and page faults.
#pragma once
#include <cstdint>
#include <functional>

#include "ascendc_sim/core/core_state.h"

namespace sim {

// Runs body(i, arena) for i in [0, count) concurrently, each on its own thread, with an arena
// Reset and sized for `ubBytes`; returns when every body has returned. Bodies must not throw.
// Safe to call from several threads at once (each call takes its own workers).
void RunOnCores(uint32_t count, uint64_t ubBytes, const std::function<void(uint32_t, CoreArena&)>& body);

// Workers alive in the pool (idle or busy): for tests.
uint32_t PooledCoreThreads();

}  // namespace sim
