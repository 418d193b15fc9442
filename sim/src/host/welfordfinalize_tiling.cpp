// GetWelfordFinalizeMaxMinTmpSize (tiling/welfordfinalize_tiling.h; numbers as in asc-devkit
// impl/adv_api/tiling/normalization/welfordfinalize_tiling_impl.cpp, Atlas A2/A3).
#include "tiling/welfordfinalize_tiling.h"

#include <cstdio>
#include <vector>

namespace AscendC {

void GetWelfordFinalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                     uint32_t& maxValue, uint32_t& minValue) {
    (void)typeSize;
    (void)isReuseSource;
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() != 1) {
        std::fprintf(stderr, "GetWelfordFinalizeMaxMinTmpSize: srcShape dims must be 1.\n");
        return;
    }
    const uint32_t ab = static_cast<uint32_t>(d[0]);
    if (ab == 0 || ab % 8 != 0) {
        std::fprintf(stderr, "GetWelfordFinalizeMaxMinTmpSize: abLength must be aligned to 32Bytes.\n");
        return;
    }
    minValue = 64 * 4 * 4;
    maxValue = ab <= 64 ? minValue : (64 * 2 + ab * 2) * 4;
}

}  // namespace AscendC
