// Host-side tiling of the high-level DeepNorm (CANN's include/adv_api/normalization/
// deepnorm_tiling.h and deepnorm_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/deepnorm_tiling_impl.cpp): srcShape [B, S, H] (H 32-byte
// aligned), originSrcShape [B, S, originalH]. The tiling has LayerNormTiling's fields and layout.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::DeepNormTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DeepNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
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
TILING_DATA_FIELD_DEF(float, lastDimValueBack);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
bool GetDeepNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                              const bool isBasicBlock, uint32_t& maxValue, uint32_t& minValue);
bool GetDeepNormTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                           const bool isBasicBlock, optiling::DeepNormTiling& tiling);
bool GetDeepNormTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                           const bool isBasicBlock, AscendC::tiling::DeepNormTiling& tiling);
#endif
}  // namespace AscendC
