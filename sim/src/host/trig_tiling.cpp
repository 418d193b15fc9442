// Temp sizes of the high-level Sin and Cos (formulas and their source in tiling/trig_tiling.h).
#include "tiling/trig_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;
constexpr uint32_t kFloatFactor = 3;       // round, kpi and the reduced x
constexpr uint32_t kFloatReuseFactor = 2;  // the reduced x overwrites src
constexpr uint32_t kHalfFactor = 8;        // 4 float pieces per 2-byte element

// 0 after a message when the arguments are not valid.
uint32_t Factor(const ge::Shape& srcShape, uint32_t typeSize, bool isReuseSource, const char* api) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return 0;
    }
    if (typeSize == sizeof(float)) return isReuseSource ? kFloatReuseFactor : kFloatFactor;
    if (typeSize != 2) {
        std::fprintf(stderr, "[ascendc_sim] %s: typeSize %u is not 2 (half) or 4 (float)\n", api, typeSize);
        return 0;
    }
    if (isReuseSource) {
        std::fprintf(stderr, "[ascendc_sim] %s: isReuseSource is not supported for half\n", api);
        return 0;
    }
    return kHalfFactor;
}

void MaxMin(const ge::Shape& srcShape, uint32_t typeSize, bool isReuseSource, const char* api, uint32_t& maxValue,
            uint32_t& minValue) {
    const uint32_t factor = Factor(srcShape, typeSize, isReuseSource, api);
    if (factor == 0) return;
    const uint64_t bytes = static_cast<uint64_t>(srcShape.GetShapeSize()) * typeSize;
    maxValue = static_cast<uint32_t>(factor * std::max<uint64_t>(bytes, kRepeatBytes));
    minValue = factor * kRepeatBytes;
}

void FactorSize(uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    extraBuf = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? kFloatFactor : kHalfFactor;
}

}  // namespace

void GetSinMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue) {
    MaxMin(srcShape, typeSize, isReuseSource, "GetSinMaxMinTmpSize", maxValue, minValue);
}
void GetSinTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(typeSize, maxLiveNodeCount, extraBuf);
}
void GetCosMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue) {
    MaxMin(srcShape, typeSize, isReuseSource, "GetCosMaxMinTmpSize", maxValue, minValue);
}
void GetCosTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(typeSize, maxLiveNodeCount, extraBuf);
}

}  // namespace AscendC
