// SoftmaxFlash's host tiling (formulas and their source in tiling/softmax_flash_tiling.h).
#include "tiling/softmax_flash_tiling.h"

#include <cstdio>

#include "softmax_rows.h"

namespace AscendC {
namespace {

using softmax_rows::kRowExtra;
using softmax_rows::Rows;
using softmax_rows::ReadRows;

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
    softmax_rows::Fill(r, softmax_rows::SplitRows(r, localWorkSpaceSize, RowFloats(r, isUpdate)), t);
}

void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                            AscendC::tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate) {
    optiling::SoftMaxTiling data;
    SoftMaxFlashTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, data, isUpdate);
    data.SaveToBuffer(&softmaxFlashTiling, sizeof(softmaxFlashTiling));
}

}  // namespace AscendC
