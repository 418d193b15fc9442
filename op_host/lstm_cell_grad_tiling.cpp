#include "lstm_cell_grad_tiling.h"

#include <algorithm>
#include <string>

#include "lstm_cell_grad_layout.h"

namespace lstm_cell_grad {
namespace {

// A DMA burst costs about as much as this many extra bytes (per-burst setup; msKPP's
// bandwidth-vs-size curve, performance_anchors 1.3, reaches half speed near 2 KiB per
// instruction). Used only to rank core grids; an estimate, not a measurement.
constexpr int64_t kBurstOverheadBytes = 64;
// Most partial rows the final gradBias pass loads into UB at once.
constexpr uint32_t kFinalMaxRows = 64;

struct Grid {
    uint32_t rows;
    uint32_t cols;
};

// The core grid with the smallest busiest-core traffic: balances rows and columns and
// prefers long bursts (whole rows are one burst per tensor).
Grid ChooseGrid(int64_t rowUnits, int64_t colUnits, uint32_t rowUnit, uint32_t colUnit, int64_t batch, int64_t hidden,
                uint32_t dtypeBytes, uint32_t cores) {
    Grid best{1, 1};
    int64_t bestCost = -1;
    for (int64_t rows = 1; rows <= std::min<int64_t>(rowUnits, cores); ++rows) {
        int64_t cols = std::min<int64_t>(colUnits, cores / rows);
        int64_t maxRows = std::min<int64_t>(CeilDiv(rowUnits, rows) * rowUnit, batch);
        int64_t maxCols = std::min<int64_t>(CeilDiv(colUnits, cols) * colUnit, hidden);
        int64_t cost = maxRows * (maxCols * dtypeBytes + kBurstOverheadBytes);
        if (bestCost < 0 || cost < bestCost) {
            bestCost = cost;
            best = Grid{static_cast<uint32_t>(rows), static_cast<uint32_t>(cols)};
        }
    }
    return best;
}


bool Fail(std::string* error, const std::string& message) {
    *error = message;
    return false;
}

thread_local TilingOverrides threadOverrides;

}  // namespace

ScopedTilingOverrides::ScopedTilingOverrides(const TilingOverrides& overrides) : previous_(threadOverrides) {
    threadOverrides = overrides;
}
ScopedTilingOverrides::~ScopedTilingOverrides() { threadOverrides = previous_; }
const TilingOverrides& ThreadTilingOverrides() { return threadOverrides; }
void SetThreadTilingOverrides(const TilingOverrides& overrides) { threadOverrides = overrides; }

bool ComputeTiling(const TilingInput& in, const PlatformInfo& platform, TilingPlan* plan, std::string* error,
                   const TilingOverrides& ov) {
    *plan = TilingPlan{};
    if (in.batch < 0 || in.hidden < 0) return Fail(error, "batch and hidden must be non-negative");
    if (in.dtypeBytes != 4 && in.dtypeBytes != 2) return Fail(error, "element size must be 4 (float32) or 2 (float16, bfloat16)");
    if (platform.aivCores == 0) return Fail(error, "the platform reports no AIV cores");
    const uint32_t bufferNum = ov.bufferNum ? ov.bufferNum : kBufferNum;
    if (bufferNum > kMaxBufferNum) {
        return Fail(error, "bufferNum override must be 1 or " + std::to_string(kMaxBufferNum) + ", got " +
                               std::to_string(bufferNum));
    }
    if (ov.biasChunkRows && !in.hasBias) return Fail(error, "biasChunkRows override needs hasBias (no gradBias to sum)");
    const IoDtype dtype = in.dtypeBytes == 4 ? kIoFloat32 : in.bfloat16 ? kIoBfloat16 : kIoFloat16;
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    auto& d = plan->data;
    d.set_batch(in.batch);
    d.set_hidden(in.hidden);
    d.set_bufferNum(bufferNum);
    plan->tilingKey = TilingKey(dtype, in.hasBias, in.hasGradC, in.hasGradHy);
    if (in.hidden == 0 || (in.batch == 0 && !in.hasBias)) {
        return true;  // every output is empty: nothing to launch, no workspace
    }

    const uint32_t colUnit = kBlockBytes / in.dtypeBytes;
    // gradBias sums each column over the batch. To make that sum independent of the core
    // count, rows are grouped in fixed chunks of kBiasChunkRows: each chunk's sum is
    // computed row by row by one core, and the chunk sums are added in chunk order in a
    // final pass. A batch of at most one chunk is summed by one core and written directly.
    const uint32_t chunkRows = ov.biasChunkRows ? ov.biasChunkRows : kBiasChunkRows;
    uint32_t biasChunks = 0, rowUnit = 1;
    if (in.hasBias) {
        biasChunks = static_cast<uint32_t>(std::max<int64_t>(1, CeilDiv(in.batch, chunkRows)));
        rowUnit = static_cast<uint32_t>(biasChunks > 1 ? chunkRows : std::max<int64_t>(in.batch, 1));
    }
    const int64_t rowUnits = std::max<int64_t>(1, CeilDiv(in.batch, rowUnit));
    const int64_t colUnits = CeilDiv(in.hidden, colUnit);
    Grid grid = ChooseGrid(rowUnits, colUnits, rowUnit, colUnit, std::max<int64_t>(in.batch, 1), in.hidden,
                           in.dtypeBytes, platform.aivCores);
    if (ov.gridRows || ov.gridCols) {
        grid.rows = ov.gridRows ? ov.gridRows : std::max<uint32_t>(1, platform.aivCores / ov.gridCols);
        grid.rows = static_cast<uint32_t>(std::min<int64_t>(grid.rows, rowUnits));
        grid.cols = ov.gridCols ? ov.gridCols
                                : static_cast<uint32_t>(std::min<int64_t>(colUnits, platform.aivCores / grid.rows));
        if (ov.gridRows > rowUnits) {
            return Fail(error, "gridRows override " + std::to_string(ov.gridRows) + " exceeds the " +
                                   std::to_string(rowUnits) + " row units of " + std::to_string(rowUnit) + " rows");
        }
        if (grid.cols > colUnits) {
            return Fail(error, "gridCols override " + std::to_string(grid.cols) + " exceeds the " +
                                   std::to_string(colUnits) + " column units of " + std::to_string(colUnit) + " columns");
        }
        if (static_cast<uint64_t>(grid.rows) * grid.cols > platform.aivCores) {
            return Fail(error, "grid override " + std::to_string(grid.rows) + " x " + std::to_string(grid.cols) +
                                   " needs more than the " + std::to_string(platform.aivCores) + " AIV cores");
        }
    }
    const int64_t maxRows = std::min<int64_t>(CeilDiv(rowUnits, grid.rows) * rowUnit, std::max<int64_t>(in.batch, 1));
    const int64_t maxCols = std::min<int64_t>(CeilDiv(colUnits, grid.cols) * colUnit, in.hidden);

    // Tile: as many whole rows of the core's columns as UB holds; split columns only when
    // one row does not fit.
    const uint64_t perElem = UbBytesPerElement(in.dtypeBytes, inputs, bufferNum);
    const uint64_t perCol = UbBiasBytesPerColumn(in.hasBias);
    const uint64_t ubBytes = platform.ubBytes - kTanhMinTmpBytes;
    const int64_t fitCols = static_cast<int64_t>(ubBytes / (perElem + perCol)) / colUnit * colUnit;
    if (fitCols < colUnit) return Fail(error, "UB too small for one tile");
    int64_t tileCols = std::min<int64_t>(AlignUp(maxCols, colUnit), fitCols);
    if (ov.tileCols) {
        if (ov.tileCols % colUnit != 0 || ov.tileCols > AlignUp(maxCols, colUnit) || ov.tileCols > fitCols) {
            return Fail(error, "tileCols override " + std::to_string(ov.tileCols) + " must be a multiple of " +
                                   std::to_string(colUnit) + " and at most " +
                                   std::to_string(std::min<int64_t>(AlignUp(maxCols, colUnit), fitCols)));
        }
        tileCols = ov.tileCols;
    }
    const int64_t fitRows = static_cast<int64_t>((ubBytes - perCol * tileCols) / (perElem * tileCols));
    int64_t rowLimit = std::min<int64_t>({fitRows, maxRows, kMaxBlockCount});
    if (in.hasBias) rowLimit = std::min<int64_t>(rowLimit, rowUnit);  // a tile never spans two chunks
    int64_t tileRows = std::max<int64_t>(1, rowLimit);
    if (ov.tileRows) {
        if (ov.tileRows > std::max<int64_t>(1, rowLimit)) {
            return Fail(error, "tileRows override " + std::to_string(ov.tileRows) + " exceeds " +
                                   std::to_string(std::max<int64_t>(1, rowLimit)) +
                                   " (UB, the core's rows, the bias chunk and the DMA block count bound it)");
        }
        tileRows = ov.tileRows;
    }

    d.set_gridRows(grid.rows);
    d.set_gridCols(grid.cols);
    d.set_rowUnit(rowUnit);
    d.set_colUnit(colUnit);
    d.set_tileCols(static_cast<uint32_t>(tileCols));
    d.set_tileElems(static_cast<uint32_t>(tileRows * tileCols));
    d.set_biasChunkRows(in.hasBias ? rowUnit : 0);
    d.set_biasChunks(biasChunks);
    plan->blockDim = grid.rows * grid.cols;
    plan->ubBytesUsed = UbBytesMainPhase(static_cast<uint32_t>(tileRows * tileCols), static_cast<uint32_t>(tileCols),
                                         in.dtypeBytes, inputs, in.hasBias, bufferNum);

    if (biasChunks > 1) {
        // Final pass over the partial sums: 4H columns split across the same cores.
        const uint32_t finalRows = std::min<uint32_t>(biasChunks, kFinalMaxRows);
        const int64_t perCore = AlignUp(CeilDiv(kGates * in.hidden, plan->blockDim), 8);
        const int64_t fitFinal = static_cast<int64_t>(platform.ubBytes / (4 * (kBufferNum * finalRows + 2))) / 8 * 8;
        const uint32_t finalCols = static_cast<uint32_t>(std::max<int64_t>(8, std::min<int64_t>(perCore, fitFinal)));
        d.set_finalTileRows(finalRows);
        d.set_finalTileCols(finalCols);
        plan->ubBytesUsed = std::max<uint64_t>(plan->ubBytesUsed, UbBytesFinalPhase(finalCols, finalRows));
        plan->scheduleMode = 1;  // SyncAll needs every core resident (batch mode)
    }
    const uint64_t partialBytes = biasChunks > 1 ? static_cast<uint64_t>(biasChunks) * kGates * in.hidden * 4 : 0;
    plan->workspaceBytes = in.batch == 0 ? 0 : platform.libWorkspaceBytes + partialBytes;
    return true;
}

}  // namespace lstm_cell_grad
