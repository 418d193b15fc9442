// Tiling data of ThnnFusedLstmCellBackward: written by the host TilingFunc, read by the
// kernel through GET_TILING_DATA (CANN 8.x macro style; the build injects this header
// into the kernel translation unit, as CANN's op build does).
//
// The one declaration of the fields. CANN's op build makes the kernel's struct by reading
// this file line by line, so each field stays a literal TILING_DATA_FIELD_DEF line between
// BEGIN and END; the lines sit in a macro so that code that lists the fields by name
// (python/src/tiling_report.cpp) expands the same list. Every field is read by the kernel
// (tests/op_host/test_field_lists.py checks it).
#pragma once
#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(ThnnFusedLstmCellBackwardTilingData)
#define THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS                                       \
    TILING_DATA_FIELD_DEF(int64_t, batch);          /* B */                              \
    TILING_DATA_FIELD_DEF(int64_t, hidden);         /* H */                              \
    TILING_DATA_FIELD_DEF(uint32_t, gridRows);      /* cores along the batch */          \
    TILING_DATA_FIELD_DEF(uint32_t, gridCols);      /* cores along the hidden size */    \
    TILING_DATA_FIELD_DEF(uint32_t, rowUnit);       /* rows split in multiples of this: the bias chunk height */ \
    TILING_DATA_FIELD_DEF(uint32_t, colUnit);       /* columns split in multiples of this */ \
    TILING_DATA_FIELD_DEF(uint32_t, tileCols);      /* widest tile, a multiple of a 32-byte block */ \
    TILING_DATA_FIELD_DEF(uint32_t, tileElems);     /* largest tile: rows x aligned columns */ \
    TILING_DATA_FIELD_DEF(uint32_t, biasChunks);    /* partial gradBias sums, 0 none, 1 direct */ \
    TILING_DATA_FIELD_DEF(uint32_t, finalTileCols); /* gradBias columns per final-pass tile */ \
    TILING_DATA_FIELD_DEF(uint32_t, finalTileRows); /* partial rows per final-pass load */ \
    TILING_DATA_FIELD_DEF(uint32_t, bufferNum);     /* depth of the copy queues, 1 or 2 */
THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ThnnFusedLstmCellBackward, ThnnFusedLstmCellBackwardTilingData)

}  // namespace optiling
