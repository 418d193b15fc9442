// Temporary-UB sizes of the high-level Tanh and Sigmoid APIs (formulas and their reasons
// in tiling/tiling_api.h).
#include "tiling/tiling_api.h"

#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;  // one vector repeat: the smallest useful chunk
// Tanh temp bytes per input byte: float input -> one float work copy; half input -> a
// float copy of the input and a float work buffer (2 floats per 2-byte element).
constexpr uint32_t kTanhFactorFloat = 1;
constexpr uint32_t kTanhFactorHalf = 4;

uint32_t TanhFactor(uint32_t typeSize) { return typeSize == sizeof(float) ? kTanhFactorFloat : kTanhFactorHalf; }

bool CheckShape(const ge::Shape& srcShape, const char* api) {
    if (srcShape.GetShapeSize() > 0) return true;
    std::fprintf(stderr, "[ascendc_sim] %s: the input shape must have at least one element\n", api);
    return false;
}

}  // namespace

void GetTanhMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;
    if (!CheckShape(srcShape, "GetTanhMaxMinTmpSize")) return;
    const uint64_t inputBytes = static_cast<uint64_t>(srcShape.GetShapeSize()) * typeSize;
    const uint32_t factor = TanhFactor(typeSize);
    minValue = factor * kRepeatBytes;
    maxValue = static_cast<uint32_t>(factor * (inputBytes > kRepeatBytes ? inputBytes : kRepeatBytes));
}

void GetTanhTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    maxLiveNodeCount = TanhFactor(typeSize);
    extraBuf = 0;
}

void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue) {
    if (typeSize != 2 && typeSize != sizeof(float)) {
        std::fprintf(stderr, "[ascendc_sim] GetSigmoidMaxMinTmpSize: typeSize %u is not 2 (half) or 4 (float)\n",
                     typeSize);
        return;
    }
    if (isReuseSource) {
        std::fprintf(stderr, "[ascendc_sim] GetSigmoidMaxMinTmpSize: isReuseSource is reserved and must be false\n");
        return;
    }
    if (!CheckShape(srcShape, "GetSigmoidMaxMinTmpSize")) return;
    const uint64_t inputBytes = static_cast<uint64_t>(srcShape.GetShapeSize()) * typeSize;
    minValue = kRepeatBytes;
    maxValue = static_cast<uint32_t>(inputBytes > kRepeatBytes ? inputBytes : kRepeatBytes);
}

}  // namespace AscendC
