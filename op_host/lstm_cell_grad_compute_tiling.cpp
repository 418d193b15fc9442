#include "lstm_cell_grad_compute_tiling.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tiling_cost.h"
#include "lstm_cell_grad_tiling_overrides.h"
#include "lstm_cell_grad_tiling_search.h"
#include "lstm_cell_grad_ub_budget.h"

namespace lstm_cell_grad {
namespace {

// Most partial rows the final gradBias pass loads into UB at once.
constexpr uint32_t kFinalMaxRows = 64;

}  // namespace

bool ComputeTiling(const TilingInput& input, const PlatformInfo& platform, const TilingOverrides& overrides,
                   TilingPlan* plan, std::string* error) {
    *plan = TilingPlan{};
    CheckedTilingInput checked;
    return CheckTilingInput(input, &checked, error) && ComputeTiling(checked, platform, overrides, plan, error);
}

bool ComputeTiling(const CheckedTilingInput& checked, const PlatformInfo& platform, const TilingOverrides& ov,
                   TilingPlan* plan, std::string* error) {
    const TilingInput& in = checked.get();
    *plan = TilingPlan{};
    const uint32_t s = IoBytes(in.dtype), block = kBlockBytes / s;
    if (platform.aivCores == 0) return TilingFail(error, "the platform reports no AIV cores");
    if (!CheckOverrides(in, ov, error)) return false;
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    TilingValues& d = plan->values;
    d.batch = in.batch;
    d.hidden = in.hidden;
    d.bufferNum = ov.bufferNum ? ov.bufferNum : kBufferNum;
    plan->tilingKey = TilingKey(in.dtype, in.hasBias, in.hasGradC, in.hasGradHy);
    if (in.hidden == 0 || (in.batch == 0 && !in.hasBias)) {
        return true;  // every output is empty: nothing to launch, no workspace
    }

    // gradBias sums each column over the batch. To make that sum independent of the core
    // count, rows are grouped in chunks whose height depends on the shape only
    // (ChooseBiasChunkRows): each chunk's sum is computed row by row by one core, and the
    // chunk sums are added in chunk order in a final pass. A batch of at most one chunk is
    // summed by one core and written directly.
    const UbBudget ub = MainPhaseBudget(in, d.bufferNum, platform.ubBytes);
    if (ub.FitCols(block) < block) return TilingFail(error, "UB too small for one tile");
    RectCostMemo memo;  // this call's search only
    const uint32_t chunkRows = ov.biasChunkRows ? ov.biasChunkRows : in.hasBias ? ChooseBiasChunkRows(in, &memo) : 0;
    if (in.hasBias && CeilDiv(in.batch, chunkRows) > static_cast<int64_t>(UINT32_MAX)) {  // tiling data holds uint32
        return TilingFail(error, "batch " + std::to_string(in.batch) + " needs more than 2^32 - 1 gradBias chunks of " +
                                     std::to_string(chunkRows) + " rows");
    }
    const RowSplit split = SplitRows(in, chunkRows);
    GridChoice choice = ChooseGrid(in, split, platform.aivCores, ub, &memo);
    if (!ApplyGridOverrides(in, ov, split, platform.aivCores, &choice, error)) return false;
    const Grid grid = choice.grid;
    const uint32_t colUnit = choice.colUnit, cores = grid.rows * grid.cols;
    const int64_t colUnits = CeilDiv(in.hidden, colUnit);
    const int64_t maxRows = std::min<int64_t>(CeilDiv(split.rowUnits, grid.rows) * split.rowUnit,
                                              std::max<int64_t>(in.batch, 1));
    const int64_t maxCols = std::min<int64_t>(CeilDiv(colUnits, grid.cols) * colUnit, in.hidden);

    // Tile: as many whole rows of the core's columns as UB holds; split columns only when
    // one row does not fit.
    TileShape tile = TileFor(maxRows, maxCols, split.rowLimit, ub);
    if (ov.tileRows || ov.tileCols) {
        if (!ApplyTileOverrides(ov, maxRows, maxCols, split, ub, &tile, error)) return false;
    } else {
        uint32_t depth = ov.bufferNum;  // 0: RefineTile chooses
        tile = RefineTile(in, maxRows, maxCols, tile, cores, split, platform.ubBytes, &depth);
        d.bufferNum = depth;
    }

    d.gridRows = grid.rows;
    d.gridCols = grid.cols;
    d.rowUnit = split.rowUnit;
    d.colUnit = colUnit;
    d.tileCols = static_cast<uint32_t>(tile.cols);
    d.tileElems = static_cast<uint32_t>(tile.rows * tile.cols);
    d.biasChunks = split.biasChunks;
    plan->blockDim = cores;
    plan->ubBytesUsed = UbBytesMainPhase(d.tileElems, d.tileCols, s, inputs, in.hasBias, d.bufferNum);

    if (split.biasChunks > 1) {
        // Final pass over the partial sums: 4H columns split across the same cores.
        const uint32_t finalRows = std::min<uint32_t>(split.biasChunks, kFinalMaxRows);
        const int64_t perCore = AlignUp(CeilDiv(kGates * in.hidden, plan->blockDim), kFloatsPerBlock);
        const int64_t fitFinal = static_cast<int64_t>(platform.ubBytes / (kFloatBytes * (kBufferNum * finalRows + 2))) /
                                 kFloatsPerBlock * kFloatsPerBlock;
        const uint32_t finalCols =
            static_cast<uint32_t>(std::max<int64_t>(kFloatsPerBlock, std::min<int64_t>(perCore, fitFinal)));
        d.finalTileRows = finalRows;
        d.finalTileCols = finalCols;
        plan->ubBytesUsed = std::max<uint64_t>(plan->ubBytesUsed, UbBytesFinalPhase(finalCols, finalRows));
        plan->scheduleMode = 1;  // SyncAll needs every core resident (batch mode)
    }
    const uint64_t partialBytes = PartialSumBytes(in.hidden, split.biasChunks) / 2;  // the workspace holds them once
    plan->workspaceBytes = in.batch == 0 ? 0 : platform.libWorkspaceBytes + partialBytes;
    // Never a plan the kernel's InitBuffer calls cannot place (whatever the overrides chose).
    if (plan->ubBytesUsed > platform.ubBytes) {
        return TilingFail(error, "the plan needs " + std::to_string(plan->ubBytesUsed) +
                                     " bytes of UB per core, more than the " + std::to_string(platform.ubBytes) +
                                     " GetCoreMemSize(UB) reports");
    }
    return true;
}

}  // namespace lstm_cell_grad
