// Host-side temp sizes of the high-level DropOut (CANN's include/adv_api/filter/dropout_tiling.h;
// the numbers as asc-devkit impl/adv_api/tiling/filter/dropout_tiling_impl.cpp computes them):
//   min = 2 x 256 bytes; max = max(min, 2 x elements x 4 bytes) (elements: the product of
//   srcShape's dims). Checks (a message, the sizes still returned, as CANN's): typeSize 2 or 4,
//   srcShape with at least one dim; isReuseSource true draws a warning (it changes nothing).
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

uint32_t GetDropOutMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource);
uint32_t GetDropOutMaxTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource);
void GetDropOutMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
