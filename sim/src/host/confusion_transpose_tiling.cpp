// Host tiling of Transpose with a ConfusionTransposeTiling (tiling/confusion_transpose_tiling.h;
// numbers as in asc-devkit impl/adv_api/tiling/transpose/confusion_transpose_tiling_impl.cpp).
#include "tiling/confusion_transpose_tiling.h"

#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kCube = 16;
constexpr uint32_t kFractal = 256;
constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kNz2Nd0213 = 1;  // TransposeType::TRANSPOSE_NZ2ND_0213
constexpr uint32_t kNz2Nz0213 = 2;  // TransposeType::TRANSPOSE_NZ2NZ_0213

uint32_t Align16(int64_t v) { return static_cast<uint32_t>((v + kCube - 1) / kCube * kCube); }

bool Modelled(const char* func, uint32_t type, const TensorShape& shape, uint32_t typeSize) {
    if (type != kNz2Nd0213 && type != kNz2Nz0213) {
        std::fprintf(stderr,
                     "[ascendc_sim] %s: transposeTypeIn %u is not modelled by the sim (1 TRANSPOSE_NZ2ND_0213 and 2 "
                     "TRANSPOSE_NZ2NZ_0213 are)\n", func, type);
        return false;
    }
    if (shape.GetDimNum() != 4 || typeSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must be [B, A1, A2, A3] (got %zu dims) and typeSize > 0\n",
                     func, shape.GetDimNum());
        return false;
    }
    return true;
}

}  // namespace

void GetTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const uint32_t transposeTypeIn,
                               uint32_t& maxValue, uint32_t& minValue) {
    if (!Modelled("GetTransposeMaxMinTmpSize", transposeTypeIn, srcShape, typeSize)) return;
    maxValue = Align16(srcShape.GetDims()[2]) * kCube * typeSize;
    minValue = kFractal * typeSize;
}

void GetConfusionTransposeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                        const uint32_t transposeTypeIn, uint32_t& maxValue, uint32_t& minValue) {
    GetTransposeMaxMinTmpSize(srcShape, typeSize, transposeTypeIn, maxValue, minValue);
}

void GetTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            const uint32_t transposeTypeIn, optiling::ConfusionTransposeTiling& tiling) {
    if (!Modelled("GetTransposeTilingInfo", transposeTypeIn, srcShape, typeSize)) return;
    const std::vector<int64_t> d = srcShape.GetDims();
    const uint32_t b = static_cast<uint32_t>(d[0]);
    const uint32_t a1 = static_cast<uint32_t>(d[1]);
    const uint32_t alignA2 = Align16(d[2]);
    const uint32_t widthTiling = Align16(d[3]) / kCube;
    const uint32_t alignA3 = widthTiling * kCube;
    const uint32_t newPopSize = stackBufferSize / typeSize / kFractal * kFractal;
    const uint32_t newPopH = newPopSize / kCube;
    const uint32_t needSize = alignA2 * kCube;
    const uint32_t mainBlocks = newPopSize == 0 ? 0 : needSize / newPopSize;
    const uint32_t tailSize = newPopSize == 0 ? needSize : needSize % newPopSize;
    tiling.set_param0(kBlockBytes / typeSize);
    tiling.set_param1(b);
    tiling.set_param2(a1);
    tiling.set_param3(alignA3);
    tiling.set_param4(alignA2);
    tiling.set_param5(widthTiling);
    tiling.set_param6(newPopSize);
    tiling.set_param7(newPopH);
    tiling.set_param8(needSize);
    tiling.set_param9(mainBlocks);
    tiling.set_param10(tailSize);
    tiling.set_param11(alignA2 * alignA3);
    tiling.set_param12(a1 * alignA2 * alignA3);
    tiling.set_param13(a1 * alignA3);
    tiling.set_param14(a1 * kCube);
    tiling.set_param15(newPopH * mainBlocks * a1 * alignA3);
}

void GetTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            const uint32_t transposeTypeIn, AscendC::tiling::ConfusionTransposeTiling& tiling) {
    optiling::ConfusionTransposeTiling data;
    GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetConfusionTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const uint32_t transposeTypeIn,
                                     optiling::ConfusionTransposeTiling& tiling) {
    GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}

void GetConfusionTransposeTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const uint32_t transposeTypeIn,
                                     AscendC::tiling::ConfusionTransposeTiling& tiling) {
    GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}

}  // namespace AscendC
