// The tiling of ThnnFusedLstmCellBackward as a pure function: shapes, dtype, options and
// platform in; tiling data, block count, tiling key and workspace out. The CANN
// TilingFunc only adapts a gert::TilingContext to it; Python's plan() calls it directly.
#pragma once
#include <cstdint>
#include <string>

#include "thnn_fused_lstm_cell_backward_tiling.h"

namespace lstm_cell_grad {

struct PlatformInfo {
    uint32_t aivCores;           // PlatformAscendC::GetCoreNumAiv()
    uint64_t ubBytes;            // GetCoreMemSize(UB)
    uint64_t libWorkspaceBytes;  // GetLibApiWorkSpaceSize()
};

struct TilingInput {
    int64_t batch;
    int64_t hidden;
    uint32_t dtypeBytes;  // 4 (float32) or 2 (float16)
    bool hasGradHy;
    bool hasGradC;
    bool hasBias;
};

struct TilingPlan {
    optiling::ThnnFusedLstmCellBackwardTilingData data;
    uint32_t blockDim = 0;       // 0: nothing to launch
    uint64_t tilingKey = 0;
    uint64_t workspaceBytes = 0; // library workspace + partial gradBias sums
    uint32_t scheduleMode = 0;   // 1 (batch mode) when the kernel uses SyncAll
    uint64_t ubBytesUsed = 0;    // the larger of the two phases
};

// Returns false with *error set when the input cannot be tiled (sizes out of range).
bool ComputeTiling(const TilingInput& input, const PlatformInfo& platform, TilingPlan* plan, std::string* error);

}  // namespace lstm_cell_grad
