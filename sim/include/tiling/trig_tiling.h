// Host-side temp sizes of the high-level Sin and Cos (CANN's include/adv_api/math/sin_tiling.h
// and cos_tiling.h; the numbers as in asc-devkit impl/adv_api/tiling/math/sin_tiling_impl.cpp
// and cos_tiling_impl.cpp). Factor f: 3 for float (2 with isReuseSource), 8 for half (its 4 float
// pieces per 2-byte element); min = f x 256 bytes, max = f x max(elements x typeSize, 256).
// GetSin/CosTmpBufferFactorSize: maxLiveNodeCount = 3 (float) or 8 (half), extraBuf = 0. An
// empty shape, or isReuseSource with half, is an error: the outputs are left unchanged (with a
// message). (The SinConfig/CosConfig overloads are for other SoCs and not declared here.)
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

void GetSinMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue);
void GetSinTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetCosMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue);
void GetCosTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

}  // namespace AscendC
