#include "lstm_cell_grad_tiling_overrides.h"

#include <algorithm>

#include "lstm_cell_grad_layout.h"

namespace lstm_cell_grad {

bool CheckOverrides(const TilingInput& in, const TilingOverrides& ov, std::string* error) {
    if (ov.bufferNum > kMaxBufferNum) {
        return TilingFail(error, "bufferNum override must be 1 or " + std::to_string(kMaxBufferNum) + ", got " +
                                     std::to_string(ov.bufferNum));
    }
    if (ov.biasChunkRows && !in.hasBias) {
        return TilingFail(error, "biasChunkRows override needs hasBias (no gradBias to sum)");
    }
    return true;
}

bool ApplyGridOverrides(const TilingInput& in, const TilingOverrides& ov, const RowSplit& split, uint32_t aivCores,
                        GridChoice* choice, std::string* error) {
    if (!ov.gridRows && !ov.gridCols) return true;
    Grid& grid = choice->grid;
    if (ov.gridCols > CeilDiv(in.hidden, choice->colUnit)) choice->colUnit = kBlockBytes / IoBytes(in.dtype);
    const int64_t colUnits = CeilDiv(in.hidden, choice->colUnit);
    grid.rows = ov.gridRows ? ov.gridRows : std::max<uint32_t>(1, aivCores / ov.gridCols);
    grid.rows = static_cast<uint32_t>(std::min<int64_t>(grid.rows, split.rowUnits));
    grid.cols = ov.gridCols ? ov.gridCols : static_cast<uint32_t>(std::min<int64_t>(colUnits, aivCores / grid.rows));
    if (ov.gridRows > split.rowUnits) {
        return TilingFail(error, "gridRows override " + std::to_string(ov.gridRows) + " exceeds the " +
                                     std::to_string(split.rowUnits) + " row units of " +
                                     std::to_string(split.rowUnit) + " rows");
    }
    if (grid.cols > colUnits) {
        return TilingFail(error, "gridCols override " + std::to_string(grid.cols) + " exceeds the " +
                                     std::to_string(colUnits) + " column units of " +
                                     std::to_string(choice->colUnit) + " columns");
    }
    if (static_cast<uint64_t>(grid.rows) * grid.cols > aivCores) {
        return TilingFail(error, "grid override " + std::to_string(grid.rows) + " x " + std::to_string(grid.cols) +
                                     " needs more than the " + std::to_string(aivCores) + " AIV cores");
    }
    return true;
}

bool ApplyTileOverrides(const TilingOverrides& ov, int64_t maxRows, int64_t maxCols, const RowSplit& split,
                        const UbBudget& ub, TileShape* tile, std::string* error) {
    if (ov.tileCols) {
        const uint32_t block = kBlockBytes / ub.dtypeBytes;
        const int64_t most = std::min<int64_t>(AlignUp(maxCols, block), ub.FitCols(block));
        if (ov.tileCols % block != 0 || ov.tileCols > most) {
            return TilingFail(error, "tileCols override " + std::to_string(ov.tileCols) + " must be a multiple of " +
                                         std::to_string(block) + " and at most " + std::to_string(most));
        }
        tile->cols = ov.tileCols;
        tile->rows = TileFor(maxRows, tile->cols, split.rowLimit, ub).rows;
    }
    if (ov.tileRows) {
        const int64_t most =
            std::max<int64_t>(1, std::min<int64_t>(std::min<int64_t>(ub.FitRows(tile->cols), maxRows), split.rowLimit));
        if (ov.tileRows > most) {
            return TilingFail(error, "tileRows override " + std::to_string(ov.tileRows) + " exceeds " +
                                         std::to_string(most) +
                                         " (UB, the core's rows, the bias chunk and the DMA block count bound it)");
        }
        tile->rows = ov.tileRows;
    }
    return true;
}

}  // namespace lstm_cell_grad
