// GatherMask, GetGatherMaskRemainCount and Gatherb as Atlas A2/A3 (dav-2201) runs them.
// Signatures, structs and types from CANN's asc-devkit include/basic_api/kernel_struct_gather.h,
// kernel_operator_vec_gather_mask_intf.h and the pages docs/zh/api/SIMD-API/基础API/
// Memory矢量计算/比较与选择/GatherMask.md and 离散与聚合/Gatherb(ISASI).md; the instruction
// (vreducev2, vgatherb) as impl/basic_api/dav_c220/kernel_operator_vec_gather_mask_impl.h and
// kernel_operator_vec_gather_impl.h issue it.
//
// GatherMask: repeat r reads `perRepeat` elements of src0 (Normal mode, reduceMode false: 256 B
// of elements, mask ignored; Counter mode, reduceMode true: `mask` elements per repeat, A2/A3's
// "配置方式一", so repeatTimes * mask in all), element e of repeat r at byte
// r * src0RepeatStride * 32 + (e / perBlock) * src0BlockStride * 32 + (e % perBlock) * sizeof(T).
// Bit e of the repeat's pattern keeps element e: the built-in patterns 1-7 (1 even, 2 odd,
// 3-6 the first..fourth of every four, 7 all) or the user tensor's bits, LSB first, repeat r's
// starting r * src1RepeatStride * 32 bytes into src1Pattern. The kept elements are written
// packed from dst's start, repeat after repeat; rsvdCnt (and GetGatherMaskRemainCount) gets
// their number. Checks: src1Pattern in [1, 7] and mask >= 1 in Counter mode (the asserts of
// the dav_c220 implementation), the operands' 32-B alignment, extents (src0 from the strides,
// dst for the kept elements), dst sharing src0 only in place (the page's example runs
// dst == src0) and never the pattern, pattern bits defined (UninitializedRead: they decide
// what is kept). Afterwards the mask register is in Normal mode holding {0, mask}, as the
// implementation leaves it (set_vector_mask(0, mask), SetMaskNorm): the page's note that a
// kernel in Counter mode must set it again.
// Gatherb: dst block b of repeat r (at (r * dstRepStride + b * dstBlkStride) * 32 bytes;
// dstBlkStride 0 counts as 1) is the 32-B block at byte offset[r * 8 + b] of src; offsets must
// be multiples of 32 and keep the block inside src; src and dst may not share memory;
// repeatTime 0 is a no-op. It resets the mask register (ResetMask).
// Timing: the kinds "GatherMask" and "Gatherb" fall in soc_timing.h's default class (1 cycle per
// 256-B repeat, [EST]) with the other UB->UB moves (Gather, Copy); a Counter-mode repeat of more
// than 256 B counts as the 256-B repeats it covers.
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/core_type.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace AscendC {

struct GatherRepeatParams {
    __aicore__ GatherRepeatParams() {}
    __aicore__ GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;  // reserved (the page: not used)
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;   // reserved
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;   // reserved
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;  // reserved
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;  // reserved
    bool repeatStrideMode = false;  // reserved
    bool strideSizeMode = false;    // reserved
};

enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
// dav-2201's default (kernel_struct_gather.h), both spellings CANN defines.
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
constexpr GatherMaskMode defaultGahterMaskMode = GatherMaskMode::VERSION_V2;

struct GatherMaskParams {
    __aicore__ GatherMaskParams() {}
    __aicore__ GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn,
                                const uint16_t src0RepeatStrideIn, const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn),
          repeatTimes(repeatTimesIn),
          src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn) {}
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

}  // namespace AscendC

namespace sim::vec {

template <class T>
constexpr bool kGatherMaskType = kIsOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>;
template <class T>
constexpr bool kGatherbType = kIsOneOf<T, uint16_t, uint32_t>;

struct GatherMaskCall {
    ApiName api{"GatherMask", "GatherMask"};  // high-level APIs name their step
    UbRef dst, src0, pattern;
    bool userPattern = false;   // src1Pattern is a tensor (pattern), else patternMode
    uint32_t patternBytes = 0;  // sizeof(U) of the tensor form
    uint8_t patternMode = 0;
    bool reduceMode = false;
    uint32_t mask = 0;
    uint32_t elementBytes = 0;
    AscendC::GatherMaskParams params;
};
// Runs one GatherMask (the top of this file); returns rsvdCnt (0 for a dropped call).
uint64_t RunGatherMask(const GatherMaskCall& call);

// Runs one Gatherb over the bytes of dst/src/offset (the top of this file).
void RunGatherb(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t elementBytes, uint8_t repeatTime,
                uint32_t dstBlkStride, uint32_t dstRepStride);

}  // namespace sim::vec

namespace AscendC {

template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                       const LocalTensor<U>& src1Pattern, const bool reduceMode,
                                                       const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                                                       uint64_t& rsvdCnt) {
    static_assert(sim::vec::kGatherMaskType<T>, "GatherMask: element type must be int16_t, uint16_t, half, "
                                                "bfloat16_t, int32_t, uint32_t or float on Atlas A2/A3");
    static_assert(std::is_same_v<U, uint16_t> || std::is_same_v<U, uint32_t>,
                  "GatherMask: the src1Pattern tensor must be uint16_t or uint32_t on Atlas A2/A3");
    static_assert(sizeof(U) == sizeof(T), "GatherMask: src1Pattern must be uint16_t for 2-byte and uint32_t for "
                                          "4-byte elements on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::GatherMaskCall call;
    call.dst = dst.SimRef();
    call.src0 = src0.SimRef();
    call.pattern = src1Pattern.SimRef();
    call.userPattern = true;
    call.patternBytes = sizeof(U);
    call.reduceMode = reduceMode;
    call.mask = mask;
    call.elementBytes = sizeof(T);
    call.params = gatherMaskParams;
    rsvdCnt = sim::vec::RunGatherMask(call);
}

template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                       const uint8_t src1Pattern, const bool reduceMode,
                                                       const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                                                       uint64_t& rsvdCnt) {
    static_assert(sim::vec::kGatherMaskType<T>, "GatherMask: element type must be int16_t, uint16_t, half, "
                                                "bfloat16_t, int32_t, uint32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::GatherMaskCall call;
    call.dst = dst.SimRef();
    call.src0 = src0.SimRef();
    call.patternMode = src1Pattern;
    call.reduceMode = reduceMode;
    call.mask = mask;
    call.elementBytes = sizeof(T);
    call.params = gatherMaskParams;
    rsvdCnt = sim::vec::RunGatherMask(call);
}

// The count the last GatherMask of this core kept (the RSVD_CNT register); 0 on a cube core.
__aicore__ inline int64_t GetGatherMaskRemainCount() {
    if (g_coreType == AIC) return 0;
    return sim::Core().gatherMaskRemain;
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                    const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
                                                    const GatherRepeatParams& repeatParams) {
    static_assert(sim::vec::kGatherbType<T>, "Gatherb: element type must be uint16_t or uint32_t on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::RunGatherb(dst.SimRef(), src.SimRef(), offset.SimRef(), sizeof(T), repeatTime, repeatParams.dstBlkStride,
                         repeatParams.dstRepStride);
}

}  // namespace AscendC
