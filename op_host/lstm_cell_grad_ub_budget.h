// The tiling's UB budget: which tiles of a core rectangle the main phase's UB holds. The
// exact use is the kernel's own carving (UbBytesMainPhase in op_kernel/lstm_cell_grad_layout.h,
// bank-group padding included); this only searches it.
#pragma once
#include <algorithm>
#include <cstdint>

#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_layout.h"
#include "soc_timing.h"  // the performance model's timing table (sim/include/ascendc_sim/model)

namespace lstm_cell_grad {

// What fixes the tile of a core rectangle: the main phase's exact UB use against the UB it
// may carve.
struct UbBudget {
    uint32_t dtypeBytes;
    InputSet inputs;
    bool hasBias;
    uint32_t bufferNum;
    uint64_t bytes;
    int64_t blockFit;  // FitCols(one 32-byte block), worked out once (MainPhaseBudget)
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

inline UbBudget MainPhaseBudget(const TilingInput& in, uint32_t bufferNum, uint64_t ubBytes) {
    UbBudget budget{IoBytes(in.dtype), InputSet{in.hasGradHy, in.hasGradC}, in.hasBias, bufferNum, ubBytes, 0};
    budget.blockFit = budget.FitCols(kBlockBytes / budget.dtypeBytes);
    return budget;
}

struct TileShape {
    int64_t rows;
    int64_t cols;
};

// As many whole rows of the core's columns as UB holds; when one row does not fit, the
// columns are split into equal tiles that are whole 512-byte GM requests where UB allows
// (so every tile's bursts start aligned); a tile never spans two bias chunks (rowLimit).
inline TileShape TileFor(int64_t maxRows, int64_t maxCols, int64_t rowLimit, const UbBudget& ub) {
    const uint32_t block = kBlockBytes / ub.dtypeBytes;
    const uint32_t request = static_cast<uint32_t>(sim::model::timing::kGmRequestBytes / ub.dtypeBytes);
    const int64_t fit = ub.blockFit;
    int64_t cols = AlignUp(maxCols, block);
    if (cols > fit) {
        const int64_t parts = CeilDiv(maxCols, fit);
        cols = AlignUp(CeilDiv(maxCols, parts), request);
        if (cols > fit) cols = fit >= request ? fit / request * request : fit;
    }
    return TileShape{std::max<int64_t>(1, std::min<int64_t>(std::min<int64_t>(ub.FitRows(cols), maxRows), rowLimit)),
                     cols};
}

}  // namespace lstm_cell_grad
