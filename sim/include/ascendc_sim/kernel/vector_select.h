// Select as Atlas A2/A3 (dav-2201) runs it: dst = selMask bit ? src0 : src1, element by element.
// Signatures, types and modes from CANN's asc-devkit include/basic_api/kernel_operator_vec_cmpsel_intf.h,
// impl/basic_api/dav_c220/kernel_operator_vec_cmpsel_impl.h and the page docs/zh/api/SIMD-API/
// 基础API/Memory矢量计算/比较与选择/Select.md:
//  - T half or float; U (the selMask tensor's type) uint8_t, uint16_t, uint32_t or uint64_t: its
//    bytes are read as a bit string, bit i = bit i % 8 of byte i / 8;
//  - VSEL_CMPMASK_SPR (mode 0): the selMask tensor is first loaded into the CMPMASK register
//    (a SetCmpMask step, 16 B) and every repeat uses the same register bits 0 .. lanes-1;
//  - VSEL_TENSOR_SCALAR_MODE (mode 1): src1 is a scalar (first placed in the register, as CANN's
//    implementation does); repeat r uses selMask bits [r * lanes, (r + 1) * lanes);
//  - VSEL_TENSOR_TENSOR_MODE (mode 2): as mode 1 with a src1 tensor (the register holds the
//    selMask's UB address);
//  - the mask/repeat forms filter the result by the mask (lanes outside it keep dst), as every
//    mask/repeat form of vector_engine.h; the count form runs in Counter mode and leaves the mask
//    register in Normal mode with every lane set;
//  - the forms without mask read the register as SetVectorMask and SetCmpMask left it: for
//    mode 0 its bits, for mode 2 the selMask address in its low 32 bits (SetCmpMask of a tensor
//    holding the address, as the SetCmpMask page says), for mode 1 the scalar in its low bytes.
// lanes = 256 / sizeof(T). A selMask mode 1/2 reads 32-B aligned and is checked like any
// operand (bounds, pipe races, definedness).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace sim::vec {

template <class T>
constexpr bool kSelectType = kIsOneOf<T, half, float>;
template <class U>
constexpr bool kSelMaskType = kIsOneOf<U, uint8_t, uint16_t, uint32_t, uint64_t>;

// Where the selection bits of one Select come from; filled once its operands are checked.
struct SelectBits {
    bool fromRegister = false;  // mode 0
    CmpMaskRegister reg;        // mode 0: the register as the instruction reads it
    const uint8_t* tensor = nullptr;  // modes 1/2: selMask's first byte
    uint32_t lanes = 0;
    bool Bit(const LaneIndex& at) const {
        if (fromRegister) return (reg.bits[at.lane / 64] >> (at.lane % 64)) & 1u;
        const uint64_t i = at.repeat * lanes + at.lane;
        return (tensor[i / 8] >> (i % 8)) & 1u;
    }
};

struct SelectTensorsOp {
    const SelectBits* bits;
    template <class T>
    T operator()(LaneIndex at, T a, T b) const { return bits->Bit(at) ? a : b; }
};
template <class T>
struct SelectScalarOp {
    const SelectBits* bits;
    T scalar;
    T operator()(LaneIndex at, T a) const { return bits->Bit(at) ? a : scalar; }
};

// ApiMisuse for a selMode outside SELMODE, or a mode the overload cannot run (`scalarForm`: src1
// is a scalar, which mode 1 alone takes); false: drop the call.
bool CheckSelectMode(const ApiName& api, AscendC::SELMODE mode, bool scalarForm);
// Checks and reads the selMask bits a mode 1/2 instruction consumes (schedule's lanes); false:
// drop the call.
const uint8_t* SelMaskOperand(const ApiName& api, const UbRef& selMask, uint32_t lanes, const LaneSchedule& schedule,
                              uint64_t seq);
// The UB range from the address in the register's low 32 bits to the end of its buffer (modes 2
// without selMask); false after an ApiMisuse report when no buffer holds the address.
bool SelMaskAtRegisterAddress(const ApiName& api, UbRef* out);
// The register write of mode 1's scalar step / mode 2's address step: one PIPE_V instruction.
void WriteCmpMaskStep(const ApiName& api, const void* value, uint32_t bytes);

inline ApiName SelectLoadStep() { return ApiName{"SetCmpMask", "Select (loading selMask into CMPMASK)"}; }

// One Select instruction. selMask: nullptr for mode 0 (bits from the register).
template <class T, class Fn, class... S>
void RunSelect(const ApiName& api, const MaskArg& mask, bool isSetMask, uint8_t repeatTime, SelectBits* bits,
               const UbRef* selMask, Fn fn, const AscendC::LocalTensor<T>& dst, const AscendC::BinaryRepeatParams& p,
               const AscendC::LocalTensor<S>&... srcs) {
    bits->lanes = kRepeatBytes / sizeof(T);
    MaskedOptions options;
    options.extraOperands = [&](uint64_t seq, const LaneSchedule& schedule) {
        if (selMask == nullptr) {
            bits->fromRegister = true;
            bits->reg = Core().cmpMask;
            return true;
        }
        bits->tensor = SelMaskOperand(api, *selMask, bits->lanes, schedule, seq);
        return bits->tensor != nullptr;
    };
    if constexpr (sizeof...(S) == 2) {
        const auto& [src0, src1] = std::tie(srcs...);
        MaskedElementwise(api, mask, isSetMask, repeatTime, fn, options,
                          StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                          StridedOperand<T>{src0, Src0Stride(p.src0BlkStride, p.src0RepStride)},
                          StridedOperand<T>{src1, Src1Stride(p.src1BlkStride, p.src1RepStride)});
    } else {
        MaskedElementwise(api, mask, isSetMask, repeatTime, fn, options,
                          StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                          StridedOperand<T>{srcs, Src0Stride(p.src0BlkStride, p.src0RepStride)}...);
    }
}

// Mode 0/2 with a selMask tensor (mode 0 loads it into the register first).
template <class T, class U>
void SelectTensors(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& selMask,
                   const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1, AscendC::SELMODE mode,
                   const MaskArg& mask, bool isSetMask, uint8_t repeatTime, const AscendC::BinaryRepeatParams& p) {
    const ApiName api = Named("Select");
    if (!CheckSelectMode(api, mode, false)) return;
    SelectBits bits;
    const UbRef sel = selMask.SimRef();
    if (mode == AscendC::SELMODE::VSEL_CMPMASK_SPR) {
        LoadCmpMask(SelectLoadStep(), sel);
        RunSelect(api, mask, isSetMask, repeatTime, &bits, nullptr, SelectTensorsOp{&bits}, dst, p, src0, src1);
        return;
    }
    const uint32_t address = sel.offset;
    const uint32_t words[4] = {address, address, address, address};
    WriteCmpMaskStep(SelectLoadStep(), words, sizeof words);
    RunSelect(api, mask, isSetMask, repeatTime, &bits, &sel, SelectTensorsOp{&bits}, dst, p, src0, src1);
}

// Mode 1: src1 a scalar.
template <class T, class U>
void SelectScalar(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& selMask,
                  const AscendC::LocalTensor<T>& src0, T src1, AscendC::SELMODE mode, const MaskArg& mask,
                  bool isSetMask, uint8_t repeatTime, const AscendC::BinaryRepeatParams& p) {
    const ApiName api = Named("Select");
    if (!CheckSelectMode(api, mode, true)) return;
    T copies[kCmpMaskBytes / sizeof(T)];
    for (T& c : copies) c = src1;
    WriteCmpMaskStep(SelectLoadStep(), copies, sizeof copies);
    SelectBits bits;
    const UbRef sel = selMask.SimRef();
    RunSelect(api, mask, isSetMask, repeatTime, &bits, &sel, SelectScalarOp<T>{&bits, src1}, dst, p, src0);
}

// The count form: Counter mode for `count` elements, then Normal mode with every lane set.
template <class Run>
void InCounterMode(uint32_t count, Run run) {
    VectorMaskRegister& reg = Core().vectorMask;
    reg.counter = true;
    run(MaskArg{MaskArg::Form::Bits, 0, 0, count});
    reg = VectorMaskRegister{};
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_SELECT_TYPES()                                                                             \
    static_assert(sim::vec::kSelectType<T>, "Select: element type must be half or float on Atlas A2/A3");      \
    static_assert(sim::vec::kSelMaskType<U>, "Select: selMask type must be uint8_t, uint16_t, uint32_t or uint64_t")

// ---- modes 0 and 2 ----
template <typename T, typename U, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                                                   SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
                                                   const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    sim::vec::SelectTensors(dst, selMask, src0, src1, selMode, sim::vec::BitMask(mask, 256 / sizeof(T)), isSetMask,
                            repeatTime, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                                                   SELMODE selMode, uint64_t mask, uint8_t repeatTime,
                                                   const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    sim::vec::SelectTensors(dst, selMask, src0, src1, selMode, sim::vec::ContinuousMask(mask), isSetMask, repeatTime,
                            repeatParams);
}

template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                                                   SELMODE selMode, uint32_t count) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    if (count == 0) return;
    sim::vec::InCounterMode(count, [&](const sim::vec::MaskArg& mask) {
        sim::vec::SelectTensors(dst, selMask, src0, src1, selMode, mask, true, 1, BinaryRepeatParams{});
    });
}

// Without selMask and mask: the CMPMASK and mask registers as the kernel set them.
template <typename T, SELMODE selMode>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                   const LocalTensor<T>& src1, uint8_t repeatTime,
                                                   const BinaryRepeatParams& repeatParams) {
    static_assert(sim::vec::kSelectType<T>, "Select: element type must be half or float on Atlas A2/A3");
    static_assert(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE,
                  "Select<T, selMode>(dst, src0, src1, ...): VSEL_TENSOR_SCALAR_MODE takes the overload with selMask");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("Select");
    sim::vec::SelectBits bits;
    if constexpr (selMode == SELMODE::VSEL_CMPMASK_SPR) {
        sim::vec::RunSelect(api, sim::vec::MaskArg{}, false, repeatTime, &bits, nullptr,
                            sim::vec::SelectTensorsOp{&bits}, dst, repeatParams, src0, src1);
    } else {
        sim::UbRef sel;
        if (!sim::vec::SelMaskAtRegisterAddress(api, &sel)) return;
        sim::vec::RunSelect(api, sim::vec::MaskArg{}, false, repeatTime, &bits, &sel,
                            sim::vec::SelectTensorsOp{&bits}, dst, repeatParams, src0, src1);
    }
}

// ---- mode 1 (src1 a scalar, converted to T) ----
template <typename T, typename U, bool isSetMask = true, typename S,
          std::enable_if_t<sim::vec::kScalarArgument<S>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, S src1, SELMODE selMode,
                                                   uint64_t mask[], uint8_t repeatTime,
                                                   const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    sim::vec::SelectScalar(dst, selMask, src0, sim::vec::ScalarAs<T>(src1), selMode,
                           sim::vec::BitMask(mask, 256 / sizeof(T)), isSetMask, repeatTime, repeatParams);
}

template <typename T, typename U, bool isSetMask = true, typename S,
          std::enable_if_t<sim::vec::kScalarArgument<S>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, S src1, SELMODE selMode, uint64_t mask,
                                                   uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    sim::vec::SelectScalar(dst, selMask, src0, sim::vec::ScalarAs<T>(src1), selMode, sim::vec::ContinuousMask(mask),
                           isSetMask, repeatTime, repeatParams);
}

template <typename T, typename U, typename S, std::enable_if_t<sim::vec::kScalarArgument<S>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, S src1, SELMODE selMode,
                                                   uint32_t count) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    if (count == 0) return;
    sim::vec::InCounterMode(count, [&](const sim::vec::MaskArg& mask) {
        sim::vec::SelectScalar(dst, selMask, src0, sim::vec::ScalarAs<T>(src1), selMode, mask, true, 1,
                               BinaryRepeatParams{});
    });
}

// Mode 1 without mask and scalar: the scalar from the register (SetCmpMask of a tensor holding it).
template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                                                   const LocalTensor<T>& src0, uint8_t repeatTime,
                                                   const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_SELECT_TYPES();
    sim::NoteCallSite();
    T scalar;
    std::memcpy(&scalar, sim::Core().cmpMask.bits, sizeof(T));
    sim::vec::SelectBits bits;
    const sim::UbRef sel = selMask.SimRef();
    sim::vec::RunSelect(sim::vec::Named("Select"), sim::vec::MaskArg{}, false, repeatTime, &bits, &sel,
                        sim::vec::SelectScalarOp<T>{&bits, scalar}, dst, repeatParams, src0);
}

#undef ASCENDC_SIM_SELECT_TYPES

}  // namespace AscendC
