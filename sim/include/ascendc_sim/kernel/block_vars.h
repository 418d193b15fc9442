// block_idx and block_num: the globals CANN's CPU-debug mode declares for kernel code
// (asc-tools cpudebug/include/stub_def.h: `extern int64_t block_idx, block_num`), which the
// `.asc` samples of CANN 8.5+/9.x read directly (`x + block_idx * blockLength`).
//
// CANN's CPU mode runs each core in its own process, so one global per process is that
// core's. The sim's cores share threads (they are fibers), so a plain or thread_local
// variable cannot hold the running core's index; these are read-only objects that convert
// to the running core's GetBlockIdx() / GetBlockNum() (int64_t) wherever they are read.
// Read outside a kernel launch they throw, as every kernel API does. A kernel's own
// variable of the same name shadows them.
#pragma once
#include <cstdint>

#include "ascendc_sim/core/core_state.h"

namespace sim {
struct BlockIdxVariable {
    operator int64_t() const { return Core().blockIdx; }
};
struct BlockNumVariable {
    operator int64_t() const { return Core().blockNum; }
};
}  // namespace sim

constexpr ::sim::BlockIdxVariable block_idx{};
constexpr ::sim::BlockNumVariable block_num{};
