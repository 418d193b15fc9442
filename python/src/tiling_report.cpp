#include "tiling_report.h"

#include <stdexcept>

#include "sim_hooks.h"
#include "lstm_cell_grad_layout.h"
#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_tiling_context.h"
#include "tiling/platform/platform_ascendc.h"

namespace lstm_cell_grad::py {

std::vector<const char*> TilingFieldNames() {
    std::vector<const char*> names;
#pragma push_macro("TILING_DATA_FIELD_DEF")
#undef TILING_DATA_FIELD_DEF
#define TILING_DATA_FIELD_DEF(type, name) names.push_back(#name)
    THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS
#pragma pop_macro("TILING_DATA_FIELD_DEF")
    return names;
}

TilingReport ReportTiling(const TilingRequest& request) {
    sim_hooks::SocScope socScope(request.soc, request.coreLimit);  // throws for an unknown SoC
    const std::unique_ptr<gert::TilingContext> context = sim_hooks::OpTilingContext(
        request.shape, request.soc, request.coreLimit);
    TilingPlan plan;
    std::string error;
    if (TilingFromContext(context.get(), request.overrides, &plan, &error) != ge::GRAPH_SUCCESS) {
        throw std::invalid_argument("tiling failed: " + error);
    }
    // The figures the adapter read from the context's platform.
    platform_ascendc::PlatformAscendC ascendc(context->GetPlatformInfo());
    uint64_t ubBytes = 0;
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);

    TilingReport report;
    report.soc = sim_hooks::CurrentSocName();
    report.aivCores = ascendc.GetCoreNumAiv();
    report.ubBytes = ubBytes;
    report.blockDim = plan.blockDim;
    report.tilingKey = plan.tilingKey;
    report.workspaceBytes = plan.workspaceBytes;
    report.scheduleMode = plan.scheduleMode;
    report.ubBytesUsed = plan.ubBytesUsed;
    const TilingValues& d = plan.values;
    // The fields as the tiling-data header declares them (its one list, expanded here with
    // TILING_DATA_FIELD_DEF meaning "append this field").
#pragma push_macro("TILING_DATA_FIELD_DEF")
#undef TILING_DATA_FIELD_DEF
#define TILING_DATA_FIELD_DEF(type, name) report.tilingData.push_back(TilingField{#name, static_cast<int64_t>(d.name)})
    THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS
#pragma pop_macro("TILING_DATA_FIELD_DEF")
    report.tileRows = d.tileCols == 0 ? 0 : d.tileElems / d.tileCols;
    report.biasChunkRows = request.shape.hasBias ? d.rowUnit : 0;
    for (uint32_t block = 0; block < plan.blockDim; ++block) {
        const Range rows = CoreRows(request.shape.batch, d.rowUnit, d.gridRows, d.gridCols, block);
        const Range cols = CoreCols(request.shape.hidden, d.colUnit, d.gridCols, block);
        const int64_t rowCount = rows.end - rows.begin, colCount = cols.end - cols.begin;
        report.cores.push_back(CoreRect{rows.begin, rows.end, cols.begin, cols.end});
        if (report.busiestCore < 0 || rowCount * colCount > report.busiestRows * report.busiestCols) {
            report.busiestCore = block;
            report.busiestRows = rowCount;
            report.busiestCols = colCount;
        }
    }
    return report;
}

}  // namespace lstm_cell_grad::py
