// Host-side temp sizes of the high-level Log/Log2/Log10, Floor, Ceil, Round, Trunc, Frac and
// ClampMax/ClampMin (CANN's include/adv_api/math/log_tiling.h, floor_tiling.h, ceil_tiling.h,
// round_tiling.h, trunc_tiling.h, frac_tiling.h, clamp_tiling.h; the numbers as in asc-devkit
// impl/adv_api/tiling/math/log_tiling.cpp, floor_tiling_impl.cpp, ceil_tiling_impl.cpp,
// round_tiling_impl.cpp, trunc_tiling_impl.cpp, frac_tiling_impl.cpp, clamp_tiling_impl.cpp). With f the factor below (typeSize 4 / 2):
//   min = f x 256 bytes, max = f x max(elements x typeSize, 256);
//   Get<Api>TmpBufferFactorSize: maxLiveNodeCount = f, extraBuf = 0.
//   Floor 0 / 2, Ceil 1 / 2, Trunc 1 / 2, Frac 0 / 4, Round (A2/A3) 0 / 1, Sinh 1 / 4,
//   Cosh 2 / 6, Erf 3 / 8, Tan 4 / 10 (sinh_tiling_impl.cpp, cosh_tiling_impl.cpp,
//   erf_tiling_impl.cpp, tan_tiling_impl.cpp);
//   Log2: min 0 / 256 bytes, max 0 / max(elements x 4, 256), maxLiveNodeCount 0 / 2;
//   Log, Log10: 0 for everything (no temp);
//   Clamp (ClampMax/ClampMin): min = 64 (float) / 128 (half) bytes, max = max(elements, min)
//   bytes, maxLiveNodeCount 1 (the kernel uses no temp);
//   Exp (exp_tiling_impl.cpp): pieces n = 4 (half), 3 (float), 2 (float with isReuseSource);
//   min = n x 256, max = n x max(elements x 4, 256); returns true; maxLiveNodeCount 3 (float) /
//   8 (half), extraBuf 0;
//   Axpy (axpy_tiling_impl.cpp, typeSize of src): float 0 / 0 (no temp); half min 4 x 256,
//   max 4 x max(elements x 2, 256); maxLiveNodeCount 1 (float) / 4 (half), extraBuf 0.
// An empty shape is an error that leaves the outputs unchanged (with a message), except for Log
// and Log10, which ignore their arguments as CANN's do. The kernels need one 32-element float
// chunk (vector_math_round.h, vector_math_log.h), which these minimums cover.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

using TensorShape = ge::Shape;  // adv_api/utils/types.h

void GetLogMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue);
void GetLogTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetLog10MaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);
void GetLog10TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetLog2MaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
void GetLog2TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

void GetFloorMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);
void GetFloorTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetCeilMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
void GetCeilTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetTruncMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);
void GetTruncTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetFracMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
void GetFracTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetClampMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue);
void GetClampTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
bool GetExpMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue);
void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);
void GetAxpyMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
void GetAxpyTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetSinhMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
void GetSinhTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
void GetCoshMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
void GetCoshTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);
void GetErfMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue);
void GetErfTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer);
void GetTanMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue);
void GetTanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);
// The sim's SoCs are all A2/A3 (dav-2201), whose numbers these are.
void GetRoundMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const AscendC::TensorShape& srcShape,
                           const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);
void GetRoundTmpBufferFactorSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t typeSize,
                                 uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

}  // namespace AscendC
