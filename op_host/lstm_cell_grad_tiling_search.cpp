#include "lstm_cell_grad_tiling_search.h"

#include <algorithm>
#include <cmath>

#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tiling_cost.h"
#include "soc_timing.h"  // the performance model's timing table (sim/include/ascendc_sim/model)

namespace lstm_cell_grad {
namespace {

namespace timing = sim::model::timing;

// A core's rows in at most this many tiles are tried in up to this many times as many (so
// that copy and compute overlap).
constexpr int64_t kMaxRowSplit = 4;
// The bias chunk height is ranked on reference platforms, not the one at hand: it fixes
// gradBias's summation order, which must not change with the core count or the SoC. The
// core counts of the supported SoCs (48: 910B1/B2/910_93, 40: 910B3/B4) and their UB.
constexpr uint32_t kReferenceCores[] = {48, 40};
constexpr uint64_t kReferenceUbBytes = 196352;
// Most GM traffic the partial gradBias sums may add, as a share of the minimum traffic
// (the kernel's target: within 3% of the minimum; a little under it).
constexpr double kMaxPartialShare = 0.0295;
// The tallest bias chunk the search tries: a large batch over fewer cores than chunks of
// kBiasChunkRows would need balances better in one chunk per core ((16384, 32) on 40 cores:
// 128 chunks of 128 rows leave some cores 4 and some 3).
constexpr uint32_t kMaxChunkRows = 8 * kBiasChunkRows;

// The shares of `units` units of `unit` elements (`extent` in all, the last unit maybe
// partial) that SplitEven hands `parts` cores: the larger full share, the smaller, and, when
// it is narrower than `shortest`, the last core's, which ends at `extent` (it may hold a
// single element, and short bursts are slow); distinct values only.
int ShareSizes(int64_t units, int64_t parts, int64_t unit, int64_t extent, int64_t shortest, int64_t out[3]) {
    const int64_t base = units / parts, last = extent - (units - base) * unit;
    const int64_t sizes[3] = {std::min<int64_t>(CeilDiv(units, parts) * unit, extent),
                              std::min<int64_t>(base * unit, extent), last < shortest ? last : 0};
    int count = 0;
    for (const int64_t size : sizes) {
        if (size <= 0 || std::find(out, out + count, size) != out + count) continue;
        out[count++] = size;
    }
    return count;
}

// The busiest core's modeled time under a grid, launch included. The slowest core is not
// always the one with the most elements: a DMA's rate falls with its size (msKPP), so a core
// with fewer columns may take longer on shorter bursts (the last core's share of an unaligned
// hidden size can be one element wide). Each axis's distinct shares are timed. The launch
// grows with the cores a grid occupies (soc_timing.h: LaunchMicros), so a small shape may be
// faster on fewer cores.
// A grid that cannot beat `cutoff` returns as soon as one core shows it (some value >= cutoff).
double GridMicros(const TilingInput& in, const RowSplit& split, int64_t rows, int64_t colUnits, uint32_t colUnit,
                  int64_t cols, const UbBudget& ub, RectCostMemo* memo, double cutoff) {
    const int64_t batch = std::max<int64_t>(in.batch, 1);
    int64_t rowShares[3], colShares[3];
    // Fewer rows only shorten a core's time; fewer columns may lengthen it (shorter bursts).
    const int rowCount = ShareSizes(split.rowUnits, rows, split.rowUnit, batch, 0, rowShares);
    const int colCount = ShareSizes(colUnits, cols, colUnit, in.hidden,
                                    static_cast<int64_t>(timing::kGmRequestBytes / IoBytes(in.dtype)), colShares);
    const uint64_t budget = ub.bytes * (kMaxBufferNum + 1) + ub.bufferNum;  // the budget, as a key
    // The final pass and the launch are the same on every core: added once, as CoreMicros adds
    // them (the GM floor, the same for every grid, is left out so that grids under it still rank).
    const uint32_t cores = static_cast<uint32_t>(rows * cols);
    const double shared = FinalPassMicros(in, cores, split.biasChunks) + timing::LaunchMicros(cores);
    double micros = 0.0;
    for (int r = 0; r < rowCount; ++r) {
        for (int c = 0; c < colCount; ++c) {
            const int64_t coreRows = rowShares[r], coreCols = colShares[c];
            double core = memo->Find(coreRows, coreCols, split.rowLimit, budget);
            if (core < 0) {
                // Timed double-buffered whatever the budget (an explicit depth only changes the tile).
                const TileShape tile = TileFor(coreRows, coreCols, split.rowLimit, ub);
                core = CoreMainMicros(in, coreRows, coreCols, tile, kBufferNum);
                memo->Store(coreRows, coreCols, split.rowLimit, budget, core);
            }
            micros = std::max(micros, core);
            if (micros + shared >= cutoff) return micros + shared;
        }
    }
    return micros + shared;
}

}  // namespace

size_t RectCostMemo::Slot(int64_t rows, int64_t cols, int64_t rowLimit, uint64_t ubBytes) const {
    uint64_t h = static_cast<uint64_t>(rows) * 0x9E3779B97F4A7C15ull;
    h ^= static_cast<uint64_t>(cols) + 0x7F4A7C159E3779B9ull + (h << 6) + (h >> 2);
    h ^= static_cast<uint64_t>(rowLimit) * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
    h ^= ubBytes + (h << 6) + (h >> 2);
    return static_cast<size_t>(h % kSlots);
}

double RectCostMemo::Find(int64_t rows, int64_t cols, int64_t rowLimit, uint64_t ubBytes) const {
    for (size_t probe = 0, slot = Slot(rows, cols, rowLimit, ubBytes); probe < 8; ++probe, slot = (slot + 1) % kSlots) {
        if (!filled_[slot]) return -1.0;
        const Entry& e = entries_[slot];
        if (e.rows == rows && e.cols == cols && e.rowLimit == rowLimit && e.ubBytes == ubBytes) return e.micros;
    }
    return -1.0;
}

void RectCostMemo::Store(int64_t rows, int64_t cols, int64_t rowLimit, uint64_t ubBytes, double micros) {
    if (used_ * 2 >= kSlots) return;  // half full: the rest is timed afresh
    for (size_t probe = 0, slot = Slot(rows, cols, rowLimit, ubBytes); probe < 8; ++probe, slot = (slot + 1) % kSlots) {
        if (filled_[slot]) continue;
        filled_[slot] = true;
        entries_[slot] = Entry{rows, cols, rowLimit, ubBytes, micros};
        ++used_;
        return;
    }
}

RowSplit SplitRows(const TilingInput& in, uint32_t chunkRows) {
    RowSplit split{0, 1, 0, kMaxBlockCount};
    if (in.hasBias) {
        split.biasChunks = static_cast<uint32_t>(std::max<int64_t>(1, CeilDiv(in.batch, chunkRows)));
        split.rowUnit = static_cast<uint32_t>(split.biasChunks > 1 ? chunkRows : std::max<int64_t>(in.batch, 1));
        split.rowLimit = std::min<int64_t>(split.rowUnit, kMaxBlockCount);
    }
    split.rowUnits = std::max<int64_t>(1, CeilDiv(in.batch, split.rowUnit));
    return split;
}

// Column units: one 32-byte block, or 512 bytes (the GM request size: bursts that start on
// it need no extra request). Each row count takes as many column groups as the cores allow;
// when that leaves each core bursts shorter than a GM request, fewer, wider groups that
// share the columns evenly are tried too (idle cores can beat many short bursts).
GridChoice ChooseGrid(const TilingInput& in, const RowSplit& split, uint32_t cores, const UbBudget& ub,
                      RectCostMemo* memo) {
    const uint32_t s = IoBytes(in.dtype), block = kBlockBytes / s;
    GridChoice best{Grid{1, 1}, block, -1.0};
    for (const uint32_t colUnit : {static_cast<uint32_t>(timing::kGmRequestBytes / s), block}) {
        if (colUnit > block && in.hidden <= colUnit) continue;  // one group either way
        const int64_t colUnits = CeilDiv(in.hidden, colUnit);
        for (int64_t rows = 1; rows <= std::min<int64_t>(split.rowUnits, cores); ++rows) {
            const int64_t widest = std::min<int64_t>(colUnits, cores / rows);
            const bool shortBursts =
                static_cast<uint64_t>(CeilDiv(colUnits, widest) * colUnit * s) < timing::kGmRequestBytes;
            for (int64_t cols = widest; cols >= 1; --cols) {
                if (cols < widest && !shortBursts) break;
                if (cols < widest && colUnits % cols != 0) continue;
                const double cutoff = best.micros < 0 ? HUGE_VAL : best.micros * 0.999;
                const double micros = GridMicros(in, split, rows, colUnits, colUnit, cols, ub, memo, cutoff);
                if (micros < cutoff) {  // a clear win only: ties keep the earlier
                    best = GridChoice{Grid{static_cast<uint32_t>(rows), static_cast<uint32_t>(cols)}, colUnit, micros};
                }
            }
        }
    }
    return best;
}

// Candidates: kBiasChunkRows first, then its halvings, one chunk per reference core (up to
// kMaxChunkRows rows), the batch shared evenly by each reference core count, by half or a quarter of it, or two or
// four chunks per core; and a few chunks only. A chunk count whose partial sums would add more
// than kMaxPartialShare of the minimum GM traffic is out. Ranked by the modeled busiest-core
// time (each with its best grid) summed over the reference platforms; any other height must
// beat the best so far by 3%, so kBiasChunkRows stands unless the model clearly prefers another.
uint32_t ChooseBiasChunkRows(const TilingInput& in, RectCostMemo* memo) {
    const UbBudget ub = MainPhaseBudget(in, kBufferNum, kReferenceUbBytes);
    const double minBytes = static_cast<double>(
        MinGmBytes(in.batch, in.hidden, in.dtype, InputSet{in.hasGradHy, in.hasGradC}, true));
    auto clamp = [&](int64_t rows, uint32_t most) {
        return static_cast<uint32_t>(std::max<int64_t>(1, std::min<int64_t>(most, rows)));
    };
    uint32_t candidates[40];
    uint32_t count = 0;
    for (uint32_t rows = kBiasChunkRows; rows >= 1; rows /= 2) candidates[count++] = rows;
    for (const uint32_t cores : kReferenceCores) {
        candidates[count++] = clamp(CeilDiv(in.batch, cores), kMaxChunkRows);  // one chunk per core
        for (const uint32_t perCore : {1u, 2u, 4u}) {  // also half and a quarter of the cores (2-D grids)
            candidates[count++] = clamp(CeilDiv(in.batch, cores / perCore), kBiasChunkRows);
            candidates[count++] = clamp(CeilDiv(in.batch, cores * perCore), kBiasChunkRows);
        }
    }
    for (const uint32_t chunks : {2u, 3u, 4u, 6u, 8u, 12u, 16u}) {  // few chunks: small batches
        candidates[count++] = clamp(CeilDiv(in.batch, chunks), kBiasChunkRows);
    }
    std::sort(candidates, candidates + count, [](uint32_t a, uint32_t b) { return a > b; });
    // Heights of at least the batch are all one chunk: the first tried stands for the rest.
    bool oneChunkTried = false;
    uint32_t best = kBiasChunkRows;
    double bestMicros = -1.0;
    for (uint32_t k = 0; k <= count; ++k) {
        const uint32_t rows = k == 0 ? kBiasChunkRows : candidates[k - 1];
        if (k > 0 && (rows == kBiasChunkRows || (k > 1 && rows == candidates[k - 2]))) continue;
        const bool oneChunk = rows >= in.batch;
        if (oneChunk && oneChunkTried) continue;
        oneChunkTried = oneChunkTried || oneChunk;
        const RowSplit split = SplitRows(in, rows);
        if (split.biasChunks > 1 &&
            static_cast<double>(PartialSumBytes(in.hidden, split.biasChunks)) > kMaxPartialShare * minBytes) {
            continue;
        }
        double micros = 0.0;
        for (const uint32_t cores : kReferenceCores) micros += ChooseGrid(in, split, cores, ub, memo).micros;
        if (bestMicros < 0 || micros < bestMicros * 0.97) {  // another height must win clearly
            bestMicros = micros;
            best = rows;
        }
    }
    return best;
}

TileShape RefineTile(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t cores,
                     const RowSplit& split, uint64_t ubBytes, uint32_t* bufferNum) {
    // Single-buffered queues hold twice the tile: better when that makes the core's whole
    // rectangle one tile of fewer, longer DMAs (nothing would overlap anyway). Only when the
    // depth is the tiling's to choose (bufferNum 0 on entry).
    // The cores are fixed here, so the launch and the call's GM floor (CoreMicros' other terms)
    // are the same for every candidate: a clear win is 3% of the core's own work.
    const auto work = [&](TileShape candidate, uint32_t depth) {
        return CoreMainMicros(in, maxRows, maxCols, candidate, depth) + FinalPassMicros(in, cores, split.biasChunks);
    };
    const bool chooseDepth = *bufferNum == 0;
    if (chooseDepth) *bufferNum = kBufferNum;
    if (chooseDepth && (tile.rows < maxRows || tile.cols < maxCols)) {
        const TileShape whole = TileFor(maxRows, maxCols, split.rowLimit, MainPhaseBudget(in, 1, ubBytes));
        if (whole.rows >= maxRows && whole.cols >= maxCols &&
            work(whole, 1) < 0.97 * work(tile, *bufferNum)) {
            tile = whole;
            *bufferNum = 1;
        }
    }
    // A core with one tile (or a few) copies, computes and stores mostly in series: split its
    // rows into more tiles when the model says the overlap pays for the shorter DMAs.
    if (tile.cols >= maxCols && maxRows > 1) {
        const int64_t tiles = CeilDiv(maxRows, tile.rows);
        const double whole = work(tile, *bufferNum);
        double best = whole;
        TileShape bestTile = tile;
        const int64_t mostParts = tiles <= kMaxRowSplit ? std::min<int64_t>(kMaxRowSplit * tiles, maxRows) : 0;
        for (int64_t parts = tiles + 1; parts <= mostParts; ++parts) {
            const TileShape candidate{CeilDiv(maxRows, parts), tile.cols};
            const double micros = work(candidate, *bufferNum);
            if (micros < best) {
                best = micros;
                bestTile = candidate;
            }
        }
        if (best < 0.97 * whole) tile = bestTile;  // a clear win only
    }
    return tile;
}

}  // namespace lstm_cell_grad
