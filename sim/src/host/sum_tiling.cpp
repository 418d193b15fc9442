// Temp size of the high-level Sum (formula and source in tiling/sum_tiling.h).
#include "tiling/sum_tiling.h"

#include <cstdio>

namespace AscendC {

void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxSize,
                         uint32_t& minSize) {
    if (isReuseSource) std::fprintf(stderr, "[ascendc_sim] GetSumMaxMinTmpSize: isReuseSource is not effective\n");
    if (typeSize == 0 || typeSize > 32) {
        std::fprintf(stderr, "[ascendc_sim] GetSumMaxMinTmpSize: typeSize %u is not a type size (2 or 4)\n", typeSize);
        return;
    }
    if (n == 0) {
        std::fprintf(stderr, "[ascendc_sim] GetSumMaxMinTmpSize: n must be greater than 0\n");
        return;
    }
    const uint32_t perBlock = 32 / typeSize, perRepeat = 256 / typeSize;
    const uint32_t repeats = (n + perRepeat - 1) / perRepeat;
    maxSize = minSize = (repeats + perBlock - 1) / perBlock * perBlock * typeSize;
}

}  // namespace AscendC
