// Sort32, MrgSort (MrgSortSrcList, MrgSort4Info) and GetMrgSortResult as Atlas A2/A3 (dav-2201)
// runs them: CANN's asc-devkit include/basic_api/kernel_struct_proposal.h,
// impl/basic_api/kernel_operator_proposal_intf_impl.h (vbitsort, vmrgsort4, VMS4_SR) and the
// pages docs/zh/api/SIMD-API/基础API/Memory矢量计算/排序组合（ISASI）/Sort32.md, MrgSort.md,
// GetMrgSortResult.md.
//
// The region-proposal layout of A2/A3: one (score, index) pair per 8 bytes, the score in the low
// bytes (float: bytes 0-3; half: bytes 0-1, bytes 2-3 reserved, written 0 by the sim), the uint32
// index in bytes 4-7.
//  - Sort32: repeat r sorts the 32 scores src0[32r, 32r + 32) with the indices src1[32r, ...)
//    into dst's 256 bytes from 256 r, by score descending; equal scores keep their order (the
//    page: score[j] before score[i] for j < i). NaN sorts as larger than every number (the
//    sim's choice; the page is silent). repeatTime in [0, 255], 0 a no-op. Sources and dst may
//    not overlap (the layouts differ, so no in-place form exists).
//  - MrgSort: merges the first 2, 3 or 4 queues (validBit 3, 7, 15) of elementLengths[i]
//    proposals each (at most 4095) into dst, by score descending; on equal scores the earlier
//    queue first (within a queue the order stays). ifExhaustedSuspension: stop when a queue
//    runs out. repeatTimes > 1 needs the page's four conditions (4 queues of one length stored
//    one after another, no suspension, validBit 15): repeat r merges the 4 queues starting
//    r * 4 * length proposals after src1 into dst from the same offset. dst 32-B aligned,
//    queues 8-B aligned, no overlap between dst and a queue. Afterwards VMS4_SR holds how many
//    proposals were taken from each queue (of the last repeat), which GetMrgSortResult reads.
// Timing: the kinds "Sort32" and "MrgSort" fall in soc_timing.h's default class (1 cycle per
// 256-B repeat, [EST]); one Sort32 repeat writes 256 B, a MrgSort counts the 256-B repeats of
// the bytes it writes.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace AscendC {

constexpr int32_t MRG_SORT_ELEMENT_LEN = 4;

struct MrgSort4Info {
    __aicore__ MrgSort4Info() {}
    __aicore__ MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
                            const uint16_t validBitIn, const uint16_t repeatTimesIn)
        : ifExhaustedSuspension(ifExhaustedSuspensionIn),
          validBit(validBitIn),
          repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
        for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
    }
    uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
    bool ifExhaustedSuspension = false;
    uint16_t validBit = 0;
    uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
    __aicore__ MrgSortSrcList() {}
    __aicore__ MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In,
                              const LocalTensor<T>& src3In, const LocalTensor<T>& src4In) {
        src1 = src1In[0];
        src2 = src2In[0];
        src3 = src3In[0];
        src4 = src4In[0];
    }
    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};

}  // namespace AscendC

namespace sim::vec {

template <class T>
constexpr bool kSortType = kIsOneOf<T, half, float>;

// `api`: the name in reports (a high-level API names its step); its kind stays the instruction's.
void RunSort32(const UbRef& dst, const UbRef& src0, const UbRef& src1, uint32_t scoreBytes, int32_t repeatTime,
               ApiName api = ApiName{"Sort32", "Sort32"});
// queues: the four MrgSortSrcList tensors (only those validBit names are read).
void RunMrgSort(const UbRef& dst, const UbRef queues[4], uint32_t scoreBytes, const AscendC::MrgSort4Info& params,
                ApiName api = ApiName{"MrgSort", "MrgSort"});

}  // namespace sim::vec

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                   const LocalTensor<uint32_t>& src1, const int32_t repeatTime) {
    static_assert(sim::vec::kSortType<T>, "Sort32: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::RunSort32(dst.SimRef(), src0.SimRef(), src1.SimRef(), sizeof(T), repeatTime);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src,
                                                    const MrgSort4Info& params) {
    static_assert(sim::vec::kSortType<T>, "MrgSort: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::UbRef queues[4] = {src.src1.SimRef(), src.src2.SimRef(), src.src3.SimRef(), src.src4.SimRef()};
    sim::vec::RunMrgSort(dst.SimRef(), queues, sizeof(T), params);
}

__aicore__ inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                                        uint16_t& mrgSortList4) {
    const uint64_t sr = sim::Core().mrgSortResult;
    mrgSortList1 = static_cast<uint16_t>(sr & 0xFFFF);
    mrgSortList2 = static_cast<uint16_t>((sr >> 16) & 0xFFFF);
    mrgSortList3 = static_cast<uint16_t>((sr >> 32) & 0xFFFF);
    mrgSortList4 = static_cast<uint16_t>((sr >> 48) & 0xFFFF);
}

}  // namespace AscendC
