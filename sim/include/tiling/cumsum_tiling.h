// Host-side temp sizes of the high-level CumSum (CANN's include/adv_api/math/cumsum_tiling.h; the
// numbers as asc-devkit impl/adv_api/tiling/math/cumsum_tiling.cpp computes them), srcShape
// {outter, inner}, A = AlignUp(outter, 16):
//   first axis (isLastAxis false): half outter x inner x 4 (max = min); float 0
//   last axis: min = 16 x inner x typeSize x 2 (+ 16 x inner x 2 for half),
//              max = A x inner x typeSize x 2 (+ A x inner x 2 for half)
// Checks as CANN's (a message, the outputs left unchanged): two dims, typeSize 2 or 4, inner > 0
// and inner x typeSize 32-byte aligned. Mind the argument order: isLastAxis before isReuseSource.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

void GetCumSumMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isLastAxis,
                            const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
