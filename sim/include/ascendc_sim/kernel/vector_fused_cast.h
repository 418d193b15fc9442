// AddReluCast, SubReluCast and MulCast (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/
// 复合计算/): dst_i = Cast(Relu(src0_i +/- src1_i)) and dst_i = Cast(src0_i * src1_i), count
// form and both mask/repeat forms. One instruction each, as the 2201 implementation issues
// them (impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h: vaddreluconv_* /
// vsubreluconv_*; kernel_operator_vec_mulcast_impl.h: vmulconv_f162s8 / f162u8).
//
// (src, dst) pairs on Atlas A2/A3 (the pages' tables; anything else is a compile error naming
// the API): AddReluCast / SubReluCast (half, int8_t), (float, half), (int16_t, int8_t);
// MulCast (half, int8_t), (half, uint8_t).
//
// Numerics (the pages give the formula and point to precision_conversion.md; the rounding
// of the fused conversion is not stated, so the sim assumes CAST_RINT, round to nearest even,
// with the page's default saturation): the sum, difference or product is rounded to the
// source type first (int16_t wraps, as AddRelu's), Relu clamps it below at 0 (NaN passes), and
// the result converts to dst: float -> half rounds to nearest even (Inf and NaN kept); half /
// int16_t -> int8_t / uint8_t round to nearest even and saturate to the dst range, NaN -> 0
// (precision_conversion.md calls a negative half -> uint8_t input abnormal; the sim saturates
// it to 0).
//
// A repeat has 256 / sizeof(the wider type) lanes, so a half -> int8_t repeat reads 8 source
// blocks and writes 4 dst blocks (the MulCast page: srcRepStride 8, dstRepStride 4). Timed as
// one vector instruction of the binary-arithmetic class (soc_timing.h: 1 cycle per repeat).
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_ops.h"
#include "ascendc_sim/numeric/round.h"

namespace sim::vec {

// (dst T, src U) pairs.
template <class T, class U>
constexpr bool kReluCastPair = (std::is_same_v<U, half> && std::is_same_v<T, int8_t>) ||
                               (std::is_same_v<U, float> && std::is_same_v<T, half>) ||
                               (std::is_same_v<U, int16_t> && std::is_same_v<T, int8_t>);
template <class T, class U>
constexpr bool kMulCastPair = std::is_same_v<U, half> && kIsOneOf<T, int8_t, uint8_t>;

// The fused conversion of one element (see the header comment).
template <class D, class S>
inline D FusedConvert(S value) {
    if constexpr (std::is_same_v<D, half>) {
        return half::FromBits(num::DoubleToHalfBits(static_cast<double>(value), num::Rounding::NearestEven));
    } else {
        double x;
        if constexpr (std::is_integral_v<S>) x = static_cast<double>(value);
        else x = static_cast<double>(Widen(value));
        if (std::isnan(x)) return D(0);
        const double r = num::RoundToIntegral(x, num::Rounding::NearestEven);
        constexpr double lo = std::numeric_limits<D>::min(), hi = std::numeric_limits<D>::max();
        return static_cast<D>(r < lo ? lo : (r > hi ? hi : r));
    }
}

template <class D>
struct AddReluCastOp {
    template <class S>
    D operator()(S a, S b) const { return FusedConvert<D>(ReluOp{}(AddOp{}(a, b))); }
};
template <class D>
struct SubReluCastOp {
    template <class S>
    D operator()(S a, S b) const { return FusedConvert<D>(ReluOp{}(SubOp{}(a, b))); }
};
template <class D>
struct MulCastOp {
    template <class S>
    D operator()(S a, S b) const { return FusedConvert<D>(MulOp{}(a, b)); }
};

template <bool isSetMask, class T, class U, class Op>
inline void MaskedFusedCast(const ApiName& api, Op op, const AscendC::LocalTensor<T>& dst,
                            const AscendC::LocalTensor<U>& src0, const AscendC::LocalTensor<U>& src1,
                            const MaskArg& mask, uint8_t repeatTime, const AscendC::BinaryRepeatParams& p) {
    MaskedElementwise(api, mask, isSetMask, repeatTime, op, MaskedOptions{},
                      StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                      StridedOperand<U>{src0, Src0Stride(p.src0BlkStride, p.src0RepStride)},
                      StridedOperand<U>{src1, Src1Stride(p.src1BlkStride, p.src1RepStride)});
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_FUSED_CAST_API(Name, Op, PairCheck, PairText)                                                \
    template <typename T, typename U>                                                                            \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0,        \
                                                     const LocalTensor<U>& src1, const uint32_t count) {         \
        static_assert(sim::vec::PairCheck<T, U>, #Name ": (src, dst) element types must be " PairText           \
                                                       " on Atlas A2/A3");                                       \
        sim::NoteCallSite();                                                                                     \
        sim::vec::Elementwise(sim::vec::Named(#Name), dst, static_cast<int64_t>(count), sim::vec::Op<T>{},        \
                              sim::vec::ElementwiseOptions{}, src0, src1);                                       \
    }                                                                                                            \
    template <typename T, typename U, bool isSetMask = true>                                                     \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0,        \
                                                     const LocalTensor<U>& src1, uint64_t mask[],                 \
                                                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::PairCheck<T, U>, #Name ": (src, dst) element types must be " PairText           \
                                                       " on Atlas A2/A3");                                       \
        sim::NoteCallSite();                                                                                     \
        constexpr uint32_t lanes = 256 / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));                       \
        sim::vec::MaskedFusedCast<isSetMask>(sim::vec::Named(#Name), sim::vec::Op<T>{}, dst, src0, src1,         \
                                             sim::vec::BitMask(mask, lanes), repeatTime, repeatParams);          \
    }                                                                                                            \
    template <typename T, typename U, bool isSetMask = true>                                                     \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0,        \
                                                     const LocalTensor<U>& src1, uint64_t mask,                   \
                                                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::PairCheck<T, U>, #Name ": (src, dst) element types must be " PairText           \
                                                       " on Atlas A2/A3");                                       \
        sim::NoteCallSite();                                                                                     \
        sim::vec::MaskedFusedCast<isSetMask>(sim::vec::Named(#Name), sim::vec::Op<T>{}, dst, src0, src1,         \
                                             sim::vec::ContinuousMask(mask), repeatTime, repeatParams);          \
    }

ASCENDC_SIM_FUSED_CAST_API(AddReluCast, AddReluCastOp, kReluCastPair,
                           "(half, int8_t), (float, half) or (int16_t, int8_t)")
ASCENDC_SIM_FUSED_CAST_API(SubReluCast, SubReluCastOp, kReluCastPair,
                           "(half, int8_t), (float, half) or (int16_t, int8_t)")
ASCENDC_SIM_FUSED_CAST_API(MulCast, MulCastOp, kMulCastPair, "(half, int8_t) or (half, uint8_t)")
#undef ASCENDC_SIM_FUSED_CAST_API

}  // namespace AscendC
