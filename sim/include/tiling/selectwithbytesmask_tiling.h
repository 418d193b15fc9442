// Host-side temp sizes of the high-level Select with a byte mask (CANN's include/adv_api/select/
// selectwithbytesmask_tiling.h; the numbers as asc-devkit impl/adv_api/tiling/select/
// selectwithbytesmask_tiling_impl.cpp computes them). With n the tensor operand's elements (src1's
// when src0 is a scalar: no dims or one element), min caps n at 4096:
//   max(1024, AlignUp(n, 32) x 2 + 512), plus AlignUp(n x maskTypeSize, 32) when the mask's last
//   axis differs from the tensor's, isReuseMask is false and the mask's last axis is > 1.
// The *WithBytesMask* names are the same functions. Checks (a message, the sizes still returned,
// as CANN's): maskTypeSize 1, 2 or 4; src0 or src1 two-dimensional; maskShape two-dimensional;
// srcTypeSize other than 2 or 4 draws a warning (it is not used).
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

uint32_t GetSelectWithBytesMaskMinTmpSize(const AscendC::TensorShape& src0Shape, const AscendC::TensorShape& src1Shape,
                                          const uint32_t srcTypeSize, const AscendC::TensorShape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask);
uint32_t GetSelectMinTmpSize(const AscendC::TensorShape& src0Shape, const AscendC::TensorShape& src1Shape,
                             const uint32_t srcTypeSize, const AscendC::TensorShape& maskShape,
                             const uint32_t maskTypeSize, const bool isReuseMask);
uint32_t GetSelectWithBytesMaskMaxTmpSize(const AscendC::TensorShape& src0Shape, const AscendC::TensorShape& src1Shape,
                                          const uint32_t srcTypeSize, const AscendC::TensorShape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask);
uint32_t GetSelectMaxTmpSize(const AscendC::TensorShape& src0Shape, const AscendC::TensorShape& src1Shape,
                             const uint32_t srcTypeSize, const AscendC::TensorShape& maskShape,
                             const uint32_t maskTypeSize, const bool isReuseMask);
void GetSelectWithBytesMaskMaxMinTmpSize(const AscendC::TensorShape& src0Shape, const AscendC::TensorShape& src1Shape,
                                         const uint32_t srcTypeSize, const AscendC::TensorShape& maskShape,
                                         const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                         uint32_t& minValue);
void GetSelectMaxMinTmpSize(const AscendC::TensorShape& src0Shape, const AscendC::TensorShape& src1Shape,
                            const uint32_t srcTypeSize, const AscendC::TensorShape& maskShape,
                            const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                            uint32_t& minValue);

}  // namespace AscendC
