// Compound and further arithmetic vector APIs, count and mask/repeat forms: Axpy, FusedMulAdd, MulAddDst,
// MulAddRelu (and its old name FusedMulAddRelu), AddRelu, SubRelu
// (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/复合计算/), LeakyRelu
// and Rsqrt (.../基础算术/). Element types as the Atlas A2/A3 tables of those pages and the
// 2201 implementation (impl/basic_api/dav_c220/kernel_operator_vec_binary_impl.h,
// kernel_operator_vec_ternary_scalar_impl.h, kernel_operator_vec_binary_scalar_impl.h,
// kernel_operator_vec_unary_impl.h) give; anything else is a compile error naming the API.
//
// Numerics: a multiply-add (Axpy = vaxpy, FusedMulAdd = vmadd, MulAddDst = vmla, exposed by
// CANN's C API as asc_fma) rounds once, as a fused multiply-add: the pages state no precision,
// this is the sim's assumption. Half products are exact in double and half sums in range are
// exact there too, so one double fma rounded to the element type is the correctly rounded
// result; float uses the float fma. Rsqrt is 1/sqrt evaluated in double and rounded once
// (the hardware's ULP error is not modelled, as for Reciprocal). AddRelu/SubRelu round the
// sum to T, then clamp below at 0 (int16_t wraps, then clamps); NaN passes as in Relu.
// LeakyRelu: x >= 0 ? x : scalar * x, the product rounded to T.
//
// Multiply-adds read dst as an addend: dst is an operand of the instruction twice, read and
// written at the same address (in-place), so the engine checks it as a source as well.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_ops.h"

namespace sim::vec {

template <class T>
constexpr bool kAddReluType = kIsOneOf<T, int16_t, half, float>;
// (dst, src) pairs of Axpy and MulAddDst: half/half, float/float, float/half.
template <class D, class S>
constexpr bool kMulAddPair = (std::is_same_v<D, S> && kIsOneOf<D, half, float>) ||
                             (std::is_same_v<D, float> && std::is_same_v<S, half>);

// a * b + c rounded once to D (see the header comment).
template <class D, class S>
inline D FusedMultiplyAdd(S a, S b, D c) {
    if constexpr (std::is_same_v<D, float>) {
        return std::fma(Widen(a), Widen(b), c);  // half operands widen exactly
    } else {
        return NarrowFromDouble<D>(std::fma(static_cast<double>(Widen(a)), static_cast<double>(Widen(b)),
                                            static_cast<double>(Widen(c))));
    }
}

// Axpy: dst = scalar * src + dst.
template <class D, class S>
struct AxpyOp {
    S scalar;
    D operator()(S x, D acc) const { return FusedMultiplyAdd<D, S>(scalar, x, acc); }
};
// FusedMulAdd: dst = src0 * dst + src1.
struct FusedMulAddOp {
    template <class T>
    T operator()(T src0, T acc, T src1) const { return FusedMultiplyAdd<T, T>(src0, acc, src1); }
};
// MulAddDst: dst = src0 * src1 + dst.
template <class D>
struct MulAddDstOp {
    template <class S>
    D operator()(S src0, S src1, D acc) const { return FusedMultiplyAdd<D, S>(src0, src1, acc); }
};
// MulAddRelu (vmaddrelu): dst = relu(src0 * dst + src1), the multiply-add rounded once as
// FusedMulAdd's, then clamped below at 0.
struct MulAddReluOp {
    template <class T>
    T operator()(T src0, T acc, T src1) const { return ReluOp{}(FusedMultiplyAdd<T, T>(src0, acc, src1)); }
};
struct AddReluOp {
    template <class T>
    T operator()(T a, T b) const { return ReluOp{}(AddOp{}(a, b)); }
};
struct SubReluOp {
    template <class T>
    T operator()(T a, T b) const { return ReluOp{}(SubOp{}(a, b)); }
};
template <class T>
struct LeakyReluOp {
    T slope;
    T operator()(T a) const { return Widen(a) >= 0.0f ? a : Narrow<T>(Widen(a) * Widen(slope)); }
};
struct RsqrtOp {
    template <class T>
    T operator()(T a) const { return NarrowFromDouble<T>(1.0 / std::sqrt(static_cast<double>(Widen(a)))); }
};

// dst may accumulate into src1 across repeats (src1RepStride or dstRepStride 0), as for Add.
template <>
inline constexpr bool kAccumulatingBinary<AddReluOp> = true;
template <>
inline constexpr bool kAccumulatingBinary<SubReluOp> = true;

// The mask/repeat form of a multiply-add: dst is read (as the accumulator, with dst's strides)
// and written by the same instruction. A repeat has 256 / sizeof(widest) lanes: 64 for a float
// dst with half sources, whose half side then reads 4 blocks per repeat (as Cast does).
template <bool isSetMask, class D, class Fn, class... S>
inline void MaskedMultiplyAdd(const ApiName& api, Fn fn, const AscendC::LocalTensor<D>& dst, const MaskArg& mask,
                              uint8_t repeatTime, const StrideSpec& dstStride,
                              const StridedOperand<S>&... srcs) {
    MaskedElementwise(api, mask, isSetMask, repeatTime, fn, MaskedOptions{}, StridedOperand<D>{dst, dstStride},
                      srcs...);
}

template <bool isSetMask, class T>
inline void MaskedMulAddRelu(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                             const AscendC::LocalTensor<T>& src1, const MaskArg& mask, uint8_t repeatTime,
                             const AscendC::BinaryRepeatParams& p) {
    MaskedMultiplyAdd<isSetMask>(api, MulAddReluOp{}, dst, mask, repeatTime, DstStride(p.dstBlkStride, p.dstRepStride),
                                 StridedOperand<T>{src0, Src0Stride(p.src0BlkStride, p.src0RepStride)},
                                 StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                                 StridedOperand<T>{src1, Src1Stride(p.src1BlkStride, p.src1RepStride)});
}

// The accumulator dst of a multiply-add is read as well as written: its alignment and extent
// are checked (and reported) under its own name before the instruction runs, so that a report
// says "dst", not the engine's name for its extra source. False when the call must be dropped.
bool CheckAccumulator(const ApiName& api, const UbRef& dst, uint64_t bytes);

}  // namespace sim::vec

namespace AscendC {

template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                                                 const U& scalarValue, const int32_t& count) {
    static_assert(sim::vec::kMulAddPair<T, U>,
                  "Axpy: (dst, src) element types must be (half, half), (float, float) or (float, half) on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("Axpy");
    if (count > 0 && !sim::vec::CheckAccumulator(api, dst.SimRef(), uint64_t(count) * sizeof(T))) return;
    sim::vec::Elementwise(api, dst, count, sim::vec::AxpyOp<T, U>{scalarValue}, sim::vec::ElementwiseOptions{}, src,
                          dst);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                        const LocalTensor<T>& src1, const int32_t& count) {
    static_assert(sim::vec::kFloatType<T>, "FusedMulAdd: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("FusedMulAdd");
    if (count > 0 && !sim::vec::CheckAccumulator(api, dst.SimRef(), uint64_t(count) * sizeof(T))) return;
    sim::vec::Elementwise(api, dst, count, sim::vec::FusedMulAddOp{}, sim::vec::ElementwiseOptions{}, src0, dst, src1);
}

template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                                                      const LocalTensor<U>& src1, const int32_t& count) {
    static_assert(sim::vec::kMulAddPair<T, U>, "MulAddDst: (dst, src) element types must be (half, half), "
                                               "(float, float) or (float, half) on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("MulAddDst");
    if (count > 0 && !sim::vec::CheckAccumulator(api, dst.SimRef(), uint64_t(count) * sizeof(T))) return;
    sim::vec::Elementwise(api, dst, count, sim::vec::MulAddDstOp<T>{}, sim::vec::ElementwiseOptions{}, src0, src1,
                          dst);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AddRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                    const LocalTensor<T>& src1, const int32_t& count) {
    static_assert(sim::vec::kAddReluType<T>, "AddRelu: element type must be int16_t, half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Binary<sim::vec::AddReluOp>(sim::vec::Named("AddRelu"), dst, src0, src1, count);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SubRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                    const LocalTensor<T>& src1, const int32_t& count) {
    static_assert(sim::vec::kAddReluType<T>, "SubRelu: element type must be int16_t, half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Binary<sim::vec::SubReluOp>(sim::vec::Named("SubRelu"), dst, src0, src1, count);
}

// The scalar may be any arithmetic type (or half); it is converted to T first, as for Muls.
template <typename T, bool isSetMask = true, typename U,
          std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const U& scalarValue, const int32_t& count) {
    static_assert(sim::vec::kFloatType<T>, "LeakyRelu: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Elementwise(sim::vec::Named("LeakyRelu"), dst, count,
                          sim::vec::LeakyReluOp<T>{sim::vec::ScalarAs<T>(scalarValue)}, sim::vec::ElementwiseOptions{},
                          src);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Rsqrt(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                  const int32_t& count) {
    static_assert(sim::vec::kFloatType<T>, "Rsqrt: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Unary<sim::vec::RsqrtOp>(sim::vec::Named("Rsqrt"), dst, src, count);
}

// ---- mask/repeat forms ----
ASCENDC_SIM_MASKED_BINARY_API(AddRelu, AddReluOp, kAddReluType, "int16_t, half or float")
ASCENDC_SIM_MASKED_BINARY_API(SubRelu, SubReluOp, kAddReluType, "int16_t, half or float")
ASCENDC_SIM_MASKED_UNARY_API(Rsqrt, RsqrtOp, kFloatType, "half or float")

// LeakyRelu's functor carries the scalar already converted to T.
#define ASCENDC_SIM_MASKED_LEAKY_RELU(MaskType, MaskExpr)                                                       \
    template <typename T, bool isSetMask = true, typename U,                                                    \
              std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, \
                                                          const U& scalarValue, MaskType mask,                  \
                                                          const uint8_t repeatTime,                             \
                                                          const UnaryRepeatParams& repeatParams) {              \
        static_assert(sim::vec::kFloatType<T>, "LeakyRelu: element type must be half or float on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedUnaryWith<isSetMask>(sim::vec::Named("LeakyRelu"),                                      \
                                             sim::vec::LeakyReluOp<T>{sim::vec::ScalarAs<T>(scalarValue)}, dst, src, \
                                             MaskExpr, repeatTime, repeatParams);                               \
    }
ASCENDC_SIM_MASKED_LEAKY_RELU(uint64_t*, sim::vec::BitMask(mask, 256 / sizeof(T)))
ASCENDC_SIM_MASKED_LEAKY_RELU(uint64_t, sim::vec::ContinuousMask(mask))
#undef ASCENDC_SIM_MASKED_LEAKY_RELU

// Axpy (dst = scalar * src + dst), FusedMulAdd (dst = src0 * dst + src1) and MulAddDst
// (dst = src0 * src1 + dst). Lanes per repeat: 256 / sizeof(the wider of dst and src).
#define ASCENDC_SIM_MASKED_MULTIPLY_ADD(MaskType, MaskExpr)                                                     \
    template <typename T, typename U, bool isSetMask = true>                                                    \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src,      \
                                                     const U& scalarValue, MaskType mask, const uint8_t repeatTime, \
                                                     const UnaryRepeatParams& repeatParams) {                  \
        static_assert(sim::vec::kMulAddPair<T, U>, "Axpy: (dst, src) element types must be (half, half), "      \
                                                   "(float, float) or (float, half) on Atlas A2/A3");           \
        sim::NoteCallSite();                                                                                    \
        constexpr uint32_t lanes = 256 / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));                       \
        (void)lanes;                                                                                            \
        const auto& p = repeatParams;                                                                           \
        sim::vec::MaskedMultiplyAdd<isSetMask>(                                                                 \
            sim::vec::Named("Axpy"), sim::vec::AxpyOp<T, U>{scalarValue}, dst, MaskExpr, repeatTime,            \
            sim::vec::DstStride(p.dstBlkStride, p.dstRepStride),                                                \
            sim::vec::StridedOperand<U>{src, sim::vec::SrcStride(p.srcBlkStride, p.srcRepStride)},              \
            sim::vec::StridedOperand<T>{dst, sim::vec::DstStride(p.dstBlkStride, p.dstRepStride)});             \
    }                                                                                                           \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0, \
                                                            const LocalTensor<T>& src1, MaskType mask,          \
                                                            const uint8_t repeatTime,                           \
                                                            const BinaryRepeatParams& repeatParams) {           \
        static_assert(sim::vec::kFloatType<T>, "FusedMulAdd: element type must be half or float on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                    \
        constexpr uint32_t lanes = 256 / sizeof(T);                                                             \
        (void)lanes;                                                                                            \
        const auto& p = repeatParams;                                                                           \
        sim::vec::MaskedMultiplyAdd<isSetMask>(                                                                 \
            sim::vec::Named("FusedMulAdd"), sim::vec::FusedMulAddOp{}, dst, MaskExpr, repeatTime,               \
            sim::vec::DstStride(p.dstBlkStride, p.dstRepStride),                                                \
            sim::vec::StridedOperand<T>{src0, sim::vec::Src0Stride(p.src0BlkStride, p.src0RepStride)},          \
            sim::vec::StridedOperand<T>{dst, sim::vec::DstStride(p.dstBlkStride, p.dstRepStride)},              \
            sim::vec::StridedOperand<T>{src1, sim::vec::Src1Stride(p.src1BlkStride, p.src1RepStride)});         \
    }                                                                                                           \
    template <typename T, typename U, bool isSetMask = true>                                                    \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, \
                                                          const LocalTensor<U>& src1, MaskType mask,            \
                                                          const uint8_t repeatTime,                             \
                                                          const BinaryRepeatParams& repeatParams) {             \
        static_assert(sim::vec::kMulAddPair<T, U>, "MulAddDst: (dst, src) element types must be (half, half), " \
                                                   "(float, float) or (float, half) on Atlas A2/A3");           \
        sim::NoteCallSite();                                                                                    \
        constexpr uint32_t lanes = 256 / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));                       \
        (void)lanes;                                                                                            \
        const auto& p = repeatParams;                                                                           \
        sim::vec::MaskedMultiplyAdd<isSetMask>(                                                                 \
            sim::vec::Named("MulAddDst"), sim::vec::MulAddDstOp<T>{}, dst, MaskExpr, repeatTime,                \
            sim::vec::DstStride(p.dstBlkStride, p.dstRepStride),                                                \
            sim::vec::StridedOperand<U>{src0, sim::vec::Src0Stride(p.src0BlkStride, p.src0RepStride)},          \
            sim::vec::StridedOperand<U>{src1, sim::vec::Src1Stride(p.src1BlkStride, p.src1RepStride)},          \
            sim::vec::StridedOperand<T>{dst, sim::vec::DstStride(p.dstBlkStride, p.dstRepStride)});             \
    }
ASCENDC_SIM_MASKED_MULTIPLY_ADD(const uint64_t*, sim::vec::BitMask(mask, lanes))
ASCENDC_SIM_MASKED_MULTIPLY_ADD(const uint64_t, sim::vec::ContinuousMask(mask))
#undef ASCENDC_SIM_MASKED_MULTIPLY_ADD

// MulAddRelu and FusedMulAddRelu (CANN keeps the old name as a second spelling): half or float.
#define ASCENDC_SIM_MUL_ADD_RELU_API(Name)                                                                      \
    template <typename T>                                                                                       \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,       \
                                                     const LocalTensor<T>& src1, const int32_t& count) {        \
        static_assert(sim::vec::kFloatType<T>, #Name ": element type must be half or float on Atlas A2/A3");    \
        sim::NoteCallSite();                                                                                    \
        const sim::vec::ApiName api = sim::vec::Named(#Name);                                                   \
        if (count > 0 && !sim::vec::CheckAccumulator(api, dst.SimRef(), uint64_t(count) * sizeof(T))) return;  \
        sim::vec::Elementwise(api, dst, count, sim::vec::MulAddReluOp{}, sim::vec::ElementwiseOptions{}, src0, dst, \
                              src1);                                                                            \
    }                                                                                                           \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,       \
                                                     const LocalTensor<T>& src1, const uint64_t* mask,          \
                                                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::kFloatType<T>, #Name ": element type must be half or float on Atlas A2/A3");    \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedMulAddRelu<isSetMask>(sim::vec::Named(#Name), dst, src0, src1,                          \
                                              sim::vec::BitMask(mask, 256 / sizeof(T)), repeatTime, repeatParams); \
    }                                                                                                           \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,       \
                                                     const LocalTensor<T>& src1, const uint64_t mask,           \
                                                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::kFloatType<T>, #Name ": element type must be half or float on Atlas A2/A3");    \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedMulAddRelu<isSetMask>(sim::vec::Named(#Name), dst, src0, src1,                          \
                                              sim::vec::ContinuousMask(mask), repeatTime, repeatParams);        \
    }
ASCENDC_SIM_MUL_ADD_RELU_API(MulAddRelu)
ASCENDC_SIM_MUL_ADD_RELU_API(FusedMulAddRelu)
#undef ASCENDC_SIM_MUL_ADD_RELU_API

}  // namespace AscendC
