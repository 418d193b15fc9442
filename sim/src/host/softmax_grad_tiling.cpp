// SoftmaxGrad's host tiling (formulas and their source in tiling/softmax_grad_tiling.h).
#include "tiling/softmax_grad_tiling.h"

#include <cstdio>

#include "softmax_rows.h"

namespace AscendC {
namespace {

using softmax_rows::kFloatBytes;
using softmax_rows::kRowExtra;
using softmax_rows::Rows;

uint32_t GradRowFloats(const Rows& r, uint32_t typeSize, bool isFront) {
    if (typeSize == 2) return 2 * r.perBlock + 3 * r.k + kRowExtra;
    return (isFront ? r.perBlock : 2 * r.perBlock) + r.k + kRowExtra;
}

}  // namespace

uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                  const bool isReuseSource) {
    (void)isReuseSource;
    Rows rows;
    if (!softmax_rows::ReadRows(srcShape, dataTypeSize, "GetSoftMaxGradMaxTmpSize", &rows)) return 0;
    return rows.m * GradRowFloats(rows, dataTypeSize, isFront) * kFloatBytes;
}

uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                  const bool isReuseSource) {
    (void)isReuseSource;
    Rows rows;
    if (!softmax_rows::ReadRows(srcShape, dataTypeSize, "GetSoftMaxGradMinTmpSize", &rows)) return 0;
    return GradRowFloats(rows, dataTypeSize, isFront) * kFloatBytes;
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                           optiling::SoftMaxTiling& t, const bool isFront) {
    Rows r;
    if (!softmax_rows::ReadRows(srcShape, dataTypeSize, "SoftMaxGradTilingFunc", &r)) return;
    if (localWorkSpaceSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] SoftMaxGradTilingFunc: localWorkSpaceSize must be greater than 0\n");
        return;
    }
    softmax_rows::Fill(r, softmax_rows::SplitRows(r, localWorkSpaceSize, GradRowFloats(r, dataTypeSize, isFront)), t);
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                           AscendC::tiling::SoftMaxTiling& softmaxGradTiling, const bool isFront) {
    optiling::SoftMaxTiling data;
    SoftMaxGradTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, data, isFront);
    softmaxGradTiling = tiling::SoftMaxTiling{data.get_srcM(),       data.get_srcK(),         data.get_srcSize(),
                                              data.get_outMaxM(),    data.get_outMaxK(),      data.get_outMaxSize(),
                                              data.get_splitM(),     data.get_splitK(),       data.get_splitSize(),
                                              data.get_reduceM(),    data.get_reduceK(),      data.get_reduceSize(),
                                              data.get_rangeM(),     data.get_tailM(),        data.get_tailSplitSize(),
                                              data.get_tailReduceSize()};
}

}  // namespace AscendC
