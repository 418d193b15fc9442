// plan(): the op's own tiling adapter (lstm_cell_grad::TilingFromContext, what its TilingFunc
// runs) on the tiling context an aclnn call of a shape builds on a SoC, with explicit
// overrides, plus what follows from the plan for the busiest core (the shared layout
// arithmetic of op_kernel/lstm_cell_grad_layout.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lstm_cell_grad_compute_tiling.h"
#include "sim_hooks.h"

namespace lstm_cell_grad::py {

struct TilingRequest {
    sim_hooks::OpShape shape;
    std::string soc;
    uint32_t coreLimit = 0;  // 0: every AIV core
    TilingOverrides overrides;
};

struct CoreRect {
    int64_t rowBegin, rowEnd, colBegin, colEnd;
};

// One field of the tiling data, as it travels to the device.
struct TilingField {
    const char* name;  // the tiling data's (camelCase) name
    int64_t value;
};

struct TilingReport {
    std::string soc;
    uint32_t aivCores = 0;          // GetCoreNumAiv() under the core cap
    uint64_t ubBytes = 0;           // GetCoreMemSize(UB)
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    uint64_t workspaceBytes = 0;
    uint32_t scheduleMode = 0;
    uint64_t ubBytesUsed = 0;
    std::vector<TilingField> tilingData;  // every field, in declaration order
    // What follows from the tiling data:
    uint32_t tileRows = 0;          // rows of the widest tile
    uint32_t biasChunkRows = 0;     // rows per gradBias chunk (the row unit; 0 without bias)
    int64_t busiestCore = -1;       // block index with the most elements (-1: nothing launched)
    int64_t busiestRows = 0, busiestCols = 0;
    std::vector<CoreRect> cores;    // each launched block's rows and columns
};

// The tiling data's field names (camelCase), in declaration order: Python's Plan is made from them.
std::vector<const char*> TilingFieldNames();

// Throws std::invalid_argument for an unknown SoC or a shape the tiling rejects.
TilingReport ReportTiling(const TilingRequest& request);

}  // namespace lstm_cell_grad::py
