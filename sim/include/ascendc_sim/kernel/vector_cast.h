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
//   int16_t -> half     NONE RINT FLOOR CEIL ROUND TRUNC      round.h
//   int16_t -> float    NONE                                  exact
//   half/float -> int16_t RINT FLOOR CEIL ROUND TRUNC         saturating, NaN -> 0
//   float -> int64_t    RINT FLOOR CEIL ROUND TRUNC           saturating, NaN -> 0
//   int64_t -> float    RINT FLOOR CEIL ROUND TRUNC           round.h (from the exact value)
//   int32_t -> int64_t  NONE                                  exact
//   half -> int4b_t     NONE RINT FLOOR CEIL ROUND TRUNC      saturating to [-8, 7], NaN -> 0;
//                       the mask/repeat forms only (see CastToInt4)
// (the Atlas A2 table of asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/类型转换/Cast.md).
// The mask forms of the 64-bit pairs take 256 / 8 = 32 lanes a repeat. int32_t -> int16_t and
// int64_t -> int32_t (CAST_NONE) are not modelled: their overflow behaviour is not documented.
// CAST_NONE rounds like CAST_RINT when the conversion is inexact (and is exact otherwise).
// Other type pairs do not compile; a mode outside the list is an ApiMisuse violation naming
// the pair (the instruction is dropped if that is downgraded). Overflow and NaN: see numeric/round.h.
//   int32_t -> half     any (ignored)                         dst = half(src * scale)
// int32_t -> half is A2's vconv_deq (asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h):
// the scale is the half in the low 16 bits of the core's DEQSCALE register (SetDeqScale(half),
// vector_deq_basic.h; 1.0 until a kernel sets it), read when the instruction issues; the RoundMode
// is ignored (the implementation only warns). The sim takes the product exactly and rounds once to
// nearest even, as CastDequant.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/int4.h"
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
    else if constexpr (std::is_same_v<S, int32_t> && std::is_same_v<D, half>) return kDirectedModes | kNoneMode | kOddMode;
    else if constexpr (std::is_same_v<S, int16_t> && std::is_same_v<D, half>) return kDirectedModes | kNoneMode;
    else if constexpr (std::is_same_v<S, int16_t> && std::is_same_v<D, float>) return kNoneMode;
    else if constexpr ((std::is_same_v<S, half> || std::is_same_v<S, float>) && std::is_same_v<D, int16_t>) {
        return kDirectedModes;
    }
    else if constexpr (std::is_same_v<S, float> && std::is_same_v<D, int64_t>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, int64_t> && std::is_same_v<D, float>) return kDirectedModes;
    else if constexpr (std::is_same_v<S, int32_t> && std::is_same_v<D, int64_t>) return kNoneMode;
    else if constexpr (std::is_same_v<S, half> && std::is_same_v<D, AscendC::int4b_t>) return kDirectedModes | kNoneMode;
    else if constexpr ((std::is_same_v<S, int8_t> || std::is_same_v<S, uint8_t>) && std::is_same_v<D, half>) return kNoneMode;
    else if constexpr (std::is_same_v<S, half> && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>)) {
        return kDirectedModes | kNoneMode;
    }
    else return 0;
}

// TypeName with the 64-bit integer Cast also converts.
template <class T>
constexpr const char* CastTypeName() {
    if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
    else if constexpr (std::is_same_v<T, AscendC::int4b_t>) return "int4b_t";
    else return TypeName<T>();
}

// ApiMisuse when `mode` is not in `allowed`; false when the instruction must be dropped.
bool CheckCastMode(const char* srcType, const char* dstType, AscendC::RoundMode mode, uint32_t allowed);
num::Rounding RoundingOf(AscendC::RoundMode mode);  // CAST_NONE -> NearestEven

// The source value as a double; an int64_t beyond 53 bits is rounded to odd at 53 bits, which
// keeps every later rounding to a narrower format (float) exact.
template <class T>
inline double ExactValue(T value) {
    if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int16_t>) {
        return static_cast<double>(value);
    } else if constexpr (std::is_same_v<T, int64_t>) {
        const bool negative = value < 0;
        uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
        int shift = 0;
        while ((magnitude >> shift) >= (uint64_t{1} << 53)) ++shift;
        if (shift > 0) {
            const bool sticky = (magnitude & ((uint64_t{1} << shift) - 1)) != 0;
            magnitude = (magnitude >> shift) | (sticky ? 1u : 0u);
        }
        const double x = std::ldexp(static_cast<double>(magnitude), shift);
        return negative ? -x : x;
    } else {
        return static_cast<double>(static_cast<float>(value));
    }
}

// Saturates to the int64_t range; NaN gives 0.
inline int64_t DoubleToInt64(double x, num::Rounding rounding) {
    if (std::isnan(x)) return 0;
    const double r = num::RoundToIntegral(x, rounding);
    if (r >= 9223372036854775808.0) return std::numeric_limits<int64_t>::max();
    if (r < -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(r);
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
        else if constexpr (std::is_same_v<D, int64_t>) return DoubleToInt64(x, rounding);
        else if constexpr (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t> || std::is_same_v<D, int16_t>) {
            const int32_t v = num::DoubleToInt32(x, rounding);
            return static_cast<D>(std::clamp<int32_t>(v, std::numeric_limits<D>::min(), std::numeric_limits<D>::max()));
        }
        else if constexpr (std::is_same_v<S, float>) return static_cast<float>(num::RoundToIntegral(x, rounding));
        else return num::DoubleToFloat(x, rounding);
    }
};

// vconv_deq: int32 -> half with the register's half scale.
struct DeqS32ToHalfOp {
    half scale;
    half operator()(int32_t x) const {
        return half::FromBits(num::DoubleToHalfBits(static_cast<double>(x) * static_cast<double>(static_cast<float>(scale)),
                                                    num::Rounding::NearestEven));
    }
};
inline DeqS32ToHalfOp DeqS32ToHalfFromRegister() {
    return DeqS32ToHalfOp{half::FromBits(static_cast<uint16_t>(Core().deqScale.value))};
}

// The hot conversions with round-to-nearest-even (or exact), without the generic rounding.
template <class D, class S>
struct CastNearestOp {
    D operator()(S value) const {
        if constexpr (std::is_same_v<D, float> && std::is_same_v<S, int64_t>) {
            return CastOp<D, S>{num::Rounding::NearestEven}(value);
        }
        else if constexpr (std::is_same_v<D, float> && !std::is_same_v<S, float>) return static_cast<float>(value);
        else if constexpr (std::is_same_v<D, half> || std::is_same_v<D, bfloat16_t>) return D(static_cast<float>(value));
        else return CastOp<D, S>{num::Rounding::NearestEven}(value);
    }
};

// half -> int4b_t, the mask/repeat form (vconv_f162s4*): 128 half lanes a repeat; the results pack
// two to a byte, lane 2i in the low nibble and 2i + 1 in the high one (as CANN's sample checks
// it), lane l of repeat r at nibble l of the 64 bytes from r * dstRepStride * 32 bytes. A lane
// outside the mask leaves its nibble as it was. dstBlkStride must be 1: how a block stride
// applies to 4-bit results is not documented (ApiMisuse otherwise).
inline void CastToInt4(const ApiName& api, const AscendC::LocalTensor<AscendC::int4b_t>& dst,
                       const AscendC::LocalTensor<half>& src, const MaskArg& mask, bool isSetMask, uint8_t repeatTime,
                       const AscendC::UnaryRepeatParams& p, num::Rounding rounding) {
    CoreState& core = Core();
    constexpr uint32_t lanes = 128;
    if (p.dstBlkStride != 1) {
        Violation(Check::ApiMisuse, std::string(api.text) + " half -> int4b_t: dstBlkStride " +
                                        std::to_string(p.dstBlkStride) + " is not modelled (only 1)");
        return;
    }
    LaneSchedule schedule;
    if (!detail::ResolveMask(api, mask, isSetMask, lanes, sizeof(half), core.ub.size(), repeatTime, &schedule)) return;
    OperandPlan srcPlan{OperandRange{"src", src.SimRef(), 0, sizeof(half)}, SrcStride(p.srcBlkStride, p.srcRepStride), {}, {}};
    detail::LaneRuns(schedule.full, lanes, sizeof(half), p.srcBlkStride, &srcPlan.fullRuns);
    detail::LaneRuns(schedule.tail, lanes, sizeof(half), p.srcBlkStride, &srcPlan.tailRuns);
    srcPlan.range.bytes = detail::PlanExtent(srcPlan, schedule);
    OperandPlan dstPlan{OperandRange{"dst", dst.SimRef(), 0, 1}, DstStride(p.dstBlkStride, p.dstRepStride), {}, {}};
    const auto toDst = [](const std::vector<LaneRun>& runs, std::vector<LaneRun>* out) {
        for (const LaneRun& run : runs) {
            const uint32_t first = run.lane / 2, last = (run.lane + run.count - 1) / 2;
            out->push_back(LaneRun{run.lane, last - first + 1, first});
        }
    };
    toDst(srcPlan.fullRuns, &dstPlan.fullRuns);
    toDst(srcPlan.tailRuns, &dstPlan.tailRuns);
    dstPlan.range.bytes = detail::PlanExtent(dstPlan, schedule);

    uint64_t active = 0;
    for (uint64_t r = 0; r < schedule.repeats; ++r) {
        for (const LaneRun& run : srcPlan.RunsOf(schedule, r)) active += run.count;
    }
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstPlan.range.bytes, 0, 0, active,
                static_cast<uint32_t>(std::min<uint64_t>(schedule.repeats, UINT32_MAX))};
    event.elementBytes = 1;
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.srcElementBytes = sizeof(half);
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    if (!detail::CheckPlanFits(api, srcPlan, schedule, srcPlan.range.bytes) ||
        !detail::CheckPlanFits(api, dstPlan, schedule, dstPlan.range.bytes)) {
        return;
    }
    const uint8_t* srcBase = detail::AccessPlan(api, srcPlan, schedule, seq, Access::Read);
    if (srcBase == nullptr) return;
    uint8_t* dstBase = detail::AccessPlan(api, dstPlan, schedule, seq, Access::Write);
    if (dstBase == nullptr) return;
    CheckPosition(api, "dst", dstPlan.range.ref);
    CheckPosition(api, "src", srcPlan.range.ref);
    detail::CheckPlanOverlap(api, dstPlan, srcPlan, schedule, false);
    const bool srcDefined = detail::PlanDefined(core, srcPlan, schedule);
    for (uint64_t r = 0; r < schedule.repeats; ++r) {
        const auto& sruns = srcPlan.RunsOf(schedule, r);
        for (const LaneRun& run : sruns) {
            const uint64_t sAt = srcPlan.RepeatStart(r) + run.byte;
            for (uint32_t l = 0; l < run.count; ++l) {
                half x;
                std::memcpy(&x, srcBase + sAt + l * sizeof(half), sizeof(half));
                const int32_t v = std::clamp<int32_t>(num::DoubleToInt32(ExactValue(x), rounding), -8, 7);
                const uint32_t lane = run.lane + l;
                const uint64_t at = dstPlan.RepeatStart(r) + lane / 2;
                const uint8_t nibble = static_cast<uint8_t>(v) & 0xF;
                dstBase[at] = (lane % 2 == 0) ? static_cast<uint8_t>((dstBase[at] & 0xF0) | nibble)
                                              : static_cast<uint8_t>((dstBase[at] & 0x0F) | (nibble << 4));
                const bool def = srcDefined ||
                                 core.AllDefined(static_cast<uint32_t>(srcPlan.range.ref.offset + sAt + l * sizeof(half)),
                                                 sizeof(half));
                // The byte is defined when it was, or when this instruction writes both its nibbles.
                const uint32_t byte = static_cast<uint32_t>(dstPlan.range.ref.offset + at);
                const uint32_t partner = lane % 2 == 0 ? lane + 1 : lane - 1;
                const bool both = partner < lanes && schedule.Of(r).Has(partner);
                core.MarkDefined(byte, 1, def && (both || core.AllDefined(byte, 1)));
            }
        }
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                                                 const RoundMode& roundMode, const uint32_t count) {
    sim::NoteCallSite();
    constexpr uint32_t allowed = sim::vec::CastModes<T, U>();
    static_assert(allowed != 0,
                  "Cast: Atlas A2/A3 has no conversion for this source/destination type pair (see the table in "
                  "ascendc_sim/kernel/vector_cast.h)");
    static_assert(!std::is_same_v<T, int4b_t>,
                  "Cast: half -> int4b_t is modelled in the mask/repeat forms only (the sim's int4b_t tensors count "
                  "bytes)");
    if (!sim::vec::CheckCastMode(sim::vec::CastTypeName<U>(), sim::vec::CastTypeName<T>(), roundMode, allowed)) return;
    const sim::vec::ApiName api = sim::vec::Named("Cast");
    const sim::vec::ElementwiseOptions options{/*orderedOverlap=*/true};
    if constexpr (std::is_same_v<U, int32_t> && std::is_same_v<T, half>) {
        sim::vec::Elementwise(api, dst, count, sim::vec::DeqS32ToHalfFromRegister(), options, src);
        return;
    }
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
                      "ascendc_sim/kernel/vector_cast.h)");                                                 \
        if (!sim::vec::CheckCastMode(sim::vec::CastTypeName<U>(), sim::vec::CastTypeName<T>(), roundMode, allowed)) return; \
        constexpr uint32_t lanes = 256 / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));                       \
        (void)lanes;                                                                                            \
        const sim::vec::ApiName api = sim::vec::Named("Cast");                                                  \
        const sim::num::Rounding rounding = sim::vec::RoundingOf(roundMode);                                    \
        if constexpr (std::is_same_v<T, int4b_t>) {                                                             \
            sim::vec::CastToInt4(api, dst, src, MakeMask, isSetMask, repeatTime, repeatParams, rounding);       \
        } else if constexpr (std::is_same_v<U, int32_t> && std::is_same_v<T, half>) {                           \
            sim::vec::MaskedUnaryWith<isSetMask>(api, sim::vec::DeqS32ToHalfFromRegister(), dst, src, MakeMask,  \
                                                 repeatTime, repeatParams);                                     \
        } else if (rounding == sim::num::Rounding::NearestEven) {                                               \
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
