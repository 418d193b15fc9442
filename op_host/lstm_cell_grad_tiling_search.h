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

// The core grid and column unit whose busiest core the model times shortest on `cores`.
GridChoice ChooseGrid(const TilingInput& in, const RowSplit& rows, uint32_t cores, const UbBudget& ub);

// Rows per bias chunk: at most kBiasChunkRows; fewer when the model says splitting the batch
// over more cores pays for the partial sums. Depends on the shape only (never on the SoC or
// the core count): it fixes gradBias's summation order.
uint32_t ChooseBiasChunkRows(const TilingInput& in);

// The tile of a core rectangle after the refinements the model asks for: single-buffered
// queues when that makes the rectangle one tile, or the rows split into more tiles so that
// copy and compute overlap. *bufferNum may change to 1.
TileShape RefineTile(const TilingInput& in, int64_t maxRows, int64_t maxCols, TileShape tile, uint32_t cores,
                     const RowSplit& rows, uint64_t ubBytes, uint32_t* bufferNum);

}  // namespace lstm_cell_grad
