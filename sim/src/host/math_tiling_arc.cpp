// Temp sizes of the high-level Asin .. Fmod (formulas and their source in tiling/math_tiling_arc.h).
#include "tiling/math_tiling_arc.h"

#include <algorithm>
#include <cstdio>

#include "tiling/math_tiling.h"

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;

enum class Shape { Plain, Acosh, Flat };  // the max/min formula
struct Factors {
    uint32_t floatFactor, halfFactor;
    Shape shape;
};
constexpr Factors kAsin{2, 6, Shape::Plain}, kAcos{2, 6, Shape::Plain}, kAtan{5, 12, Shape::Plain},
    kAsinh{3, 3, Shape::Plain}, kAcosh{1, 2, Shape::Acosh}, kAtanh{1, 4, Shape::Plain}, kErfc{7, 16, Shape::Plain},
    kSign{3, 3, Shape::Flat}, kXor{1, 1, Shape::Flat};

uint32_t Factor(const Factors& f, uint32_t typeSize) { return typeSize == sizeof(float) ? f.floatFactor : f.halfFactor; }

void MaxMin(const Factors& f, const TensorShape& srcShape, uint32_t typeSize, const char* api, uint32_t& maxValue,
            uint32_t& minValue) {
    const int64_t elements = srcShape.GetShapeSize();
    const uint32_t factor = Factor(f, typeSize);
    if (elements <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        if (f.shape == Shape::Flat) minValue = maxValue = factor * kRepeatBytes;
        return;
    }
    const uint64_t n = static_cast<uint64_t>(elements);
    switch (f.shape) {
        case Shape::Plain:
            minValue = factor * kRepeatBytes;
            maxValue = static_cast<uint32_t>(factor * std::max<uint64_t>(n * typeSize, kRepeatBytes));
            break;
        case Shape::Acosh:
            minValue = factor * kRepeatBytes;
            maxValue = static_cast<uint32_t>(std::max<uint64_t>(factor * n, kRepeatBytes) * typeSize);
            break;
        case Shape::Flat:
            minValue = factor * kRepeatBytes;
            maxValue = static_cast<uint32_t>(std::max<uint64_t>(factor * n * typeSize, minValue));
            break;
    }
}

void FactorSize(const Factors& f, uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    extraBuf = 0;
    maxLiveNodeCount = Factor(f, typeSize);
}

}  // namespace

#define ASCEND_SIM_MATH_TMP_DEFS(Name, factors)                                                                 \
    void Get##Name##MaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool,           \
                                  uint32_t& maxValue, uint32_t& minValue) {                                    \
        MaxMin(factors, srcShape, typeSize, "Get" #Name "MaxMinTmpSize", maxValue, minValue);                  \
    }                                                                                                          \
    void Get##Name##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) { \
        FactorSize(factors, typeSize, maxLiveNodeCount, extraBuf);                                             \
    }
ASCEND_SIM_MATH_TMP_DEFS(Asin, kAsin)
ASCEND_SIM_MATH_TMP_DEFS(Acos, kAcos)
ASCEND_SIM_MATH_TMP_DEFS(Atan, kAtan)
ASCEND_SIM_MATH_TMP_DEFS(Asinh, kAsinh)
ASCEND_SIM_MATH_TMP_DEFS(Acosh, kAcosh)
ASCEND_SIM_MATH_TMP_DEFS(Atanh, kAtanh)
ASCEND_SIM_MATH_TMP_DEFS(Erfc, kErfc)
ASCEND_SIM_MATH_TMP_DEFS(Sign, kSign)
ASCEND_SIM_MATH_TMP_DEFS(Xor, kXor)
#undef ASCEND_SIM_MATH_TMP_DEFS

// Trunc's own temp plus Fmod's: 3 float pieces of 2 x typeSize each for half.
void GetFmodMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue) {
    const int64_t elements = srcShape.GetShapeSize();
    if (elements <= 0) {
        std::fprintf(stderr, "[ascendc_sim] GetFmodMaxMinTmpSize: srcShape must have at least one element\n");
        return;
    }
    uint32_t live = 0, extra = 0;
    GetFmodTmpBufferFactorSize(typeSize, live, extra);
    (void)isReuseSource;
    minValue = live * kRepeatBytes;
    maxValue = static_cast<uint32_t>(live * std::max<uint64_t>(static_cast<uint64_t>(elements) * typeSize, kRepeatBytes));
}
void GetFmodTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    GetTruncTmpBufferFactorSize(typeSize, maxLiveNodeCount, extraBuf);
    extraBuf = 0;
    maxLiveNodeCount += typeSize == sizeof(float) ? 0 : 6;
}

}  // namespace AscendC
