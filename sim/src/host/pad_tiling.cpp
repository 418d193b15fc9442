// Host tiling of Pad and UnPad (tiling/pad_tiling.h; numbers as in asc-devkit
// impl/adv_api/tiling/pad/pad_tiling_impl.cpp for A2/A3).
#include "tiling/pad_tiling.h"

#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kRowRepeats = 255;  // rows per Duplicate of the aligned case
constexpr uint32_t kListSize = 16;     // blocks per TransDataTo5HD repeat
constexpr uint32_t kTemps = 2;
constexpr uint32_t kBrcbRepeats = 254;  // 255 repeats of 8 blocks is not a whole number of 16-block groups

void Report(const char* api, const char* func, const char* message, unsigned long long value) {
    std::fprintf(stderr, "[ascendc_sim] [%s][%s] %s %llu\n", api, func, message, value);
}

bool CheckShape(const char* api, const char* func, const TensorShape& shape, const char* name, uint32_t typeSize) {
    bool ok = true;
    if (typeSize != 2 && typeSize != 4) {
        Report(api, func, "typeSize must be 2 or 4, got", typeSize);
        ok = false;
    }
    if (shape.GetDimNum() != 2) {
        std::fprintf(stderr, "[ascendc_sim] [%s][%s] %s must be 2-D, it has %zu dims\n", api, func, name,
                     shape.GetDimNum());
        ok = false;
    }
    return ok;
}

void HeightWidth(const TensorShape& shape, uint32_t* h, uint32_t* w) {
    const std::vector<int64_t> d = shape.GetDims();
    *h = d.size() > 0 ? static_cast<uint32_t>(d[0]) : 0;
    *w = d.size() > 1 ? static_cast<uint32_t>(d[1]) : 0;
}

// Bytes of the two temps for `rows` one-element blocks, in groups of 16.
uint32_t TempBytes(uint32_t rows, uint32_t typeSize) {
    const uint32_t groups = (rows + kListSize - 1) / kListSize;
    return groups * kListSize * (kBlockBytes / typeSize) * kTemps * typeSize;
}

}  // namespace

void GetPadMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                         uint32_t& minValue) {
    if (!CheckShape("Pad", "GetPadMaxMinTmpSize", srcShape, "srcShape", typeSize) || typeSize == 0) return;
    uint32_t h = 0, w = 0;
    HeightWidth(srcShape, &h, &w);
    maxValue = h * w == 0 ? 0 : TempBytes(h * w, typeSize);
    minValue = TempBytes(1, typeSize);
}

void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape, const uint32_t stackBufferSize,
                   const uint32_t typeSize, optiling::PadTiling& tiling) {
    CheckShape("Pad", "PadTilingFunc", srcShape, "srcShape", typeSize);
    if (oriSrcShape.GetDimNum() != 2) {
        std::fprintf(stderr, "[ascendc_sim] [Pad][PadTilingFunc] oriSrcShape must be 2-D, it has %zu dims\n",
                     oriSrcShape.GetDimNum());
    }
    if (oriSrcShape.GetShapeSize() > srcShape.GetShapeSize()) {
        Report("Pad", "PadTilingFunc", "oriSrcShape must not hold more elements than srcShape; it holds",
               static_cast<unsigned long long>(oriSrcShape.GetShapeSize()));
    }
    if (typeSize == 0) return;
    uint32_t h = 0, w = 0, oh = 0, ow = 0;
    HeightWidth(srcShape, &h, &w);
    HeightWidth(oriSrcShape, &oh, &ow);
    const uint32_t blk = kBlockBytes / typeSize;
    tiling.set_srcHeight(h);
    tiling.set_srcWidth(w);
    tiling.set_srcOriWidth(ow);
    const uint32_t widthWithoutLastBlock = w - blk;
    tiling.set_widthWithoutLastBlock(widthWithoutLastBlock);
    tiling.set_blocksPerRow(w * typeSize / kBlockBytes);
    const uint32_t pieces = h / kRowRepeats;
    tiling.set_heightTiling(kRowRepeats);
    tiling.set_heightFractal(pieces);
    tiling.set_heightFractalTail(h % kRowRepeats);
    tiling.set_mainLoopOffset(kRowRepeats * w);
    tiling.set_tailBlockOffset(pieces * kRowRepeats * w + widthWithoutLastBlock);
    if (stackBufferSize == 0) return;

    const uint32_t groupElements = kListSize * kBlockBytes / typeSize;  // one 16-block group
    const uint32_t n = stackBufferSize / typeSize / groupElements / kTemps;
    tiling.set_tmpBuffer1BlockNum(n);
    tiling.set_tmpBuffer1RowNum(kListSize * n);
    tiling.set_tmpBuffer2Offset(n * groupElements);
    const uint32_t widthTiling = kListSize * n;
    const uint32_t widthTail = widthTiling == 0 ? 0 : w % widthTiling;
    tiling.set_widthTiling(widthTiling);
    tiling.set_widthFractal(widthTiling == 0 ? 0 : w / widthTiling);
    tiling.set_widthFractalTail(widthTail);
    // Rounded up to whole blocks (wraps as CANN's unsigned arithmetic when the tail is 0).
    tiling.set_widthFractalTailAlingned(((widthTail - 1) / blk + 1) * blk);
    const uint32_t brcbTiling = kListSize * n;
    const uint32_t brcbTail = brcbTiling == 0 ? 0 : h * w % brcbTiling;
    tiling.set_brcbTiling(brcbTiling);
    tiling.set_brcbFractal(brcbTiling == 0 ? 0 : h * w / brcbTiling);
    tiling.set_brcbFractalTail(brcbTail);
    tiling.set_maxRepeatTimes(kBrcbRepeats);
    tiling.set_brcbTilingRepeatTimes(brcbTiling / 8 / kBrcbRepeats);
    tiling.set_brcbTilingRepeatTimesTail(brcbTiling / 8 % kBrcbRepeats);
    tiling.set_brcbFractalTailRepeatTimes(brcbTail / 8 / kBrcbRepeats);
    tiling.set_brcbFractalTailRepeatTimesTail(brcbTail / 8 % kBrcbRepeats);
}

void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape, const uint32_t stackBufferSize,
                   const uint32_t typeSize, AscendC::tiling::PadTiling& tiling) {
    optiling::PadTiling data;
    PadTilingFunc(srcShape, oriSrcShape, stackBufferSize, typeSize, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const TensorShape& srcShape,
                           const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
    (void)ascendcPlatform;  // the sim is A2/A3 (2201), where UnPad needs no temp
    if (!CheckShape("UnPad", "GetUnPadMaxMinTmpSize", srcShape, "srcShape", typeSize)) return;
    maxValue = 0;
    minValue = 0;
}

void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                     optiling::UnPadTiling& tiling) {
    CheckShape("UnPad", "UnPadTilingFunc", srcShape, "srcShape", typeSize);
    if (typeSize == 0) return;
    uint32_t h = 0, w = 0;
    HeightWidth(srcShape, &h, &w);
    tiling.set_srcHeight(h);
    tiling.set_srcWidth(w);
    if (stackBufferSize == 0) return;
    const uint32_t groupElements = kListSize * kBlockBytes / typeSize;
    const uint32_t n = stackBufferSize / typeSize / groupElements / kTemps;
    tiling.set_tmpBuffer1BlockNum(n);
    tiling.set_tmpBuffer1RowNum(kListSize * n);
    tiling.set_tmpBuffer2Offset(n * groupElements);
    const uint32_t widthTiling = kListSize * n;
    uint32_t pieces = widthTiling == 0 ? 0 : w / widthTiling;
    uint32_t tail = widthTiling == 0 ? 0 : w % widthTiling;
    if (tail != 0) {
        ++pieces;
    } else {
        tail = widthTiling;
    }
    tiling.set_widthTiling(widthTiling);
    tiling.set_widthFractal(pieces);
    tiling.set_widthFractalTail(tail);
}

void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                     AscendC::tiling::UnPadTiling& tiling) {
    optiling::UnPadTiling data;
    UnPadTilingFunc(srcShape, stackBufferSize, typeSize, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
