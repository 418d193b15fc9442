#include "ascendc_sim/kernel/tiling.h"

#include <cstring>

#include "ascendc_sim/core/gm_access.h"

namespace sim {

void ReadTilingData(void* dst, size_t size, const uint8_t* tiling) {
    std::memset(dst, 0, size);
    if (CheckGmAccess("GET_TILING_DATA", "tiling", GmView{tiling, 0, false}, tiling, size)) {
        std::memcpy(dst, tiling, size);
    }
}

}  // namespace sim
