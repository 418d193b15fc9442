// Host tiling of BatchNorm (tiling/batchnorm_tiling.h; numbers as in asc-devkit
// impl/adv_api/tiling/normalization/batchnorm_tiling_impl.cpp).
#include "tiling/batchnorm_tiling.h"

#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatsPerBlock = 8;
constexpr uint32_t kHalvesPerBlock = 16;
constexpr uint32_t kBasicSh = 64;  // isBasicBlock: s*h a multiple of one float repeat
constexpr uint32_t kBasicB = 8;    // isBasicBlock: B a multiple of one block of floats

uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

struct Dims {
    uint32_t b = 0, s = 0, h = 0;  // b: the origin's batch
};

bool Read(const TensorShape& src, const TensorShape& origin, Dims* d) {
    const std::vector<int64_t> a = src.GetDims(), o = origin.GetDims();
    if (a.size() != 3 || o.size() != 3) return false;
    d->b = static_cast<uint32_t>(o[0]);
    d->s = static_cast<uint32_t>(a[1]);
    d->h = static_cast<uint32_t>(a[2]);
    return true;
}

bool BasicShape(const Dims& d) { return d.s * d.h % kBasicSh == 0 && d.b % kBasicB == 0; }

uint32_t MeanVarBytes(const Dims& d) { return 2 * AlignUp(d.s * d.h * 4, kBlockBytes); }

}  // namespace

bool GetBatchNormMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& originSrcShape,
                               const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue, const bool isBasicBlock) {
    (void)isReuseSource;  // not used by the A2/A3 implementation
    Dims d;
    if (!Read(srcShape, originSrcShape, &d)) return false;
    if (isBasicBlock && !BasicShape(d)) return false;
    maxValue = 3 * AlignUp(d.b * d.s * d.h * 4, kBlockBytes) + MeanVarBytes(d);
    uint32_t perPart = d.b * (typeSize == 2 ? 2 * kBlockBytes : kBlockBytes);
    if (isBasicBlock) perPart = d.b * kBasicSh * 4;
    minValue = 3 * perPart + MeanVarBytes(d);
    return true;
}

bool GetBatchNormNDTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize, const bool isReuseSource,
                              optiling::BatchNormTiling& tilling, const bool isBasicBlock) {
    Dims d;
    if (!Read(srcShape, originSrcShape, &d) || d.b == 0) return false;
    if (d.s * d.h * typeSize % kBlockBytes != 0) return false;
    uint32_t maxV = 0, minV = 0;
    if (!GetBatchNormMaxMinTmpSize(srcShape, originSrcShape, typeSize, isReuseSource, maxV, minV, isBasicBlock) ||
        stackBufferByteSize < minV) {
        return false;
    }
    const uint32_t sh = d.s * d.h, input = d.b * sh;
    const uint32_t meanVarAligned = AlignUp(sh, kFloatsPerBlock);
    const uint32_t meanVarTotal = typeSize == 4 ? 0 : 2 * meanVarAligned;
    const uint32_t tmpBufSize = stackBufferByteSize / 4;
    const uint32_t unit = d.b * (typeSize == 4 ? kFloatsPerBlock : kHalvesPerBlock);
    uint32_t one = (tmpBufSize - meanVarTotal) / 3 / unit * unit;
    if (one > input) one = input;
    if (one == 0) return false;
    uint32_t shCur = one / d.b;
    if (isBasicBlock && shCur % kBasicSh != 0) {
        shCur = shCur / kBasicSh * kBasicSh;
        one = shCur * d.b;
    }
    if (one == 0) return false;
    const uint32_t tail = input % one;
    tilling.set_originalBLength(d.b);
    tilling.set_meanVarSize(sh);
    tilling.set_meanTmpTensorPos(0);
    tilling.set_varianceTmpTensorPos(meanVarAligned);
    tilling.set_tmpBufSize(tmpBufSize);
    tilling.set_oneTmpSize(one);
    tilling.set_firstTmpStartPos(meanVarTotal);
    tilling.set_secondTmpStartPos(meanVarTotal + one);
    tilling.set_thirdTmpStartPos(meanVarTotal + 2 * one);
    tilling.set_loopRound(input / one);
    tilling.set_inputTailSize(tail);
    tilling.set_inputTailPos((input - tail) / d.b);
    tilling.set_meanVarTailSize(tail / d.b);
    tilling.set_meanVarTailPos(sh - tail / d.b);
    tilling.set_bshCurLength(one);
    tilling.set_shCurLength(shCur);
    tilling.set_firstDimValueBack(1.0f / static_cast<float>(d.b));
    tilling.set_castHalfRepStride(8 / 2);
    tilling.set_shCurLengthBlockNum(shCur / kFloatsPerBlock);
    tilling.set_castHalfOutRepStride(sh / kHalvesPerBlock);
    return true;
}

bool GetBatchNormNDTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                              const uint32_t stackBufferByteSize, const uint32_t typeSize, const bool isReuseSource,
                              AscendC::tiling::BatchNormTiling& tilling, const bool isBasicBlock) {
    optiling::BatchNormTiling data;
    const bool ok = GetBatchNormNDTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize, isReuseSource,
                                             data, isBasicBlock);
    data.SaveToBuffer(&tilling, sizeof(tilling));
    return ok;
}

}  // namespace AscendC
