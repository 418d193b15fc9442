// Host tiling of GroupNorm (tiling/groupnorm_tiling.h; numbers as in asc-devkit
// impl/adv_api/tiling/normalization/groupnorm_tiling_impl.cpp).
#include "tiling/groupnorm_tiling.h"

#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatsPerBlock = 8;
constexpr uint32_t kMaxMask = 64;       // floats of one repeat
constexpr uint32_t kMaxRepeat = 255;
constexpr uint32_t kSmallMaxSplit = 8;  // the largest divisor tried for the small-shape reduction

uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }

struct Dims {
    uint32_t n = 0, c = 0, h = 0, w = 0;
};

// False (after a message naming the function) when nothing can be computed.
bool Read(const TensorShape& shape, uint32_t typeSize, uint32_t groupNum, const char* fn, Dims* d) {
    const std::vector<int64_t> v = shape.GetDims();
    const char* problem = nullptr;
    if (v.size() != 4) problem = "srcShape must be 4-D [N, C, H, W]";
    else if (shape.GetShapeSize() <= 0) problem = "srcShape must have at least one element";
    else if (typeSize != 2 && typeSize != 4) problem = "typeSize must be 2 (half) or 4 (float)";
    else if (groupNum == 0) problem = "groupNum must be greater than 0";
    if (problem != nullptr) {
        std::fprintf(stderr, "[ascendc_sim] GroupNorm %s: %s\n", fn, problem);
        return false;
    }
    *d = Dims{static_cast<uint32_t>(v[0]), static_cast<uint32_t>(v[1]), static_cast<uint32_t>(v[2]),
              static_cast<uint32_t>(v[3])};
    return true;
}

uint32_t HwAlign(const Dims& d, uint32_t typeSize) { return AlignUp(d.h * d.w * typeSize, kBlockBytes) / typeSize; }

uint32_t TmpBytes(const Dims& d, uint32_t typeSize, bool reuse, uint32_t g, bool whole) {
    const uint32_t meanVar = AlignUp(d.n * g * 4, kBlockBytes);
    const uint32_t part = (whole ? d.n * d.c : d.c / g) * HwAlign(d, typeSize) * 4;
    const uint32_t parts = reuse && typeSize == 4 ? 2 : 3;
    return parts * part + 2 * meanVar;
}

}  // namespace

void GetGroupNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                               const uint32_t groupNum, uint32_t& maxValue, uint32_t& minValue) {
    Dims d;
    if (!Read(srcShape, typeSize, groupNum, "GetGroupNormMaxMinTmpSize", &d)) return;
    maxValue = TmpBytes(d, typeSize, isReuseSource, groupNum, true);
    minValue = TmpBytes(d, typeSize, isReuseSource, groupNum, false);
}

void GetGroupNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                              const bool isReuseSource, const uint32_t groupNum, optiling::GroupNormTiling& tiling) {
    Dims d;
    if (!Read(srcShape, typeSize, groupNum, "GetGroupNormNDTilingInfo", &d)) return;
    const uint32_t g = groupNum, dd = d.c / g;
    const uint32_t hwAlign = HwAlign(d, typeSize), dhwAlign = dd * hwAlign;
    if (dhwAlign == 0) {
        std::fprintf(stderr, "[ascendc_sim] GroupNorm GetGroupNormNDTilingInfo: C / groupNum is 0\n");
        return;
    }
    const uint32_t inputXSize = d.n * d.c * hwAlign, meanVarSize = d.n * g;
    const uint32_t meanTmp = AlignUp(meanVarSize, kFloatsPerBlock);
    const uint32_t meanVarTotal = typeSize == 4 ? 0 : 2 * meanTmp;
    const uint32_t parts = isReuseSource && typeSize == 4 ? 2 : 3;
    const uint32_t tmpBufSize = stackBufferSize / kBlockBytes * kBlockBytes / 4;
    uint32_t one = tmpBufSize > meanVarTotal ? (tmpBufSize - meanVarTotal) / parts : 0;
    uint32_t groups = one / dhwAlign;
    uint32_t k = kSmallMaxSplit;
    while (dhwAlign / kFloatsPerBlock % k != 0) --k;
    const bool smallShape = hwAlign <= kMaxMask && dhwAlign <= kMaxMask * k;
    if (smallShape) {
        uint32_t mask1 = kMaxMask;
        if (dhwAlign > kMaxMask) {
            while (mask1 != 0 && dhwAlign % mask1 != 0) mask1 -= kFloatsPerBlock;
        } else {
            mask1 = dhwAlign;
        }
        if (mask1 == 0) return;
        const uint32_t maxGroups = kMaxRepeat / (dhwAlign / mask1) / kFloatsPerBlock * kFloatsPerBlock;
        if (maxGroups < groups) groups = maxGroups;
    }
    if (typeSize == 2 && groups * dhwAlign < d.c) {
        std::fprintf(stderr,
                     "[ascendc_sim] GroupNorm GetGroupNormNDTilingInfo: stackBufferSize %u holds a round of %u "
                     "floats, fewer than the C = %u gamma/beta values a half GroupNorm converts there\n",
                     stackBufferSize, groups * dhwAlign, d.c);
        return;
    }
    one = groups * dhwAlign;
    if (one > inputXSize) {
        groups = meanVarSize;
        one = inputXSize;
    }
    if (one == 0) {
        std::fprintf(stderr,
                     "[ascendc_sim] GroupNorm GetGroupNormNDTilingInfo: stackBufferSize %u is below one group "
                     "(GetGroupNormMaxMinTmpSize's min)\n",
                     stackBufferSize);
        return;
    }
    const uint32_t tail = inputXSize % one;
    tiling.set_n(d.n);
    tiling.set_c(d.c);
    tiling.set_hw(d.h * d.w);
    tiling.set_g(g);
    tiling.set_d(dd);
    tiling.set_hwAlignSize(hwAlign);
    tiling.set_dhwAlignSize(dhwAlign);
    tiling.set_inputXSize(inputXSize);
    tiling.set_meanVarSize(meanVarSize);
    tiling.set_numberOfTmpBuf(parts);
    tiling.set_meanTmpTensorPos(0);
    tiling.set_meanTmpTensorSize(meanTmp);
    tiling.set_varianceTmpTensorPos(meanTmp);
    tiling.set_varianceTmpTensorSize(meanTmp);
    tiling.set_tmpBufSize(tmpBufSize);
    tiling.set_oneTmpSize(one);
    tiling.set_firstTmpStartPos(meanVarTotal);
    tiling.set_secondTmpStartPos(meanVarTotal + one);
    tiling.set_thirdTmpStartPos(meanVarTotal + 2 * one);
    tiling.set_loopRound(inputXSize / one);
    tiling.set_inputRoundSize(one);
    tiling.set_inputTailSize(tail);
    tiling.set_inputTailPos(inputXSize - tail);
    tiling.set_meanVarRoundSize(one / dhwAlign);
    tiling.set_meanVarTailSize(tail / dhwAlign);
    tiling.set_meanVarTailPos(meanVarSize - tail / dhwAlign);
    tiling.set_bshCurLength(one);
    tiling.set_bsCurLength(groups);
    tiling.set_factor(1.0f / static_cast<float>(dd * d.h * d.w));
    tiling.set_smallShape(smallShape);
}

void GetGroupNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                              const bool isReuseSource, const uint32_t groupNum,
                              AscendC::tiling::GroupNormTiling& tiling) {
    optiling::GroupNormTiling data;
    GetGroupNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, groupNum, data);
    data.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
