// Temp sizes of the high-level Select with a byte mask (formulas and their source in
// tiling/selectwithbytesmask_tiling.h).
#include "tiling/selectwithbytesmask_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

uint32_t AlignUp32(uint64_t v) { return static_cast<uint32_t>((v + 31) / 32 * 32); }

bool IsScalar(const TensorShape& shape) { return shape.GetDimNum() == 0 || shape.GetShapeSize() == 1; }

int64_t LastDim(const TensorShape& shape) {
    return shape.GetDimNum() == 0 ? 1 : shape.GetDim(shape.GetDimNum() - 1);
}

uint32_t Bytes(const TensorShape& src0, const TensorShape& src1, const TensorShape& mask, uint32_t maskTypeSize,
               bool isReuseMask, bool minimum) {
    const bool src0Scalar = IsScalar(src0);
    const int64_t n = src0Scalar ? src1.GetShapeSize() : src0.GetShapeSize();
    const int64_t srcLast = src0Scalar ? LastDim(src1) : LastDim(src0);
    const int64_t maskLast = LastDim(mask);
    const int64_t counted = (minimum && n > 4096) ? 4096 : n;
    uint32_t bytes = std::max<uint32_t>(1024, AlignUp32(static_cast<uint64_t>(counted)) * 2 + 512);
    if (maskLast != srcLast && !isReuseMask && maskLast > 1) bytes += AlignUp32(uint64_t(n) * maskTypeSize);
    return bytes;
}

void Check(const TensorShape& src0, const TensorShape& src1, uint32_t srcTypeSize, const TensorShape& mask,
           uint32_t maskTypeSize, const char* func) {
    if (srcTypeSize != 2 && srcTypeSize != 4)
        std::fprintf(stderr, "[ascendc_sim] Select %s: warning: srcTypeSize %u is not used; it should be 2 or 4\n",
                     func, srcTypeSize);
    if (maskTypeSize != 1 && maskTypeSize != 2 && maskTypeSize != 4)
        std::fprintf(stderr, "[ascendc_sim] Select %s: maskTypeSize is %u, it should be 1, 2 or 4\n", func,
                     maskTypeSize);
    if (src0.GetDimNum() != 2 && src1.GetDimNum() != 2)
        std::fprintf(stderr, "[ascendc_sim] Select %s: src0Shape has %zu dims and src1Shape %zu; one of them must "
                     "have 2\n", func, src0.GetDimNum(), src1.GetDimNum());
    if (mask.GetDimNum() != 2)
        std::fprintf(stderr, "[ascendc_sim] Select %s: maskShape has %zu dims, it must have 2\n", func,
                     mask.GetDimNum());
}

}  // namespace

uint32_t GetSelectMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t srcTypeSize,
                             const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {
    Check(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, "GetSelectMinTmpSize");
    return Bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, true);
}

uint32_t GetSelectMaxTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t srcTypeSize,
                             const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask) {
    Check(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, "GetSelectMaxTmpSize");
    return Bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, false);
}

uint32_t GetSelectWithBytesMaskMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                          const uint32_t srcTypeSize, const TensorShape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask) {
    return GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}

uint32_t GetSelectWithBytesMaskMaxTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                          const uint32_t srcTypeSize, const TensorShape& maskShape,
                                          const uint32_t maskTypeSize, const bool isReuseMask) {
    return GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}

void GetSelectMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape, const uint32_t srcTypeSize,
                            const TensorShape& maskShape, const uint32_t maskTypeSize, const bool isReuseMask,
                            uint32_t& maxValue, uint32_t& minValue) {
    Check(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, "GetSelectMaxMinTmpSize");
    maxValue = Bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, false);
    minValue = Bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, true);
}

void GetSelectWithBytesMaskMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                         const uint32_t srcTypeSize, const TensorShape& maskShape,
                                         const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                         uint32_t& minValue) {
    GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask, maxValue,
                           minValue);
}

}  // namespace AscendC
