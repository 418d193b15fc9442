// Tiling data of ThnnFusedLstmCellBackward: written by the host TilingFunc, read by the
// kernel through GET_TILING_DATA (CANN 8.x macro style; the build injects this header
// into the kernel translation unit, as CANN's op build does).
#pragma once
#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(ThnnFusedLstmCellBackwardTilingData)
    TILING_DATA_FIELD_DEF(int64_t, batch);          // B
    TILING_DATA_FIELD_DEF(int64_t, hidden);         // H
    TILING_DATA_FIELD_DEF(uint32_t, gridRows);      // cores along the batch
    TILING_DATA_FIELD_DEF(uint32_t, gridCols);      // cores along the hidden size
    TILING_DATA_FIELD_DEF(uint32_t, rowUnit);       // rows are split in multiples of this
    TILING_DATA_FIELD_DEF(uint32_t, colUnit);       // elements in one 32-byte block
    TILING_DATA_FIELD_DEF(uint32_t, tileCols);      // widest tile (multiple of colUnit)
    TILING_DATA_FIELD_DEF(uint32_t, tileElems);     // largest tile: rows x aligned columns
    TILING_DATA_FIELD_DEF(uint32_t, biasChunkRows); // rows summed into one partial gradBias
    TILING_DATA_FIELD_DEF(uint32_t, biasChunks);    // partials in the workspace (0: none)
    TILING_DATA_FIELD_DEF(uint32_t, finalTileCols); // gradBias columns per final-pass tile
    TILING_DATA_FIELD_DEF(uint32_t, finalTileRows); // partial rows per final-pass load
    TILING_DATA_FIELD_DEF(uint32_t, bufferNum);     // depth of the copy queues (1 or 2)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ThnnFusedLstmCellBackward, ThnnFusedLstmCellBackwardTilingData)

}  // namespace optiling
