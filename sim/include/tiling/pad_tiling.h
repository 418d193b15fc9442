// Host-side tiling of the high-level Pad and UnPad (CANN's include/adv_api/pad/pad_tiling.h and
// pad_tilingdata.h; the numbers as asc-devkit impl/adv_api/tiling/pad/pad_tiling_impl.cpp gives
// them for A2/A3, arch 2201). srcShape [h, w], sizes in bytes, b = 32 / typeSize:
//   GetPadMaxMinTmpSize: max = align16(h * w) * b * 2 * typeSize, min = 16 * b * 2 * typeSize
//     (two temps of 16 blocks per TransDataTo5HD repeat).
//   PadTilingFunc: the aligned-width fields (widthWithoutLastBlock = w - b, blocksPerRow, rows in
//     pieces of 255); with stackBufferSize > 0 also the unaligned-width ones: n = stackBufferSize
//     / 1024 blocks of 16 (tmpBuffer1BlockNum; tmp2 at n * 512 / typeSize elements), pieces of
//     16n columns (the last rounded up to b) and Brcb loads of 16n elements in instructions of
//     254 repeats.
//   GetUnPadMaxMinTmpSize: 0 and 0 (UnPad is one GatherMask on A2/A3).
//   UnPadTilingFunc: srcHeight, srcWidth and, with stackBufferSize > 0, the piece fields (the
//     A2/A3 kernel reads only the shape).
// Errors (typeSize not 2 or 4, shapes not 2-D, an original shape larger than the shape) print a
// message and, as CANN's host asserts, go on.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::PadTiling, UnPadTiling
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(UnPadTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcHeight);
TILING_DATA_FIELD_DEF(uint32_t, srcWidth);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1BlockNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1RowNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer2Offset);
TILING_DATA_FIELD_DEF(uint32_t, widthTiling);
TILING_DATA_FIELD_DEF(uint32_t, widthFractal);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTail);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(PadTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcHeight);
TILING_DATA_FIELD_DEF(uint32_t, srcWidth);
TILING_DATA_FIELD_DEF(uint32_t, srcOriWidth);
TILING_DATA_FIELD_DEF(uint32_t, widthWithoutLastBlock);
TILING_DATA_FIELD_DEF(uint32_t, blocksPerRow);
TILING_DATA_FIELD_DEF(uint32_t, heightTiling);
TILING_DATA_FIELD_DEF(uint32_t, heightFractal);
TILING_DATA_FIELD_DEF(uint32_t, heightFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, mainLoopOffset);
TILING_DATA_FIELD_DEF(uint32_t, tailBlockOffset);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1BlockNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1RowNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer2Offset);
TILING_DATA_FIELD_DEF(uint32_t, widthTiling);
TILING_DATA_FIELD_DEF(uint32_t, widthFractal);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTailAlingned);
TILING_DATA_FIELD_DEF(uint32_t, brcbTiling);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractal);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, maxRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbTilingRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbTilingRepeatTimesTail);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTailRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTailRepeatTimesTail);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetPadMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                         uint32_t& minValue);
void PadTilingFunc(const AscendC::TensorShape srcShape, const AscendC::TensorShape oriSrcShape,
                   const uint32_t stackBufferSize, const uint32_t typeSize, optiling::PadTiling& tiling);
void PadTilingFunc(const AscendC::TensorShape srcShape, const AscendC::TensorShape oriSrcShape,
                   const uint32_t stackBufferSize, const uint32_t typeSize, AscendC::tiling::PadTiling& tiling);
void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                           const AscendC::TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                           uint32_t& minValue);
void UnPadTilingFunc(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                     optiling::UnPadTiling& tiling);
void UnPadTilingFunc(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                     AscendC::tiling::UnPadTiling& tiling);
#endif
}  // namespace AscendC
