// Host-side temp sizes of the high-level Gelu (CANN's include/adv_api/activation/gelu_tiling.h;
// the numbers as in asc-devkit impl/adv_api/tiling/activation/gelu_tiling_impl.cpp):
//   min = 3 x 256 bytes (three 256-byte vector repeats); max = max(min, 3 x elements x 4 bytes)
// (room for three float pieces of the whole input: the half highPrecision path's two temps and
// float copy of x). typeSize is sizeof(T): 2 (half) or 4 (float); anything else, or an empty
// shape, is an error that leaves the outputs unchanged (min/max return 0) with a message.
// The kernel itself needs one 32-element chunk per piece (vector_gelu.h), less than min.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

uint32_t GetGeluMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize);
uint32_t GetGeluMaxTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize);
void GetGeluMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                          uint32_t& minValue);

}  // namespace AscendC
