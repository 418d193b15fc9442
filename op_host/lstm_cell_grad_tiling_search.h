// The tiling's search: the candidate grids, column units, bias chunk heights and tiles it
// ranks by the busiest core's modeled time (lstm_cell_grad_tiling_cost.h).
#pragma once
#include <cstdint>

#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_ub_budget.h"

namespace lstm_cell_grad {

struct Grid {
    uint32_t rows;
    uint32_t cols;
};

struct GridChoice {
    Grid grid;
    uint32_t colUnit;
    double micros;
};

// How the batch is cut into row units: the bias chunk height when there are several chunks
// (so gradBias sums in an order that depends on the shape only), else the whole batch.
struct RowSplit {
    uint32_t biasChunks;  // 0: no gradBias; 1: one chunk, written directly
    uint32_t rowUnit;
    int64_t rowUnits;
    int64_t rowLimit;     // rows per tile: at most one DMA's block count, never two bias chunks
};
RowSplit SplitRows(const TilingInput& in, uint32_t chunkRows);

// The main-phase times of the core rectangles one search has timed, by rectangle, row limit and
// UB budget (its bytes and queue depth, one key): grids of different core counts and bias chunk heights share most rectangles.
// One per search (the tiling holds no state between calls); full, it times afresh.
class RectCostMemo {
public:
    RectCostMemo() : used_(0) {}
    // The memo's time for the rectangle, or a negative value.
    double Find(int64_t rows, int64_t cols, int64_t rowLimit, uint64_t budget) const;
    void Store(int64_t rows, int64_t cols, int64_t rowLimit, uint64_t budget, double micros);

private:
    static const size_t kSlots = 1024;  // 40 KiB on the caller's stack
    struct Entry {
        int64_t rows, cols, rowLimit;
        uint64_t ubBytes;
        double micros;
    };
    size_t Slot(int64_t rows, int64_t cols, int64_t rowLimit, uint64_t ubBytes) const;
    Entry entries_[kSlots];
    bool filled_[kSlots] = {};
    size_t used_;
};

// The core grid and column unit whose busiest core the model times shortest on `cores`.
GridChoice ChooseGrid(const TilingInput& in, const RowSplit& rows, uint32_t cores, const UbBudget& ub,
                      RectCostMemo* memo);

// Rows per bias chunk: kBiasChunkRows unless the model clearly prefers another height (fewer
// rows when splitting the batch over more cores pays for the partial sums, more when one chunk
// per core balances better). Depends on the shape only (never on the SoC or
// the core count): it fixes gradBias's summation order.
uint32_t ChooseBiasChunkRows(const TilingInput& in, RectCostMemo* memo);

// The tile of a core rectangle after the refinements the model asks for: single-buffered
// queues when that makes the rectangle one tile, or the rows split into more tiles so that
// copy and compute overlap. *bufferNum may change to 1.
TileShape RefineTile(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t cores,
                     const RowSplit& rows, uint64_t ubBytes, uint32_t* bufferNum);

}  // namespace lstm_cell_grad
