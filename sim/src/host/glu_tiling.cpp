// Temp sizes of the high-level SwiGLU, GeGLU and ReGlu (formulas and their source in
// tiling/glu_tiling.h).
#include "tiling/glu_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;

// False after a message when the arguments are not valid.
bool Valid(const ge::Shape* srcShape, uint32_t typeSize, bool isReuseSource, const char* api) {
    if (srcShape != nullptr && srcShape->GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[ascendc_sim] %s: typeSize %u is not 2 (half) or 4 (float)\n", api, typeSize);
        return false;
    }
    if (isReuseSource) {
        std::fprintf(stderr, "[ascendc_sim] %s: isReuseSource is reserved and must be false\n", api);
        return false;
    }
    return true;
}

void FactorMaxMin(const ge::Shape& srcShape, uint32_t typeSize, uint32_t factor, uint32_t& maxValue,
                  uint32_t& minValue) {
    const uint64_t bytes = static_cast<uint64_t>(srcShape.GetShapeSize()) * typeSize;
    maxValue = static_cast<uint32_t>(factor * std::max<uint64_t>(bytes, kRepeatBytes));
    minValue = factor * kRepeatBytes;
}

constexpr uint32_t SwiGLUFactor(uint32_t typeSize) { return typeSize == 4 ? 0 : 6; }
constexpr uint32_t GeGLUFactor(uint32_t typeSize) { return typeSize == 4 ? 0 : 4; }

}  // namespace

void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                            uint32_t& minValue, const bool isReuseSource) {
    if (!Valid(&srcShape, typeSize, isReuseSource, "GetSwiGLUMaxMinTmpSize")) return;
    FactorMaxMin(srcShape, typeSize, SwiGLUFactor(typeSize), maxValue, minValue);
}

void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    if (!Valid(nullptr, typeSize, false, "GetSwiGLUTmpBufferFactorSize")) return;
    maxLiveNodeCount = SwiGLUFactor(typeSize);
    extraBuffer = 0;
}

void GetGeGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue) {
    if (!Valid(&srcShape, typeSize, isReuseSource, "GetGeGLUMaxMinTmpSize")) return;
    FactorMaxMin(srcShape, typeSize, GeGLUFactor(typeSize), maxValue, minValue);
}

void GetGeGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    if (!Valid(nullptr, typeSize, false, "GetGeGLUTmpBufferFactorSize")) return;
    maxLiveNodeCount = GeGLUFactor(typeSize);
    extraBuf = 0;
}

void GetReGluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                           uint32_t& maxValue, uint32_t& minValue) {
    if (!Valid(&srcShape, typeSize, isReuseSource, "GetReGluMaxMinTmpSize")) return;
    constexpr uint32_t kHalfFactor = 6;  // x0, x1 and y in float per 2-byte element
    if (typeSize == 4) {
        maxValue = minValue = kRepeatBytes;
        return;
    }
    minValue = kHalfFactor * kRepeatBytes;
    const uint64_t max = static_cast<uint64_t>(srcShape.GetShapeSize()) * kHalfFactor * typeSize;
    maxValue = static_cast<uint32_t>(std::max<uint64_t>(max, minValue));
}

}  // namespace AscendC
