// Host-side temp size of the high-level Sum (CANN's include/adv_api/reduce/sum_tiling.h; the
// number as asc-devkit impl/adv_api/tiling/reduce/sum_tiling.cpp computes it): the partial sums
// of one row, AlignUp(ceil(n / (256 / typeSize)), 32 / typeSize) elements of typeSize bytes,
// for both max and min. n = 0 or typeSize = 0 is an error: the outputs are left unchanged (with
// a message); isReuseSource is reserved (a message if true).
#pragma once
#include <cstdint>

namespace AscendC {

void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource, uint32_t& maxSize,
                         uint32_t& minSize);

}  // namespace AscendC
