// Temp sizes of the high-level CumSum (formulas and their source in tiling/cumsum_tiling.h).
#include "tiling/cumsum_tiling.h"

#include <cstdio>

namespace AscendC {

void GetCumSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isLastAxis,
                            const bool /*isReuseSource*/, uint32_t& maxValue, uint32_t& minValue) {
    if (srcShape.GetDimNum() != 2) {
        std::fprintf(stderr, "[ascendc_sim] GetCumSumMaxMinTmpSize: srcShape has %zu dims; only 2 are supported\n",
                     srcShape.GetDimNum());
        return;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[ascendc_sim] GetCumSumMaxMinTmpSize: typeSize %u; only half (2) and float (4)\n",
                     typeSize);
        return;
    }
    const int64_t outter = srcShape.GetDim(0), inner = srcShape.GetDim(1);
    if (inner <= 0 || inner * typeSize % 32 != 0) {
        std::fprintf(stderr, "[ascendc_sim] GetCumSumMaxMinTmpSize: the inner dim (%lld) x typeSize must be > 0 and "
                     "32-byte aligned\n", static_cast<long long>(inner));
        return;
    }
    if (!isLastAxis) {
        maxValue = minValue = typeSize == 2 ? static_cast<uint32_t>(outter * inner * sizeof(float)) : 0;
        return;
    }
    const int64_t aligned = (outter + 15) / 16 * 16;
    const int64_t castMin = typeSize == 2 ? inner * 16 * 2 : 0, castMax = typeSize == 2 ? inner * aligned * 2 : 0;
    minValue = static_cast<uint32_t>(castMin + 16 * inner * typeSize * 2);
    maxValue = static_cast<uint32_t>(castMax + aligned * inner * typeSize * 2);
}

}  // namespace AscendC
