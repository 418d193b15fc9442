// The vector unit's UB->UB moves: Copy with CopyRepeatParams (mask/repeat form) and Brcb, as
// Atlas A2/A3 runs them. Signatures, types and ranges from CANN's asc-devkit
// include/basic_api/kernel_operator_data_copy_intf.h, kernel_struct_data_copy.h (CopyRepeatParams),
// kernel_operator_vec_brcb_intf.h, kernel_struct_brcb.h (BrcbRepeatParams) and the pages
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/Copy（UBToUB掩码式高维数据搬运）.md and
// 数据填充/Brcb.md:
//  - Copy: dst = src lane by lane under the mask, every mask/repeat rule of vector_engine.h, with
//    dstStride/srcStride the block strides and dstRepeatSize/srcRepeatSize the repeat strides
//    (32-B blocks; repeat sizes in [0, 4095]); int16_t, uint16_t, half, bfloat16_t, int32_t,
//    uint32_t, float. (The page's note on Counter mode with this form is not modelled: the
//    sim's Counter mode is the engine's.)
//  - Brcb: repeat r reads 8 consecutive elements src[8r .. 8r+7] and fills 32-B block j of
//    repeat r of dst (at (r * dstRepStride + j * dstBlkStride) * 32 B) with src[8r + j]; no mask
//    (the mask register is neither read nor changed); dstBlkStride 0 is ApiMisuse (the page:
//    undefined behaviour); same types as Copy.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace AscendC {

struct CopyRepeatParams {
    __aicore__ CopyRepeatParams() {}
    __aicore__ CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                                uint16_t srcRepeatSizeIn)
        : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn),
          srcRepeatSize(srcRepeatSizeIn) {}
    uint16_t dstStride = DEFAULT_BLK_STRIDE;
    uint16_t srcStride = DEFAULT_BLK_STRIDE;
    uint16_t dstRepeatSize = DEFAULT_REPEAT_STRIDE;
    uint16_t srcRepeatSize = DEFAULT_REPEAT_STRIDE;
};

struct BrcbRepeatParams {
    __aicore__ BrcbRepeatParams() {}
    __aicore__ BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    // Carried for source compatibility; the page marks them unused.
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

}  // namespace AscendC

namespace sim::vec {

template <class T>
constexpr bool kCopyType = kIsOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>;
constexpr uint32_t kMaxCopyRepeatSize = 4095;
constexpr uint32_t kBrcbElementsPerRepeat = 8;

struct IdentityOp {
    template <class T>
    T operator()(T a) const { return a; }
};

// ApiMisuse for a repeat size above 4095 (`name` the CopyRepeatParams field); false: drop.
bool CheckCopyRepeatSize(const ApiName& api, const char* name, uint32_t value);
// ApiMisuse for Brcb's dstBlkStride 0; false: drop.
bool CheckBrcbBlockStride(const ApiName& api, uint32_t dstBlkStride);

template <bool isSetMask, class T>
void MaskedCopy(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const MaskArg& mask,
                uint8_t repeatTime, const AscendC::CopyRepeatParams& p) {
    const ApiName api = Named("Copy");
    if (!CheckCopyRepeatSize(api, "dstRepeatSize", p.dstRepeatSize) ||
        !CheckCopyRepeatSize(api, "srcRepeatSize", p.srcRepeatSize)) {
        return;
    }
    MaskedElementwise(api, mask, isSetMask, repeatTime, IdentityOp{}, MaskedOptions{},
                      StridedOperand<T>{dst, StrideSpec{p.dstStride, p.dstRepeatSize, "dstStride", "dstRepeatSize"}},
                      StridedOperand<T>{src, StrideSpec{p.srcStride, p.srcRepeatSize, "srcStride", "srcRepeatSize"}});
}

// dst lane l of repeat r takes the source element 8r + (block of l).
template <class T>
struct BrcbOp {
    const std::vector<T>* values;
    T operator()(LaneIndex at) const {
        return (*values)[at.repeat * kBrcbElementsPerRepeat + at.lane / (kBlockBytes / sizeof(T))];
    }
};

template <class T>
void Brcb(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint8_t repeatTime,
          const AscendC::BrcbRepeatParams& p) {
    const ApiName api = Named("Brcb");
    if (repeatTime == 0 || !CheckBrcbBlockStride(api, p.dstBlkStride)) return;
    std::vector<T> values;
    MaskedOptions options;
    options.extraOperands = [&](uint64_t seq, const LaneSchedule& schedule) {
        const uint64_t bytes = schedule.repeats * kBrcbElementsPerRepeat * sizeof(T);
        if (!CheckFits(api, "src", src.SimRef(), bytes)) return false;
        CoreState& core = Core();
        const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, bytes, Pipe::V, seq, Access::Read);
        if (in == nullptr) return false;
        CheckPosition(api, "src", src.SimRef());
        core.RequireDefined(api.text, "src", src.SimRef(), 0, bytes, "broadcasts");
        values.resize(bytes / sizeof(T));
        std::memcpy(values.data(), in, bytes);
        return true;
    };
    // Brcb has no mask: every lane, without touching the kernel's mask register.
    VectorMaskRegister& reg = Core().vectorMask;
    const VectorMaskRegister saved = reg;
    reg = VectorMaskRegister{};
    MaskedElementwise(api, MaskArg{}, false, repeatTime, BrcbOp<T>{&values}, options,
                      StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)});
    reg = saved;
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                 const uint64_t mask[], const uint8_t repeatTime,
                                                 const CopyRepeatParams& repeatParams) {
    static_assert(sim::vec::kCopyType<T>, "Copy: element type must be int16_t, uint16_t, half, bfloat16_t, int32_t, "
                                          "uint32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::MaskedCopy<isSetMask>(dst, src, sim::vec::BitMask(mask, 256 / sizeof(T)), repeatTime, repeatParams);
}

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                 const uint64_t mask, const uint8_t repeatTime,
                                                 const CopyRepeatParams& repeatParams) {
    static_assert(sim::vec::kCopyType<T>, "Copy: element type must be int16_t, uint16_t, half, bfloat16_t, int32_t, "
                                          "uint32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::MaskedCopy<isSetMask>(dst, src, sim::vec::ContinuousMask(mask), repeatTime, repeatParams);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                 const uint8_t repeatTime, const BrcbRepeatParams& repeatParams) {
    static_assert(sim::vec::kCopyType<T>, "Brcb: element type must be int16_t, uint16_t, half, bfloat16_t, int32_t, "
                                          "uint32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Brcb(dst, src, repeatTime, repeatParams);
}

}  // namespace AscendC
