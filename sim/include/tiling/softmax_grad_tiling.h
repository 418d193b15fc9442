// Host-side tiling of the high-level SoftmaxGrad and SoftmaxGradFront (CANN's
// include/adv_api/activation/softmax_tiling.h; the numbers as in asc-devkit
// impl/adv_api/tiling/activation/softmax_tiling.cpp for Atlas A2/A3). The tiling is the
// SoftMaxTiling of tiling/softmax_tiling.h.
//
// For srcShape [..., K] seen as M x K rows, typeSize 2 or 4, b = 32 / typeSize, floats a row:
//   half: 2b + 3K + 64; float: b + K + 64 (isFront) or 2b + K + 64.
//   GetSoftMaxGradMaxTmpSize = M x that x 4 bytes, GetSoftMaxGradMinTmpSize = that x 4 bytes.
//   SoftMaxGradTilingFunc: baseM = min(workSpace / 4 / that, M), below M and above 8 rounded down
//   to a multiple of 8, then the basic-block adjustment of SoftMaxTilingFunc (M % 8 == 0 and
//   K % 64 == 0: a divisor of M that is a multiple of 8, halved while baseM x K >= 64 x 256);
//   the fields as SoftMaxTilingFunc's (splitM = reduceM = baseM, reduceK = b, ...).
// Errors (a message; nothing computed, 0 returned): empty shape, typeSize not 2 or 4,
// localWorkSpaceSize 0; a last axis not 32-byte aligned is reported and the call goes on.
#pragma once
#include <cstdint>

#include "tiling/softmax_tiling.h"

namespace AscendC {

#if !defined(ASCENDC_SIM_KERNEL_TILING)
uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                  const bool isReuseSource);
uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                  const bool isReuseSource);
void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                           optiling::SoftMaxTiling& softmaxGradTiling, const bool isFront = false);
void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                           AscendC::tiling::SoftMaxTiling& softmaxGradTiling, const bool isFront = false);
#endif

}  // namespace AscendC
