// Temp sizes of AscendQuant, AscendDequant and AscendAntiQuant (formulas and their source in
// tiling/quant_tiling.h).
#include "tiling/quant_tiling.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

uint64_t Elements(const ge::Shape& shape) {
    uint64_t n = 1;
    for (int64_t d : shape.GetDims()) n *= static_cast<uint64_t>(d);
    return n;
}

bool Fail(const char* host, const char* what) {
    std::fprintf(stderr, "[ascendc_sim] %s: %s\n", host, what);
    return false;
}

bool IsFp4(ge::DataType t) { return t == ge::DT_FLOAT4_E2M1 || t == ge::DT_FLOAT4_E1M2; }

bool AntiQuantArgs(const char* host, const ge::Shape& srcShape) {
    if (srcShape.GetShapeSize() <= 0 || srcShape.GetDimNum() < 2) {
        return Fail(host, "srcShape must be 2-D with at least one element");
    }
    return true;
}

}  // namespace

void GetAscendQuantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                 uint32_t& minValue) {
    const char* host = "GetAscendQuantMaxMinTmpSize";
    const int64_t n = srcShape.GetShapeSize();
    if (n <= 0) return (void)Fail(host, "srcShape must have at least one element");
    if (typeSize != 2 && typeSize != 4) return (void)Fail(host, "typeSize must be 2 (half) or 4 (float)");
    if (static_cast<uint64_t>(n) * typeSize % 32 != 0) return (void)Fail(host, "the source's bytes must be a multiple of 32");
    const uint64_t bytes = std::max<uint64_t>(static_cast<uint64_t>(n) * 2, 512);
    maxValue = static_cast<uint32_t>((bytes + 31) / 32 * 32);
    minValue = 512;
}

void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    maxLiveNodeCount = 2;
    extraBuf = 0;
}

void GetAscendDequantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                   uint32_t& minValue) {
    const char* host = "GetAscendDequantMaxMinTmpSize";
    const std::vector<int64_t> dims = srcShape.GetDims();
    if (srcShape.GetShapeSize() <= 0) return (void)Fail(host, "srcShape must have at least one element");
    if (dims.empty() || dims.size() > 2) return (void)Fail(host, "srcShape must be [n] or [m, n]");
    if (typeSize != 4) return (void)Fail(host, "typeSize must be 4 (int32_t)");
    const uint64_t outer = dims.size() == 2 ? static_cast<uint64_t>(dims[0]) : 1;
    const uint64_t inner = static_cast<uint64_t>(dims.back());
    const uint64_t scale = inner + 8;
    maxValue = static_cast<uint32_t>((64 + outer * inner + scale) * sizeof(float));
    minValue = static_cast<uint32_t>((64 + inner + scale) * sizeof(float));
}

void GetAscendDequantTmpBufferFactorSize(const ge::Shape& srcShape, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    const std::vector<int64_t> dims = srcShape.GetDims();
    extraBuf = 8 + 64;
    if (dims.size() == 2) {
        extraBuf += static_cast<uint32_t>(dims[1]);
        maxLiveNodeCount = 1;
    } else if (dims.size() == 1) {
        maxLiveNodeCount = 2;
    } else {
        extraBuf = 0;
        maxLiveNodeCount = 0;
    }
}

uint32_t GetAscendAntiQuantMaxTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                      ge::DataType inputDataType, ge::DataType outputDataType) {
    if (!AntiQuantArgs("GetAscendAntiQuantMaxTmpSize", srcShape)) return 0;
    const uint64_t scale = Elements(scaleShape), src = Elements(srcShape);
    if (IsFp4(inputDataType)) return isTranspose ? static_cast<uint32_t>((scale + 31) / 32 * 32 * 2) : 0;
    if (outputDataType == ge::DT_FLOAT16) return 0;
    const bool perChannel = scale != 1;
    if (isTranspose && perChannel) return static_cast<uint32_t>(80 * scale * sizeof(float));
    if (!isTranspose && perChannel) {
        return static_cast<uint32_t>((scale * 2 + 64 * static_cast<uint64_t>(srcShape.GetDims()[0])) * sizeof(float));
    }
    return static_cast<uint32_t>(src * sizeof(float));
}

uint32_t GetAscendAntiQuantMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                      ge::DataType inputDataType, ge::DataType outputDataType) {
    if (!AntiQuantArgs("GetAscendAntiQuantMinTmpSize", srcShape)) return 0;
    const uint64_t scale = Elements(scaleShape);
    if (IsFp4(inputDataType)) return isTranspose ? static_cast<uint32_t>((scale + 31) / 32 * 32 * 2) : 0;
    if (outputDataType == ge::DT_FLOAT16) return 0;
    if (scale == 1) return 1024;
    if (isTranspose) return static_cast<uint32_t>(80 * scale * sizeof(float));
    return static_cast<uint32_t>((scale * 2 + 64 * static_cast<uint64_t>(srcShape.GetDims()[0])) * sizeof(float));
}

void GetAscendAntiQuantMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                     ge::DataType inputDataType, ge::DataType outputDataType, uint32_t& maxValue,
                                     uint32_t& minValue) {
    if (!AntiQuantArgs("GetAscendAntiQuantMaxMinTmpSize", srcShape)) return;
    maxValue = GetAscendAntiQuantMaxTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType);
    minValue = GetAscendAntiQuantMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType);
}

void GetAscendAntiQuantTmpBufferFactorSize(const ge::Shape& srcShape, const ge::Shape& scaleShape, bool isTranspose,
                                           ge::DataType inputDataType, ge::DataType outputDataType,
                                           uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
    extraBuf = 0;
    maxLiveNodeCount = 0;
    const uint64_t scale = Elements(scaleShape);
    const bool perChannel = scale != 1;
    if (IsFp4(inputDataType)) {
        if (isTranspose) extraBuf = static_cast<uint32_t>((scale + 31) / 32 * 32 * 2);
    } else if (outputDataType == ge::DT_FLOAT16) {
        maxLiveNodeCount = 0;
    } else if (isTranspose && perChannel) {
        extraBuf = static_cast<uint32_t>(80 * scale * sizeof(float));
    } else if (!perChannel) {
        maxLiveNodeCount = 1;
    } else if (srcShape.GetDimNum() > 0) {
        extraBuf = static_cast<uint32_t>((scale * 2 + 64 * static_cast<uint64_t>(srcShape.GetDims()[0])) * sizeof(float));
    }
}

}  // namespace AscendC
