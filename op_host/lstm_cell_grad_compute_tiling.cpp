#include "lstm_cell_grad_compute_tiling.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "lstm_cell_grad_layout.h"
#include "soc_timing.h"  // the performance model's timing table (sim/include/ascendc_sim/model)

namespace lstm_cell_grad {
namespace {

namespace timing = sim::model::timing;

// Most partial rows the final gradBias pass loads into UB at once.
constexpr uint32_t kFinalMaxRows = 64;

struct Grid {
    uint32_t rows;
    uint32_t cols;
};

// What fixes the tile of a core rectangle: the main phase's exact UB use
// (UbBytesMainPhase, bank-group padding included) against the UB it may carve.
struct UbBudget {
    uint32_t dtypeBytes;
    InputSet inputs;
    bool hasBias;
    uint32_t bufferNum;
    uint64_t bytes;
    bool Fits(int64_t rows, int64_t cols) const {
        return UbBytesMainPhase(static_cast<uint32_t>(rows * cols), static_cast<uint32_t>(cols), dtypeBytes, inputs,
                                hasBias, bufferNum) <= bytes;
    }
    // The widest one-row tile, in multiples of `unit` (0 if none fits).
    int64_t FitCols(uint32_t unit) const {
        const uint64_t linear = UbBytesPerElement(dtypeBytes, inputs, bufferNum) + UbBiasBytesPerColumn(hasBias);
        int64_t cols = static_cast<int64_t>(bytes / linear) / unit * unit;  // an upper bound: no padding
        while (cols > 0 && !Fits(1, cols)) cols -= unit;
        return cols;
    }
    // The most rows of `cols` columns that fit (0 if none).
    int64_t FitRows(int64_t cols) const {
        const uint64_t perRow = UbBytesPerElement(dtypeBytes, inputs, bufferNum) * cols;
        const uint64_t fixed = UbBiasBytesPerColumn(hasBias) * cols;
        int64_t rows = bytes > fixed ? static_cast<int64_t>((bytes - fixed) / perRow) : 0;
        while (rows > 0 && !Fits(rows, cols)) --rows;
        return rows;
    }
};

UbBudget MainPhaseBudget(const TilingInput& in, uint32_t bufferNum, uint64_t ubBytes) {
    return UbBudget{in.dtypeBytes, InputSet{in.hasGradHy, in.hasGradC}, in.hasBias, bufferNum, ubBytes};
}

struct TileShape {
    int64_t rows;
    int64_t cols;
};

// As many whole rows of the core's columns as UB holds; when one row does not fit, the
// columns are split into equal tiles that are whole 512-byte GM requests where UB allows
// (so every tile's bursts start aligned); a tile never spans two bias chunks (rowLimit).
TileShape TileFor(int64_t maxRows, int64_t maxCols, uint32_t dtypeBytes, int64_t rowLimit, const UbBudget& ub) {
    const uint32_t block = kBlockBytes / dtypeBytes, request = timing::kGmRequestBytes / dtypeBytes;
    const int64_t fit = ub.FitCols(block);
    int64_t cols = AlignUp(maxCols, block);
    if (cols > fit) {
        const int64_t parts = CeilDiv(maxCols, fit);
        cols = AlignUp(CeilDiv(maxCols, parts), request);
        if (cols > fit) cols = fit >= request ? fit / request * request : fit;
    }
    return TileShape{std::max<int64_t>(1, std::min<int64_t>({ub.FitRows(cols), maxRows, rowLimit})), cols};
}

// A core's rows in at most this many tiles are tried in up to this many times as many (so
// that copy and compute overlap).
constexpr int64_t kMaxRowSplit = 4;

// Vector instructions per tile element column, fp32 math: the formula's 27 basic operations,
// Tanh (about ten basic operations inside), and the fp16 casts; an estimate for ranking only.
constexpr double kVectorOpsPerTile = 37.0;
// The bias chunk height is ranked on reference platforms, not the one at hand: it fixes
// gradBias's summation order, which must not change with the core count or the SoC. The
// core counts of the supported SoCs (48: 910B1/B2/910_93, 40: 910B3/B4) and their UB.
constexpr uint32_t kReferenceCores[] = {48, 40};
constexpr uint64_t kReferenceUbBytes = 196352;
// Most GM traffic the partial gradBias sums may add, as a share of the minimum traffic
// (the kernel's target: within 3% of the minimum; a little under it).
constexpr double kMaxPartialShare = 0.0295;

// GM bytes of the partial gradBias sums: each chunk's fp32 row of 4H written, then read.
uint64_t PartialSumBytes(int64_t hidden, uint32_t chunks) {
    return chunks > 1 ? 2ull * chunks * kGates * static_cast<uint64_t>(hidden) * sizeof(float) : 0;
}

// DMAs issued back to back on one pipe: each holds the pipe for its streaming time, and the
// last one's data lands its fixed latency later (soc_timing.h: DmaPipeMicros, DmaLandingMicros).
struct DmaRun {
    double pipe = 0.0;     // the pipe's busy time
    double landing = 0.0;  // the last DMA's landing latency
    void Add(bool toUb, uint64_t count, uint64_t bursts, uint64_t bytes, uint64_t start, uint64_t pitch) {
        if (count == 0) return;
        const double clockGHz = timing::kSocs[0].clockGHz;
        pipe += count * timing::DmaPipeMicros(toUb, bursts, bytes, start, pitch, clockGHz);
        landing = timing::DmaLandingMicros(toUb, bursts, bytes, start, pitch, clockGHz);
    }
    double Alone() const { return pipe + landing; }
};

// The busiest core's time for a plan, in modeled microseconds, from the performance
// model's own timing table (sim/include/ascendc_sim/model/soc_timing.h: msKPP's
// per-instruction DMA bandwidth by size, back-to-back DMAs streaming, the per-burst cost,
// 512-byte alignment, vector cycles per repeat and per instruction). Each tile issues the DMAs
// the kernel issues (one per input; the gates per row or per gate, whichever is fewer); MTE2,
// V and MTE3 overlap (double-buffered queues), so the busiest pipe counts, plus one tile's
// load and store that cannot overlap; with single-buffered queues, or one tile, they add up.
// Several bias chunks add a SyncAll and the final pass over the partials.
double CoreMicros(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t cores,
                  uint32_t biasChunks, uint32_t bufferNum = kBufferNum) {
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    const bool anyGrad = in.hasGradHy || in.hasGradC;
    const uint32_t gatesRead = anyGrad ? (in.hasGradHy ? 4u : 3u) : 0u;
    const uint32_t plainLoads = inputs.Count() - gatesRead;
    const uint64_t s = in.dtypeBytes, rowPitch = in.hidden * s, gatePitch = kGates * rowPitch;
    const uint64_t start = static_cast<uint64_t>(maxCols) * s;  // where a neighbouring core's columns begin
    const uint32_t block = kBlockBytes / in.dtypeBytes;
    const double clockGHz = timing::kSocs[0].clockGHz;
    auto gates = [&](DmaRun& run, bool toUb, uint32_t count, uint64_t rows, uint64_t bytes) {
        if (count == 0) return;
        if (rows < count) run.Add(toUb, rows, count, bytes, start, rowPitch);
        else run.Add(toUb, count, rows, bytes, start, gatePitch);
    };
    double mte2 = 0.0, mte3 = 0.0, vec = 0.0, fill = 0.0, landings = 0.0;
    const int64_t rowCounts[2] = {maxRows / tile.rows, maxRows % tile.rows > 0 ? 1 : 0};
    const int64_t rowSizes[2] = {tile.rows, maxRows % tile.rows};
    const int64_t colCounts[2] = {maxCols / tile.cols, maxCols % tile.cols > 0 ? 1 : 0};
    const int64_t colSizes[2] = {tile.cols, maxCols % tile.cols};
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            const double tiles = static_cast<double>(rowCounts[r] * colCounts[c]);
            if (tiles == 0) continue;
            const uint64_t rows = rowSizes[r], bytes = colSizes[c] * s;
            DmaRun load, store;
            load.Add(true, plainLoads, rows, bytes, start, rowPitch);
            gates(load, true, gatesRead, rows, bytes);
            store.Add(false, 1, rows, bytes, start, rowPitch);
            gates(store, false, kGates, rows, bytes);
            const double repeats = std::ceil(rows * AlignUp(colSizes[c], block) * 4.0 / 256.0);
            const double rowRepeats = std::ceil(colSizes[c] * 4.0 / 256.0);
            const double perInstruction = timing::kVectorStartCycles + timing::kIssueCycles;
            double cycles = (anyGrad ? kVectorOpsPerTile : kOutputs) * (repeats + perInstruction);
            if (in.hasBias) cycles += kGates * rows * (rowRepeats + perInstruction);  // gradBias, row by row
            mte2 += tiles * load.pipe;
            mte3 += tiles * store.pipe;
            landings += tiles * (load.landing + store.landing);
            vec += tiles * cycles / (clockGHz * 1e3);
            fill = std::max(fill, load.Alone() + store.Alone());
        }
    }
    const bool oneTile = maxRows <= tile.rows && maxCols <= tile.cols;
    double micros = bufferNum == 1 || oneTile ? mte2 + vec + mte3 + landings
                                              : std::max({mte2, mte3, vec}) + fill;
    if (biasChunks > 1) {
        const int64_t width = kGates * in.hidden;
        const uint64_t cols = AlignUp(CeilDiv(width, cores), 8);
        micros += timing::kSyncAllUs + timing::DmaMicros(true, biasChunks, cols * 4, 0, width * 4) +
                  timing::DmaMicros(false, 1, cols * s);
    }
    return micros;
}

struct GridChoice {
    Grid grid;
    uint32_t colUnit;
    double micros;
};

// The busiest core's modeled time under a grid. The slowest core is not always the one with
// the most elements: a DMA's rate falls with its size (msKPP), so a core with fewer columns
// may take longer on shorter bursts. Each axis's largest and smallest share are timed.
double GridMicros(const TilingInput& in, int64_t rowUnits, uint32_t rowUnit, int64_t rowLimit, int64_t rows,
                  int64_t colUnits, uint32_t colUnit, int64_t cols, uint32_t biasChunks, const UbBudget& ub) {
    const int64_t batch = std::max<int64_t>(in.batch, 1);
    const int64_t rowShares[2] = {std::min<int64_t>(CeilDiv(rowUnits, rows) * rowUnit, batch),
                                  std::min<int64_t>(rowUnits / rows * rowUnit, batch)};
    const int64_t colShares[2] = {std::min<int64_t>(CeilDiv(colUnits, cols) * colUnit, in.hidden),
                                  std::min<int64_t>(colUnits / cols * colUnit, in.hidden)};
    double micros = 0.0;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            if ((r == 1 && rowShares[1] == rowShares[0]) || (c == 1 && colShares[1] == colShares[0])) continue;
            const int64_t coreRows = rowShares[r], coreCols = colShares[c];
            const TileShape tile = TileFor(coreRows, coreCols, in.dtypeBytes, rowLimit, ub);
            micros = std::max(micros, CoreMicros(in, coreRows, coreCols, tile, static_cast<uint32_t>(rows * cols),
                                                 biasChunks));
        }
    }
    return micros;
}

// The core grid and column unit whose busiest core the model times shortest. Column
// units: one 32-byte block, or 512 bytes (the GM request size: bursts that start on it
// need no extra request). Each row count takes as many column groups as the cores allow;
// when that leaves each core bursts shorter than a GM request, fewer, wider groups that
// share the columns evenly are tried too (idle cores can beat many short bursts).
GridChoice ChooseGrid(const TilingInput& in, int64_t rowUnits, uint32_t rowUnit, int64_t rowLimit, uint32_t cores,
                      uint32_t biasChunks, const UbBudget& ub) {
    GridChoice best{Grid{1, 1}, kBlockBytes / in.dtypeBytes, -1.0};
    for (const uint32_t colUnit : {static_cast<uint32_t>(timing::kGmRequestBytes / in.dtypeBytes), kBlockBytes / in.dtypeBytes}) {
        if (colUnit > kBlockBytes / in.dtypeBytes && in.hidden <= colUnit) continue;  // one group either way
        const int64_t colUnits = CeilDiv(in.hidden, colUnit);
        for (int64_t rows = 1; rows <= std::min<int64_t>(rowUnits, cores); ++rows) {
            const int64_t widest = std::min<int64_t>(colUnits, cores / rows);
            const bool shortBursts =
                static_cast<uint64_t>(CeilDiv(colUnits, widest) * colUnit * in.dtypeBytes) < timing::kGmRequestBytes;
            for (int64_t cols = widest; cols >= 1; --cols) {
                if (cols < widest && !shortBursts) break;
                if (cols < widest && colUnits % cols != 0) continue;
                const double micros = GridMicros(in, rowUnits, rowUnit, rowLimit, rows, colUnits, colUnit, cols,
                                                 biasChunks, ub);
                if (best.micros < 0 || micros < best.micros * 0.999) {  // a clear win only: ties keep the earlier
                    best = GridChoice{Grid{static_cast<uint32_t>(rows), static_cast<uint32_t>(cols)}, colUnit, micros};
                }
            }
        }
    }
    return best;
}

// Rows per bias chunk (see ComputeTiling): at most kBiasChunkRows; fewer when the model
// says splitting the batch over more cores pays for the partial sums and the final pass,
// and their traffic stays within kMaxPartialShare of the minimum (the kernel's target: GM
// traffic within 3% of the minimum).
// Candidates: halvings of kBiasChunkRows and the batch shared evenly by each reference core
// count, by half or a quarter of it, or two or four chunks per core; and a few chunks only. Ranked by the modeled busiest-core time summed over
// the reference platforms, so the height depends on the shape only.
uint32_t ChooseBiasChunkRows(const TilingInput& in) {
    const UbBudget ub = MainPhaseBudget(in, kBufferNum, kReferenceUbBytes);
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    const double minBytes = static_cast<double>(inputs.Count() + kOutputs) * in.batch * in.hidden * in.dtypeBytes +
                            static_cast<double>(kGates) * in.hidden * in.dtypeBytes;
    uint32_t candidates[32];
    uint32_t count = 0;
    for (uint32_t rows = kBiasChunkRows; rows >= 1; rows /= 2) candidates[count++] = rows;
    for (const uint32_t cores : kReferenceCores) {
        for (const uint32_t perCore : {1u, 2u, 4u}) {  // also half and a quarter of the cores (2-D grids)
            candidates[count++] = static_cast<uint32_t>(
                std::max<int64_t>(1, std::min<int64_t>(kBiasChunkRows, CeilDiv(in.batch, cores / perCore))));
            candidates[count++] = static_cast<uint32_t>(
                std::max<int64_t>(1, std::min<int64_t>(kBiasChunkRows, CeilDiv(in.batch, cores * perCore))));
        }
    }
    for (const uint32_t chunks : {2u, 3u, 4u, 6u, 8u, 12u, 16u}) {  // few chunks: small batches
        candidates[count++] = static_cast<uint32_t>(
            std::max<int64_t>(1, std::min<int64_t>(kBiasChunkRows, CeilDiv(in.batch, chunks))));
    }
    std::sort(candidates, candidates + count, [](uint32_t a, uint32_t b) { return a > b; });
    uint32_t best = kBiasChunkRows;
    double bestMicros = -1.0;
    for (uint32_t k = 0; k < count; ++k) {
        const uint32_t rows = candidates[k];
        if (k > 0 && rows == candidates[k - 1]) continue;
        const uint32_t chunks = static_cast<uint32_t>(std::max<int64_t>(1, CeilDiv(in.batch, rows)));
        if (chunks > 1 && static_cast<double>(PartialSumBytes(in.hidden, chunks)) > kMaxPartialShare * minBytes) continue;
        const uint32_t unit = static_cast<uint32_t>(chunks > 1 ? rows : std::max<int64_t>(in.batch, 1));
        const int64_t units = std::max<int64_t>(1, CeilDiv(in.batch, unit));
        const int64_t limit = std::min<int64_t>(unit, kMaxBlockCount);
        double micros = 0.0;
        for (const uint32_t cores : kReferenceCores) micros += ChooseGrid(in, units, unit, limit, cores, chunks, ub).micros;
        if (bestMicros < 0 || micros < bestMicros * 0.97) {  // a smaller chunk must win clearly
            bestMicros = micros;
            best = rows;
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

bool CheckSizeLimits(int64_t batch, int64_t hidden, uint32_t dtypeBytes, bool hasBias, std::string* error) {
    if (batch < 0 || hidden < 0) {
        *error = "batch and hidden must be non-negative";
        return false;
    }
    if (dtypeBytes != 4 && dtypeBytes != 2) {
        *error = "element size must be 4 (float32) or 2 (float16, bfloat16)";
        return false;
    }
    // The bytes of a [batch, 4 * hidden] tensor must fit int64 (every offset and the
    // workspace are below it), and the gradBias chunk count uint32 (tiling data): refused
    // here rather than wrapped (a wrapped chunk count once made rowUnit 0, then a division).
    int64_t rowBytes = 0, tensorBytes = 0;
    if (__builtin_mul_overflow(hidden, static_cast<int64_t>(kGates) * dtypeBytes, &rowBytes) ||
        __builtin_mul_overflow(rowBytes, batch, &tensorBytes)) {
        *error = "batch " + std::to_string(batch) + " x 4 * hidden_size " + std::to_string(hidden) +
                 " elements need more than 2^63 bytes";
        return false;
    }
    if (hasBias && hidden > 0 && CeilDiv(batch, kBiasChunkRows) > static_cast<int64_t>(UINT32_MAX)) {
        *error = "batch " + std::to_string(batch) + " needs more than 2^32 - 1 gradBias chunks of " +
                 std::to_string(kBiasChunkRows) + " rows";
        return false;
    }
    return true;
}

ScopedTilingOverrides::ScopedTilingOverrides(const TilingOverrides& overrides) : previous_(threadOverrides) {
    threadOverrides = overrides;
}
ScopedTilingOverrides::~ScopedTilingOverrides() { threadOverrides = previous_; }
const TilingOverrides& ThreadTilingOverrides() { return threadOverrides; }
void SetThreadTilingOverrides(const TilingOverrides& overrides) { threadOverrides = overrides; }

namespace {
// The tiling itself; ComputeTiling below only remembers its recent answers.
bool ComputeTilingFresh(const TilingInput& in, const PlatformInfo& platform, TilingPlan* plan, std::string* error,
                        const TilingOverrides& ov) {
    *plan = TilingPlan{};
    if (!CheckSizeLimits(in.batch, in.hidden, in.dtypeBytes, in.hasBias, error)) return false;
    if (platform.aivCores == 0) return Fail(error, "the platform reports no AIV cores");
    const uint32_t bufferNum = ov.bufferNum ? ov.bufferNum : kBufferNum;
    if (bufferNum > kMaxBufferNum) {
        return Fail(error, "bufferNum override must be 1 or " + std::to_string(kMaxBufferNum) + ", got " +
                               std::to_string(bufferNum));
    }
    if (ov.biasChunkRows && !in.hasBias) return Fail(error, "biasChunkRows override needs hasBias (no gradBias to sum)");
    const IoDtype dtype = in.dtypeBytes == 4 ? kIoFloat32 : in.bfloat16 ? kIoBfloat16 : kIoFloat16;
    const InputSet inputs{in.hasGradHy, in.hasGradC};
    TilingValues& d = plan->values;
    d.batch = in.batch;
    d.hidden = in.hidden;
    d.bufferNum = bufferNum;
    plan->tilingKey = TilingKey(dtype, in.hasBias, in.hasGradC, in.hasGradHy);
    if (in.hidden == 0 || (in.batch == 0 && !in.hasBias)) {
        return true;  // every output is empty: nothing to launch, no workspace
    }

    // gradBias sums each column over the batch. To make that sum independent of the core
    // count, rows are grouped in chunks whose height depends on the shape only
    // (ChooseBiasChunkRows): each chunk's sum is computed row by row by one core, and the
    // chunk sums are added in chunk order in a final pass. A batch of at most one chunk is
    // summed by one core and written directly.
    const UbBudget ub = MainPhaseBudget(in, bufferNum, platform.ubBytes);
    if (ub.FitCols(kBlockBytes / in.dtypeBytes) < kBlockBytes / in.dtypeBytes) return Fail(error, "UB too small for one tile");
    const uint32_t chunkRows = ov.biasChunkRows ? ov.biasChunkRows : in.hasBias ? ChooseBiasChunkRows(in) : 0;
    uint32_t biasChunks = 0, rowUnit = 1;
    if (in.hasBias) {
        if (CeilDiv(in.batch, chunkRows) > static_cast<int64_t>(UINT32_MAX)) {  // tiling data holds uint32
            return Fail(error, "batch " + std::to_string(in.batch) + " needs more than 2^32 - 1 gradBias chunks of " +
                                   std::to_string(chunkRows) + " rows");
        }
        biasChunks = static_cast<uint32_t>(std::max<int64_t>(1, CeilDiv(in.batch, chunkRows)));
        rowUnit = static_cast<uint32_t>(biasChunks > 1 ? chunkRows : std::max<int64_t>(in.batch, 1));
    }
    const int64_t batch = std::max<int64_t>(in.batch, 1);
    const int64_t rowUnits = std::max<int64_t>(1, CeilDiv(in.batch, rowUnit));
    // Rows per tile: at most one DMA's block count, and never two bias chunks.
    const int64_t chunkLimit = in.hasBias ? std::min<int64_t>(rowUnit, kMaxBlockCount) : kMaxBlockCount;

    GridChoice choice = ChooseGrid(in, rowUnits, rowUnit, chunkLimit, platform.aivCores, biasChunks, ub);
    Grid& grid = choice.grid;
    if (ov.gridRows || ov.gridCols) {
        // An explicit grid keeps the chosen column unit if it has enough units, else splits
        // columns by 32-byte blocks.
        if (ov.gridCols > CeilDiv(in.hidden, choice.colUnit)) choice.colUnit = kBlockBytes / in.dtypeBytes;
        const int64_t colUnits = CeilDiv(in.hidden, choice.colUnit);
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
                                   std::to_string(colUnits) + " column units of " + std::to_string(choice.colUnit) +
                                   " columns");
        }
        if (static_cast<uint64_t>(grid.rows) * grid.cols > platform.aivCores) {
            return Fail(error, "grid override " + std::to_string(grid.rows) + " x " + std::to_string(grid.cols) +
                                   " needs more than the " + std::to_string(platform.aivCores) + " AIV cores");
        }
    }
    const uint32_t colUnit = choice.colUnit;
    const int64_t colUnits = CeilDiv(in.hidden, colUnit);
    const int64_t maxRows = std::min<int64_t>(CeilDiv(rowUnits, grid.rows) * rowUnit, batch);
    const int64_t maxCols = std::min<int64_t>(CeilDiv(colUnits, grid.cols) * colUnit, in.hidden);

    // Tile: as many whole rows of the core's columns as UB holds; split columns only when
    // one row does not fit.
    const int64_t fitCols = ub.FitCols(kBlockBytes / in.dtypeBytes);
    TileShape tile = TileFor(maxRows, maxCols, in.dtypeBytes, chunkLimit, ub);
    if (ov.tileCols) {
        const uint32_t block = kBlockBytes / in.dtypeBytes;
        const int64_t most = std::min<int64_t>(AlignUp(maxCols, block), fitCols);
        if (ov.tileCols % block != 0 || ov.tileCols > most) {
            return Fail(error, "tileCols override " + std::to_string(ov.tileCols) + " must be a multiple of " +
                                   std::to_string(block) + " and at most " + std::to_string(most));
        }
        tile.cols = ov.tileCols;
        tile.rows = TileFor(maxRows, tile.cols, in.dtypeBytes, chunkLimit, ub).rows;
    }
    if (ov.tileRows) {
        const int64_t fitRows = ub.FitRows(tile.cols);
        const int64_t most = std::max<int64_t>(1, std::min<int64_t>({fitRows, maxRows, chunkLimit}));
        if (ov.tileRows > most) {
            return Fail(error, "tileRows override " + std::to_string(ov.tileRows) + " exceeds " +
                                   std::to_string(most) +
                                   " (UB, the core's rows, the bias chunk and the DMA block count bound it)");
        }
        tile.rows = ov.tileRows;
    }
    // Single-buffered queues hold twice the tile: better when that makes the core's whole
    // rectangle one tile of fewer, longer DMAs (nothing would overlap anyway).
    uint32_t queueDepth = bufferNum;
    if (!ov.bufferNum && !ov.tileRows && !ov.tileCols && (tile.rows < maxRows || tile.cols < maxCols)) {
        const UbBudget single = MainPhaseBudget(in, 1, platform.ubBytes);
        const TileShape whole = TileFor(maxRows, maxCols, in.dtypeBytes, chunkLimit, single);
        const uint32_t cores = grid.rows * grid.cols;
        if (whole.rows >= maxRows && whole.cols >= maxCols &&
            CoreMicros(in, maxRows, maxCols, whole, cores, biasChunks, 1) <
                0.97 * CoreMicros(in, maxRows, maxCols, tile, cores, biasChunks, bufferNum)) {
            tile = whole;
            queueDepth = 1;
            d.bufferNum = queueDepth;
        }
    }
    // A core with one tile (or a few) copies, computes and stores mostly in series: split its
    // rows into more tiles when the model says the overlap pays for the shorter DMAs.
    if (!ov.tileRows && !ov.tileCols && tile.cols >= maxCols && maxRows > 1) {
        const uint32_t cores = grid.rows * grid.cols;
        const int64_t tiles = CeilDiv(maxRows, tile.rows);
        const double whole = CoreMicros(in, maxRows, maxCols, tile, cores, biasChunks, queueDepth);
        double best = whole;
        TileShape bestTile = tile;
        const int64_t mostParts = tiles <= kMaxRowSplit ? std::min<int64_t>(kMaxRowSplit * tiles, maxRows) : 0;
        for (int64_t parts = tiles + 1; parts <= mostParts; ++parts) {
            const TileShape split{CeilDiv(maxRows, parts), tile.cols};
            const double micros = CoreMicros(in, maxRows, maxCols, split, cores, biasChunks, queueDepth);
            if (micros < best) {
                best = micros;
                bestTile = split;
            }
        }
        if (best < 0.97 * whole) tile = bestTile;  // a clear win only
    }
    const int64_t tileRows = tile.rows, tileCols = tile.cols;

    d.gridRows = grid.rows;
    d.gridCols = grid.cols;
    d.rowUnit = rowUnit;
    d.colUnit = colUnit;
    d.tileCols = static_cast<uint32_t>(tileCols);
    d.tileElems = static_cast<uint32_t>(tileRows * tileCols);
    d.biasChunks = biasChunks;
    plan->blockDim = grid.rows * grid.cols;
    plan->ubBytesUsed = UbBytesMainPhase(static_cast<uint32_t>(tileRows * tileCols), static_cast<uint32_t>(tileCols),
                                         in.dtypeBytes, inputs, in.hasBias, queueDepth);

    if (biasChunks > 1) {
        // Final pass over the partial sums: 4H columns split across the same cores.
        const uint32_t finalRows = std::min<uint32_t>(biasChunks, kFinalMaxRows);
        const int64_t perCore = AlignUp(CeilDiv(kGates * in.hidden, plan->blockDim), 8);
        const int64_t fitFinal = static_cast<int64_t>(platform.ubBytes / (4 * (kBufferNum * finalRows + 2))) / 8 * 8;
        const uint32_t finalCols = static_cast<uint32_t>(std::max<int64_t>(8, std::min<int64_t>(perCore, fitFinal)));
        d.finalTileRows = finalRows;
        d.finalTileCols = finalCols;
        plan->ubBytesUsed = std::max<uint64_t>(plan->ubBytesUsed, UbBytesFinalPhase(finalCols, finalRows));
        plan->scheduleMode = 1;  // SyncAll needs every core resident (batch mode)
    }
    const uint64_t partialBytes = PartialSumBytes(in.hidden, biasChunks) / 2;  // the workspace holds them once
    plan->workspaceBytes = in.batch == 0 ? 0 : platform.libWorkspaceBytes + partialBytes;
    // Never a plan the kernel's InitBuffer calls cannot place (whatever the overrides chose).
    if (plan->ubBytesUsed > platform.ubBytes) {
        return Fail(error, "the plan needs " + std::to_string(plan->ubBytesUsed) + " bytes of UB per core, more than the " +
                               std::to_string(platform.ubBytes) + " GetCoreMemSize(UB) reports");
    }
    return true;
}

// Every field of the three arguments, compared: the memo below must tell apart any two
// arguments the tiling could answer differently. A new field breaks these asserts until it
// is added here.
bool SameArguments(const TilingInput& a, const TilingInput& b) {
    static_assert(sizeof(TilingInput) == 24, "compare the new TilingInput field in SameArguments");
    return a.batch == b.batch && a.hidden == b.hidden && a.dtypeBytes == b.dtypeBytes && a.hasGradHy == b.hasGradHy &&
           a.hasGradC == b.hasGradC && a.hasBias == b.hasBias && a.bfloat16 == b.bfloat16;
}
bool SameArguments(const PlatformInfo& a, const PlatformInfo& b) {
    static_assert(sizeof(PlatformInfo) == 24, "compare the new PlatformInfo field in SameArguments");
    return a.aivCores == b.aivCores && a.ubBytes == b.ubBytes && a.libWorkspaceBytes == b.libWorkspaceBytes;
}
bool SameArguments(const TilingOverrides& a, const TilingOverrides& b) {
    static_assert(sizeof(TilingOverrides) == 24, "compare the new TilingOverrides field in SameArguments");
    return a.gridRows == b.gridRows && a.gridCols == b.gridCols && a.tileRows == b.tileRows &&
           a.tileCols == b.tileCols && a.biasChunkRows == b.biasChunkRows && a.bufferNum == b.bufferNum;
}

// The tiling is a pure function of its arguments, and ranking the candidate grids on the
// timing table is most of its cost (tens of microseconds, as much as a small op's whole
// launch on the sim): a host that runs the op again and again on the same shapes (a training
// loop, a benchmark) gets the plan it had. Per thread, so no lock; a few entries, replaced in turn.
struct Remembered {
    bool used = false;
    TilingInput input{};
    PlatformInfo platform{};
    TilingOverrides overrides{};
    bool ok = false;
    TilingPlan plan{};
    std::string error;
};
constexpr size_t kRemembered = 8;
thread_local Remembered t_remembered[kRemembered];
thread_local size_t t_nextRemembered = 0;
}  // namespace

bool ComputeTiling(const TilingInput& in, const PlatformInfo& platform, TilingPlan* plan, std::string* error,
                   const TilingOverrides& ov) {
    const Remembered* answer = nullptr;
    for (const Remembered& r : t_remembered) {
        if (r.used && SameArguments(r.input, in) && SameArguments(r.platform, platform) &&
            SameArguments(r.overrides, ov)) {
            answer = &r;
            break;
        }
    }
    if (answer == nullptr) {
        Remembered& slot = t_remembered[t_nextRemembered];
        t_nextRemembered = (t_nextRemembered + 1) % kRemembered;
        slot.used = true;  // (fields one by one: C++11, as CANN's op build compiles this file)
        slot.input = in;
        slot.platform = platform;
        slot.overrides = ov;
        slot.ok = ComputeTilingFresh(in, platform, &slot.plan, &slot.error, ov);
        answer = &slot;
    }
    *plan = answer->plan;
    if (!answer->ok) *error = answer->error;
    return answer->ok;
}

}  // namespace lstm_cell_grad
