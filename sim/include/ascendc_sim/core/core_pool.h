// Emulated cores as cooperative fibers on a few persistent host threads. A launch of n cores
// runs them on min(n, hardware threads) host threads (the calling thread and pooled workers);
// each core is a fiber with its own stack, and a core that must wait for the others
// (SyncAll) yields its host thread to the next core instead of blocking it, so SyncAll stays a
// true barrier across all n cores however few host cores there are, without n OS threads and
// their wake-ups. Fibers and workers outlive launches, and each fiber keeps the UB state of
// the core it runs (CoreArena) for the next launch, so a launch pays neither thread creation
// nor per-core allocation and page faults.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

#include "ascendc_sim/core/core_state.h"

namespace sim {

// Runs body(i, arena) for every i in [0, count), each as its own fiber, with an arena Reset and
// sized for `ubBytes`; returns when every body has returned. Bodies must not throw. The
// current core (CurrentCoreOrNull) follows each fiber across host-thread switches. Safe to call
// from several threads at once (each call takes its own fibers and workers).
void RunOnCores(uint32_t count, uint64_t ubBytes, const std::function<void(uint32_t, CoreArena&)>& body);

// Waits, holding `lock` on entry and return, until ready() holds; `cv` is notified whenever
// ready() may have become true. Inside a core body this yields the host thread to the other
// cores of the launch (other fibers of this thread run meanwhile); elsewhere it is cv.wait.
void WaitForCores(std::unique_lock<std::mutex>& lock, std::condition_variable& cv, const std::function<bool()>& ready);

// Inside a core body: lets the other cores of the launch on this host thread run first (a core
// spinning on a GM flag another core sets, which cooperative fibers would otherwise never
// run). Elsewhere a no-op.
void YieldCore();

// Worker threads and core fibers alive in the pool (idle or busy): for tests.
uint32_t PooledCoreThreads();
uint32_t PooledCoreFibers();

}  // namespace sim
