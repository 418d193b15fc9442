// Temp sizes of the high-level DropOut (formulas and their source in tiling/dropout_tiling.h).
#include "tiling/dropout_tiling.h"

#include <cstdio>

namespace AscendC {
namespace {

void CheckDropOut(const TensorShape& srcShape, uint32_t typeSize, bool isReuseSource, const char* func) {
    if (typeSize != 2 && typeSize != 4)
        std::fprintf(stderr, "[ascendc_sim] DropOut %s: typeSize is %u, it should be 2 or 4\n", func, typeSize);
    if (srcShape.GetDimNum() == 0)
        std::fprintf(stderr, "[ascendc_sim] DropOut %s: srcShape has no dims, it needs at least one\n", func);
    if (isReuseSource)
        std::fprintf(stderr, "[ascendc_sim] DropOut %s: warning: isReuseSource true may not be effective\n", func);
}

constexpr uint32_t kMinBytes = 2 * 256;

uint32_t MaxBytes(const TensorShape& srcShape) {
    uint64_t elements = 1;
    for (const int64_t dim : srcShape.GetDims()) elements *= static_cast<uint64_t>(dim);
    const uint64_t bytes = 2 * elements * sizeof(float);
    return static_cast<uint32_t>(bytes > kMinBytes ? bytes : kMinBytes);
}

}  // namespace

uint32_t GetDropOutMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
    CheckDropOut(srcShape, typeSize, isReuseSource, "GetDropOutMinTmpSize");
    return kMinBytes;
}

uint32_t GetDropOutMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
    CheckDropOut(srcShape, typeSize, isReuseSource, "GetDropOutMaxTmpSize");
    return MaxBytes(srcShape);
}

void GetDropOutMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue) {
    CheckDropOut(srcShape, typeSize, isReuseSource, "GetDropOutMaxMinTmpSize");
    maxValue = MaxBytes(srcShape);
    minValue = kMinBytes;
}

}  // namespace AscendC
