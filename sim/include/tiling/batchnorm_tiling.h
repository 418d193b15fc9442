// Host-side tiling of the high-level BatchNorm (CANN's include/adv_api/normalization/
// batchnorm_tiling.h and batchnorm_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/batchnorm_tiling_impl.cpp). srcShape [b, s, h] (s, h used),
// originSrcShape [B, s, h] (B used: the batch the statistics run over), sizes in bytes:
//   max = 3 * AlignUp(B*s*h*4, 32) + 2 * AlignUp(s*h*4, 32)
//   min = 3 * B * (32 float, 64 half, 256 isBasicBlock) + 2 * AlignUp(s*h*4, 32)
//   GetBatchNormNDTilingInfo: the buffer as floats (tmpBufSize); half keeps the float mean and
//   variance first (2 * AlignUp(s*h, 8)); the rest in three equal parts of oneTmpSize floats,
//   a multiple of B*16 (half) or B*8 (float), at most B*s*h; shCurLength = oneTmpSize / B
//   (isBasicBlock: a multiple of 64); loopRound full rounds of shCurLength columns, then the
//   tail. false when a shape is not 3-D, s*h*typeSize is not 32-byte aligned, the basic-block
//   shape (s*h % 64, B % 8) is not met, or the buffer is below min.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::BatchNormTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(BatchNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, originalBLength);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF(uint32_t, oneTmpSize);
TILING_DATA_FIELD_DEF(uint32_t, firstTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, secondTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, thirdTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, shCurLength);
TILING_DATA_FIELD_DEF(float, firstDimValueBack);
TILING_DATA_FIELD_DEF(uint32_t, castHalfRepStride);
TILING_DATA_FIELD_DEF(uint32_t, shCurLengthBlockNum);
TILING_DATA_FIELD_DEF(uint32_t, castHalfOutRepStride);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
bool GetBatchNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                               const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue, const bool isBasicBlock = false);
bool GetBatchNormNDTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize, const bool isReuseSource,
                              optiling::BatchNormTiling& tilling, const bool isBasicBlock = false);
bool GetBatchNormNDTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize, const bool isReuseSource,
                              AscendC::tiling::BatchNormTiling& tilling, const bool isBasicBlock = false);
#endif
}  // namespace AscendC
