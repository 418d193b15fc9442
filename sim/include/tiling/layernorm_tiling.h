// Host-side tiling of the high-level LayerNorm (CANN's include/adv_api/normalization/
// layernorm_tiling.h and layernorm_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/layernorm_tiling_impl.cpp for Atlas A2/A3).
//  - LayerNormTiling form, srcShape [B, S, H, originalH] (H the stored, 32-byte aligned length):
//    max = 3 (2 for float with isReuseSource) x AlignUp(B*S*H*4, 32) + 2 x AlignUp(B*S*4, 32),
//    min = the same with H*4 for the B*S*H*4 term. GetLayerNormNDTilingInfo splits the buffer
//    (in floats) into [mean | variance] (half only: AlignUp(B*S, 8) each) and 3 (2) temporaries of
//    oneTmpSize floats, whole rows, at most B*S*H; loopRound tiles of oneTmpSize, then the tail.
//    lastDimValueBack = 1 / originalH.
//  - LayerNormSeparateTiling form (LayerNormPara kernels), srcShape [A, R]: rLengthWithPadding =
//    AlignUp(R, 32 / typeSize); max = 2 x AlignUp(A*Rp*4, 32) + AlignUp(A*4, 32), min = 2 x
//    AlignUp(Rp*4, 32) + AlignUp(A*4, 32), each raised to Normalize's own size + AlignUp(A*4, 32)
//    when that is larger. The tiling: [variance AlignUp(A, 8)] then 2 temporaries of oneTmpSize
//    floats (whole rows of Rp); rValueBack = 1 / R.
// A buffer too small for one row leaves the tiling unchanged.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::LayerNormTiling, LayerNormSeparateTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormTiling)
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

BEGIN_TILING_DATA_DEF(LayerNormSeparateTiling)
TILING_DATA_FIELD_DEF(uint32_t, aLength);
TILING_DATA_FIELD_DEF(uint32_t, rLength);
TILING_DATA_FIELD_DEF(uint32_t, halfAddRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, rHeadLength);
TILING_DATA_FIELD_DEF(float, k2Rec);
TILING_DATA_FIELD_DEF(float, k2RRec);
TILING_DATA_FIELD_DEF(uint32_t, inputXSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
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
TILING_DATA_FIELD_DEF(uint32_t, arCurLength);
TILING_DATA_FIELD_DEF(uint32_t, aCurLength);
TILING_DATA_FIELD_DEF(float, rValueBack);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetLayerNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);
[[deprecated("GetLayerNormNDTillingInfo is deprecated, please use GetLayerNormNDTilingInfo instead!")]]
void GetLayerNormNDTillingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                               const uint32_t typeSize, const bool isReuseSource, optiling::LayerNormTiling& tilling);
void GetLayerNormNDTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource, optiling::LayerNormTiling& tiling);
void GetLayerNormNDTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              AscendC::tiling::LayerNormTiling& tiling);
void GetWelfordUpdateMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSizeT,
                                   const uint32_t typeSizeU, const bool isReuseSource, const bool isInplace,
                                   uint32_t& maxValue, uint32_t& minValue);
void GetLayerNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                               const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue,
                               uint32_t& minValue);
void GetLayerNormNDTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd,
                              optiling::LayerNormSeparateTiling& tiling);
void GetLayerNormNDTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd,
                              AscendC::tiling::LayerNormSeparateTiling& tiling);
// Normalize's temp size (asc-devkit include/adv_api/normalization/normalize_tiling.h), which the
// LayerNormPara form's minimum follows: srcShape [A, R], Rp = AlignUp(R, 32 / typeSizeT);
// max = 2 x AlignUp(Rp*4, 32) + 2 x AlignUp(AlignUp(A, 8)*Rp*4, 32); min = max(AlignUp(A*4, 32),
// (2 for a float U, else 4) x AlignUp(Rp*4, 32)).
void GetNormalizeMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSizeU,
                               const uint32_t typeSizeT, const bool isReuseSource, const bool isComputeRstd,
                               const bool isOnlyOutput, uint32_t& maxValue, uint32_t& minValue);
#endif
}  // namespace AscendC
