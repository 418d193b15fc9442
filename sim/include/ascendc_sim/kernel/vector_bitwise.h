// Bitwise vector APIs, count and mask/repeat forms: And, Or, Not, ShiftLeft, ShiftRight. Signatures as in CANN
// (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/逻辑计算/), element types those the
// Atlas A2/A3 implementation accepts (impl/basic_api/dav_c220/kernel_operator_vec_binary_impl.h,
// kernel_operator_vec_unary_impl.h, kernel_operator_vec_binary_scalar_impl.h); anything else
// is a compile error naming the API. Each operation is a functor, so that the mask/repeat
// forms of the engine can take it as they take vector_ops.h's.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace sim::vec {

template <class T>
constexpr bool kBitwise16Type = kIsOneOf<T, int16_t, uint16_t>;
// And/Or count form: the documentation lists int16_t/uint16_t; the 2201 implementation also
// takes int32_t/uint32_t there and runs the 16-bit instruction over `count` 16-bit lanes
// ("for compatibility"), i.e. the first 2 * count bytes: only count / 2 32-bit elements.
template <class T>
constexpr bool kAndOrType = kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>;
template <class T>
constexpr bool kShiftType = kIsOneOf<T, int16_t, uint16_t, int32_t, uint32_t>;

struct AndOp {
    template <class T>
    T operator()(T a, T b) const { return static_cast<T>(a & b); }
};
struct OrOp {
    template <class T>
    T operator()(T a, T b) const { return static_cast<T>(a | b); }
};
struct NotOp {
    template <class T>
    T operator()(T a) const { return static_cast<T>(~a); }
};

// ShiftLeft by `bits` in [0, width] (checked before the instruction runs). Unsigned types shift
// logically. Signed types shift "arithmetically" as the ShiftLeft page defines it: the sign bit
// stays and the bits below it shift (the page's example: int16 1010101010101010 << 1 is
// 1101010101010100). A shift by the full width leaves 0 (unsigned) or the sign bit alone.
template <class T>
struct ShiftLeftOp {
    uint32_t bits;
    T operator()(T a) const {
        using U = std::make_unsigned_t<T>;
        constexpr uint32_t kWidth = sizeof(T) * 8;
        const U value = static_cast<U>(a);
        const U shifted = bits >= kWidth ? U{0} : static_cast<U>(value << bits);
        if constexpr (std::is_signed_v<T>) {
            constexpr U kSign = static_cast<U>(U{1} << (kWidth - 1));
            return static_cast<T>(static_cast<U>((value & kSign) | (shifted & static_cast<U>(~kSign))));
        } else {
            return static_cast<T>(shifted);
        }
    }
};
// ShiftRight by `bits` in [0, width]: logical for unsigned types, arithmetic (the sign copied
// in) for signed ones, as the ShiftRight page defines it; a full-width shift leaves 0 or, for a
// negative signed element, all ones.
// With `round` (the mask forms' roundEn, int16_t/int32_t only): 1 is added when the last bit
// shifted out (bit bits-1 of the source) is set, as the ShiftRight page's example shows
// (17 >> 5 with roundEn is 1).
template <class T>
struct ShiftRightOp {
    uint32_t bits;
    bool round = false;
    T operator()(T a) const {
        constexpr uint32_t kWidth = sizeof(T) * 8;
        if constexpr (std::is_signed_v<T>) {
            const uint32_t n = bits >= kWidth ? kWidth - 1 : bits;
            const T shifted = static_cast<T>(a >> n);  // arithmetic on every compiler the sim supports (C++20 defines it)
            if (!round || bits == 0) return shifted;
            using U = std::make_unsigned_t<T>;
            const U carry = static_cast<U>((static_cast<U>(a) >> (n - 1)) & U{1});
            return static_cast<T>(static_cast<U>(static_cast<U>(shifted) + carry));
        } else {
            return bits >= kWidth ? T{0} : static_cast<T>(a >> bits);
        }
    }
};

// ApiMisuse when the shift count lies outside [0, width of T] (the range the ShiftLeft and
// ShiftRight pages give for A2/A3; CANN's CPU debug mode checks it as CheckValueRange does);
// false when the call must be dropped.
bool CheckShiftRange(const ApiName& api, int64_t bits, uint32_t width);

}  // namespace sim::vec

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void And(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                const LocalTensor<T>& src1, const int32_t& count) {
    static_assert(sim::vec::kAndOrType<T>, "And: element type must be int16_t or uint16_t (or int32_t/uint32_t, "
                                           "run as 16-bit lanes) on Atlas A2/A3");
    sim::NoteCallSite();
    // 32-bit types: the 16-bit instruction over `count` lanes, as the 2201 implementation runs it.
    using Lane = std::conditional_t<std::is_signed_v<T>, int16_t, uint16_t>;
    sim::vec::Binary<sim::vec::AndOp>(sim::vec::Named("And"), dst.template ReinterpretCast<Lane>(),
                                      src0.template ReinterpretCast<Lane>(), src1.template ReinterpretCast<Lane>(),
                                      count);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Or(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                               const LocalTensor<T>& src1, const int32_t& count) {
    static_assert(sim::vec::kAndOrType<T>, "Or: element type must be int16_t or uint16_t (or int32_t/uint32_t, "
                                           "run as 16-bit lanes) on Atlas A2/A3");
    sim::NoteCallSite();
    using Lane = std::conditional_t<std::is_signed_v<T>, int16_t, uint16_t>;
    sim::vec::Binary<sim::vec::OrOp>(sim::vec::Named("Or"), dst.template ReinterpretCast<Lane>(),
                                     src0.template ReinterpretCast<Lane>(), src1.template ReinterpretCast<Lane>(),
                                     count);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Not(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                const int32_t& count) {
    static_assert(sim::vec::kBitwise16Type<T>, "Not: element type must be int16_t or uint16_t on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Unary<sim::vec::NotOp>(sim::vec::Named("Not"), dst, src, count);
}

// The scalar is the shift count, of type T as in CANN (an int literal is accepted and converted).
template <typename T, bool isSetMask = true, typename U,
          std::enable_if_t<std::is_integral_v<U>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const U& scalarValue, const int32_t& count) {
    static_assert(sim::vec::kShiftType<T>,
                  "ShiftLeft: element type must be int16_t, uint16_t, int32_t or uint32_t on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("ShiftLeft");
    const int64_t bits = static_cast<int64_t>(static_cast<T>(scalarValue));
    if (!sim::vec::CheckShiftRange(api, bits, sizeof(T) * 8)) return;
    sim::vec::Elementwise(api, dst, count, sim::vec::ShiftLeftOp<T>{static_cast<uint32_t>(bits)},
                          sim::vec::ElementwiseOptions{}, src);
}

template <typename T, bool isSetMask = true, typename U,
          std::enable_if_t<std::is_integral_v<U>, int> = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                       const U& scalarValue, const int32_t& count) {
    static_assert(sim::vec::kShiftType<T>,
                  "ShiftRight: element type must be int16_t, uint16_t, int32_t or uint32_t on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("ShiftRight");
    const int64_t bits = static_cast<int64_t>(static_cast<T>(scalarValue));
    if (!sim::vec::CheckShiftRange(api, bits, sizeof(T) * 8)) return;
    sim::vec::Elementwise(api, dst, count, sim::vec::ShiftRightOp<T>{static_cast<uint32_t>(bits)},
                          sim::vec::ElementwiseOptions{}, src);
}

// ---- mask/repeat forms (the same pages' "高维切分" prototypes) ----
// And/Or/Not: int16_t/uint16_t only (the 32-bit "compatibility" path is the count form's alone).
ASCENDC_SIM_MASKED_BINARY_API(And, AndOp, kBitwise16Type, "int16_t or uint16_t")
ASCENDC_SIM_MASKED_BINARY_API(Or, OrOp, kBitwise16Type, "int16_t or uint16_t")
ASCENDC_SIM_MASKED_UNARY_API(Not, NotOp, kBitwise16Type, "int16_t or uint16_t")

// ShiftLeft/ShiftRight: the shift count is checked as in the count form; ShiftRight's roundEn
// applies to int16_t/int32_t (the page: "仅当src为int16_t/int32_t类型时开启有效").
#define ASCENDC_SIM_MASKED_SHIFT(MaskType, MaskExpr)                                                           \
    template <typename T, bool isSetMask = true, typename U, std::enable_if_t<std::is_integral_v<U>, int> = 0>  \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src, \
                                                          const U& scalarValue, MaskType mask,                  \
                                                          const uint8_t repeatTime,                             \
                                                          const UnaryRepeatParams& repeatParams) {              \
        static_assert(sim::vec::kShiftType<T>,                                                                  \
                      "ShiftLeft: element type must be int16_t, uint16_t, int32_t or uint32_t on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                    \
        const sim::vec::ApiName api = sim::vec::Named("ShiftLeft");                                             \
        const int64_t bits = static_cast<int64_t>(static_cast<T>(scalarValue));                                 \
        if (!sim::vec::CheckShiftRange(api, bits, sizeof(T) * 8)) return;                                      \
        sim::vec::MaskedUnaryWith<isSetMask>(api, sim::vec::ShiftLeftOp<T>{static_cast<uint32_t>(bits)}, dst,   \
                                             src, MaskExpr, repeatTime, repeatParams);                          \
    }                                                                                                           \
    template <typename T, bool isSetMask = true, typename U, std::enable_if_t<std::is_integral_v<U>, int> = 0>  \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, \
                                                           const U& scalarValue, MaskType mask,                 \
                                                           const uint8_t repeatTime,                            \
                                                           const UnaryRepeatParams& repeatParams,               \
                                                           bool roundEn = false) {                              \
        static_assert(sim::vec::kShiftType<T>,                                                                  \
                      "ShiftRight: element type must be int16_t, uint16_t, int32_t or uint32_t on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                    \
        const sim::vec::ApiName api = sim::vec::Named("ShiftRight");                                            \
        const int64_t bits = static_cast<int64_t>(static_cast<T>(scalarValue));                                 \
        if (!sim::vec::CheckShiftRange(api, bits, sizeof(T) * 8)) return;                                      \
        const bool round = roundEn && std::is_signed_v<T>;                                                      \
        sim::vec::MaskedUnaryWith<isSetMask>(api, sim::vec::ShiftRightOp<T>{static_cast<uint32_t>(bits), round}, \
                                             dst, src, MaskExpr, repeatTime, repeatParams);                     \
    }
ASCENDC_SIM_MASKED_SHIFT(uint64_t*, sim::vec::BitMask(mask, 256 / sizeof(T)))
ASCENDC_SIM_MASKED_SHIFT(uint64_t, sim::vec::ContinuousMask(mask))
#undef ASCENDC_SIM_MASKED_SHIFT

}  // namespace AscendC
