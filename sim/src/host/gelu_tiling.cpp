// Temp sizes of the high-level Gelu (formulas and their source in tiling/gelu_tiling.h).
#include "tiling/gelu_tiling.h"

#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kGeluPieces = 3;     // float pieces of the input the largest path keeps
constexpr uint32_t kRepeatBytes = 256;  // one vector repeat

bool CheckArguments(const TensorShape& srcShape, uint32_t typeSize, const char* api) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[ascendc_sim] %s: typeSize %u is not 2 (half) or 4 (float)\n", api, typeSize);
        return false;
    }
    return true;
}

uint32_t MinBytes() { return kGeluPieces * kRepeatBytes; }

uint32_t MaxBytes(const TensorShape& srcShape) {
    const uint64_t bytes = uint64_t{kGeluPieces} * static_cast<uint64_t>(srcShape.GetShapeSize()) * sizeof(float);
    return static_cast<uint32_t>(bytes > MinBytes() ? bytes : MinBytes());
}

}  // namespace

uint32_t GetGeluMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
    return CheckArguments(srcShape, typeSize, "GetGeluMinTmpSize") ? MinBytes() : 0;
}

uint32_t GetGeluMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize) {
    return CheckArguments(srcShape, typeSize, "GetGeluMaxTmpSize") ? MaxBytes(srcShape) : 0;
}

void GetGeluMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                          uint32_t& minValue) {
    if (!CheckArguments(srcShape, typeSize, "GetGeluMaxMinTmpSize")) return;
    maxValue = MaxBytes(srcShape);
    minValue = MinBytes();
}

}  // namespace AscendC
