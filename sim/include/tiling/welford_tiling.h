// Host-side temp size of the high-level WelfordUpdate (CANN declares it in
// include/adv_api/normalization/layernorm_tiling.h; the numbers as in asc-devkit
// impl/adv_api/tiling/normalization/layernorm_tiling_impl.cpp for A2/A3): srcShape [rnLength,
// abLength]; min = 256 * k bytes (k = 3 for a 2-byte T, 1 with isReuseSource, else 2), max =
// ceil(rnLength * abLength / 64) * min. A shape that is not 2-D leaves both unchanged.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetWelfordUpdateMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSizeT,
                                   const uint32_t typeSizeU, const bool isReuseSource, const bool isInplace,
                                   uint32_t& maxValue, uint32_t& minValue);
#endif
}  // namespace AscendC
