// Temp sizes of Silu and Swish: none (see tiling/swish_tiling.h).
#include "tiling/swish_tiling.h"

namespace AscendC {

void GetSiluTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = 0;
    minValue = 0;
}

void GetSwishTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = 0;
    minValue = 0;
}

}  // namespace AscendC
