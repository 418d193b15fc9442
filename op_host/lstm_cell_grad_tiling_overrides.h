// The tiling's explicit choices (TilingOverrides) checked against the shape, the platform and
// what the tiling chose around them, and applied: each bad value is refused with a message
// that names it and its bound.
#pragma once
#include <cstdint>
#include <string>

#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_tiling_search.h"
#include "lstm_cell_grad_ub_budget.h"

namespace lstm_cell_grad {

// Sets *error and returns false: the tiling's way to refuse.
inline bool TilingFail(std::string* error, const std::string& message) {
    *error = message;
    return false;
}

// What needs no plan to check: the queue depth, and a bias chunk height without a gradBias.
bool CheckOverrides(const TilingInput& in, const TilingOverrides& ov, std::string* error);

// An explicit grid (either count, or both) in place of the chosen one; it keeps the chosen
// column unit if that has enough units, else splits columns by 32-byte blocks.
bool ApplyGridOverrides(const TilingInput& in, const TilingOverrides& ov, const RowSplit& split, uint32_t aivCores,
                        GridChoice* choice, std::string* error);

// An explicit tile width and/or height in place of the chosen ones, for a core rectangle of
// maxRows x maxCols.
bool ApplyTileOverrides(const TilingOverrides& ov, int64_t maxRows, int64_t maxCols, const RowSplit& split,
                        const UbBudget& ub, TileShape* tile, std::string* error);

}  // namespace lstm_cell_grad
