// SoftMax's host tiling (formulas and their source in tiling/softmax_tiling.h).
#include "tiling/softmax_tiling.h"

#include <algorithm>
#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatBytes = 4;
constexpr uint32_t kRowExtra = 64;        // floats per row beyond b + K (SOFTMAX_BASICBLOCK_UNIT)
constexpr uint32_t kBasicTile = 8;        // rows of a basic block (32 B of floats)
constexpr uint32_t kBasicUnit = 64;       // K granule of a basic block (one float repeat)
constexpr uint32_t kBasicMinK = 256;      // bytes: K * typeSize at least this for a basic block
constexpr uint32_t kBasicMaxK = 2048;
constexpr uint32_t kMaxBasicElements = kBasicUnit * 256;  // baseM * K stays below (255 repeats)

struct Rows {
    uint32_t m = 0, k = 0, perBlock = 0;
};

// False (after a message) when nothing can be computed.
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

uint32_t RowFloats(const Rows& rows) { return rows.perBlock + rows.k + kRowExtra; }

template <class Tiling>
void Fill(const Rows& r, uint32_t baseM, Tiling& t) {
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

}  // namespace

uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    (void)isReuseSource;  // not used by the A2/A3 implementation
    Rows rows;
    if (!ReadShape(srcShape, dataTypeSize, "GetSoftMaxMaxTmpSize", &rows)) return 0;
    return rows.m * RowFloats(rows) * kFloatBytes;
}

uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    (void)isReuseSource;
    Rows rows;
    if (!ReadShape(srcShape, dataTypeSize, "GetSoftMaxMinTmpSize", &rows)) return 0;
    return RowFloats(rows) * kFloatBytes;
}

void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                       optiling::SoftMaxTiling& softmaxTiling) {
    Rows rows;
    if (!ReadShape(srcShape, dataTypeSize, "SoftMaxTilingFunc", &rows)) return;
    if (localWorkSpaceSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] SoftMaxTilingFunc: localWorkSpaceSize must be greater than 0\n");
        return;
    }
    uint32_t baseM = std::min(localWorkSpaceSize / kFloatBytes / RowFloats(rows), rows.m);
    if (baseM < rows.m && baseM > kBasicTile) baseM = baseM / kBasicTile * kBasicTile;
    if (baseM > kBasicTile && rows.m % kBasicTile == 0 && rows.k % kBasicUnit == 0) {
        baseM = baseM / kBasicTile * kBasicTile;
        while (rows.m % baseM != 0) baseM -= kBasicTile;
        while (baseM * rows.k >= kMaxBasicElements) baseM /= 2;
    }
    Fill(rows, baseM, softmaxTiling);
}

namespace {
// AscendC::tiling::SoftMaxTiling through the same setters as the tiling-data class.
struct PlainSetter {
    tiling::SoftMaxTiling& t;
#define ASCENDC_SIM_PLAIN_SET(field) \
    void set_##field(uint32_t v) { t.field = v; }
    ASCENDC_SIM_PLAIN_SET(srcM)
    ASCENDC_SIM_PLAIN_SET(srcK)
    ASCENDC_SIM_PLAIN_SET(srcSize)
    ASCENDC_SIM_PLAIN_SET(outMaxM)
    ASCENDC_SIM_PLAIN_SET(outMaxK)
    ASCENDC_SIM_PLAIN_SET(outMaxSize)
    ASCENDC_SIM_PLAIN_SET(splitM)
    ASCENDC_SIM_PLAIN_SET(splitK)
    ASCENDC_SIM_PLAIN_SET(splitSize)
    ASCENDC_SIM_PLAIN_SET(reduceM)
    ASCENDC_SIM_PLAIN_SET(reduceK)
    ASCENDC_SIM_PLAIN_SET(reduceSize)
    ASCENDC_SIM_PLAIN_SET(rangeM)
    ASCENDC_SIM_PLAIN_SET(tailM)
    ASCENDC_SIM_PLAIN_SET(tailSplitSize)
    ASCENDC_SIM_PLAIN_SET(tailReduceSize)
#undef ASCENDC_SIM_PLAIN_SET
};
}  // namespace

void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                       AscendC::tiling::SoftMaxTiling& softmaxTiling) {
    // Through the tiling-data class, as CANN does (it then copies the class's bytes over the struct).
    optiling::SoftMaxTiling data;
    SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, data);
    PlainSetter plain{softmaxTiling};
    plain.set_srcM(data.get_srcM());
    plain.set_srcK(data.get_srcK());
    plain.set_srcSize(data.get_srcSize());
    plain.set_outMaxM(data.get_outMaxM());
    plain.set_outMaxK(data.get_outMaxK());
    plain.set_outMaxSize(data.get_outMaxSize());
    plain.set_splitM(data.get_splitM());
    plain.set_splitK(data.get_splitK());
    plain.set_splitSize(data.get_splitSize());
    plain.set_reduceM(data.get_reduceM());
    plain.set_reduceK(data.get_reduceK());
    plain.set_reduceSize(data.get_reduceSize());
    plain.set_rangeM(data.get_rangeM());
    plain.set_tailM(data.get_tailM());
    plain.set_tailSplitSize(data.get_tailSplitSize());
    plain.set_tailReduceSize(data.get_tailReduceSize());
}

bool IsBasicBlockInSoftMax(optiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize) {
    if (dataTypeSize == 0) return false;
    const uint32_t k = tiling.get_srcK();
    return tiling.get_tailM() == 0 && k >= kBasicMinK / dataTypeSize && k < kBasicMaxK && k % kBasicUnit == 0;
}

bool IsBasicBlockInSoftMax(AscendC::tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize) {
    optiling::SoftMaxTiling data;
    data.set_srcK(tiling.srcK);
    data.set_tailM(tiling.tailM);
    return IsBasicBlockInSoftMax(data, dataTypeSize);
}

}  // namespace AscendC
