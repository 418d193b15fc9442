// SoftmaxFlashV2's host tiling (formulas and their source in tiling/softmax_flashv2_tiling.h).
#include "tiling/softmax_flashv2_tiling.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatBytes = 4;
constexpr uint32_t kUnit = 64;                // floats of one repeat (SOFTMAX_BASICBLOCK_UNIT)
constexpr uint32_t kTile = 8;                 // rows of a basic block (BASIC_TILE_NUM)
constexpr uint32_t kSpecialK = 1024;          // SOFTMAX_SPECIAL_BASICBLOCK_LEN: 128 floats of extra
constexpr uint32_t kMaxBasicElements = 64 * 256;

struct Rows {
    uint32_t m = 0, k = 0, perBlock = 0;
};

bool Read(const ge::Shape& shape, uint32_t size1, uint32_t size2, const char* api, Rows* r) {
    const std::vector<int64_t> dims = shape.GetDims();
    if (dims.empty() || shape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    for (uint32_t size : {size1, size2}) {
        if (size != 2 && size != 4) {
            std::fprintf(stderr, "[ascendc_sim] %s: dataTypeSize %u is not 2 (half) or 4 (float)\n", api, size);
            return false;
        }
    }
    r->k = static_cast<uint32_t>(dims.back());
    r->m = static_cast<uint32_t>(shape.GetShapeSize() / dims.back());
    r->perBlock = kBlockBytes / size2;
    if (uint64_t{r->k} * size1 % kBlockBytes != 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: the last axis of srcShape (%u elements of %u bytes) is not 32-byte aligned\n",
                     api, r->k, size1);
    }
    return true;
}

uint32_t PerRow(const Rows& r, uint32_t size1, bool basic) {
    const uint32_t extra = basic && r.k == kSpecialK ? 2 * kUnit : kUnit;
    if (basic) return size1 == 2 ? r.perBlock + r.k + extra : r.perBlock + extra;
    return size1 == 2 ? 2 * r.perBlock + r.k + kUnit : r.perBlock + kUnit;
}

}  // namespace

uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool isUpdate, const bool isBasicBlock,
                                     const bool isFlashOutputBrc) {
    (void)isUpdate;
    (void)isFlashOutputBrc;
    Rows r;
    if (!Read(srcShape, dataTypeSize1, dataTypeSize2, "GetSoftMaxFlashV2MaxTmpSize", &r)) return 0;
    const bool basic = isBasicBlock && r.k % kUnit == 0 && r.m % kTile == 0;
    uint32_t m = r.m;
    if (basic) {
        while (m * r.k >= kMaxBasicElements) m /= 2;
    }
    return m * PerRow(r, dataTypeSize1, basic) * kFloatBytes;
}

uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool isUpdate, const bool isBasicBlock,
                                     const bool isFlashOutputBrc) {
    (void)isUpdate;
    Rows r;
    if (!Read(srcShape, dataTypeSize1, dataTypeSize2, "GetSoftMaxFlashV2MinTmpSize", &r)) return 0;
    const bool basic = isBasicBlock && r.k % kUnit == 0;
    uint32_t floats = (basic ? kTile : 1) * PerRow(r, dataTypeSize1, basic);
    if (isFlashOutputBrc) {
        const uint32_t rows = std::min(kBlockBytes / dataTypeSize1, r.m);
        floats = basic ? floats / kTile * rows : floats * rows;
    }
    return floats * kFloatBytes;
}

void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                              const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& t, const bool isUpdate,
                              const bool isBasicBlock, const bool isFlashOutputBrc) {
    (void)isUpdate;
    Rows r;
    if (!Read(srcShape, dataTypeSize1, dataTypeSize2, "SoftMaxFlashV2TilingFunc", &r)) return;
    if (localWorkSpaceSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] SoftMaxFlashV2TilingFunc: localWorkSpaceSize must be greater than 0\n");
        return;
    }
    const uint32_t work = localWorkSpaceSize / kFloatBytes;
    const bool basic = isBasicBlock && r.k % kUnit == 0 && r.m % kTile == 0;
    uint32_t baseM = work / PerRow(r, dataTypeSize1, basic);
    if (basic) {
        baseM = std::min(baseM, r.m);
        if (baseM > kTile) {
            baseM = baseM / kTile * kTile;
            while (r.m % baseM != 0) baseM -= kTile;
            while (baseM * r.k >= kMaxBasicElements) baseM /= 2;
        }
    }
    const uint32_t tile = isFlashOutputBrc && dataTypeSize1 == 2 ? kBlockBytes / 2 : kTile;
    baseM = std::min(baseM, r.m);
    if (baseM < r.m && baseM > tile) baseM = baseM / tile * tile;
    const uint32_t tail = baseM != 0 ? r.m % baseM : 0;
    t.set_srcM(r.m);
    t.set_srcK(r.k);
    t.set_srcSize(r.m * r.k);
    t.set_outMaxM(r.m);
    t.set_outMaxK(r.perBlock);
    t.set_outMaxSize(r.m * r.perBlock);
    t.set_reduceM(baseM);
    t.set_reduceK(r.perBlock);
    t.set_reduceSize(baseM * r.perBlock);
    t.set_splitM(baseM);
    t.set_splitK(r.k);
    t.set_splitSize(baseM * r.k);
    if (baseM != 0) t.set_rangeM(r.m / baseM);
    t.set_tailM(tail);
    t.set_tailSplitSize(tail * r.k);
    t.set_tailReduceSize(tail * r.perBlock);
    if (isFlashOutputBrc && (t.get_rangeM() > 1 || tail != 0) && baseM % (kBlockBytes / dataTypeSize1) != 0) {
        std::fprintf(stderr,
                     "[ascendc_sim] SoftMaxFlashV2TilingFunc: with isFlashOutputBrc, reduceM %u must be a multiple of "
                     "%u (raise localWorkSpaceSize)\n",
                     baseM, kBlockBytes / dataTypeSize1);
    }
}

void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                              const uint32_t localWorkSpaceSize, AscendC::tiling::SoftMaxTiling& softmaxFlashTiling,
                              const bool isUpdate, const bool isBasicBlock, const bool isFlashOutputBrc) {
    optiling::SoftMaxTiling data;
    SoftMaxFlashV2TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, data, isUpdate, isBasicBlock,
                             isFlashOutputBrc);
    data.SaveToBuffer(&softmaxFlashTiling, sizeof(softmaxFlashTiling));
}

}  // namespace AscendC
