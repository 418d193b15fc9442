// Host-side temp sizes of the high-level Asin, Acos, Atan, Asinh, Acosh, Atanh, Erfc, Sign, Xor
// and Fmod (CANN's include/adv_api/math/<api>_tiling.h; the numbers as in asc-devkit
// impl/adv_api/tiling/math/<api>_tiling*.cpp). With f the factor below (typeSize 4 / 2):
//   min = f x 256 bytes, max = f x max(elements x typeSize, 256); Get<Api>TmpBufferFactorSize:
//   maxLiveNodeCount = f, extraBuf = 0.
//   Asin 2 / 6, Acos 2 / 6, Atan 5 / 12, Asinh 3 / 3, Atanh 1 / 4, Erfc 7 / 16;
//   Acosh 1 / 2, but min = f x 256 and max = max(f x elements, 256) x typeSize;
//   Sign 3 and Xor 1 for every typeSize: min = f x 256, max = max(f x elements x typeSize, min);
//   Fmod: Trunc's factor (tiling/math_tiling.h: 1 / 2) + 0 (float) / 6 (half).
// An empty shape is an error (with a message): the outputs are left unchanged, except for Sign
// and Xor, whose max is then their min, as CANN's.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

#define ASCEND_SIM_MATH_TMP_QUERIES(Name)                                                                      \
    void Get##Name##MaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,             \
                                  const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);          \
    void Get##Name##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
ASCEND_SIM_MATH_TMP_QUERIES(Asin)
ASCEND_SIM_MATH_TMP_QUERIES(Acos)
ASCEND_SIM_MATH_TMP_QUERIES(Atan)
ASCEND_SIM_MATH_TMP_QUERIES(Asinh)
ASCEND_SIM_MATH_TMP_QUERIES(Acosh)
ASCEND_SIM_MATH_TMP_QUERIES(Atanh)
ASCEND_SIM_MATH_TMP_QUERIES(Erfc)
ASCEND_SIM_MATH_TMP_QUERIES(Sign)
ASCEND_SIM_MATH_TMP_QUERIES(Xor)
ASCEND_SIM_MATH_TMP_QUERIES(Fmod)
#undef ASCEND_SIM_MATH_TMP_QUERIES

}  // namespace AscendC
