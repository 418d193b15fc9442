// Host-side tiling of the high-level SoftmaxFlash (CANN's include/adv_api/activation/
// softmax_tiling.h: GetSoftMaxFlashMaxTmpSize, GetSoftMaxFlashMinTmpSize, SoftMaxFlashTilingFunc;
// the numbers as in asc-devkit impl/adv_api/tiling/activation/softmax_tiling.cpp for Atlas
// A2/A3). srcShape [..., K] as M x K rows, b = 32 / dataTypeSize, sizes in bytes:
//   isUpdate = false (SoftMax's steps): per row b + K + 64 floats
//   isUpdate = true: per row 4b + 2K floats
//   max = M rows, min = one row; SoftMaxFlashTilingFunc: baseM = min(workspace / row, M), below
//   M and above 8 a multiple of 8, then SoftMaxTilingFunc's basic-block adjustment (M % 8 == 0,
//   K % 64 == 0: a divisor of M, halved while baseM * K >= 64 * 256); the SoftMaxTiling fields
//   as SoftMaxTilingFunc fills them.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "tiling/softmax_tiling.h"

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
uint32_t GetSoftMaxFlashMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isUpdate,
                                   const bool isReuseSource);
uint32_t GetSoftMaxFlashMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isUpdate,
                                   const bool isReuseSource);
void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                            optiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate = false);
void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                            AscendC::tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate = false);
#endif
}  // namespace AscendC
