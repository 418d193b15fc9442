// Host-side tiling of the high-level TopK (CANN's include/adv_api/sort/topk_tiling.h and
// topk_tilingdata.h; the numbers as asc-devkit impl/adv_api/tiling/sort/topk_tiling_impl.cpp
// computes them for Atlas A2/A3, the SoC the sim models):
//  - GetTopKMaxMinTmpSize (platform form): the bytes of TopK's tmpLocal, max = min:
//      Normal: 16 inner (two buffers of inner 8-byte proposals), + 4 inner without isInitIndex
//        (the generated indices);
//      Small: 8 inner outter (Sort32's proposals) + 64 (GatherMask patterns), + 4 inner outter
//        when !isLargest (the negated source), + 4 inner outter without isInitIndex.
//  - TopKTilingFunc: the TopkTiling fields the A2/A3 kernel reads (element offsets into the temp
//    in units of T, repeat counts, GatherMask counts and, in Small mode, the GatherMask patterns
//    that keep the first k proposals' scores / indices of each 32-proposal row).
//  Both report (on stderr, as CANN logs them) inner <= 0 or not a multiple of 32, Small mode with
//  inner != 32, outter <= 0, inner x outter x dataTypeSize above UB, dataTypeSize not 2 or 4, and
//  (TopKTilingFunc) k outside [1, inner]; like CANN they still compute and return true (false
//  only for dataTypeSize 0).
//  - GetTopKMaxMinTmpSize (TensorDataType / TopKConfig form): the radix-select algorithm, Ascend
//    950 only; on Atlas A2/A3 CANN logs "Unsupported NpuArch of Topk radix select API." and
//    returns false, writing nothing; so does the sim.
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/vector_topk_config.h"
#include "graph/tensor.h"
#include "graph/types.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::TopkTiling
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TopkTiling)
TILING_DATA_FIELD_DEF(int32_t, tmpLocalSize);
TILING_DATA_FIELD_DEF(int32_t, allDataSize);
TILING_DATA_FIELD_DEF(int32_t, innerDataSize);
TILING_DATA_FIELD_DEF(uint32_t, sortRepeat);
TILING_DATA_FIELD_DEF(int32_t, mrgSortRepeat);
TILING_DATA_FIELD_DEF(int32_t, kAlignFourBytes);
TILING_DATA_FIELD_DEF(int32_t, kAlignTwoBytes);
TILING_DATA_FIELD_DEF(int32_t, maskOffset);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2FourBytes);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2TwoBytes);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc1offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc2offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc3offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortTwoQueueSrc1Offset);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara1);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara2);
TILING_DATA_FIELD_DEF(int32_t, srcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, copyUbToUbBlockCount);
TILING_DATA_FIELD_DEF(int32_t, topkMrgSrc1MaskSizeOffset);
TILING_DATA_FIELD_DEF(int32_t, topkNSmallSrcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask1);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask0);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask2);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask3);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask4);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask5);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask6);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask7);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {

#if !defined(ASCENDC_SIM_KERNEL_TILING)
bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                          const int32_t outter, const bool isReuseSource, const bool isInitIndex, enum TopKMode mode,
                          const bool isLargest, const uint32_t dataTypeSize, uint32_t& maxValue, uint32_t& minValue);
bool GetTopKMaxMinTmpSize(const int32_t inner, const int32_t outter, const int32_t k, const bool isReuseSource,
                          const bool isInitIndex, enum TopKMode mode, const bool isLargest, ge::DataType dataType,
                          const TopKConfig& config, uint32_t& maxValue, uint32_t& minValue);
bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                    enum TopKMode mode, const bool isLargest, optiling::TopkTiling& topKTiling);
bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                    enum TopKMode mode, const bool isLargest, AscendC::tiling::TopkTiling& topKTiling);
#endif

}  // namespace AscendC
