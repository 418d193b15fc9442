// Host-side temp sizes of the high-level Broadcast (CANN's include/adv_api/pad/broadcast_tiling.h;
// the numbers as asc-devkit impl/adv_api/tiling/pad/broadcast_tiling.cpp gives them for A2/A3,
// arch 2201), in bytes, with b = 32 / typeSize elements of a block (a 1-byte type works in half:
// typeSize 2 then, plus cast = (align16(srcSize) + align16(dstSize)) * 2 bytes for its two Casts,
// else cast = 0):
//   srcSize == dstSize or srcSize == 1: min = max = 0, or cast + 32 for a 1-byte type;
//   axis 0 ([1, k] -> [m, k], k * typeSize a multiple of 32): min = max = 32 + cast;
//   axis 1 ([m, 1] -> [m, k]), k a multiple of b: min = b*b*typeSize + cast,
//     max = align8(m) * b * typeSize + cast;
//   axis 1, k not a multiple of b (k' = align_b(k)): min = (b*b + b*k') * typeSize + cast,
//     max = (align8(m) * b + m * k') * typeSize + cast.
// Errors (typeSize not 1, 2 or 4; dims not 1 or 2 or unequal; a src dim neither the dst's nor
// 1; an empty src; axis 0 with k unaligned) print a message and leave the outputs unchanged,
// as CANN's host asserts do.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const ge::Shape& srcShape,
                               const ge::Shape& dstShape, uint32_t typeSize, const bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
