// Host-side temp sizes of the high-level Silu and Swish (CANN's include/adv_api/activation/
// silu_tiling.h and swish_tiling.h). Both run in place on dst (vector_highlevel.h), so CANN
// answers 0 for max and min whatever the shape, type size or isReuseSource
// (asc-devkit impl/adv_api/tiling/activation/silu_tiling.cpp, swish_tiling.cpp).
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

void GetSiluTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                    uint32_t& maxValue, uint32_t& minValue);
void GetSwishTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                     uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
