// SoftMax's host tiling (formulas and their source in tiling/softmax_tiling.h).
#include "tiling/softmax_tiling.h"

#include <cstdio>

#include "softmax_rows.h"

namespace AscendC {
namespace {

using softmax_rows::kBasicUnit;
using softmax_rows::kFloatBytes;
using softmax_rows::kRowExtra;
using softmax_rows::Rows;
constexpr uint32_t kBasicMinK = 256;  // bytes: K * typeSize at least this for a basic block
constexpr uint32_t kBasicMaxK = 2048;

uint32_t RowFloats(const Rows& rows) { return rows.perBlock + rows.k + kRowExtra; }


}  // namespace

uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    (void)isReuseSource;  // not used by the A2/A3 implementation
    Rows rows;
    if (!softmax_rows::ReadRows(srcShape, dataTypeSize, "GetSoftMaxMaxTmpSize", &rows)) return 0;
    return rows.m * RowFloats(rows) * kFloatBytes;
}

uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    (void)isReuseSource;
    Rows rows;
    if (!softmax_rows::ReadRows(srcShape, dataTypeSize, "GetSoftMaxMinTmpSize", &rows)) return 0;
    return RowFloats(rows) * kFloatBytes;
}

void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                       optiling::SoftMaxTiling& softmaxTiling) {
    Rows rows;
    if (!softmax_rows::ReadRows(srcShape, dataTypeSize, "SoftMaxTilingFunc", &rows)) return;
    if (localWorkSpaceSize == 0) {
        std::fprintf(stderr, "[ascendc_sim] SoftMaxTilingFunc: localWorkSpaceSize must be greater than 0\n");
        return;
    }
    softmax_rows::Fill(rows, softmax_rows::SplitRows(rows, localWorkSpaceSize, RowFloats(rows)), softmaxTiling);
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
