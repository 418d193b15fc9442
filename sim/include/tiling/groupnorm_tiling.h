// Host-side tiling of the high-level GroupNorm (CANN's include/adv_api/normalization/
// groupnorm_tiling.h and groupnorm_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/groupnorm_tiling_impl.cpp). srcShape [n, c, h, w], groupNum
// g, d = c / g channels a group, hwAlign = h*w rounded up to 32 bytes of T, sizes in bytes:
//   max = 3 * n*c*hwAlign*4 + 2 * AlignUp(n*g*4, 32)   (2 * ... when isReuseSource and float)
//   min = 3 * d*hwAlign*4 + 2 * AlignUp(n*g*4, 32)
//   GetGroupNormNDTilingInfo: the buffer as floats (tmpBufSize, whole blocks); half keeps the
//   float mean and variance first (2 * AlignUp(n*g, 8)); the rest in numberOfTmpBuf (3; 2 for
//   a float isReuseSource) parts; bsCurLength groups a round (whole groups of d*hwAlign in a
//   part), at most n*g; smallShape when hwAlign <= 64 and d*hwAlign <= 64*k (k the largest of
//   1..8 dividing d*hwAlign/8), which limits bsCurLength to the two-level WholeReduceSum's
//   255 repeats (a multiple of 8). A half round too small for the c gamma/beta values, or an
//   empty round, leaves the tiling untouched (CANN: an error log, no return value).
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::GroupNormTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, c);
TILING_DATA_FIELD_DEF(uint32_t, hw);
TILING_DATA_FIELD_DEF(uint32_t, g);
TILING_DATA_FIELD_DEF(uint32_t, d);
TILING_DATA_FIELD_DEF(uint32_t, hwAlignSize);
TILING_DATA_FIELD_DEF(uint32_t, dhwAlignSize);
TILING_DATA_FIELD_DEF(uint32_t, inputXSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF(uint32_t, oneTmpSize);
TILING_DATA_FIELD_DEF(uint32_t, firstTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, secondTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, thirdTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputRoundSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, meanVarRoundSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, bsCurLength);
TILING_DATA_FIELD_DEF(float, factor);
TILING_DATA_FIELD_DEF(bool, smallShape);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetGroupNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, const uint32_t groupNum, uint32_t& maxValue,
                               uint32_t& minValue);
void GetGroupNormNDTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource, const uint32_t groupNum,
                              optiling::GroupNormTiling& tiling);
void GetGroupNormNDTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource, const uint32_t groupNum,
                              AscendC::tiling::GroupNormTiling& tiling);
#endif
}  // namespace AscendC
