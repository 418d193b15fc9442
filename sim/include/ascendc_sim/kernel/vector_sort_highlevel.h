// The high-level sort family without SortConfig as Atlas A2/A3 (dav-2201) runs it: Sort<T,
// isFullSort>, the high-level MrgSort<T, isExhaustedSuspension>, Concat, Extract, GetSortLen and
// GetSortOffset. Pages: asc-devkit docs/zh/api/SIMD-API/高阶API/排序操作/Sort.md, MrgSort-93.md,
// Concat.md, Extract.md, GetSortLen.md, GetSortOffset.md; the instruction sequences of
// impl/basic_api/kernel_operator_proposal_intf_impl.h and dav_c220/kernel_operator_proposal_impl.h,
// issued here through the sim's own Sort32, MrgSort, GatherMask and DataCopy:
//  - Sort: Sort32 over repeatTime groups of 32; with isFullSort, the groups are merged four at a
//    time (copy dst to tmp, MrgSort full sets of four queues with repeatTimes, the 1-3 (or 4)
//    remaining queues with one MrgSort or a DataCopy, copy back), until one queue is left. The
//    result is the (score, index) proposals, score descending; equal scores keep their order.
//  - Concat: concat becomes src (the A2/A3 layout needs no preprocessing).
//  - Extract: GatherMask of the scores (float: pattern 1, half: pattern 3) and of the indices
//    (pattern 2 over the proposals as uint32), repeatTime repeats of 256 B, the indices of half
//    over 2 * repeatTime repeats: so half extracts 32 scores but 64 indices per repeat, exactly
//    as the dav-2201 implementation does.
//  - GetSortLen / GetSortOffset: elements of T for elemCount proposals / at proposal elemOffset
//    (8 bytes each: 2 floats or 4 halfs).
// The SortConfig forms (Ascend 950 only; compiled and reported on A2/A3) are in
// vector_sort_configured.h.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_sort.h"

namespace sim::vec {

// ApiMisuse unless repeatTime lies in [low, 255]; false: drop the call.
inline bool SortRepeatInRange(const char* api, int32_t repeatTime, int32_t low = 0) {
    if (repeatTime >= low && repeatTime <= 255) return true;
    Violation(Check::ApiMisuse, std::string(api) + ": repeatTime " + std::to_string(repeatTime) + " is outside [" +
                                    std::to_string(low) + ", 255]");
    return false;
}

template <class T>
constexpr uint32_t kProposalElements = 8 / sizeof(T);  // elements of T per (score, index) proposal

// One round's remaining 2-4 queues (ComSortInnerLoopTail of kernel_operator_proposal_base_impl.h):
// the last one `lastLength` proposals long, the others `length`.
template <class T>
void MergeTail(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& tmp, uint32_t first,
               uint32_t base, uint16_t length, uint16_t lastLength, int32_t queues) {
    using namespace AscendC;
    if (queues <= 0) return;
    if (queues == 1) {
        DataCopy(dst[first], tmp[first], lastLength * kProposalElements<T>);
        return;
    }
    uint16_t lengths[4] = {length, length, length, length};
    uint32_t offsets[4] = {first, first + base, 0, 0};
    uint16_t validBit = 0b1111;
    if (queues == 2) {
        lengths[1] = lastLength;
        lengths[2] = lengths[3] = 0;
        validBit = 0b0011;
    } else if (queues == 3) {
        offsets[2] = first + 2 * base;
        lengths[2] = lastLength;
        lengths[3] = 0;
        validBit = 0b0111;
    } else {
        offsets[2] = first + 2 * base;
        offsets[3] = first + 3 * base;
        lengths[3] = lastLength;
    }
    const MrgSortSrcList<T> list(tmp[offsets[0]], tmp[offsets[1]], tmp[offsets[2]], tmp[offsets[3]]);
    const UbRef refs[4] = {list.src1.SimRef(), list.src2.SimRef(), list.src3.SimRef(), list.src4.SimRef()};
    RunMrgSort(dst[first].SimRef(), refs, sizeof(T), MrgSort4Info(lengths, false, validBit, 1),
               ApiName{"MrgSort", "Sort (MrgSort step)"});
}

// DoFullSort of dav_c220/kernel_operator_proposal_impl.h, step for step.
template <class T>
void FullSort(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& tmp, int32_t repeatTime) {
    using namespace AscendC;
    constexpr uint32_t kGroup = 32;
    uint32_t rounds = 0;
    for (int32_t q = repeatTime; q > 1; q = (q + 3) / 4) ++rounds;
    const uint32_t total = static_cast<uint32_t>(repeatTime) * kGroup;
    const uint32_t dstElements = total * kProposalElements<T>;
    uint16_t length = kGroup;
    int32_t queues = repeatTime;
    int32_t tail = repeatTime % 4;
    int32_t fullSets = repeatTime / 4;
    DataCopy(tmp, dst, dstElements);
    PipeBarrier<PIPE_V>();
    for (uint32_t round = 0; round < rounds; ++round) {
        const uint32_t base = length * kProposalElements<T>;
        if (fullSets > 0) {
            const uint16_t lengths[4] = {length, length, length, length};
            const MrgSortSrcList<T> list(tmp[0], tmp[base], tmp[2 * base], tmp[3 * base]);
            const UbRef refs[4] = {list.src1.SimRef(), list.src2.SimRef(), list.src3.SimRef(), list.src4.SimRef()};
            RunMrgSort(dst.SimRef(), refs, sizeof(T),
                       MrgSort4Info(lengths, false, 0b1111, static_cast<uint16_t>(fullSets)),
                       ApiName{"MrgSort", "Sort (MrgSort step)"});
        }
        PipeBarrier<PIPE_V>();
        const uint16_t lastLength = static_cast<uint16_t>(total % length ? total % length : length);
        MergeTail(dst, tmp, 4 * base * static_cast<uint32_t>(fullSets), base, length, lastLength, tail);
        PipeBarrier<PIPE_V>();
        DataCopy(tmp, dst, dstElements);
        PipeBarrier<PIPE_V>();
        length = static_cast<uint16_t>(length * 4);
        queues = (queues + 3) / 4;
        tail = queues % 4;
        if (tail == 0 && lastLength != length) tail = 4;
        fullSets = (queues - tail) / 4;
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_SORT_TYPES(Api) \
    static_assert(sim::vec::kSortType<T>, Api ": element type must be half or float on Atlas A2/A3")

template <typename T, bool isFullSort>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat,
                                                 const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp,
                                                 const int32_t repeatTime) {
    ASCENDC_SIM_SORT_TYPES("Sort");
    sim::NoteCallSite();
    if (!sim::vec::SortRepeatInRange("Sort", repeatTime)) return;
    sim::vec::RunSort32(dst.SimRef(), concat.SimRef(), index.SimRef(), sizeof(T), repeatTime,
                        sim::vec::ApiName{"Sort32", "Sort (Sort32 step)"});
    if constexpr (isFullSort) {
        PipeBarrier<PIPE_V>();
        sim::vec::FullSort(dst, tmp, repeatTime);
    }
}

template <typename T, bool isExhaustedSuspension = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList,
                                                    const uint16_t elementCountList[4], uint32_t sortedNum[4],
                                                    uint16_t validBit, const int32_t repeatTime) {
    ASCENDC_SIM_SORT_TYPES("MrgSort");
    sim::NoteCallSite();
    if (!sim::vec::SortRepeatInRange("MrgSort", repeatTime, 1)) return;
    const sim::UbRef refs[4] = {sortList.src1.SimRef(), sortList.src2.SimRef(), sortList.src3.SimRef(),
                                sortList.src4.SimRef()};
    sim::vec::RunMrgSort(dst.SimRef(), refs, sizeof(T),
                         MrgSort4Info(elementCountList, isExhaustedSuspension, validBit,
                                      static_cast<uint16_t>(repeatTime)));
    if constexpr (isExhaustedSuspension) {
        uint16_t n[4] = {0, 0, 0, 0};
        GetMrgSortResult(n[0], n[1], n[2], n[3]);
        for (int i = 0; i < 4; ++i) sortedNum[i] = n[i];
    }
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src,
                                                   const LocalTensor<T>& tmp, const int32_t repeatTime) {
    ASCENDC_SIM_SORT_TYPES("Concat");
    (void)tmp;
    if (!sim::vec::SortRepeatInRange("Concat", repeatTime)) return;
    concat = src;
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Extract(const LocalTensor<T>& dstValue,
                                                    const LocalTensor<uint32_t>& dstIndex,
                                                    const LocalTensor<T>& sorted, const int32_t repeatTime) {
    ASCENDC_SIM_SORT_TYPES("Extract");
    sim::NoteCallSite();
    if (!sim::vec::SortRepeatInRange("Extract", repeatTime)) return;
    const auto repeats = static_cast<uint16_t>(repeatTime);
    sim::vec::GatherMaskCall values;
    values.api = sim::vec::ApiName{"GatherMask", "Extract (GatherMask of the scores)"};
    values.dst = dstValue.SimRef();
    values.src0 = sorted.SimRef();
    values.patternMode = sizeof(T) == 2 ? 3 : 1;
    values.elementBytes = sizeof(T);
    values.params = GatherMaskParams(1, repeats, DEFAULT_REPEAT_STRIDE, 0);
    sim::vec::RunGatherMask(values);
    PipeBarrier<PIPE_V>();
    sim::vec::GatherMaskCall indices = values;
    indices.api = sim::vec::ApiName{"GatherMask", "Extract (GatherMask of the indices)"};
    indices.dst = dstIndex.SimRef();
    indices.patternMode = 2;
    indices.elementBytes = sizeof(uint32_t);
    indices.params = GatherMaskParams(1, static_cast<uint16_t>(sizeof(T) == 2 ? 2 * repeats : repeats), 8, 0);
    sim::vec::RunGatherMask(indices);
}

template <typename T>
__aicore__ inline uint32_t GetSortOffset(const uint32_t elemOffset) {
    ASCENDC_SIM_SORT_TYPES("GetSortOffset");
    return elemOffset * sim::vec::kProposalElements<T>;
}

template <typename T>
__aicore__ inline uint32_t GetSortLen(const uint32_t elemCount) {
    ASCENDC_SIM_SORT_TYPES("GetSortLen");
    return elemCount * sim::vec::kProposalElements<T>;
}

#undef ASCENDC_SIM_SORT_TYPES

}  // namespace AscendC
