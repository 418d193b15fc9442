// Host tiling of LayerNorm and Normalize's temp size (tiling/layernorm_tiling.h; numbers as in
// asc-devkit impl/adv_api/tiling/normalization/layernorm_tiling_impl.cpp and
// normalize_tiling_impl.cpp, Atlas A2/A3).
#include "tiling/layernorm_tiling.h"

#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlk = 32;
constexpr uint32_t kBlkFloats = 8;

uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

// CANN reports a bad shape or type size and goes on (its check returns only from itself); the
// sim reports it the same way.
bool CheckCommon(const char* func, const TensorShape& shape, uint32_t typeSize) {
    const std::vector<int64_t> d = shape.GetDims();
    bool ok = true;
    if (shape.GetShapeSize() <= 0) {
        std::fprintf(stderr, "[LayerNorm][%s] Input Shape size must be greater than 0.\n", func);
        ok = false;
    }
    if (d.size() != 4) {
        std::fprintf(stderr,
                     "[LayerNorm][%s] The dims of srcShape is %zu, should be 4 (e.g. [B, S, storageHLength, "
                     "originHLength])!\n",
                     func, d.size());
        ok = false;
    }
    if (typeSize != 2 && typeSize != 4) {
        std::fprintf(stderr, "[LayerNorm][%s] Type size %u is unsupported!\n", func, typeSize);
        ok = false;
    }
    return ok;
}

void NDTiling(const TensorShape& srcShape, uint32_t stackBufferSize, uint32_t typeSize, bool isReuseSource,
              optiling::LayerNormTiling& tiling) {
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 4) return;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t oriH = static_cast<uint32_t>(d[3]);
    if (h == 0) {
        std::fprintf(stderr, "the value of hLength should not be zero.\n");
        return;
    }
    const uint32_t inputXSize = b * s * h, meanVarSize = b * s;
    const uint32_t numberOfTmpBuf = isReuseSource && typeSize == 4 ? 2 : 3;
    const uint32_t meanTmpTensorSize = AlignUp(meanVarSize, kBlkFloats);
    const uint32_t meanVarTotal = typeSize == 4 ? 0 : 2 * meanTmpTensorSize;
    const uint32_t tmpBufSize = stackBufferSize / 4;
    uint32_t one = (tmpBufSize - meanVarTotal) / numberOfTmpBuf;
    one = one / h * h;
    if (one > inputXSize) one = inputXSize;
    if (one == 0) return;
    const uint32_t tail = inputXSize % one;
    tiling.set_bLength(b);
    tiling.set_sLength(s);
    tiling.set_hLength(h);
    tiling.set_originalHLength(oriH);
    tiling.set_inputXSize(inputXSize);
    tiling.set_meanVarSize(meanVarSize);
    tiling.set_numberOfTmpBuf(numberOfTmpBuf);
    tiling.set_meanTmpTensorPos(0);
    tiling.set_meanTmpTensorSize(meanTmpTensorSize);
    tiling.set_varianceTmpTensorPos(meanTmpTensorSize);
    tiling.set_varianceTmpTensorSize(meanTmpTensorSize);
    tiling.set_tmpBufSize(tmpBufSize);
    tiling.set_oneTmpSize(one);
    tiling.set_firstTmpStartPos(meanVarTotal);
    tiling.set_secondTmpStartPos(meanVarTotal + one);
    tiling.set_thirdTmpStartPos(meanVarTotal + 2 * one);
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
}

}  // namespace

void GetLayerNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue) {
    CheckCommon("GetLayerNormMaxMinTmpSize", srcShape, typeSize);
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 3) return;
    const uint32_t b = static_cast<uint32_t>(d[0]), s = static_cast<uint32_t>(d[1]), h = static_cast<uint32_t>(d[2]);
    const uint32_t mv = AlignUp(b * s * 4, kBlk), input = AlignUp(b * s * h * 4, kBlk), row = AlignUp(h * 4, kBlk);
    const uint32_t n = isReuseSource && typeSize == 4 ? 2 : 3;
    maxValue = n * input + 2 * mv;
    minValue = n * row + 2 * mv;
}

void GetLayerNormNDTillingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                               const bool isReuseSource, optiling::LayerNormTiling& tilling) {
    CheckCommon("GetLayerNormNDTillingInfo", srcShape, typeSize);
    NDTiling(srcShape, stackBufferSize, typeSize, isReuseSource, tilling);
}

void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                              const bool isReuseSource, optiling::LayerNormTiling& tiling) {
    CheckCommon("GetLayerNormNDTilingInfo", srcShape, typeSize);
    NDTiling(srcShape, stackBufferSize, typeSize, isReuseSource, tiling);
}

void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                              const bool isReuseSource, AscendC::tiling::LayerNormTiling& tiling) {
    optiling::LayerNormTiling data;  // the fields a failed call leaves unset are written as 0, as CANN
    CheckCommon("GetLayerNormNDTilingInfo", srcShape, typeSize);
    NDTiling(srcShape, stackBufferSize, typeSize, isReuseSource, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetNormalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeU, const uint32_t typeSizeT,
                               const bool isReuseSource, const bool isComputeRstd, const bool isOnlyOutput,
                               uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;
    if (!isComputeRstd || isOnlyOutput || typeSizeU == 0 || typeSizeT == 0) return;
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 2) return;
    const uint32_t a = static_cast<uint32_t>(d[0]), r = static_cast<uint32_t>(d[1]);
    const uint32_t rp = AlignUp(r, kBlk / typeSizeT);
    const uint32_t rBytes = AlignUp(rp * 4, kBlk);
    maxValue = 2 * rBytes + 2 * AlignUp(AlignUp(a, 8) * rp * 4, kBlk);
    const uint32_t aBytes = AlignUp(a * 4, kBlk);
    const uint32_t nr = (typeSizeU == 4 ? 2 : 4) * rBytes;
    minValue = aBytes >= nr ? aBytes : nr;
}

void GetLayerNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                               const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue,
                               uint32_t& minValue) {
    if (typeSize == 0 || isOnlyOutput) return;
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 2) return;
    const uint32_t a = static_cast<uint32_t>(d[0]), r = static_cast<uint32_t>(d[1]);
    const uint32_t rp = AlignUp(r, kBlk / typeSize);
    const uint32_t mv = AlignUp(a * 4, kBlk), input = AlignUp(a * rp * 4, kBlk), row = AlignUp(rp * 4, kBlk);
    maxValue = 2 * input + mv;
    minValue = 2 * row + mv;
    uint32_t maxN = 0, minN = 0;
    GetNormalizeMaxMinTmpSize(srcShape, typeSize, typeSize, isReuseSource, isComputeRstd, isOnlyOutput, maxN, minN);
    if (minValue - mv <= minN) minValue = minN + mv;
    if (maxValue - mv <= maxN) maxValue = maxN + mv;
}

void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                              const bool isReuseSource, const bool isComputeRstd,
                              optiling::LayerNormSeparateTiling& tiling) {
    (void)isReuseSource;
    (void)isComputeRstd;
    if (typeSize == 0) return;
    const std::vector<int64_t> d = srcShape.GetDims();
    if (d.size() < 2) return;
    const uint32_t a = static_cast<uint32_t>(d[0]), r = static_cast<uint32_t>(d[1]);
    const uint32_t rp = AlignUp(r, kBlk / typeSize);
    const uint32_t inputXSize = a * rp;
    const uint32_t varSize = AlignUp(a, kBlkFloats);
    const uint32_t tmpBufSize = stackBufferSize / 4;
    uint32_t one = tmpBufSize > varSize ? (tmpBufSize - varSize) / 2 : 0;
    one = rp == 0 ? 0 : one / rp * rp;
    if (one > inputXSize) one = inputXSize;
    if (one == 0) return;
    const uint32_t tail = inputXSize % one;
    tiling.set_aLength(a);
    tiling.set_rLength(r);
    tiling.set_inputXSize(inputXSize);
    tiling.set_meanVarSize(a);
    tiling.set_numberOfTmpBuf(2);
    tiling.set_varianceTmpTensorPos(0);
    tiling.set_varianceTmpTensorSize(varSize);
    tiling.set_tmpBufSize(tmpBufSize);
    tiling.set_oneTmpSize(one);
    tiling.set_firstTmpStartPos(varSize);
    tiling.set_secondTmpStartPos(varSize + one);
    tiling.set_loopRound(inputXSize / one);
    tiling.set_inputRoundSize(one);
    tiling.set_inputTailSize(tail);
    tiling.set_inputTailPos(inputXSize - tail);
    tiling.set_meanVarRoundSize(one / rp);
    tiling.set_meanVarTailSize(tail / rp);
    tiling.set_meanVarTailPos(a - tail / rp);
    tiling.set_arCurLength(one);
    tiling.set_aCurLength(one / rp);
    tiling.set_rValueBack(1.0f / static_cast<float>(r));
}

void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                              const bool isReuseSource, const bool isComputeRstd,
                              AscendC::tiling::LayerNormSeparateTiling& tiling) {
    optiling::LayerNormSeparateTiling data;
    GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, isComputeRstd, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
