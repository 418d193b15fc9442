// Host-side temp sizes of the high-level Power (CANN's include/adv_api/math/power_tiling.h; the
// numbers as the Atlas A2/A3 (DAV_2201) branch of asc-devkit impl/adv_api/tiling/math/
// power_tiling_impl.cpp computes them). A shape of one dimension of length 1 is a scalar
// operand; n is the element count of the first tensor operand. Per-element factors f: float
// tensor^tensor 4, float with a scalar 5, int32 6 / 7, half 14 (both forms; bytes of half
// elements, i.e. 7 floats); an extra 256 bytes for float and half (the 1.0 / NaN blocks):
//   float: min = 256 f + 256, max = max(4 n, 256) f + 256
//   half:  min = 256 f / 2 + 256, max = max(2 n, 128) f + 256
//   int32: min = 256 f, max = max(4 n, 256) f
// GetPowerTmpBufferFactorSize: maxLiveNodeCount = f, extraBuffer = 256 (0 for int32).
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

void GetPowerMaxMinTmpSize(const AscendC::TensorShape& srcShape1, const AscendC::TensorShape& srcShape2,
                           const bool typeIsInt, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                           uint32_t& minValue);
void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor, const bool typeIsInt,
                                 const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);

}  // namespace AscendC
