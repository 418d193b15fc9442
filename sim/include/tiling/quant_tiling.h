// Host-side temp sizes of AscendQuant, AscendDequant and AscendAntiQuant (CANN's include/adv_api/
// quantization/ascend_quant_tiling.h, ascend_dequant_tiling.h, ascend_antiquant_tiling.h; the
// numbers as in asc-devkit impl/adv_api/tiling/quantization/ascend_*_tiling_impl.cpp):
//   AscendQuant: min 512 bytes (two repeats), max the larger of 2 bytes per element and 512,
//     rounded up to 32; factor maxLiveNodeCount 2, extraBuf 0. typeSize 2 or 4, the source a
//     positive number of elements whose bytes are a multiple of 32.
//   AscendDequant: [m, n] (or [n] = [1, n]) int32 sources: 64 + m n + (n + 8) floats (max) and
//     64 + n + (n + 8) floats (min); factor: extraBuf 8 + 64 (+ n for 2-D), maxLiveNodeCount 1
//     (2-D) or 2 (1-D). typeSize must be 4.
//   AscendAntiQuant: 0 for a half output; per tensor (scale of 1 element) the source's floats
//     (max) and 1024 bytes (min); per channel transposed (80 N floats), not transposed
//     (2 N + 64 K floats) for both; fp4 inputs (other SoCs) 2 x the scale size rounded to 32 when
//     transposed, else 0.
// Invalid arguments print a message and leave the outputs unchanged (CANN: ASCENDC_HOST_ASSERT).
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"

namespace AscendC {

void GetAscendQuantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                 uint32_t& minValue);
void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

void GetAscendDequantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                   uint32_t& minValue);
void GetAscendDequantTmpBufferFactorSize(const ge::Shape& srcShape, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

uint32_t GetAscendAntiQuantMaxTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                      ge::DataType inputDataType, ge::DataType outputDataType);
uint32_t GetAscendAntiQuantMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                      ge::DataType inputDataType, ge::DataType outputDataType);
void GetAscendAntiQuantMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                     ge::DataType inputDataType, ge::DataType outputDataType, uint32_t& maxValue,
                                     uint32_t& minValue);
void GetAscendAntiQuantTmpBufferFactorSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                           ge::DataType inputDataType, ge::DataType outputDataType,
                                           uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

}  // namespace AscendC
