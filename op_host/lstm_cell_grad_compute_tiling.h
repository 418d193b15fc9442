// The tiling of ThnnFusedLstmCellBackward as a pure function: shapes, dtype, options,
// platform and explicit choices in; tiling data, block count, tiling key and workspace out.
// The CANN TilingFunc only adapts a gert::TilingContext to it (lstm_cell_grad_tiling_context.h).
#pragma once
#include <cstdint>
#include <string>

#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_tiling_input.h"
#include "thnn_fused_lstm_cell_backward_tiling.h"

namespace lstm_cell_grad {

struct PlatformInfo {
    uint32_t aivCores;           // PlatformAscendC::GetCoreNumAiv()
    uint64_t ubBytes;            // GetCoreMemSize(UB)
    uint64_t libWorkspaceBytes;  // GetLibApiWorkSpaceSize()
};

// Explicit values for the tiling's free choices, 0 meaning "the tiling chooses". The
// default plan never needs them; `python -m lstm_cell_grad tune` sweeps them on the
// performance model. Every value is validated against the shape and the platform
// (lstm_cell_grad_overrides.h).
struct TilingOverrides {
    uint32_t gridRows = 0;       // cores along the batch (gridRows * gridCols <= AIV cores)
    uint32_t gridCols = 0;       // cores along the hidden size
    uint32_t tileRows = 0;       // rows per tile (at most the bias chunk)
    uint32_t tileCols = 0;       // columns per tile, a multiple of one 32-byte block
    uint32_t biasChunkRows = 0;  // rows per partial gradBias sum (changes the summation order)
    uint32_t bufferNum = 0;      // depth of the copy queues: 1 (serial) or 2 (double-buffered)
    bool Any() const { return gridRows || gridCols || tileRows || tileCols || biasChunkRows || bufferNum; }
};

// The tiling data's values, one member per field of the tiling-data header's one list
// (THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS), in its order. A plain struct: CANN's tiling
// class owns a heap buffer and must not be copied, so plans (copied, remembered) hold this;
// the TilingFunc fills CANN's class once from it.
struct TilingValues {
#pragma push_macro("TILING_DATA_FIELD_DEF")
#undef TILING_DATA_FIELD_DEF
#define TILING_DATA_FIELD_DEF(type, name) type name = 0
    THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS
#pragma pop_macro("TILING_DATA_FIELD_DEF")
};

struct TilingPlan {
    TilingValues values;         // the tiling data
    uint32_t blockDim = 0;       // 0: nothing to launch
    uint64_t tilingKey = 0;
    uint64_t workspaceBytes = 0; // library workspace + partial gradBias sums
    uint32_t scheduleMode = 0;   // 1 (batch mode) when the kernel uses SyncAll
    uint64_t ubBytesUsed = 0;    // the larger of the two phases
};

// The plan for a checked input. Returns false with *error set when an override is invalid (the
// message names it) or the platform cannot hold a tile. A pure function of its arguments.
bool ComputeTiling(const CheckedTilingInput& input, const PlatformInfo& platform, const TilingOverrides& overrides,
                   TilingPlan* plan, std::string* error);

// The same for an input nobody has checked (tests, tools): CheckTilingInput, then the above;
// sizes out of range are refused with CheckSizeLimits' message.
bool ComputeTiling(const TilingInput& input, const PlatformInfo& platform, const TilingOverrides& overrides,
                   TilingPlan* plan, std::string* error);

}  // namespace lstm_cell_grad
