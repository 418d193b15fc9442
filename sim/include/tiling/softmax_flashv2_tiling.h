// Host-side tiling of SoftmaxFlashV2 (CANN's include/adv_api/activation/softmax_tiling.h; the
// Atlas A2/A3 numbers of asc-devkit impl/adv_api/tiling/activation/softmax_tiling.cpp).
//
// srcShape [..., K] seen as M x K, typeSize1 of the source, typeSize2 of max/sum,
// b = 32 / typeSize2, in floats of work space (the functions return bytes = 4 x floats):
//   per row: half source 2b + K + 64, float source b + 64; the basic block (isBasicBlock,
//   K % 64 == 0, and for the tiling M % 8 == 0): half b + K + 64, float b + 64, with 128 for 64
//   when K == 1024.
//   GetSoftMaxFlashV2MaxTmpSize = M x per row (basic block: M first halved while M x K >= 16384)
//   GetSoftMaxFlashV2MinTmpSize = per row (basic block: 8 rows); with isFlashOutputBrc times
//   min(32 / typeSize1, M) rows (basic block: per row x that)
//   SoftMaxFlashV2TilingFunc: baseM = min(workSpace / 4 / per row, M); basic block: lowered to a
//   divisor of M that is a multiple of 8, halved while baseM x K >= 16384; then, below M and
//   above 8 (16 for a half source with isFlashOutputBrc), rounded down to a multiple of it.
//   The fields as SoftMaxTilingFunc's with reduceK = outMaxK = b.
// Errors (a message; nothing computed): empty shape, type sizes not 2 or 4, workspace 0.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "tiling/softmax_tiling.h"

namespace AscendC {

#if !defined(ASCENDC_SIM_KERNEL_TILING)
uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool isUpdate, const bool isBasicBlock = false,
                                     const bool isFlashOutputBrc = false);
uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool isUpdate, const bool isBasicBlock = false,
                                     const bool isFlashOutputBrc = false);
void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                              const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxFlashTiling,
                              const bool isUpdate, const bool isBasicBlock = false,
                              const bool isFlashOutputBrc = false);
void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                              const uint32_t localWorkSpaceSize, AscendC::tiling::SoftMaxTiling& softmaxFlashTiling,
                              const bool isUpdate, const bool isBasicBlock = false,
                              const bool isFlashOutputBrc = false);
#endif

}  // namespace AscendC
