// Host-side tiling of the high-level LayerNormGrad (CANN's include/adv_api/normalization/
// layernorm_grad_tiling.h and layernorm_grad_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/layernorm_grad_tiling_impl.cpp for Atlas A2/A3). srcShape
// [B, S, H, originalH]; k = 9 buffers for half, 4 for float with isReuseSource, else 6:
//   max = k x max(B*S*H, H*H) x typeSize, min = k x min(B*S*H, H*H) x typeSize
//   oneCalSize = stackBufferSize / 4 / k floats, whole rows; nohCalSize its rows rounded up to a
//   32-byte block of T (8 float / 16 half rows), oneCalSize = nohCalSize * H; the buffers
//   [tmpBSH | pdVar | pdMean | x1 | x2 | x3 | (half) tmp | tmp1 | tmp2] of oneCalSize floats each
//   (x1, x2 are dy and x themselves for float with isReuseSource); lastDimValueBack 1/originalH
//   and lastDimValueBackMulTwo 2/originalH as float bits.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::LayerNormGradTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormGradTiling)
TILING_DATA_FIELD_DEF(uint32_t, stackBufferSize);
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(uint32_t, oneCalSize);
TILING_DATA_FIELD_DEF(uint32_t, nohCalSize);
TILING_DATA_FIELD_DEF(uint32_t, loopNum);
TILING_DATA_FIELD_DEF(uint32_t, tailSize);
TILING_DATA_FIELD_DEF(uint32_t, nohTailSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorBSHPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorBSHSize);
TILING_DATA_FIELD_DEF(uint32_t, pdVarTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, pdVarTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, pdMeanTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, pdMeanTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, x1TensorPos);
TILING_DATA_FIELD_DEF(uint32_t, x1TensorSize);
TILING_DATA_FIELD_DEF(uint32_t, x2TensorPos);
TILING_DATA_FIELD_DEF(uint32_t, x2TensorSize);
TILING_DATA_FIELD_DEF(uint32_t, x3TensorPos);
TILING_DATA_FIELD_DEF(uint32_t, x3TensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor1Pos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor1Size);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor2Pos);
TILING_DATA_FIELD_DEF(uint32_t, tmpTensor2Size);
TILING_DATA_FIELD_DEF(uint32_t, lastDimValueBack);
TILING_DATA_FIELD_DEF(uint32_t, lastDimValueBackMulTwo);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetLayerNormGradMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                   const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
void GetLayerNormGradNDTilingInfo(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                                  const uint32_t typeSize, const bool isReuseSource,
                                  optiling::LayerNormGradTiling& tiling);
void GetLayerNormGradNDTilingInfo(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                                  const uint32_t typeSize, const bool isReuseSource,
                                  AscendC::tiling::LayerNormGradTiling& tiling);
#endif
}  // namespace AscendC
