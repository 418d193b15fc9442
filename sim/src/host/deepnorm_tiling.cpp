// Host tiling of DeepNorm (tiling/deepnorm_tiling.h; numbers as in asc-devkit
// impl/adv_api/tiling/normalization/deepnorm_tiling_impl.cpp).
#include "tiling/deepnorm_tiling.h"

#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlk = 32;
constexpr uint32_t kBasicH = 64;
constexpr uint32_t kBasicBs = 8;

uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

void Report(const char* func, const char* what) { std::fprintf(stderr, "[DeepNorm][%s] %s\n", func, what); }

// CANN's host check reports and goes on; so does the sim's.
void CheckCommon(const char* func, const TensorShape& shape, uint32_t typeSize, bool isBasicBlock) {
    const std::vector<int64_t> d = shape.GetDims();
    if (shape.GetShapeSize() <= 0) return Report(func, "Input Shape size must be greater than 0.");
    if (typeSize != 2 && typeSize != 4) return Report(func, "Type size is unsupported!");
    if (d.size() != 3) return Report(func, "The dims of srcShape should be 3 (e.g. [B, S, H])!");
    const uint64_t bs = static_cast<uint64_t>(d[0] * d[1]), h = static_cast<uint64_t>(d[2]);
    if (h * typeSize % kBlk != 0) return Report(func, "The last axis H must be 32B aligned!");
    if (h > 2040) return Report(func, "The value of last axis can not be greater than 2040!");
    if (isBasicBlock && h % kBasicH != 0) return Report(func, "The last axis H must be 64 aligned!");
    if (isBasicBlock && bs % kBasicBs != 0) return Report(func, "The non-last axis B*S must be 8 aligned!");
}

}  // namespace

bool GetDeepNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                              const bool isBasicBlock, uint32_t& maxValue, uint32_t& minValue) {
    CheckCommon("GetDeepNormMaxMinTmpSize", srcShape, typeSize, isBasicBlock);
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 3) return false;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    if (isBasicBlock && !(h % kBasicH == 0 && h > 0 && b * s % kBasicBs == 0)) return false;
    const uint32_t n = isReuseSource && typeSize == 4 ? 2 : 3;
    const uint32_t bsBytes = AlignUp(b * s * 4, kBlk);
    maxValue = n * AlignUp(b * s * h * 4, kBlk) + 2 * bsBytes;
    minValue = n * AlignUp(h * 4, kBlk) + 2 * bsBytes;
    return true;
}

bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                           const bool isBasicBlock, optiling::DeepNormTiling& tiling) {
    uint32_t maxSize = 0, minSize = 0;
    if (!GetDeepNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, isBasicBlock, maxSize, minSize) ||
        stackBufferSize < minSize) {
        return false;
    }
    const std::vector<int64_t> d = srcShape.GetDims(), o = originSrcShape.GetDims();
    if (o.size() < 3) return false;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t oriH = static_cast<uint32_t>(o[2]);
    if (!(b == static_cast<uint32_t>(o[0]) && s == static_cast<uint32_t>(o[1]) && h * typeSize % kBlk == 0 &&
          oriH > 0 && oriH <= h && !(isBasicBlock && oriH != h) && h <= 255 * 8)) {
        return false;
    }
    const uint32_t inputXSize = b * s * h, meanVarSize = b * s;
    const uint32_t n = isReuseSource && typeSize == 4 ? 2 : 3;
    const uint32_t mvSize = AlignUp(meanVarSize, 8);
    const uint32_t mvTotal = typeSize == 4 ? 0 : 2 * mvSize;
    const uint32_t tmpBufSize = stackBufferSize / 4;
    uint32_t one = (tmpBufSize - mvTotal) / n / h * h;
    if (one > inputXSize) one = inputXSize;
    if (isBasicBlock && one / (kBasicBs * h) > 0) one = one / (kBasicBs * h) * (kBasicBs * h);
    if (one == 0) return false;
    const uint32_t tail = inputXSize % one;
    tiling.set_bLength(b);
    tiling.set_sLength(s);
    tiling.set_hLength(h);
    tiling.set_originalHLength(oriH);
    tiling.set_inputXSize(inputXSize);
    tiling.set_meanVarSize(meanVarSize);
    tiling.set_numberOfTmpBuf(n);
    tiling.set_meanTmpTensorPos(0);
    tiling.set_meanTmpTensorSize(mvSize);
    tiling.set_varianceTmpTensorPos(mvSize);
    tiling.set_varianceTmpTensorSize(mvSize);
    tiling.set_tmpBufSize(tmpBufSize);
    tiling.set_oneTmpSize(one);
    tiling.set_firstTmpStartPos(mvTotal);
    tiling.set_secondTmpStartPos(mvTotal + one);
    tiling.set_thirdTmpStartPos(mvTotal + 2 * one);
    tiling.set_loopRound(inputXSize / one);
    tiling.set_inputRoundSize(one);
    tiling.set_inputTailSize(tail);
    tiling.set_inputTailPos(inputXSize - tail);
    tiling.set_meanVarRoundSize(one / h);
    tiling.set_meanVarTailSize(tail / h);
    tiling.set_meanVarTailPos(meanVarSize - tail / h);
    tiling.set_bshCurLength(one);
    tiling.set_bsCurLength(one / h);
    tiling.set_lastDimValueBack(1.0f / static_cast<float>(oriH));
    return true;
}

bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                           const bool isBasicBlock, AscendC::tiling::DeepNormTiling& tiling) {
    optiling::DeepNormTiling data;
    const bool ok =
        GetDeepNormTilingInfo(srcShape, originSrcShape, stackBufferSize, typeSize, isReuseSource, isBasicBlock, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
    return ok;
}

}  // namespace AscendC
