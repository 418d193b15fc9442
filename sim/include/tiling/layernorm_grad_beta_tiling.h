// Host-side tiling of the high-level LayerNormGradBeta (CANN's include/adv_api/normalization/
// layernorm_grad_beta_tiling.h and layernorm_grad_beta_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/layernorm_grad_beta_tiling_impl.cpp). srcShape
// [B, S, H, originalH]: max = (4 for half, else 2) x B*S*H*4 bytes, min = the same with H*4.
// The tiling (floats): float: one buffer of oneCalSize = stackBufferSize/4, whole rows; half:
// [gamma H | beta H | dy oneCalSize | resForGamma oneCalSize], oneCalSize = (size/4 - 2H) / 2.
// A buffer below 2H floats leaves the tiling unchanged.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::LayerNormGradBetaTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormGradBetaTiling)
TILING_DATA_FIELD_DEF(uint32_t, stackBufferSize);
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(uint32_t, bshLength);
TILING_DATA_FIELD_DEF(uint32_t, bsLength);
TILING_DATA_FIELD_DEF(uint32_t, oneCalSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, bsTailSize);
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, bsCurLength);
TILING_DATA_FIELD_DEF(uint32_t, gammaTempTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, betaTempTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, inputDyTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, resForGammaTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetLayerNormGradBetaMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                       const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
void GetLayerNormGradBetaNDTilingInfo(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      optiling::LayerNormGradBetaTiling& tiling);
void GetLayerNormGradBetaNDTilingInfo(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                                      const uint32_t typeSize, const bool isReuseSource,
                                      AscendC::tiling::LayerNormGradBetaTiling& tiling);
#endif
}  // namespace AscendC
