// The high-level TopK as Atlas A2/A3 (dav-2201) runs it. Page: asc-devkit docs/zh/api/SIMD-API/
// 高阶API/排序操作/TopK.md; signatures from include/adv_api/sort/topk.h (the forms without
// TopKConfig, which are the A2/A3 ones); the steps those of impl/adv_api/detail/sort/topk/
// topk_common_impl.h and topk_v220_impl.h, issued through the sim's own ArithProgression, Copy,
// Muls, Sort32, MrgSort, DataCopy, GatherMask and Duplicate, with the offsets and counts the host
// TopKTilingFunc put in TopkTiling (tiling/topk_tiling.h).
//  - Indices: with isInitIndex false, ArithProgression 0..inner-1 into the temp (Small mode: then
//    Copy of that row to every row); with true, the caller's srcIndexLocal (Normal: one row shared
//    by all rows; Small: outter rows).
//  - isLargest false: the scores are negated (Muls -1) before sorting and the k values back after,
//    so the k smallest come out ascending; NaN sorts first either way (the page), as Sort32 puts
//    NaN above every number and -NaN is NaN.
//  - Normal mode, per row: Sort32 of the inner scores (descending, ties in input order) into
//    buffer A, copy to B; while 4 z <= inner: MrgSort of four queues of z proposals (repeats
//    inner / 4z) between the buffers, copied back; the leftover runs (inner not a power-of-4
//    multiple of 32) are merged two at a time, each side cut to k proposals. Then GatherMask
//    (counter mode, 2k floats or 4k halfs) pulls the first k scores into dstValueLocal at row
//    offset kAlignFourBytes (float) / kAlignTwoBytes (half) and the first k indices into
//    dstIndexLocal at kAlignFourBytes. isHasfinish: a row whose finishLocal is true gets k
//    indices n (Duplicate).
//  - Small mode (inner 32): one Sort32 of outter repeats; GatherMask with tensor patterns that
//    keep the first k proposals of each 32-proposal row (one pattern reused per repeat), so the
//    outputs are packed: outter * k values and indices with no row padding.
// Checks (CANN's api_check/kernel_check/sort/topk): T half or float at compile time; k in [1, n],
// n in [1, inner], inner a multiple of 32 and at most 4096 (Normal) or exactly 32 (Small),
// isHasfinish false in Small mode, srcLocal / srcIndexLocal / dstValueLocal / dstIndexLocal /
// finishLocal large enough, the temp at least tilling.tmpLocalSize elements of T, and (the page)
// no overlap of the sources, destinations and temp; each reported as ApiMisuse or OperandBounds
// naming TopK and the argument, and the call is dropped.
// isReuseSrc is accepted and, as in CANN's A2/A3 implementation, changes nothing (the source is
// never written: the negated copy goes to the temp).
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/arith_progression.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/core_type.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_sort.h"
#include "ascendc_sim/kernel/vector_topk_config.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::topk {

constexpr int32_t kSort32 = 32;       // scores per Sort32 repeat
constexpr int32_t kNormalMaxInner = 4096;
constexpr int32_t kSmallInner = 32;
constexpr int32_t kPatternGap = 16;  // elements of T between the half value pattern and the index pattern

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, "TopK: " + message);
    return false;
}

inline std::string Num(int64_t v) { return std::to_string(v); }

template <class T, bool isInitIndex, bool isHasfinish, AscendC::TopKMode mode>
bool Check(const AscendC::LocalTensor<T>& dstValue, const AscendC::LocalTensor<int32_t>& dstIndex,
           const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<int32_t>& srcIndex,
           const AscendC::LocalTensor<bool>& finish, const AscendC::LocalTensor<uint8_t>& tmp, int32_t k,
           const AscendC::tiling::TopkTiling& tiling, const AscendC::TopKInfo& info) {
    using AscendC::TopKMode;
    const ApiName api = Named("TopK");
    const bool small = mode == TopKMode::TOPK_NSMALL;
    if (info.outter < 1) return Misuse("topKInfo.outter (" + Num(info.outter) + ") must be at least 1");
    if (info.inner <= 0 || info.inner % kSort32 != 0)
        return Misuse("topKInfo.inner (" + Num(info.inner) + ") must be a positive multiple of 32");
    if (small && info.inner != kSmallInner)
        return Misuse("topKInfo.inner (" + Num(info.inner) + ") must be 32 when topkMode is TOPK_NSMALL");
    if (!small && info.inner > kNormalMaxInner)
        return Misuse("topKInfo.inner (" + Num(info.inner) + ") must be at most 4096 when topkMode is TOPK_NORMAL");
    if (info.n < 1 || info.n > info.inner)
        return Misuse("topKInfo.n (" + Num(info.n) + ") must be in [1, topKInfo.inner = " + Num(info.inner) + "]");
    if (k < 1 || k > info.n) return Misuse("k (" + Num(k) + ") must be in [1, topKInfo.n = " + Num(info.n) + "]");
    if (small && isHasfinish) return Misuse("isHasfinish must be false when topkMode is TOPK_NSMALL");
    const uint64_t rows = static_cast<uint64_t>(info.outter);
    const uint64_t all = rows * static_cast<uint64_t>(info.inner);
    if (tiling.innerDataSize <= 0 || tiling.tmpLocalSize <= 0 ||
        (!small && tiling.sortRepeat != static_cast<uint32_t>(info.inner / kSort32)) ||
        (small && tiling.maskOffset != static_cast<int32_t>(rows) * k)) {
        return Misuse("the tiling does not match topKInfo and k; fill it with TopKTilingFunc for this inner, outter "
                      "and k");
    }
    const uint64_t valueRow = small ? uint64_t(k) : (uint64_t(k) + 32 / sizeof(T) - 1) / (32 / sizeof(T)) * (32 / sizeof(T));
    const uint64_t indexRow = small ? uint64_t(k) : (uint64_t(k) + 7) / 8 * 8;
    const uint64_t indexIn = small ? all : uint64_t(info.inner);
    const uint64_t tmpBytes = static_cast<uint64_t>(tiling.tmpLocalSize) * sizeof(T);
    if (!CheckFits(api, "srcLocal", src.SimRef(), all * sizeof(T)) ||
        !CheckFits(api, "dstValueLocal", dstValue.SimRef(), valueRow * rows * sizeof(T)) ||
        !CheckFits(api, "dstIndexLocal", dstIndex.SimRef(), indexRow * rows * sizeof(int32_t))) {
        return false;
    }
    if (isInitIndex && !CheckFits(api, "srcIndexLocal", srcIndex.SimRef(), indexIn * sizeof(int32_t))) return false;
    if (isHasfinish && !CheckFits(api, "finishLocal", finish.SimRef(), rows)) return false;
    if (tmp.GetSize() < tmpBytes) {
        return Misuse("tmpLocal holds " + Num(tmp.GetSize()) + " bytes, the tiling needs " + Num(tmpBytes) +
                      " (tilling.tmpLocalSize = " + Num(tiling.tmpLocalSize) +
                      " elements of T; size it with GetTopKMaxMinTmpSize)");
    }
    const OperandRange tmpRange{"tmpLocal", tmp.SimRef(), tmpBytes, 1};
    const OperandRange srcRange{"srcLocal", src.SimRef(), all * sizeof(T), sizeof(T)};
    const OperandRange valueRange{"dstValueLocal", dstValue.SimRef(), valueRow * rows * sizeof(T), sizeof(T)};
    const OperandRange indexRange{"dstIndexLocal", dstIndex.SimRef(), indexRow * rows * 4, 4};
    CheckDisjoint(api, srcRange, valueRange);
    CheckDisjoint(api, srcRange, indexRange);
    CheckDisjoint(api, valueRange, indexRange);
    CheckDisjoint(api, tmpRange, srcRange);
    CheckDisjoint(api, tmpRange, valueRange);
    CheckDisjoint(api, tmpRange, indexRange);
    if (isInitIndex) {
        const OperandRange idxRange{"srcIndexLocal", srcIndex.SimRef(), indexIn * 4, 4};
        CheckDisjoint(api, idxRange, valueRange);
        CheckDisjoint(api, idxRange, indexRange);
        CheckDisjoint(api, idxRange, tmpRange);
    }
    return true;
}

inline void Sync(AscendC::HardEvent event) {
    const auto id = GetTPipePtr()->FetchEventID(event);
    if (event == AscendC::HardEvent::S_V) {
        AscendC::SetFlag<AscendC::HardEvent::S_V>(id);
        AscendC::WaitFlag<AscendC::HardEvent::S_V>(id);
    } else {
        AscendC::SetFlag<AscendC::HardEvent::V_S>(id);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(id);
    }
}

// Counter-mode Muls by -1 over `count` elements (the caller has set counter mode).
template <class T>
void Negate(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, int32_t count) {
    const AscendC::UnaryRepeatParams unary;
    AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(0, static_cast<uint64_t>(count));
    AscendC::Muls<T, false>(dst, src, static_cast<T>(-1), AscendC::MASK_PLACEHOLDER, 1, unary);
}

template <class T>
AscendC::LocalTensor<uint32_t> AsU32(const AscendC::LocalTensor<T>& t) {
    return t.template ReinterpretCast<uint32_t>();
}

// One row of the Normal mode: Sort32 into buffer A (tmp[0]), copied to buffer B (tmp[innerDataSize]).
template <class T, bool isInitIndex>
void SortRow(const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<int32_t>& srcIndex,
             const AscendC::LocalTensor<T>& tmp, const AscendC::tiling::TopkTiling& t, const AscendC::TopKInfo& info,
             bool isLargest, int32_t row) {
    using namespace AscendC;
    const int32_t offset = row * info.inner;
    const LocalTensor<uint32_t> index =
        isInitIndex ? srcIndex.template ReinterpretCast<uint32_t>() : AsU32(tmp[t.srcIndexOffset]);
    if (!isLargest) {
        Negate(tmp[t.innerDataSize], src[offset], info.inner);
        PipeBarrier<PIPE_V>();
        Sort32<T>(tmp, tmp[t.innerDataSize], index, static_cast<int32_t>(t.sortRepeat));
    } else {
        Sort32<T>(tmp, src[offset], index, static_cast<int32_t>(t.sortRepeat));
    }
    PipeBarrier<PIPE_V>();
    const DataCopyParams copy{static_cast<uint16_t>(t.copyUbToUbBlockCount), 1, 0, 0};
    DataCopy(tmp[t.innerDataSize], tmp, copy);
    PipeBarrier<PIPE_V>();
}

// Four-queue merges of runs of z proposals while 4 z fit in a row; the two buffers alternate as
// source and destination and the result is copied back, so both hold it afterwards.
template <class T>
void MergeFour(const AscendC::LocalTensor<T>& tmp, const AscendC::tiling::TopkTiling& t,
               const AscendC::TopKInfo& info, uint16_t& z, int32_t& merges, int32_t& resultBuffer) {
    using namespace AscendC;
    const auto inner = static_cast<uint16_t>(info.inner);
    for (; z * 4 <= inner; z = static_cast<uint16_t>(z * 4)) {
        const LocalTensor<T> from = merges % 2 == 1 ? tmp[t.innerDataSize] : tmp[0];
        resultBuffer = (merges + 1) % 2;
        const LocalTensor<T> to = resultBuffer == 1 ? tmp[t.innerDataSize] : tmp[0];
        ++merges;
        const uint16_t lengths[MRG_SORT_ELEMENT_LEN] = {z, z, z, z};
        const MrgSort4Info params(lengths, false, 0b1111, static_cast<uint16_t>(t.mrgSortRepeat / z));
        const MrgSortSrcList<T> queues(from, from[z * t.mrgSortSrc1offset], from[z * t.mrgSortSrc2offset],
                                       from[z * t.mrgSortSrc3offset]);
        MrgSort<T>(to, queues, params);
        PipeBarrier<PIPE_V>();
        const DataCopyParams copy{static_cast<uint16_t>(t.copyUbToUbBlockCount), 1, 0, 0};
        DataCopy(from, to, copy);
        PipeBarrier<PIPE_V>();
    }
}

// The runs left when inner is not 32 * 4^m: inner splits greedily into runs of z, z / 4, ..., 32
// proposals, merged into the sorted prefix one at a time, each side cut to its first k.
template <class T>
void MergeTwo(const AscendC::LocalTensor<T>& tmp, const AscendC::tiling::TopkTiling& t,
              const AscendC::TopKInfo& info, uint16_t z, int32_t merges, int32_t& resultBuffer, int32_t k) {
    using namespace AscendC;
    if (z >= info.inner) return;
    int32_t runs[16] = {};
    int32_t count = 0;
    int32_t left = info.inner;
    for (int32_t len = z; len >= kSort32; len /= 4) {
        for (int32_t c = left / len; c > 0; --c) runs[count++] = len;
        left %= len;
    }
    uint16_t merged = 0;
    for (int32_t i = 0; i + 1 < count; ++i) {
        const LocalTensor<T> from = (merges + i) % 2 == 1 ? tmp[t.innerDataSize] : tmp[0];
        resultBuffer = (merges + 1 + i) % 2;
        const LocalTensor<T> to = resultBuffer == 1 ? tmp[t.innerDataSize] : tmp[0];
        merged = static_cast<uint16_t>(merged + runs[i]);
        const auto first = static_cast<uint16_t>(merged > k ? k : merged);
        const auto second = static_cast<uint16_t>(runs[i + 1] > k ? k : runs[i + 1]);
        const uint16_t lengths[MRG_SORT_ELEMENT_LEN] = {first, second, 0, 0};
        const MrgSort4Info params(lengths, false, 0b0011, 1);
        const MrgSortSrcList<T> queues(from, from[merged * t.mrgSortTwoQueueSrc1Offset], from, from);
        MrgSort<T>(to, queues, params);
        PipeBarrier<PIPE_V>();
    }
}

// The first k scores and indices of the sorted proposals of `row` into the outputs.
template <class T>
void GatherRow(const AscendC::LocalTensor<T>& dstValue, const AscendC::LocalTensor<int32_t>& dstIndex,
               const AscendC::LocalTensor<T>& tmp, const AscendC::tiling::TopkTiling& t, int32_t resultBuffer,
               int32_t row) {
    using namespace AscendC;
    uint64_t kept = 0;
    const int32_t at = t.innerDataSize * resultBuffer;
    const int32_t indexRow = row * t.kAlignFourBytes;
    const GatherMaskParams params(DEFAULT_BLK_STRIDE, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_BLK_STRIDE);
    if constexpr (sizeof(T) == sizeof(float)) {
        GatherMask<T>(dstValue[indexRow], tmp[at], 1, true, static_cast<uint32_t>(t.maskVreducev2FourBytes), params,
                      kept);  // the even words: the scores
    } else {
        GatherMask<T>(dstValue[row * t.kAlignTwoBytes], tmp[at], 3, true,
                      static_cast<uint32_t>(t.maskVreducev2TwoBytes), params, kept);  // the first half of four
    }
    PipeBarrier<PIPE_V>();
    const LocalTensor<float> indexOut = dstIndex[indexRow].template ReinterpretCast<float>();
    const LocalTensor<float> proposals = tmp[at].template ReinterpretCast<float>();
    GatherMask<float>(indexOut, proposals, 2, true, static_cast<uint32_t>(t.maskVreducev2FourBytes), params,
                      kept);  // the odd words: the indices
    PipeBarrier<PIPE_V>();
    SetMaskCount();
}

template <class T, bool isInitIndex, bool isHasfinish>
void Normal(const AscendC::LocalTensor<T>& dstValue, const AscendC::LocalTensor<int32_t>& dstIndex,
            const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<int32_t>& srcIndex,
            const AscendC::LocalTensor<bool>& finish, const AscendC::LocalTensor<uint8_t>& tmpBytes, int32_t k,
            const AscendC::tiling::TopkTiling& t, const AscendC::TopKInfo& info, bool isLargest) {
    using namespace AscendC;
    const LocalTensor<T> tmp = tmpBytes.template ReinterpretCast<T>();
    if constexpr (!isInitIndex) {
        const LocalTensor<int32_t> index = tmp[t.srcIndexOffset].template ReinterpretCast<int32_t>();
        ArithProgression(index, static_cast<int32_t>(0), static_cast<int32_t>(1), info.inner);
        PipeBarrier<PIPE_V>();
    }
    SetMaskCount();
    for (int32_t row = 0; row < info.outter; ++row) {
        SortRow<T, isInitIndex>(src, srcIndex, tmp, t, info, isLargest, row);
        int32_t merges = 0;
        int32_t resultBuffer = 0;
        uint16_t z = kSort32;
        MergeFour(tmp, t, info, z, merges, resultBuffer);
        MergeTwo(tmp, t, info, z, merges, resultBuffer, k);
        GatherRow(dstValue, dstIndex, tmp, t, resultBuffer, row);
        if constexpr (isHasfinish) {
            const bool finished = finish.GetValue(row);
            Sync(HardEvent::S_V);
            if (finished) {
                SetVectorMask<T, MaskMode::COUNTER>(0, static_cast<uint64_t>(k));
                Duplicate<int32_t, false>(dstIndex[row * t.kAlignFourBytes], static_cast<int32_t>(info.n),
                                          MASK_PLACEHOLDER, 1, 1, DEFAULT_REPEAT_STRIDE);
            }
        }
        PipeBarrier<PIPE_V>();
    }
    if (!isLargest) Negate(dstValue, dstValue, t.maskOffset);
    SetMaskNorm();
    ResetMask();
}

// Small mode's GatherMask of the first k proposals of every 32-proposal row, the patterns written
// by the scalar unit into the temp (the tiling holds them).
template <class T>
void SmallGather(const AscendC::LocalTensor<T>& dstValue, const AscendC::LocalTensor<int32_t>& dstIndex,
                 const AscendC::LocalTensor<T>& tmp, const AscendC::tiling::TopkTiling& t,
                 const AscendC::TopKInfo& info) {
    using namespace AscendC;
    uint64_t kept = 0;
    const auto rows = static_cast<uint16_t>(info.outter);
    const GatherMaskParams params(DEFAULT_BLK_STRIDE, rows, DEFAULT_REPEAT_STRIDE, 0);
    const LocalTensor<float> indexOut = dstIndex.template ReinterpretCast<float>();
    Sync(HardEvent::V_S);
    if constexpr (sizeof(T) == sizeof(float)) {
        LocalTensor<uint32_t> patterns = AsU32(tmp[t.topkMrgSrc1MaskSizeOffset]);
        patterns.SetValue(0, t.vreduceValMask0);
        patterns.SetValue(1, t.vreduceValMask1);
        patterns.SetValue(8, t.vreduceIdxMask0);
        patterns.SetValue(9, t.vreduceIdxMask1);
        Sync(HardEvent::S_V);
        GatherMask<float, uint32_t>(dstValue, tmp, patterns, true, 64, params, kept);
        GatherMask<float, uint32_t>(indexOut, tmp, patterns[8], true, 64, params, kept);
    } else {
        LocalTensor<uint16_t> values = tmp[t.topkMrgSrc1MaskSizeOffset].template ReinterpretCast<uint16_t>();
        const uint16_t words[8] = {t.vreducehalfValMask0, t.vreducehalfValMask1, t.vreducehalfValMask2,
                                   t.vreducehalfValMask3, t.vreducehalfValMask4, t.vreducehalfValMask5,
                                   t.vreducehalfValMask6, t.vreducehalfValMask7};
        for (int32_t i = 0; i < 8; ++i) values.SetValue(static_cast<uint32_t>(i), words[i]);
        LocalTensor<uint32_t> indices = AsU32(tmp[t.topkMrgSrc1MaskSizeOffset + kPatternGap]);
        indices.SetValue(0, t.vreduceIdxMask0);
        indices.SetValue(1, t.vreduceIdxMask1);
        Sync(HardEvent::S_V);
        GatherMask<half, uint16_t>(dstValue, tmp, values, true, 128, params, kept);
        PipeBarrier<PIPE_V>();
        GatherMask<float, uint32_t>(indexOut, tmp.template ReinterpretCast<float>(), indices, true, 64, params, kept);
    }
    PipeBarrier<PIPE_V>();
}

template <class T, bool isInitIndex>
void Small(const AscendC::LocalTensor<T>& dstValue, const AscendC::LocalTensor<int32_t>& dstIndex,
           const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<int32_t>& srcIndex,
           const AscendC::LocalTensor<uint8_t>& tmpBytes, const AscendC::tiling::TopkTiling& t,
           const AscendC::TopKInfo& info, bool isLargest) {
    using namespace AscendC;
    const LocalTensor<T> tmp = tmpBytes.template ReinterpretCast<T>();
    if constexpr (!isInitIndex) {
        const LocalTensor<int32_t> index = tmp[t.topkNSmallSrcIndexOffset].template ReinterpretCast<int32_t>();
        ArithProgression(index, static_cast<int32_t>(0), static_cast<int32_t>(1), info.inner);
        PipeBarrier<PIPE_V>();
        if (info.outter > 1) {
            // row 0's indices to rows 1..outter-1: source repeat stride 0, destination one row
            Copy(index[info.inner], index, static_cast<uint64_t>(kSmallInner), static_cast<uint8_t>(info.outter - 1),
                 CopyRepeatParams{1, 1, 4, 0});
            PipeBarrier<PIPE_V>();
        }
    }
    SetMaskCount();
    if (!isLargest) {
        Negate(tmp[t.innerDataSize], src, t.allDataSize);
        PipeBarrier<PIPE_V>();
    }
    const LocalTensor<uint32_t> index =
        isInitIndex ? srcIndex.template ReinterpretCast<uint32_t>() : AsU32(tmp[t.topkNSmallSrcIndexOffset]);
    Sort32<T>(tmp, isLargest ? src : tmp[t.innerDataSize], index, info.outter);
    PipeBarrier<PIPE_V>();
    SmallGather(dstValue, dstIndex, tmp, t, info);
    if (!isLargest) {
        PipeBarrier<PIPE_V>();
        SetMaskCount();
        Negate(dstValue, dstValue, t.maskOffset);
    }
    SetMaskNorm();
    ResetMask();
}

template <class T, bool isInitIndex, bool isHasfinish, AscendC::TopKMode mode>
void Run(const AscendC::LocalTensor<T>& dstValue, const AscendC::LocalTensor<int32_t>& dstIndex,
         const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<int32_t>& srcIndex,
         const AscendC::LocalTensor<bool>& finish, const AscendC::LocalTensor<uint8_t>& tmp, int32_t k,
         const AscendC::tiling::TopkTiling& tiling, const AscendC::TopKInfo& info, bool isLargest) {
    if (!Check<T, isInitIndex, isHasfinish, mode>(dstValue, dstIndex, src, srcIndex, finish, tmp, k, tiling, info))
        return;
    if constexpr (mode == AscendC::TopKMode::TOPK_NORMAL) {
        Normal<T, isInitIndex, isHasfinish>(dstValue, dstIndex, src, srcIndex, finish, tmp, k, tiling, info, isLargest);
    } else {
        Small<T, isInitIndex>(dstValue, dstIndex, src, srcIndex, tmp, tiling, info, isLargest);
    }
}

}  // namespace sim::vec::topk

namespace AscendC {

#define ASCENDC_SIM_TOPK_TYPES()                                                                                \
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,                                          \
                  "TopK: T must be half or float on Atlas A2/A3")

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TopK(const LocalTensor<T>& dstValueLocal,
                                                 const LocalTensor<int32_t>& dstIndexLocal,
                                                 const LocalTensor<T>& srcLocal,
                                                 const LocalTensor<int32_t>& srcIndexLocal,
                                                 const LocalTensor<bool>& finishLocal,
                                                 const LocalTensor<uint8_t>& tmpLocal, const int32_t k,
                                                 const TopkTiling& tilling, const TopKInfo& topKInfo,
                                                 const bool isLargest = true) {
    ASCENDC_SIM_TOPK_TYPES();
    sim::NoteCallSite();
    if ASCEND_IS_AIC {
        return;
    }
    sim::vec::topk::Run<T, isInitIndex, isHasfinish, topkMode>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal,
                                                                finishLocal, tmpLocal, k, tilling, topKInfo,
                                                                isLargest);
}

// The temp is the UB left after every InitBuffer (CANN: PopStackBuffer).
template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TopK(const LocalTensor<T>& dstValueLocal,
                                                 const LocalTensor<int32_t>& dstIndexLocal,
                                                 const LocalTensor<T>& srcLocal,
                                                 const LocalTensor<int32_t>& srcIndexLocal,
                                                 const LocalTensor<bool>& finishLocal, const int32_t k,
                                                 const TopkTiling& tilling, const TopKInfo& topKInfo,
                                                 const bool isLargest = true) {
    ASCENDC_SIM_TOPK_TYPES();
    sim::NoteCallSite();
    if ASCEND_IS_AIC {
        return;
    }
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("TopK"), &stack)) return;
    sim::vec::topk::Run<T, isInitIndex, isHasfinish, topkMode>(dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal,
                                                                finishLocal, stack, k, tilling, topKInfo, isLargest);
}

#undef ASCENDC_SIM_TOPK_TYPES

}  // namespace AscendC
