// Host-side temp sizes of the high-level Digamma and Lgamma (CANN's include/adv_api/math/
// digamma_tiling.h and lgamma_tiling.h; the numbers as in asc-devkit impl/adv_api/tiling/math/
// digamma_tiling_impl.cpp and lgamma_tiling.cpp for Atlas A2/A3), with f the float pieces the
// kernel cuts its temp into (vector_math_digamma.h, vector_math_lgamma.h):
//   Digamma: f = 7 (float), 6 (float, isReuseSource), 16 per half element's 2 bytes (8 floats);
//     min = f x 256 bytes, max = f x max(elements x typeSize, 256);
//     GetDigammaTmpBufferFactorSize: maxLiveNodeCount 7 (float) / 16 (half), extraBuffer 0.
//   Lgamma: f = 8 (float), 7 (float, isReuseSource), 26 for half (13 float pieces);
//     min = f x 256 bytes, max = max(f x max(elements x typeSize, 256), min);
//     GetLgammaTmpBufferFactorSize: maxLiveNodeCount 8 (float) / 13 (half), extraBuffer 0.
// An empty shape is an error that leaves the outputs unchanged (with a message), as CANN's
// host assert returns.
#pragma once
#include <cstdint>

#include "tiling/math_tiling.h"

namespace AscendC {

void GetDigammaMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue);
void GetDigammaTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);
void GetLgammaMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                            uint32_t& maxValue, uint32_t& minValue);
void GetLgammaTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);

}  // namespace AscendC
