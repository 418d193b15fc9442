// SoftmaxGrad's host tiling (formulas and their source in tiling/softmax_grad_tiling.h).
#include "tiling/softmax_grad_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatBytes = 4;
constexpr uint32_t kRowExtra = 64;  // SOFTMAX_BASICBLOCK_UNIT
constexpr uint32_t kBasicTile = 8;
constexpr uint32_t kBasicUnit = 64;
constexpr uint32_t kMaxBasicElements = kBasicUnit * 256;

struct Rows {
    uint32_t m = 0, k = 0, perBlock = 0;
};

bool ReadShape(const ge::Shape& srcShape, uint32_t typeSize, const char* api, Rows* rows) {
    const std::vector<int64_t> dims = srcShape.GetDims();
    if (dims.empty() || srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[ascendc_sim] %s: dataTypeSize %u is not 2 (half) or 4 (float)\n", api, typeSize);
        return false;
    }
    rows->k = static_cast<uint32_t>(dims.back());
    rows->m = static_cast<uint32_t>(srcShape.GetShapeSize() / dims.back());
    rows->perBlock = kBlockBytes / typeSize;
    if (uint64_t{rows->k} * typeSize % kBlockBytes != 0) {
        std::fprintf(stderr,
                     "[ascendc_sim] %s: the last axis of srcShape (%u elements of %u bytes) is not 32-byte aligned\n",
                     api, rows->k, typeSize);
    }
    return true;
}

uint32_t GradRowFloats(const Rows& r, uint32_t typeSize, bool isFront) {
    if (typeSize == 2) return 2 * r.perBlock + 3 * r.k + kRowExtra;
    return (isFront ? r.perBlock : 2 * r.perBlock) + r.k + kRowExtra;
}

}  // namespace

uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                  const bool isReuseSource) {
    (void)isReuseSource;
    Rows rows;
    if (!ReadShape(srcShape, dataTypeSize, "GetSoftMaxGradMaxTmpSize", &rows)) return 0;
    return rows.m * GradRowFloats(rows, dataTypeSize, isFront) * kFloatBytes;
}

uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                  const bool isReuseSource) {
    (void)isReuseSource;
    Rows rows;
    if (!ReadShape(srcShape, dataTypeSize, "GetSoftMaxGradMinTmpSize", &rows)) return 0;
    return GradRowFloats(rows, dataTypeSize, isFront) * kFloatBytes;
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                           optiling::SoftMaxTiling& t, const bool isFront) {
    Rows r;
    if (!ReadShape(srcShape, dataTypeSize, "SoftMaxGradTilingFunc", &r)) return;
    if (localWorkSpaceSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] SoftMaxGradTilingFunc: localWorkSpaceSize must be greater than 0\n");
        return;
    }
    uint32_t baseM = std::min(localWorkSpaceSize / kFloatBytes / GradRowFloats(r, dataTypeSize, isFront), r.m);
    if (baseM < r.m && baseM > kBasicTile) baseM = baseM / kBasicTile * kBasicTile;
    if (baseM > kBasicTile && r.m % kBasicTile == 0 && r.k % kBasicUnit == 0) {
        baseM = baseM / kBasicTile * kBasicTile;
        while (r.m % baseM != 0) baseM -= kBasicTile;
        while (baseM * r.k >= kMaxBasicElements) baseM /= 2;
    }
    const uint32_t tail = baseM != 0 ? r.m % baseM : 0;
    t.set_srcM(r.m);
    t.set_srcK(r.k);
    t.set_srcSize(r.m * r.k);
    t.set_outMaxM(r.m);
    t.set_outMaxK(r.perBlock);
    t.set_outMaxSize(r.m * r.perBlock);
    t.set_splitM(baseM);
    t.set_splitK(r.k);
    t.set_splitSize(baseM * r.k);
    t.set_reduceM(baseM);
    t.set_reduceK(r.perBlock);
    t.set_reduceSize(baseM * r.perBlock);
    if (baseM != 0) t.set_rangeM(r.m / baseM);
    t.set_tailM(tail);
    t.set_tailSplitSize(tail * r.k);
    t.set_tailReduceSize(tail * r.perBlock);
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
