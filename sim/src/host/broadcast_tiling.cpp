// Temp sizes of the high-level Broadcast (formulas and their source in tiling/broadcast_tiling.h).
#include "tiling/broadcast_tiling.h"

#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kHalfBlock = 16;   // halves in a block
constexpr uint32_t kBrcbRows = 8;     // rows one Brcb repeat takes

uint32_t Align(uint64_t value, uint32_t to) { return static_cast<uint32_t>((value + to - 1) / to * to); }

bool Fail(const char* message) {
    std::fprintf(stderr, "[ascendc_sim] GetBroadCastMaxMinTmpSize: %s\n", message);
    return false;
}

bool CheckArguments(const ge::Shape& src, const ge::Shape& dst, uint32_t typeSize) {
    if (typeSize != 1 && typeSize != 2 && typeSize != 4) return Fail("typeSize must be 1, 2 or 4");
    if (src.GetDimNum() != 1 && src.GetDimNum() != 2) return Fail("srcShape must have 1 or 2 dimensions");
    if (src.GetDimNum() != dst.GetDimNum()) return Fail("srcShape and dstShape must have the same dimensions");
    for (size_t i = 0; i < src.GetDimNum(); ++i) {
        if (src.GetDim(i) != dst.GetDim(i) && src.GetDim(i) != 1) return Fail("srcShape cannot broadcast to dstShape");
    }
    if (src.GetShapeSize() <= 0) return Fail("srcShape must have at least one element");
    return true;
}

}  // namespace

void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const ge::Shape& srcShape,
                               const ge::Shape& dstShape, uint32_t typeSize, const bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue) {
    (void)ascendcPlatform;
    (void)isReuseSource;  // reserved
    if (!CheckArguments(srcShape, dstShape, typeSize)) return;
    const uint64_t srcSize = static_cast<uint64_t>(srcShape.GetShapeSize());
    const uint64_t dstSize = static_cast<uint64_t>(dstShape.GetShapeSize());
    uint32_t cast = 0;
    if (typeSize == 1) {
        typeSize = 2;
        cast = (Align(srcSize, kHalfBlock) + Align(dstSize, kHalfBlock)) * typeSize;
    }
    if (srcSize == dstSize || srcSize == 1) {
        minValue = maxValue = cast == 0 ? 0 : cast + kBlockBytes;
        return;
    }
    const uint32_t m = static_cast<uint32_t>(dstShape.GetDim(0));
    const uint32_t k = static_cast<uint32_t>(dstShape.GetDim(1));
    const uint32_t b = kBlockBytes / typeSize;
    if (srcShape.GetDim(1) != 1) {  // axis 0
        if (k % b != 0) {
            Fail("dstShape[1] is not 32-byte aligned (axis 0)");
            return;
        }
        minValue = maxValue = kBlockBytes + cast;
        return;
    }
    const uint32_t brcbMin = b * b * typeSize;
    const uint32_t brcbMax = Align(m, kBrcbRows) * b * typeSize;
    if (k % b == 0) {
        minValue = brcbMin + cast;
        maxValue = brcbMax + cast;
        return;
    }
    const uint32_t kAligned = Align(k, b);
    minValue = brcbMin + b * kAligned * typeSize + cast;
    maxValue = brcbMax + m * kAligned * typeSize + cast;
}

}  // namespace AscendC
