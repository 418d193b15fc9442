// Host-side tiling of the high-level RmsNorm (CANN's include/adv_api/normalization/
// rmsnorm_tiling.h and rmsnorm_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/rmsnorm_tiling_impl.cpp). srcShape [b, s, h], sizes in bytes:
//   max = (b*s*h * (2 for half, 1 for float) + AlignUp(b*s, 32 / typeSize)) * 4
//   min = (h * (2 for half, 1 for float) + 8) * 4
//   GetRmsNormTilingInfo: the most rows bs with bs*h*coeff + AlignUp(bs, 8) floats in the buffer,
//   at most b*s, at most 255 (isBasicBlock: a multiple of 8 when >= 8); mainBsLengthAlign =
//   AlignUp(bs, 8); loopRound = b*s*h / (bs*h), the rest the tail. false (tiling untouched) when
//   the shapes are not 3-D, b/s differ from the original's, originalH > h or 0, h not 32-byte
//   aligned, the basic-block shape is not met, or the buffer is below min.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::RmsNormTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RmsNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(float, reciprocalOfHLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBshLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBsLength);
TILING_DATA_FIELD_DEF(uint32_t, mainBsLengthAlign);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, tailBshLength);
TILING_DATA_FIELD_DEF(uint32_t, tailBsLength);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
bool GetRmsNormMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                             uint32_t& minValue, const bool isBasicBlock = false);
bool GetRmsNormTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize, optiling::RmsNormTiling& tiling,
                          const bool isBasicBlock = false);
bool GetRmsNormTilingInfo(const AscendC::TensorShape& srcShape, const AscendC::TensorShape& originSrcShape,
                          const uint32_t stackBufferByteSize, const uint32_t typeSize,
                          AscendC::tiling::RmsNormTiling& tiling, const bool isBasicBlock = false);
#endif
}  // namespace AscendC
