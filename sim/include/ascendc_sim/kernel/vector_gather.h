// Gather as Atlas A2/A3 runs it: dst[i] = the element at byte srcBaseAddr + srcOffset[i] of src.
// Signatures and types from CANN's asc-devkit include/basic_api/kernel_operator_vec_gather_intf.h
// and the page docs/zh/api/SIMD-API/基础API/Memory矢量计算/离散与聚合/Gather.md (int16_t, uint16_t,
// half, bfloat16_t, int32_t, uint32_t, float; offsets in bytes, relative to src's start plus
// srcBaseAddr; 8 DataBlocks of dst per repeat on A2/A3; src and dst may not share memory).
//  - Offsets and srcBaseAddr must keep the element aligned (the page: otherwise data lands
//    misplaced) and the element inside src: each is checked, the first bad one reported by index
//    (ApiMisuse / OperandBounds).
//  - Lane l of repeat r of the mask form reads srcOffset[r * 256 / sizeof(T) + l] (the sim's
//    reading: the page gives only dstRepStride, so the offsets are consumed in order); dst's
//    block stride is 1. The count form runs in Counter mode as the other count forms.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace sim::vec {

template <class T>
constexpr bool kGatherType = kIsOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>;

// Reads srcOffset[0, n) and the src elements they name (checked as the top of this file says)
// into *values; false: drop the call.
bool GatherSources(const ApiName& api, const UbRef& src, const UbRef& srcOffset, uint32_t srcBaseAddr,
                   uint32_t elementBytes, uint64_t n, uint64_t seq, std::vector<uint8_t>* values);

template <class T>
struct GatherOp {
    const std::vector<uint8_t>* values;
    uint32_t lanes;
    T operator()(LaneIndex at) const {
        T v;
        std::memcpy(&v, values->data() + (at.repeat * lanes + at.lane) * sizeof(T), sizeof(T));
        return v;
    }
};

template <class T>
void RunGather(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::LocalTensor<uint32_t>& srcOffset, uint32_t srcBaseAddr, const MaskArg& mask,
               uint8_t repeatTime, uint16_t dstRepStride) {
    const ApiName api = Named("Gather");
    constexpr uint32_t lanes = kRepeatBytes / sizeof(T);
    std::vector<uint8_t> values;
    MaskedOptions options;
    options.extraOperands = [&](uint64_t seq, const LaneSchedule& schedule) {
        const OperandRange target{"dst", dst.SimRef(), dst.SimRef().bytes, sizeof(T)};
        CheckDisjoint(api, target, OperandRange{"src", src.SimRef(), src.SimRef().bytes, sizeof(T)});
        uint32_t last = 0;
        for (uint32_t l = 0; l < lanes; ++l) {
            if (schedule.tail.Has(l)) last = l;
        }
        const uint64_t n = (schedule.repeats - 1) * lanes + last + 1;
        return GatherSources(api, src.SimRef(), srcOffset.SimRef(), srcBaseAddr, sizeof(T), n, seq, &values);
    };
    MaskedElementwise(api, mask, true, repeatTime, GatherOp<T>{&values, lanes}, options,
                      StridedOperand<T>{dst, DstStride(1, dstRepStride)});
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_GATHER_TYPES()                                                                             \
    static_assert(sim::vec::kGatherType<T>, "Gather: element type must be int16_t, uint16_t, half, bfloat16_t, " \
                                            "int32_t, uint32_t or float on Atlas A2/A3")

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                   const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                                                   const uint64_t mask, const uint8_t repeatTime,
                                                   const uint16_t dstRepStride) {
    ASCENDC_SIM_GATHER_TYPES();
    sim::NoteCallSite();
    sim::vec::RunGather(dst, src, srcOffset, srcBaseAddr, sim::vec::ContinuousMask(mask), repeatTime, dstRepStride);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                   const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                                                   const uint64_t mask[], const uint8_t repeatTime,
                                                   const uint16_t dstRepStride) {
    ASCENDC_SIM_GATHER_TYPES();
    sim::NoteCallSite();
    sim::vec::RunGather(dst, src, srcOffset, srcBaseAddr, sim::vec::BitMask(mask, 256 / sizeof(T)), repeatTime,
                        dstRepStride);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                   const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseAddr,
                                                   const uint32_t count) {
    ASCENDC_SIM_GATHER_TYPES();
    sim::NoteCallSite();
    if (count == 0) return;
    sim::VectorMaskRegister& reg = sim::Core().vectorMask;
    reg.counter = true;
    sim::vec::RunGather(dst, src, srcOffset, srcBaseAddr, sim::vec::MaskArg{sim::vec::MaskArg::Form::Bits, 0, 0, count},
                        1, DEFAULT_REPEAT_STRIDE);
    reg = sim::VectorMaskRegister{};
}

#undef ASCENDC_SIM_GATHER_TYPES

}  // namespace AscendC
