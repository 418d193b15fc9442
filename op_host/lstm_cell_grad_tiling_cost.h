// The tiling's cost: the busiest core's modeled time for a plan, from the performance
// model's own timing table (sim/include/ascendc_sim/model/soc_timing.h), so that the numbers
// the tiling optimises for and the numbers the model reports are the same constants.
#pragma once
#include <cstdint>

#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_ub_budget.h"

namespace lstm_cell_grad {

// Vector instructions per tile the kernel issues with both gradients (fp32 math): the
// formula's basic operations, Tanh's, the NaN handling and, for fp16/bf16, the casts (the
// sim's V-pipe count of the kernel). Without a gradient it only writes its kOutputs zero
// results. For ranking only.
inline uint32_t VectorOpsPerTile(IoDtype dtype) {
    return dtype == kIoFloat32 ? 46u : dtype == kIoFloat16 ? 60u : 67u;
}

// GM bytes of the partial gradBias sums: each chunk's fp32 row of 4H written, then read.
inline uint64_t PartialSumBytes(int64_t hidden, uint32_t chunks) {
    return chunks > 1 ? 2ull * chunks * kGates * static_cast<uint64_t>(hidden) * sizeof(float) : 0;
}

// One DMA instruction as the timing table times it: the microseconds it holds its pipe when
// DMAs stream back to back (DmaPipeMicros) and the microseconds its data lands after that
// (DmaLandingMicros). The same formulas with the transfer's effective bytes worked out once
// (the tiling's search times thousands of DMAs); tests/op_host/tiling checks they equal the table's.
struct DmaCost {
    double pipe;
    double landing;
};
DmaCost DmaCostOf(bool toUb, uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch, double clockGHz);
// The same from the transfer's DmaEffectiveBytes.
DmaCost DmaCostFrom(bool toUb, double effectiveBytes, uint64_t bursts, uint64_t burstBytes, double clockGHz);

// The plan's modeled task duration in microseconds, as the time model reports it: the busiest
// core's time (a core of maxRows x maxCols elements in tiles of `tile`, `biasChunks` partial
// sums, copy queues bufferNum deep), never below the whole call's GM floor, plus the launch
// overhead of `cores` (soc_timing.h's LaunchMicros).
double CoreMicros(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t cores,
                  uint32_t biasChunks, uint32_t bufferNum = kBufferNum);
// The fewest microseconds the call's GM traffic (MinGmBytes: every input read once, every
// output written once) takes at the model's shared rates: the reads at the GM (HBM) bandwidth,
// reads and writes together at the fresh-data rate (soc_timing.h's gmGBps, freshGBps).
double GmFloorMicros(const TilingInput& in);
// Its terms: the main phase of the core's own rectangle, and (several bias chunks) the
// SyncAll and the final pass over the partial sums, the same on every core.
double CoreMainMicros(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t bufferNum);
double FinalPassMicros(const TilingInput& in, uint32_t cores, uint32_t biasChunks);

}  // namespace lstm_cell_grad
