// Host-side temp sizes of the high-level sort family (CANN's include/adv_api/sort/
// sort_tiling_intf.h; the numbers as asc-devkit impl/adv_api/tiling/sort/sort_tiling_impl.cpp
// computes them):
//  - GetConcatTmpSize: 0 on Atlas A2/A3 (Concat needs no preprocessing there).
//  - GetSortTmpSize: elemCount proposals of 8 bytes: elemCount * 2 floats or * 4 halfs, times
//    dataTypeSize bytes.
//  Both check elemCount > 0, dataTypeSize 2 or 4 and elemCount * dataTypeSize < UB (a message;
//  the size is still returned, as CANN's checks there do not stop it).
//  - GetSortMaxMinTmpSize: for the SortConfig forms of Sort, which CANN gives only on Ascend 950
//    (dav-3510/5102). On the Atlas A2/A3 SoCs the sim models, CANN logs "Unsupported NpuArch for
//    Sort API." and writes nothing; the sim prints that and writes 0 to both outputs, so a caller
//    that goes on (asc-devkit's sort sample does) gets "no shared temp buffer" instead of an
//    uninitialized size, and its A2 Sort<T, isFullSort> uses its own temp tensor.
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/vector_sort_config.h"
#include "graph/tensor.h"
#include "graph/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

using TensorShape = ge::Shape;        // adv_api/utils/types.h
using TensorDataType = ge::DataType;  // adv_api/utils/types.h

constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_V200 = 8;
constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_HALF_V220 = 4;
constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_FLOAT_V220 = 2;

uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                          const uint32_t dataTypeSize);
uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                        const uint32_t dataTypeSize);
void GetSortMaxMinTmpSize(const AscendC::TensorShape& srcShape, AscendC::TensorDataType valueType,
                          AscendC::TensorDataType indexType, bool isReuseSource, const SortConfig& config,
                          uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
