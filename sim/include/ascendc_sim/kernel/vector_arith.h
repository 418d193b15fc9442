// Elementwise vector APIs: Add, Sub, Mul, Div, Max, Min; Adds, Muls, Maxs, Mins; Exp, Ln, Abs,
// Sqrt, Reciprocal, Relu; Duplicate; each in the count form and in both mask/repeat forms
// (uint64_t mask[] bits and uint64_t mask lanes, repeatTime, Binary/UnaryRepeatParams; see
// vector_engine.h). Signatures as in CANN (the CANN Ascend C
// API reference pages by API name, e.g. Add, Div, Muls, Exp: asc-devkit
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/); the
// element types are those A2/A3 support, anything else is a compile error naming the API.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_ops.h"

namespace sim::vec {

template <class T>
constexpr bool kArithmeticType = kIsOneOf<T, int16_t, half, int32_t, float>;  // Add/Sub/Mul/Max/Min and scalar forms
template <class T>
constexpr bool kFloatType = kIsOneOf<T, half, float>;                         // Div, Exp, Ln, Sqrt, Abs, Reciprocal
template <class T>
constexpr bool kReluType = kIsOneOf<T, half, int32_t, float>;
template <class T>
constexpr bool kDuplicateType = kIsOneOf<T, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float>;

template <class Op, class T>
inline void Binary(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                   const AscendC::LocalTensor<T>& src1, int64_t count) {
    Elementwise(api, dst, count, Op{}, ElementwiseOptions{}, src0, src1);
}

template <class Op, class T>
inline void Unary(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  int64_t count) {
    Elementwise(api, dst, count, Op{}, ElementwiseOptions{}, src);
}

template <class Op, class T>
inline void Scalar(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, T scalar,
                   int64_t count) {
    Elementwise(api, dst, count, WithScalar<Op, T>{scalar}, ElementwiseOptions{}, src);
}

template <class T>
inline void Fill(const ApiName& api, const AscendC::LocalTensor<T>& dst, T value, int64_t count) {
    Elementwise(api, dst, count, FillOp<T>{value}, ElementwiseOptions{});
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_BINARY_API(Name, Op, TypeCheck, TypeText)                                                 \
    template <typename T>                                                                                     \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,     \
                                                     const LocalTensor<T>& src1, const int32_t& count) {     \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");    \
        sim::NoteCallSite();                                                                                  \
        sim::vec::Binary<sim::vec::Op>(sim::vec::Named(#Name), dst, src0, src1, count);                       \
    }

ASCENDC_SIM_BINARY_API(Add, AddOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_BINARY_API(Sub, SubOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_BINARY_API(Mul, MulOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_BINARY_API(Div, DivOp, kFloatType, "half or float")
ASCENDC_SIM_BINARY_API(Max, MaxOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_BINARY_API(Min, MinOp, kArithmeticType, "int16_t, half, int32_t or float")
#undef ASCENDC_SIM_BINARY_API

ASCENDC_SIM_MASKED_BINARY_API(Add, AddOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_BINARY_API(Sub, SubOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_BINARY_API(Mul, MulOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_BINARY_API(Div, DivOp, kFloatType, "half or float")
ASCENDC_SIM_MASKED_BINARY_API(Max, MaxOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_BINARY_API(Min, MinOp, kArithmeticType, "int16_t, half, int32_t or float")

// The scalar may be any arithmetic type (or half/bfloat16_t); it is converted to T first.
#define ASCENDC_SIM_SCALAR_API(Name, Op)                                                                      \
    template <typename T, typename U, std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,      \
                                                     const U& scalarValue, const int32_t& count) {           \
        static_assert(sim::vec::kArithmeticType<T>,                                                           \
                      #Name ": element type must be int16_t, half, int32_t or float on Atlas A2/A3");         \
        sim::NoteCallSite();                                                                                  \
        sim::vec::Scalar<sim::vec::Op>(sim::vec::Named(#Name), dst, src, sim::vec::ScalarAs<T>(scalarValue), count); \
    }

ASCENDC_SIM_SCALAR_API(Adds, AddOp)
ASCENDC_SIM_SCALAR_API(Muls, MulOp)
ASCENDC_SIM_SCALAR_API(Maxs, MaxOp)
ASCENDC_SIM_SCALAR_API(Mins, MinOp)
#undef ASCENDC_SIM_SCALAR_API

ASCENDC_SIM_MASKED_SCALAR_API(Adds, AddOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_SCALAR_API(Muls, MulOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_SCALAR_API(Maxs, MaxOp, kArithmeticType, "int16_t, half, int32_t or float")
ASCENDC_SIM_MASKED_SCALAR_API(Mins, MinOp, kArithmeticType, "int16_t, half, int32_t or float")

// isReuseSource: accepted for CANN 8.x sources that spell it (Exp<float, false>); no effect.
#define ASCENDC_SIM_UNARY_API(Name, Op, TypeCheck, TypeText)                                                  \
    template <typename T, bool isReuseSource = false>                                                         \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,      \
                                                     const int32_t& count) {                                 \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");    \
        sim::NoteCallSite();                                                                                  \
        sim::vec::Unary<sim::vec::Op>(sim::vec::Named(#Name), dst, src, count);                               \
    }

ASCENDC_SIM_UNARY_API(Exp, ExpOp, kFloatType, "half or float")
ASCENDC_SIM_UNARY_API(Ln, LnOp, kFloatType, "half or float")
ASCENDC_SIM_UNARY_API(Abs, AbsOp, kFloatType, "half or float")
ASCENDC_SIM_UNARY_API(Sqrt, SqrtOp, kFloatType, "half or float")
ASCENDC_SIM_UNARY_API(Reciprocal, ReciprocalOp, kFloatType, "half or float")
ASCENDC_SIM_UNARY_API(Relu, ReluOp, kReluType, "half, int32_t or float")
#undef ASCENDC_SIM_UNARY_API

ASCENDC_SIM_MASKED_UNARY_API(Exp, ExpOp, kFloatType, "half or float")
ASCENDC_SIM_MASKED_UNARY_API(Ln, LnOp, kFloatType, "half or float")
ASCENDC_SIM_MASKED_UNARY_API(Abs, AbsOp, kFloatType, "half or float")
ASCENDC_SIM_MASKED_UNARY_API(Sqrt, SqrtOp, kFloatType, "half or float")
ASCENDC_SIM_MASKED_UNARY_API(Reciprocal, ReciprocalOp, kFloatType, "half or float")
ASCENDC_SIM_MASKED_UNARY_API(Relu, ReluOp, kReluType, "half, int32_t or float")

template <typename T, typename U, std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Duplicate(const LocalTensor<T>& dst, const U& scalarValue,
                                                      const int32_t& count) {
    static_assert(sim::vec::kDuplicateType<T>,
                  "Duplicate: element type must be int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t or float");
    sim::NoteCallSite();
    sim::vec::Fill(sim::vec::Named("Duplicate"), dst, sim::vec::ScalarAs<T>(scalarValue), count);
}

// Mask/repeat forms: dstBlockStride and dstRepeatStride in 32-B blocks.
#define ASCENDC_SIM_MASKED_DUPLICATE(MaskType, MakeMask)                                                        \
    template <typename T, bool isSetMask = true, typename U,                                                    \
              std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Duplicate(const LocalTensor<T>& dst, const U& scalarValue,        \
                                                          MaskType mask, const uint8_t repeatTime,               \
                                                          const uint16_t dstBlockStride,                         \
                                                          const uint8_t dstRepeatStride) {                       \
        static_assert(sim::vec::kDuplicateType<T>, "Duplicate: element type must be int16_t, uint16_t, half, "   \
                                                   "bfloat16_t, int32_t, uint32_t or float");                   \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedElementwise(                                                                            \
            sim::vec::Named("Duplicate"), MakeMask, isSetMask, repeatTime,                                      \
            sim::vec::FillOp<T>{sim::vec::ScalarAs<T>(scalarValue)}, sim::vec::MaskedOptions{},                 \
            sim::vec::StridedOperand<T>{dst, {dstBlockStride, dstRepeatStride, "dstBlockStride", "dstRepeatStride"}}); \
    }
ASCENDC_SIM_MASKED_DUPLICATE(uint64_t*, sim::vec::BitMask(mask, 256 / sizeof(T)))
ASCENDC_SIM_MASKED_DUPLICATE(uint64_t, sim::vec::ContinuousMask(mask))
#undef ASCENDC_SIM_MASKED_DUPLICATE

}  // namespace AscendC
