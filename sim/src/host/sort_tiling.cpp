// Temp sizes of the high-level sort family (formulas and their source in tiling/sort_tiling.h).
#include "tiling/sort_tiling.h"

#include <cstdio>

namespace AscendC {
namespace {

void CheckSortHost(const char* hostFunc, const platform_ascendc::PlatformAscendC& platform, uint32_t elemCount,
                   uint32_t dataTypeSize) {
    if (elemCount == 0) std::fprintf(stderr, "[ascendc_sim] Sort %s: elemCount must be greater than 0\n", hostFunc);
    if (dataTypeSize != 2 && dataTypeSize != 4)
        std::fprintf(stderr, "[ascendc_sim] Sort %s: dataTypeSize %u is not 2 (half) or 4 (float)\n", hostFunc,
                     dataTypeSize);
    uint64_t ub = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    const uint64_t bytes = uint64_t{elemCount} * dataTypeSize;
    if (bytes >= ub)
        std::fprintf(stderr, "[ascendc_sim] Sort %s: elemCount x dataTypeSize is %llu bytes, not less than UB (%llu)\n",
                     hostFunc, static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(ub));
}

}  // namespace

uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                          const uint32_t dataTypeSize) {
    CheckSortHost("GetConcatTmpSize", ascendcPlatform, elemCount, dataTypeSize);
    return 0;
}

uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                        const uint32_t dataTypeSize) {
    CheckSortHost("GetSortTmpSize", ascendcPlatform, elemCount, dataTypeSize);
    const uint32_t perProposal =
        dataTypeSize == sizeof(float) ? REGION_PROPOSAL_DATA_SIZE_FLOAT_V220 : REGION_PROPOSAL_DATA_SIZE_HALF_V220;
    return elemCount * perProposal * dataTypeSize;
}

void GetSortMaxMinTmpSize(const TensorShape&, TensorDataType, TensorDataType, bool, const SortConfig&,
                          uint32_t& maxValue, uint32_t& minValue) {
    std::fprintf(stderr,
                 "[ascendc_sim] GetSortMaxMinTmpSize: Unsupported NpuArch for Sort API. (the SortConfig forms of Sort "
                 "are for Ascend 950 only; on Atlas A2/A3 CANN writes no size, the sim writes 0)\n");
    maxValue = 0;
    minValue = 0;
}

}  // namespace AscendC
