// Temp sizes of the high-level Digamma and Lgamma (formulas and their source in tiling/gamma_tiling.h).
#include "tiling/gamma_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;

bool Elements(const TensorShape& srcShape, const char* api, uint64_t* n) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    *n = static_cast<uint64_t>(srcShape.GetShapeSize());
    return true;
}

void Sizes(uint32_t factor, uint64_t elements, uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
    minValue = factor * kRepeatBytes;
    maxValue = static_cast<uint32_t>(std::max<uint64_t>(factor * std::max<uint64_t>(elements * typeSize, kRepeatBytes),
                                                        minValue));
}

}  // namespace

void GetDigammaMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue) {
    uint64_t n = 0;
    if (!Elements(srcShape, "GetDigammaMaxMinTmpSize", &n)) return;
    const uint32_t factor = typeSize == sizeof(float) ? (isReuseSource ? 6 : 7) : 16;
    Sizes(factor, n, typeSize, maxValue, minValue);
}

void GetDigammaTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 7 : 16;
}

void GetLgammaMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                            uint32_t& maxValue, uint32_t& minValue) {
    uint64_t n = 0;
    if (!Elements(srcShape, "GetLgammaMaxMinTmpSize", &n)) return;
    const uint32_t factor = typeSize == sizeof(float) ? (isReuseSource ? 7 : 8) : 26;
    Sizes(factor, n, typeSize, maxValue, minValue);
}

void GetLgammaTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 8 : 13;
}

}  // namespace AscendC
