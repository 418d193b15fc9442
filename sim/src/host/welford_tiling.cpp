// GetWelfordUpdateMaxMinTmpSize (tiling/welford_tiling.h).
#include "tiling/welford_tiling.h"

#include <vector>

namespace AscendC {

void GetWelfordUpdateMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeT, const uint32_t typeSizeU,
                                   const bool isReuseSource, const bool isInplace, uint32_t& maxValue,
                                   uint32_t& minValue) {
    (void)typeSizeU;
    (void)isInplace;
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() != 2) return;
    const uint32_t k = typeSizeT == 2 ? 3u : (isReuseSource ? 1u : 2u);
    minValue = 256 * k;
    const uint64_t n = static_cast<uint64_t>(d[0]) * static_cast<uint64_t>(d[1]);
    maxValue = static_cast<uint32_t>((n + 63) / 64 * minValue);
}

}  // namespace AscendC
