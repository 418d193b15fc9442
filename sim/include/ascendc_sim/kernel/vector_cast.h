// Cast(dst, src, RoundMode, count) and the mask/repeat forms Cast(dst, src, RoundMode,
// mask[]/mask, repeatTime, UnaryRepeatParams) (a repeat has 256 / sizeof(wider type) lanes,
// see vector_engine.h): the conversions Atlas A2/A3 support, with every RoundMode
// (CANN Ascend C API reference, "Cast", table "Atlas A2 ... Cast指令参数说明"; the modes in
// "数据结构/precision_conversion.md" of asc-devkit docs/zh/api/SIMD-API/基础API/).
//
//   src -> dst          modes                                 sim
//   half -> float       NONE                                  exact
//   bfloat16_t -> float NONE                                  exact
//   float -> half       NONE RINT FLOOR CEIL ROUND TRUNC ODD  round.h
//   float -> bfloat16_t RINT FLOOR CEIL ROUND TRUNC           round.h
//   float -> float      RINT FLOOR CEIL ROUND TRUNC           round to an integral value
//   float -> int32_t    RINT FLOOR CEIL ROUND TRUNC           saturating, NaN -> 0
//   half -> int32_t     RINT FLOOR CEIL ROUND TRUNC           saturating, NaN -> 0
//   bfloat16_t -> int32_t RINT FLOOR CEIL ROUND TRUNC         saturating, NaN -> 0
//   int32_t -> float    NONE RINT FLOOR CEIL ROUND TRUNC      round.h
//   int8_t/uint8_t -> half NONE                               exact
//   half -> int8_t/uint8_t NONE RINT FLOOR CEIL ROUND TRUNC   saturating, NaN -> 0
// CAST_NONE rounds like CAST_RINT when the conversion is inexact (and is exact otherwise).
// Other type pairs do not compile; a mode outside the list is an ApiMisuse violation naming
// the pair (the instruction is dropped if that is downgraded). int32_t -> half needs
// SetDeqScale on A2 and is not modelled. Overflow and NaN: see numeric/round.h.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/numeric/round.h"

namespace sim::vec {

constexpr uint32_t ModeBit(AscendC::RoundMode mode) { return 1u << static_cast<uint32_t>(mode); }
constexpr uint32_t kDirectedModes = ModeBit(AscendC::RoundMode::CAST_RINT) | ModeBit(AscendC::RoundMode::CAST_FLOOR) |
                                    ModeBit(AscendC::RoundMode::CAST_CEIL) | ModeBit(AscendC::RoundMode::CAST_ROUND) |
                                    ModeBit(AscendC::RoundMode::CAST_TRUNC);
constexpr uint32_t kNoneMode = ModeBit(AscendC::RoundMode::CAST_NONE);
constexpr uint32_t kOddMode = ModeBit(AscendC::RoundMode::CAST_ODD);

// The RoundModes A2/A3 accept for Cast from S to D; 0 = the pair does not exist.
template <class D, class S>
constexpr uint32_t CastModes() {
    if constexpr (std::is_same_v<S, half> && std::is_same_v<D, float>) return kNoneMode;
    else if constexpr (std::is_same_v<S, bfloat16_t> && std::is_same_v<D, float>) return kNoneMode;
    else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, half>) return kDirectedModes | kNoneMode | kOddMode;
    else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, bfloat16_t>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, float>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, int32_t>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, half> && std::is_same_v<D, int32_t>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, bfloat16_t> && std::is_same_v<D, int32_t>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, int32_t> && std::is_same_v<D, float>) return kDirectedModes | kNoneMode;
    else if constexpr ((std::is_same_v<S, int8_t> || std::is_same_v<S, uint8_t>) && std::is_same_v<D, half>) return kNoneMode;
    else if constexpr (std::is_same_v<S, half> && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>)) {
        return kDirectedModes | kNoneMode;
    }
    else return 0;
}

// ApiMisuse when `mode` is not in `allowed`; false when the instruction must be dropped.
bool CheckCastMode(const char* srcType, const char* dstType, AscendC::RoundMode mode, uint32_t allowed);
num::Rounding RoundingOf(AscendC::RoundMode mode);  // CAST_NONE -> NearestEven

template <class T>
inline double ExactValue(T value) {
    if constexpr (std::is_same_v<T, int32_t>) return static_cast<double>(value);
    else return static_cast<double>(static_cast<float>(value));
}

// Converts one element with a directed rounding.
template <class D, class S>
struct CastOp {
    num::Rounding rounding;
    D operator()(S value) const {
        const double x = ExactValue(value);
        if constexpr (std::is_same_v<D, half>) return half::FromBits(num::DoubleToHalfBits(x, rounding));
        else if constexpr (std::is_same_v<D, bfloat16_t>) return bfloat16_t::FromBits(num::DoubleToBf16Bits(x, rounding));
        else if constexpr (std::is_same_v<D, int32_t>) return num::DoubleToInt32(x, rounding);
        else if constexpr (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>) {
            const int32_t v = num::DoubleToInt32(x, rounding);
            return static_cast<D>(std::clamp<int32_t>(v, std::numeric_limits<D>::min(), std::numeric_limits<D>::max()));
        }
        else if constexpr (std::is_same_v<S, float>) return static_cast<float>(num::RoundToIntegral(x, rounding));
        else return num::DoubleToFloat(x, rounding);
    }
};

// The hot conversions with round-to-nearest-even (or exact), without the generic rounding.
template <class D, class S>
struct CastNearestOp {
    D operator()(S value) const {
        if constexpr (std::is_same_v<D, float> && !std::is_same_v<S, float>) return static_cast<float>(value);
        else if constexpr (std::is_same_v<D, half> || std::is_same_v<D, bfloat16_t>) return D(static_cast<float>(value));
        else return CastOp<D, S>{num::Rounding::NearestEven}(value);
    }
};

}  // namespace sim::vec

namespace AscendC {

template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                                                 const RoundMode& roundMode, const uint32_t count) {
    sim::NoteCallSite();
    constexpr uint32_t allowed = sim::vec::CastModes<T, U>();
    static_assert(allowed != 0,
                  "Cast: Atlas A2/A3 has no conversion for this source/destination type pair (see the table in "
                  "ascendc_sim/kernel/vector_cast.h; int32_t -> half needs SetDeqScale and is not modelled)");
    if (!sim::vec::CheckCastMode(sim::vec::TypeName<U>(), sim::vec::TypeName<T>(), roundMode, allowed)) return;
    const sim::vec::ApiName api = sim::vec::Named("Cast");
    const sim::vec::ElementwiseOptions options{/*orderedOverlap=*/true};
    const sim::num::Rounding rounding = sim::vec::RoundingOf(roundMode);
    if (rounding == sim::num::Rounding::NearestEven) {
        sim::vec::Elementwise(api, dst, count, sim::vec::CastNearestOp<T, U>{}, options, src);
    } else {
        sim::vec::Elementwise(api, dst, count, sim::vec::CastOp<T, U>{rounding}, options, src);
    }
}

#define ASCENDC_SIM_MASKED_CAST(MaskType, MakeMask)                                                             \
    template <typename T, typename U, bool isSetMask = true>                                                    \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src,        \
                                                     const RoundMode& roundMode, MaskType mask,                  \
                                                     const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) { \
        sim::NoteCallSite();                                                                                    \
        constexpr uint32_t allowed = sim::vec::CastModes<T, U>();                                               \
        static_assert(allowed != 0,                                                                             \
                      "Cast: Atlas A2/A3 has no conversion for this source/destination type pair (see the table in " \
                      "ascendc_sim/kernel/vector_cast.h; int32_t -> half needs SetDeqScale and is not modelled)"); \
        if (!sim::vec::CheckCastMode(sim::vec::TypeName<U>(), sim::vec::TypeName<T>(), roundMode, allowed)) return; \
        constexpr uint32_t lanes = 256 / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));                       \
        (void)lanes;                                                                                            \
        const sim::vec::ApiName api = sim::vec::Named("Cast");                                                  \
        const sim::num::Rounding rounding = sim::vec::RoundingOf(roundMode);                                    \
        if (rounding == sim::num::Rounding::NearestEven) {                                                      \
            sim::vec::MaskedUnaryWith<isSetMask>(api, sim::vec::CastNearestOp<T, U>{}, dst, src, MakeMask,      \
                                                 repeatTime, repeatParams);                                     \
        } else {                                                                                                \
            sim::vec::MaskedUnaryWith<isSetMask>(api, sim::vec::CastOp<T, U>{rounding}, dst, src, MakeMask,     \
                                                 repeatTime, repeatParams);                                     \
        }                                                                                                       \
    }
ASCENDC_SIM_MASKED_CAST(const uint64_t*, sim::vec::BitMask(mask, lanes))
ASCENDC_SIM_MASKED_CAST(const uint64_t, sim::vec::ContinuousMask(mask))
#undef ASCENDC_SIM_MASKED_CAST

}  // namespace AscendC
