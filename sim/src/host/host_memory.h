// How much host memory a workspace may take: the sim's device memory is the host's, so a
// request that cannot fit fails with a status instead of waking the OOM killer.
#pragma once
#include <cstdint>

#include "ascendc_sim/core/environment.h"

namespace sim::host {

// The bytes a workspace of `bytes` must fit in: the cap ASCEND_SIM_MAX_WORKSPACE_BYTES when
// set (for tests and shared machines); else, past half the free RAM (which surely fits),
// MemAvailable of /proc/meminfo. 0: no limit applies, or it is unknown.
uint64_t WorkspaceLimit(uint64_t bytes, const EnvironmentSnapshot& env);

}  // namespace sim::host
