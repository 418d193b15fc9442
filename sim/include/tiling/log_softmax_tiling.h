// Host-side tiling of the high-level LogSoftMax (CANN's include/adv_api/activation/
// logsoftmax_tiling.h and logsoftmax_tilingdata.h; the numbers as in asc-devkit
// impl/adv_api/tiling/activation/logsoftmax_tiling.cpp for Atlas A2/A3, which are SoftMax's:
// tiling/softmax_tiling.h). GetLogSoftMaxMaxTmpSize = M (b + K + 64) x 4, GetLogSoftMaxMinTmpSize
// = (b + K + 64) x 4, LogSoftMaxTilingFunc = SoftMaxTilingFunc's fields in a LogSoftMaxTiling.
// The sim computes them with SoftMax's functions (their messages name those).
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::LogSoftMaxTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LogSoftMaxTiling)
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
uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize, const bool isReuseSource);
uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize, const bool isReuseSource);
void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                          optiling::LogSoftMaxTiling& softmaxTiling);
void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                          AscendC::tiling::LogSoftMaxTiling& softmaxTiling);
#endif

}  // namespace AscendC
