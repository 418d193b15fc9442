// Temp sizes of the high-level Log family and Floor, Ceil, Round, Trunc, Frac (formulas and their
// source in tiling/math_tiling.h).
#include "tiling/math_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kRepeatBytes = 256;
constexpr uint32_t kClampFloatBytes = 64, kClampHalfBytes = 128;  // Clamp's minimum: one byte per lane of a repeat

struct Factors {
    uint32_t floatFactor, halfFactor;
};
constexpr Factors kFloor{0, 2}, kCeil{1, 2}, kTrunc{1, 2}, kFrac{0, 4}, kRound{0, 1}, kAxpy{1, 4}, kSinh{1, 4}, kCosh{2, 6}, kErf{3, 8}, kTan{4, 10};

uint32_t Factor(const Factors& f, uint32_t typeSize) { return typeSize == sizeof(float) ? f.floatFactor : f.halfFactor; }

void MaxMin(const Factors& f, const TensorShape& srcShape, uint32_t typeSize, const char* api, uint32_t& maxValue,
            uint32_t& minValue) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return;
    }
    const uint64_t bytes = static_cast<uint64_t>(srcShape.GetShapeSize()) * typeSize;
    minValue = Factor(f, typeSize) * kRepeatBytes;
    maxValue = static_cast<uint32_t>(Factor(f, typeSize) * std::max<uint64_t>(bytes, kRepeatBytes));
}

void FactorSize(const Factors& f, uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    extraBuf = 0;
    maxLiveNodeCount = Factor(f, typeSize);
}

}  // namespace

void GetLogMaxMinTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = 0;
    minValue = 0;
}
void GetLogTmpBufferFactorSize(const uint32_t, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    maxLiveNodeCount = 0;
    extraBuf = 0;
}
void GetLog10MaxMinTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
    maxValue = 0;
    minValue = 0;
}
void GetLog10TmpBufferFactorSize(const uint32_t, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    maxLiveNodeCount = 0;
    extraBuf = 0;
}
void GetLog2MaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                          uint32_t& minValue) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] GetLog2MaxMinTmpSize: srcShape must have at least one element\n");
        return;
    }
    const bool isHalf = typeSize == 2;
    const uint64_t floatBytes = static_cast<uint64_t>(srcShape.GetShapeSize()) * sizeof(float);
    minValue = isHalf ? kRepeatBytes : 0;
    maxValue = isHalf ? static_cast<uint32_t>(std::max<uint64_t>(floatBytes, kRepeatBytes)) : 0;
}
void GetLog2TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    extraBuf = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 0 : 2;
}

void GetFloorMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                           uint32_t& minValue) {
    MaxMin(kFloor, srcShape, typeSize, "GetFloorMaxMinTmpSize", maxValue, minValue);
}
void GetFloorTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kFloor, typeSize, maxLiveNodeCount, extraBuf);
}
void GetCeilMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                          uint32_t& minValue) {
    MaxMin(kCeil, srcShape, typeSize, "GetCeilMaxMinTmpSize", maxValue, minValue);
}
void GetCeilTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kCeil, typeSize, maxLiveNodeCount, extraBuf);
}
void GetTruncMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                           uint32_t& minValue) {
    MaxMin(kTrunc, srcShape, typeSize, "GetTruncMaxMinTmpSize", maxValue, minValue);
}
void GetTruncTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kTrunc, typeSize, maxLiveNodeCount, extraBuf);
}
void GetFracMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                          uint32_t& minValue) {
    MaxMin(kFrac, srcShape, typeSize, "GetFracMaxMinTmpSize", maxValue, minValue);
}
void GetFracTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kFrac, typeSize, maxLiveNodeCount, extraBuf);
}
void GetClampMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                           uint32_t& minValue) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] GetClampMaxMinTmpSize: srcShape must have at least one element\n");
        return;
    }
    const uint32_t floor = typeSize == sizeof(float) ? kClampFloatBytes : kClampHalfBytes;
    minValue = floor;
    maxValue = static_cast<uint32_t>(std::max<uint64_t>(static_cast<uint64_t>(srcShape.GetShapeSize()), floor));
}
void GetClampTmpBufferFactorSize(const uint32_t, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    extraBuf = 0;
    maxLiveNodeCount = 1;
}
bool GetExpMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                         uint32_t& maxValue, uint32_t& minValue) {
    const uint32_t pieces = typeSize == sizeof(float) ? (isReuseSource ? 2 : 3) : 4;
    const uint64_t elements = srcShape.GetShapeSize() > 0 ? static_cast<uint64_t>(srcShape.GetShapeSize()) : 0;
    minValue = pieces * kRepeatBytes;
    maxValue = static_cast<uint32_t>(pieces * std::max<uint64_t>(elements * sizeof(float), kRepeatBytes));
    return true;
}
void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    extraBuffer = 0;
    maxLiveNodeCount = typeSize == sizeof(float) ? 3 : 8;
}
void GetAxpyMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                          uint32_t& minValue) {
    if (srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] GetAxpyMaxMinTmpSize: srcShape must have at least one element\n");
        return;
    }
    if (typeSize == sizeof(float)) {
        maxValue = 0;
        minValue = 0;
        return;
    }
    MaxMin(kAxpy, srcShape, typeSize, "GetAxpyMaxMinTmpSize", maxValue, minValue);
}
void GetAxpyTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kAxpy, typeSize, maxLiveNodeCount, extraBuf);
}
void GetSinhMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                          uint32_t& minValue) {
    MaxMin(kSinh, srcShape, typeSize, "GetSinhMaxMinTmpSize", maxValue, minValue);
}
void GetSinhTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kSinh, typeSize, maxLiveNodeCount, extraBuf);
}
void GetCoshMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                          uint32_t& minValue) {
    MaxMin(kCosh, srcShape, typeSize, "GetCoshMaxMinTmpSize", maxValue, minValue);
}
void GetCoshTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    FactorSize(kCosh, typeSize, maxLiveNodeCount, extraBuffer);
}
void GetErfMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                         uint32_t& minValue) {
    MaxMin(kErf, srcShape, typeSize, "GetErfMaxMinTmpSize", maxValue, minValue);
}
void GetErfTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
    FactorSize(kErf, typeSize, maxLiveNodeCount, extraBuffer);
}
void GetTanMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool, uint32_t& maxValue,
                         uint32_t& minValue) {
    MaxMin(kTan, srcShape, typeSize, "GetTanMaxMinTmpSize", maxValue, minValue);
}
void GetTanTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kTan, typeSize, maxLiveNodeCount, extraBuf);
}
void GetRoundMaxMinTmpSize(const platform_ascendc::PlatformAscendC&, const TensorShape& srcShape,
                           const uint32_t typeSize, const bool, uint32_t& maxValue, uint32_t& minValue) {
    MaxMin(kRound, srcShape, typeSize, "GetRoundMaxMinTmpSize", maxValue, minValue);
}
void GetRoundTmpBufferFactorSize(const platform_ascendc::PlatformAscendC&, const uint32_t typeSize,
                                 uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    FactorSize(kRound, typeSize, maxLiveNodeCount, extraBuf);
}

}  // namespace AscendC
