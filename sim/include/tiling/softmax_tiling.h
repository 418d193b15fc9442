// Host-side tiling of the high-level SoftMax (CANN's include/adv_api/activation/softmax_tiling.h
// and softmax_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/activation/softmax_tiling.cpp for Atlas A2/A3).
//
// optiling::SoftMaxTiling is a tiling-data class (BEGIN_TILING_DATA_DEF), so an op's own tiling
// data can hold one: TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTilingData). On the
// kernel side (ASCENDC_SIM_KERNEL_TILING) the same name is the plain 64-byte struct.
// AscendC::tiling::SoftMaxTiling (kernel_tiling/kernel_tiling.h) is the plain struct CANN's
// second TilingFunc overload fills.
//
// For srcShape [..., K] seen as M x K rows (M = product of the other dims), typeSize 2 or 4,
// b = 32 / typeSize elements per 32-byte block, all sizes in bytes of float work space:
//   GetSoftMaxMaxTmpSize = M * (b + K + 64) * 4       (every row at once)
//   GetSoftMaxMinTmpSize = (b + K + 64) * 4           (one row)
//   SoftMaxTilingFunc: baseM = min(workSpace / 4 / (b + K + 64), M); below M and above 8 it is
//   rounded down to a multiple of 8; for M % 8 == 0 and K % 64 == 0 (the basic-block case) it is
//   further lowered to a divisor of M that is a multiple of 8, and halved while baseM * K >=
//   64 * 256. Then srcM = M, srcK = K, srcSize = M*K, outMaxM = M, outMaxK = b, outMaxSize = M*b,
//   splitM = reduceM = baseM, splitK = K, splitSize = baseM*K, reduceK = b, reduceSize = baseM*b,
//   rangeM = M / baseM, tailM = M % baseM, tailSplitSize = tailM*K, tailReduceSize = tailM*b.
//   IsBasicBlockInSoftMax: tailM == 0, 256 / typeSize <= K < 2048 and K % 64 == 0.
// Errors (a message naming the argument; as CANN, the call then computes nothing and returns 0,
// except a last axis not 32-byte aligned, which CANN and the sim report and go on with):
// empty shape, typeSize not 2 or 4, localWorkSpaceSize 0.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::SoftMaxTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftMaxTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcM);
TILING_DATA_FIELD_DEF(uint32_t, srcK);
TILING_DATA_FIELD_DEF(uint32_t, srcSize);
TILING_DATA_FIELD_DEF(uint32_t, outMaxM);
TILING_DATA_FIELD_DEF(uint32_t, outMaxK);
TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);
TILING_DATA_FIELD_DEF(uint32_t, splitM);
TILING_DATA_FIELD_DEF(uint32_t, splitK);
TILING_DATA_FIELD_DEF(uint32_t, splitSize);
TILING_DATA_FIELD_DEF(uint32_t, reduceM);
TILING_DATA_FIELD_DEF(uint32_t, reduceK);
TILING_DATA_FIELD_DEF(uint32_t, reduceSize);
TILING_DATA_FIELD_DEF(uint32_t, rangeM);
TILING_DATA_FIELD_DEF(uint32_t, tailM);
TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize);
TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {

#if !defined(ASCENDC_SIM_KERNEL_TILING)
uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource);
uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource);
void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                       optiling::SoftMaxTiling& softmaxTiling);
void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                       AscendC::tiling::SoftMaxTiling& softmaxTiling);
bool IsBasicBlockInSoftMax(optiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2);
bool IsBasicBlockInSoftMax(AscendC::tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2);
#endif

}  // namespace AscendC
