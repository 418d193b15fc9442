// Temp sizes of the high-level Power (formulas and their source in tiling/power_tiling.h).
#include "tiling/power_tiling.h"

#include <algorithm>

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;

bool IsTensor(const TensorShape& shape) { return !(shape.GetDimNum() == 1 && shape.GetDim(0) == 1); }

uint32_t Factor(bool bothTensors, bool typeIsInt, uint32_t typeSize) {
    if (typeIsInt) return bothTensors ? 6 : 7;
    if (typeSize == sizeof(float)) return bothTensors ? 4 : 5;
    return 14;
}

}  // namespace

void GetPowerMaxMinTmpSize(const TensorShape& srcShape1, const TensorShape& srcShape2, const bool typeIsInt,
                           const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;
    const bool first = IsTensor(srcShape1), second = IsTensor(srcShape2);
    const uint32_t f = Factor(first && second, typeIsInt, typeSize);
    uint64_t elements = 1;
    for (const int64_t dim : (first ? srcShape1 : srcShape2).GetDims()) elements *= static_cast<uint64_t>(dim);
    const uint64_t bytes = elements * typeSize;
    if (typeIsInt) {
        minValue = kRepeatBytes * f;
        maxValue = static_cast<uint32_t>(std::max<uint64_t>(bytes, kRepeatBytes) * f);
    } else if (typeSize == sizeof(float)) {
        minValue = kRepeatBytes * f + kRepeatBytes;
        maxValue = static_cast<uint32_t>(std::max<uint64_t>(bytes, kRepeatBytes) * f + kRepeatBytes);
    } else {
        minValue = kRepeatBytes * f / 2 + kRepeatBytes;
        maxValue = static_cast<uint32_t>(std::max<uint64_t>(bytes, kRepeatBytes / 2) * f + kRepeatBytes);
    }
}

void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor, const bool typeIsInt,
                                 const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    maxLiveNodeCount = Factor(baseIsTensor && expIsTensor, typeIsInt, typeSize);
    extraBuffer = typeIsInt ? 0 : kRepeatBytes;
}

}  // namespace AscendC
