// Host-side temp size of the high-level WelfordFinalize (CANN's include/adv_api/normalization/
// welfordfinalize_tiling.h; the numbers as in asc-devkit impl/adv_api/tiling/normalization/
// welfordfinalize_tiling_impl.cpp for Atlas A2/A3): srcShape [abLength], abLength a nonzero
// multiple of 8; min = 64 x 4 floats (1024 B); max = min for abLength <= 64, else
// (128 + 2 x abLength) floats. Another shape leaves both unchanged.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetWelfordFinalizeMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                     const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
#endif
}  // namespace AscendC
