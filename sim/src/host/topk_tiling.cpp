// Host tiling of TopK (formulas and their source in tiling/topk_tiling.h).
#include "tiling/topk_tiling.h"

#include <cstdio>

namespace AscendC {
namespace {

constexpr uint32_t kHalfSize = 2;
constexpr uint32_t kFloatSize = 4;
constexpr int32_t kSmallMaskBytes = 64;  // the Small mode's GatherMask patterns, one 32-B block each, rounded

void Report(const char* hostFunc, const char* what) {
    std::fprintf(stderr, "[ascendc_sim] [TopK][%s] %s\n", hostFunc, what);
}

void CheckTopKHost(const char* hostFunc, const platform_ascendc::PlatformAscendC& platform, int32_t inner,
                   int32_t outter, TopKMode mode, uint32_t dataTypeSize) {
    if (inner <= 0) Report(hostFunc, "The length of the inner axis must be greater than 0!");
    if (inner % 32 != 0) Report(hostFunc, "The length of the inner axis must be a multiple of 32!");
    if (mode == TopKMode::TOPK_NSMALL && inner != 32)
        Report(hostFunc, "In Small mode, the length of the inner axis must be 32!");
    if (outter <= 0) Report(hostFunc, "The length of the outter axis must be greater than 0!");
    uint64_t ub = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    const uint64_t bytes = static_cast<uint64_t>(inner) * static_cast<uint64_t>(outter) * dataTypeSize;
    if (inner > 0 && outter > 0 && bytes > ub) {
        std::fprintf(stderr, "[ascendc_sim] [TopK][%s] The size of srcShape is %lluB, should be less than UB size.\n",
                     hostFunc, static_cast<unsigned long long>(bytes));
    }
    if (dataTypeSize != kHalfSize && dataTypeSize != kFloatSize)
        std::fprintf(stderr, "[ascendc_sim] [TopK][%s] Type size %u is unsupported!\n", hostFunc, dataTypeSize);
}

// A pattern of k one-bit groups, `width` bits per group with the lowest bit set: 0b01 / 0b10 pairs
// keep the score / index word of each float proposal, 0b0001 nibbles the score of each half one.
uint32_t Repeated(uint32_t group, uint32_t width, int32_t k) {
    uint32_t m = 0;
    for (int32_t i = 0; i < k; ++i) m |= group << (width * static_cast<uint32_t>(i));
    return m;
}

// The Small mode's GatherMask patterns over one row of 32 proposals: the first k proposals.
void SmallModeMasks(int32_t k, uint32_t dataTypeSize, optiling::TopkTiling& t) {
    // index words: bit 2i+1 of the 64 uint32 words of a row (two uint32 patterns of 16 proposals)
    if (k <= 16) {
        t.set_vreduceIdxMask0(Repeated(0b10, 2, k));
    } else if (k <= 32) {
        t.set_vreduceIdxMask0(Repeated(0b10, 2, 16));
        t.set_vreduceIdxMask1(Repeated(0b10, 2, k - 16));
    }
    if (dataTypeSize == kFloatSize) {
        if (k <= 16) {
            t.set_vreduceValMask0(Repeated(0b01, 2, k));
        } else if (k <= 32) {
            t.set_vreduceValMask0(Repeated(0b01, 2, 16));
            t.set_vreduceValMask1(Repeated(0b01, 2, k - 16));
        }
        return;
    }
    // half: 4 halfs per proposal, so one uint16 pattern word covers 4 proposals
    uint16_t words[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int32_t w = 0; w < 8; ++w) {
        const int32_t left = k - 4 * w;
        if (left <= 0) break;
        words[w] = static_cast<uint16_t>(Repeated(0b0001, 4, left < 4 ? left : 4));
    }
    t.set_vreducehalfValMask0(words[0]);
    t.set_vreducehalfValMask1(words[1]);
    t.set_vreducehalfValMask2(words[2]);
    t.set_vreducehalfValMask3(words[3]);
    t.set_vreducehalfValMask4(words[4]);
    t.set_vreducehalfValMask5(words[5]);
    t.set_vreducehalfValMask6(words[6]);
    t.set_vreducehalfValMask7(words[7]);
}

void NormalTiling(int32_t inner, int32_t outter, int32_t k, uint32_t dataTypeSize, bool isInitIndex,
                  int32_t kAlignFour, optiling::TopkTiling& t) {
    const bool half = dataTypeSize == kHalfSize;
    const int32_t perProposal = half ? 4 : 2;  // elements of T in one 8-byte proposal
    const int32_t kAlignTwo = (k + 15) / 16 * 16;
    t.set_innerDataSize(inner * perProposal);
    t.set_tmpLocalSize(2 * inner * perProposal);
    t.set_copyUbToUbBlockCount(static_cast<uint32_t>(inner * 8 / 32));
    t.set_sortRepeat(static_cast<uint32_t>(inner / 32));
    t.set_mrgSortRepeat(inner / 4);
    t.set_kAlignTwoBytes(kAlignTwo);
    t.set_maskOffset(outter * (half ? kAlignTwo : kAlignFour));
    t.set_maskVreducev2FourBytes(2 * k);
    t.set_maskVreducev2TwoBytes(4 * k);
    t.set_mrgSortSrc1offset(perProposal);
    t.set_mrgSortSrc2offset(2 * perProposal);
    t.set_mrgSortSrc3offset(3 * perProposal);
    t.set_mrgSortTwoQueueSrc1Offset(perProposal);
    t.set_mrgFourQueueTailPara1(inner * 2);
    t.set_mrgFourQueueTailPara2(static_cast<int32_t>(sizeof(float) / dataTypeSize));
    if (!isInitIndex) {
        // the generated int32 indices after the two buffers: 4 inner bytes = inner * 4 / sizeof(T)
        t.set_srcIndexOffset(2 * inner * perProposal);
        t.set_tmpLocalSize(2 * inner * perProposal + inner * perProposal / 2);
    }
}

void SmallTiling(int32_t inner, int32_t outter, int32_t k, uint32_t dataTypeSize, bool isInitIndex, bool isLargest,
                 optiling::TopkTiling& t) {
    const int32_t innerDataSize = inner * outter * static_cast<int32_t>(8 / dataTypeSize);
    t.set_innerDataSize(innerDataSize);
    t.set_maskOffset(outter * k);
    // after the proposals: the negated source (isLargest false), then the patterns, then the indices
    const int32_t maskAt = innerDataSize + (isLargest ? 0 : inner * outter);
    t.set_topkMrgSrc1MaskSizeOffset(maskAt);
    const int32_t indexAt = maskAt + kSmallMaskBytes / static_cast<int32_t>(dataTypeSize);
    t.set_tmpLocalSize(indexAt);
    if (!isInitIndex) {
        t.set_topkNSmallSrcIndexOffset(indexAt);
        t.set_tmpLocalSize(indexAt + inner * outter * static_cast<int32_t>(kFloatSize / dataTypeSize));
    }
    SmallModeMasks(k, dataTypeSize, t);
}

}  // namespace

bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                          const int32_t outter, const bool isReuseSource, const bool isInitIndex, enum TopKMode mode,
                          const bool isLargest, const uint32_t dataTypeSize, uint32_t& maxValue, uint32_t& minValue) {
    (void)isReuseSource;
    CheckTopKHost("GetTopKMaxMinTmpSize", ascendcPlatform, inner, outter, mode, dataTypeSize);
    const auto in = static_cast<uint32_t>(inner);
    const auto all = static_cast<uint32_t>(inner * outter);
    if (mode == TopKMode::TOPK_NORMAL) {
        minValue = (isInitIndex ? 16u : 20u) * in;
    } else {
        minValue = all * 8u + static_cast<uint32_t>(kSmallMaskBytes) + (isLargest ? 0u : all * kFloatSize) +
                   (isInitIndex ? 0u : all * kFloatSize);
    }
    maxValue = minValue;
    return true;
}

bool GetTopKMaxMinTmpSize(const int32_t, const int32_t, const int32_t, const bool, const bool, enum TopKMode,
                          const bool, ge::DataType, const TopKConfig&, uint32_t&, uint32_t&) {
    std::fprintf(stderr,
                 "[ascendc_sim] GetTopKMaxMinTmpSize: Unsupported NpuArch of Topk radix select API. (the "
                 "TopKConfig form is for Ascend 950 only; on Atlas A2/A3 CANN returns false and writes nothing)\n");
    return false;
}

bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                    enum TopKMode mode, const bool isLargest, optiling::TopkTiling& topKTiling) {
    CheckTopKHost("TopKTilingFunc", ascendcPlatform, inner, outter, mode, dataTypeSize);
    if (k < 1 || k > inner)
        std::fprintf(stderr, "[ascendc_sim] [TopK][TopKTilingFunc] The range of value k is [1, %d]!\n", inner);
    if (dataTypeSize == 0) return false;
    topKTiling.set_allDataSize(inner * outter);
    const int32_t kAlignFour = (k + 7) / 8 * 8;
    topKTiling.set_kAlignFourBytes(kAlignFour);
    if (mode == TopKMode::TOPK_NORMAL) NormalTiling(inner, outter, k, dataTypeSize, isInitIndex, kAlignFour, topKTiling);
    else SmallTiling(inner, outter, k, dataTypeSize, isInitIndex, isLargest, topKTiling);
    return true;
}

bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                    enum TopKMode mode, const bool isLargest, AscendC::tiling::TopkTiling& topKTiling) {
    optiling::TopkTiling data;
    const bool ok = TopKTilingFunc(ascendcPlatform, inner, outter, k, dataTypeSize, isInitIndex, mode, isLargest, data);
    data.SaveToBuffer(&topKTiling, sizeof(topKTiling));
    return ok;
}

}  // namespace AscendC
