// SoftmaxFlash's host tiling (formulas and their source in tiling/softmax_flash_tiling.h).
#include "tiling/softmax_flash_tiling.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kRowExtra = 64;  // floats a row beyond b + K without the update
constexpr uint32_t kBasicTile = 8;
constexpr uint32_t kBasicUnit = 64;
constexpr uint32_t kMaxBasicElements = kBasicUnit * 256;

struct Rows {
    uint32_t m = 0, k = 0, perBlock = 0;
};

bool ReadRows(const ge::Shape& srcShape, uint32_t typeSize, const char* api, Rows* r) {
    const std::vector<int64_t> dims = srcShape.GetDims();
    if (dims.empty() || srcShape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return false;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[ascendc_sim] %s: dataTypeSize %u is not 2 (half) or 4 (float)\n", api, typeSize);
        return false;
    }
    r->k = static_cast<uint32_t>(dims.back());
    r->m = static_cast<uint32_t>(srcShape.GetShapeSize() / dims.back());
    r->perBlock = kBlockBytes / typeSize;
    if (uint64_t{r->k} * typeSize % kBlockBytes != 0) {
        std::fprintf(stderr,
                     "[ascendc_sim] %s: the last axis of srcShape (%u elements of %u bytes) is not 32-byte aligned\n",
                     api, r->k, typeSize);
    }
    return true;
}

uint32_t RowFloats(const Rows& r, bool isUpdate) {
    return isUpdate ? 4 * r.perBlock + 2 * r.k : r.perBlock + r.k + kRowExtra;
}

}  // namespace

uint32_t GetSoftMaxFlashMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isUpdate,
                                   const bool isReuseSource) {
    (void)isReuseSource;  // not used by the A2/A3 implementation
    Rows r;
    if (!ReadRows(srcShape, dataTypeSize, "GetSoftMaxFlashMaxTmpSize", &r)) return 0;
    return r.m * RowFloats(r, isUpdate) * 4;
}

uint32_t GetSoftMaxFlashMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isUpdate,
                                   const bool isReuseSource) {
    (void)isReuseSource;
    Rows r;
    if (!ReadRows(srcShape, dataTypeSize, "GetSoftMaxFlashMinTmpSize", &r)) return 0;
    return RowFloats(r, isUpdate) * 4;
}

void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                            optiling::SoftMaxTiling& t, const bool isUpdate) {
    Rows r;
    if (!ReadRows(srcShape, dataTypeSize, "SoftMaxFlashTilingFunc", &r)) return;
    if (localWorkSpaceSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] SoftMaxFlashTilingFunc: localWorkSpaceSize must be greater than 0\n");
        return;
    }
    uint32_t baseM = std::min(localWorkSpaceSize / 4 / RowFloats(r, isUpdate), r.m);
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

void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                            AscendC::tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate) {
    optiling::SoftMaxTiling data;
    SoftMaxFlashTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, data, isUpdate);
    data.SaveToBuffer(&softmaxFlashTiling, sizeof(softmaxFlashTiling));
}

}  // namespace AscendC
