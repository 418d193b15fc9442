// Host-side temp sizes of the high-level SwiGLU, GeGLU and ReGlu (CANN's include/adv_api/activation/
// swiglu_tiling.h, geglu_tiling.h, reglu_tiling.h; the numbers as in asc-devkit
// impl/adv_api/tiling/activation/swiglu_tiling.cpp, geglu_tiling.cpp, reglu_tiling_impl.cpp):
//   SwiGLU: factor 6 for half (3 float pieces per 2-byte element), 0 for float;
//   GeGLU:  factor 4 for half (2 float pieces), 0 for float;
//           min = factor x 256 bytes, max = factor x max(elements x typeSize, 256);
//   ReGlu:  float min = max = 256; half min = 6 x 256, max = max(6 x elements x 2, min).
// Get*TmpBufferFactorSize: maxLiveNodeCount = that factor, extraBuf = 0. An empty shape, a
// typeSize other than 2 or 4, or isReuseSource = true is an error: the outputs are left unchanged
// (with a message).
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                            uint32_t& minValue, const bool isReuseSource);
void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);
void GetGeGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);
void GetGeGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetReGluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
