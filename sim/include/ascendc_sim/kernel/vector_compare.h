// Compare, Compares (and its older name CompareScalar), Compare with the result in the CMPMASK
// register, GetCmpMask and SetCmpMask, as Atlas A2/A3 (dav-2201) runs them. Signatures, types and
// ranges from CANN's asc-devkit: include/basic_api/kernel_operator_vec_cmpsel_intf.h,
// impl/basic_api/dav_c220/kernel_operator_vec_cmp_impl.h, impl/basic_api/utils/kernel_utils_mode.h
// (CMPMODE's values) and the pages docs/zh/api/SIMD-API/基础API/Memory矢量计算/比较与选择/
// (Compare.md, Compares.md, Compare（结果存入寄存器）.md, GetCmpMask(ISASI).md, SetCmpMask(ISASI).md).
//
// The result is a bit mask: element i of the comparison sets bit i % 8 of byte i / 8 of dst (1:
// true), little-endian as the pages say; one 256-B repeat of the sources gives 256 / sizeof(T)
// bits. On A2/A3:
//  - the mask argument of the mask/repeat forms is a reserved parameter (the pages: "保留参数，设置
//    无效"): every lane of every repeat is compared, whatever mask or the mask register says;
//  - the bits of repeat r are stored at dst byte r * (256 / sizeof(T)) / 8: dst's block and
//    repeat strides are not read. (The count form issues up to 252 repeats per instruction with
//    default BinaryRepeatParams, dstRepStride 8, and advances dst by 252 repeats' bits between
//    instructions: only a packed destination makes that continuous.)
//  - the count form compares count * sizeof(T) / 256 whole repeats; count * sizeof(T) must be a
//    multiple of 256 B (the pages: the tail does not take part), anything else is ApiMisuse;
//  - int32_t takes CMPMODE::EQ only (a runtime argument, so ApiMisuse for any other mode).
// Comparisons are IEEE: a NaN compares unequal to everything (NE true, all others false).
// Compare with the result in the register computes one repeat under the mask (isSetMask, or the
// register with isSetMask = false); bits of lanes outside the mask, and bits 64..127 for float,
// are 0 (the page leaves them open: the sim's choice). GetCmpMask stores the 128-bit register
// (16 B; the page asks for a dst of at least 128 B while its sample passes 32 B, so 16 B is
// what is checked). SetCmpMask loads the register from 16 B of src.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_ops.h"

namespace AscendC {
// CMPMODE: ascendc_sim/kernel/enums.h (LocalTensor's comparison operators name it too).
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
}  // namespace AscendC

namespace sim::vec {

template <class T>
constexpr bool kCompareType = kIsOneOf<T, half, float, int32_t>;
template <class U>
constexpr bool kCompareDstType = kIsOneOf<U, int8_t, uint8_t>;
constexpr uint32_t kCmpMaskBytes = 16;        // the CMPMASK register: 128 bits
constexpr uint32_t kCompareChunkRepeats = 252;  // repeats per instruction of the count form

// One lane's comparison of two values of one type (float for half and float lanes).
template <class V>
inline bool CompareValues(AscendC::CMPMODE mode, V a, V b) {
    switch (mode) {
        case AscendC::CMPMODE::LT: return a < b;
        case AscendC::CMPMODE::GT: return a > b;
        case AscendC::CMPMODE::EQ: return a == b;
        case AscendC::CMPMODE::LE: return a <= b;
        case AscendC::CMPMODE::GE: return a >= b;
        case AscendC::CMPMODE::NE: return a != b;
    }
    return false;
}

template <class T>
inline bool CompareLane(AscendC::CMPMODE mode, T a, T b) {
    if constexpr (kIsFloating<T>) {
        return CompareValues(mode, Widen(a), Widen(b));
    } else {
        return CompareValues(mode, a, b);
    }
}

// ApiMisuse unless cmpMode is one of CMPMODE's six values and, for int32_t, EQ; false: drop.
bool CheckCompareMode(const ApiName& api, AscendC::CMPMODE mode, bool eqOnly);
// ApiMisuse unless count elements of `elementBytes` fill whole 256-B repeats (the downgraded
// call compares the whole repeats only).
void CheckCompareCount(const ApiName& api, uint64_t count, uint32_t elementBytes);

// A source of a comparison: a strided tensor, or (ref.buffer < 0 and isScalar) a scalar.
struct CompareSource {
    const char* name;
    UbRef ref;
    StrideSpec stride;
};

// One comparison instruction: `repeats` full repeats of src0 against src1 (or the scalar), bits
// packed into dst (see the top of this file).
template <class T>
void CompareToBits(const ApiName& api, const UbRef& dst, const CompareSource& src0, const CompareSource* src1,
                   T scalar, AscendC::CMPMODE mode, uint64_t repeats) {
    if (repeats == 0) return;  // a NOP on A2/A3
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    constexpr uint32_t perBlock = kBlockBytes / s;
    constexpr uint32_t bitBytes = lanes / 8;
    CoreState& core = Core();
    LaneSchedule schedule;
    schedule.repeats = repeats;
    schedule.full.bits[0] = ~uint64_t{0};
    schedule.full.bits[1] = lanes > 64 ? ~uint64_t{0} : 0;
    schedule.tail = schedule.full;
    auto plan = [&](const CompareSource& src) {
        OperandPlan p{OperandRange{src.name, src.ref, 0, s}, src.stride, {}, {}};
        detail::LaneRuns(schedule.full, lanes, s, src.stride.block, &p.fullRuns);
        p.tailRuns = p.fullRuns;
        p.range.bytes = detail::PlanExtent(p, schedule);
        return p;
    };
    const size_t sources = src1 != nullptr ? 2 : 1;
    OperandPlan plans[2] = {plan(src0), plan(src1 != nullptr ? *src1 : src0)};
    const uint64_t dstBytes = repeats * bitBytes;

    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstBytes, 0, 0, repeats * lanes,
                static_cast<uint32_t>(repeats)};
    event.elementBytes = 1;
    event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = static_cast<uint8_t>(sources);
    event.ubDst = dst.offset;
    event.ubSrc0 = src0.ref.offset;
    if (src1 != nullptr) event.ubSrc1 = src1->ref.offset;
    const uint64_t seq = core.Issue(event);

    const uint8_t* base[2] = {nullptr, nullptr};
    for (size_t k = 0; k < sources; ++k) {
        if (!detail::CheckPlanFits(api, plans[k], schedule, plans[k].range.bytes)) return;
        base[k] = detail::AccessPlan(api, plans[k], schedule, seq, Access::Read);
        if (base[k] == nullptr) return;
    }
    if (!CheckFits(api, "dst", dst, dstBytes)) return;
    uint8_t* out = core.Operand(api.text, "dst", dst, 0, dstBytes, Pipe::V, seq, Access::Overwrite);
    if (out == nullptr) return;
    const OperandRange target{"dst", dst, dstBytes, 1};
    CheckPosition(api, "dst", dst);
    bool allDefined = true;
    for (size_t k = 0; k < sources; ++k) {
        CheckPosition(api, plans[k].range.name, plans[k].range.ref);
        CheckOverlap(api, target, OperandRange{plans[k].range.name, plans[k].range.ref, plans[k].range.bytes, s},
                     false);
        allDefined = detail::PlanDefined(core, plans[k], schedule) && allDefined;
    }
    auto laneByte = [&](const OperandPlan& p, uint64_t r, uint32_t l) {
        return p.RepeatStart(r) + (static_cast<uint64_t>(l / perBlock) * p.stride.block) * kBlockBytes +
               (l % perBlock) * s;
    };
    // Sources are read whole before dst is written (dst may not overlap them anyway).
    std::vector<uint8_t> bits(dstBytes, 0), byteDefined(dstBytes, 1);
    for (uint64_t r = 0; r < repeats; ++r) {
        for (uint32_t l = 0; l < lanes; ++l) {
            T a, b = scalar;
            const uint64_t at0 = laneByte(plans[0], r, l);
            std::memcpy(&a, base[0] + at0, s);
            uint64_t at1 = 0;
            if (src1 != nullptr) {
                at1 = laneByte(plans[1], r, l);
                std::memcpy(&b, base[1] + at1, s);
            }
            const uint64_t byte = r * bitBytes + l / 8;
            if (CompareLane(mode, a, b)) bits[byte] |= static_cast<uint8_t>(1u << (l % 8));
            if (allDefined) continue;
            const bool defined = core.AllDefined(static_cast<uint32_t>(src0.ref.offset + at0), s) &&
                                 (src1 == nullptr || core.AllDefined(static_cast<uint32_t>(src1->ref.offset + at1), s));
            if (!defined) byteDefined[byte] = 0;
        }
    }
    std::memcpy(out, bits.data(), dstBytes);
    if (allDefined) {
        core.MarkDefined(dst.offset, dstBytes, true);
    } else {
        for (uint64_t i = 0; i < dstBytes; ++i) core.MarkDefined(static_cast<uint32_t>(dst.offset + i), 1, byteDefined[i] != 0);
    }
}

// The count form: whole repeats, issued as CANN's implementation does (252 repeats each).
template <class T>
void CompareCount(const ApiName& api, const UbRef& dst, const UbRef& src0, const UbRef* src1, T scalar,
                  AscendC::CMPMODE mode, uint64_t count) {
    if (count == 0) return;
    CheckCompareCount(api, count, sizeof(T));
    const uint64_t repeats = count * sizeof(T) / kRepeatBytes;
    constexpr uint64_t bitBytes = kRepeatBytes / sizeof(T) / 8;
    for (uint64_t first = 0; first < repeats; first += kCompareChunkRepeats) {
        const uint64_t n = std::min<uint64_t>(kCompareChunkRepeats, repeats - first);
        auto shifted = [&](const UbRef& ref, uint64_t bytes) {
            UbRef out = ref;
            out.offset = static_cast<uint32_t>(ref.offset + bytes);
            out.bytes = bytes <= ref.bytes ? static_cast<uint32_t>(ref.bytes - bytes) : 0;
            return out;
        };
        const CompareSource s0{"src0", shifted(src0, first * kRepeatBytes),
                               Src0Stride(1, 8)};
        if (src1 != nullptr) {
            const CompareSource s1{"src1", shifted(*src1, first * kRepeatBytes), Src1Stride(1, 8)};
            CompareToBits(api, shifted(dst, first * bitBytes), s0, &s1, scalar, mode, n);
        } else {
            CompareSource only = s0;
            only.stride = SrcStride(1, 8);
            CompareToBits(api, shifted(dst, first * bitBytes), only, nullptr, scalar, mode, n);
        }
    }
}

// Compare with the result in the register: one repeat of src0 against src1 under the mask.
template <class T>
void CompareToRegister(const ApiName& api, const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1,
                       AscendC::CMPMODE mode, const MaskArg& mask, bool isSetMask,
                       const AscendC::BinaryRepeatParams& p) {
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    constexpr uint32_t perBlock = kBlockBytes / s;
    CoreState& core = Core();
    LaneSchedule schedule;
    if (!detail::ResolveMask(api, mask, isSetMask, lanes, s, core.ub.size(), 1, &schedule)) return;
    schedule.repeats = 1;  // one repeat whatever the mode: the register holds one repeat's bits
    const LaneMask& active = schedule.tail;
    auto plan = [&](const char* name, const UbRef& ref, const StrideSpec& stride) {
        OperandPlan out{OperandRange{name, ref, 0, s}, stride, {}, {}};
        detail::LaneRuns(active, lanes, s, stride.block, &out.fullRuns);
        out.tailRuns = out.fullRuns;
        out.range.bytes = detail::PlanExtent(out, schedule);
        return out;
    };
    OperandPlan plans[2] = {plan("src0", src0.SimRef(), Src0Stride(p.src0BlkStride, p.src0RepStride)),
                            plan("src1", src1.SimRef(), Src1Stride(p.src1BlkStride, p.src1RepStride))};
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, kCmpMaskBytes, 0, 0, lanes, 1};
    event.elementBytes = 1;
    event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 2;
    event.ubSrc0 = src0.SimRef().offset;
    event.ubSrc1 = src1.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* base[2];
    for (int k = 0; k < 2; ++k) {
        if (!detail::CheckPlanFits(api, plans[k], schedule, plans[k].range.bytes)) return;
        base[k] = detail::AccessPlan(api, plans[k], schedule, seq, Access::Read);
        if (base[k] == nullptr) return;
        CheckPosition(api, plans[k].range.name, plans[k].range.ref);
        if (!detail::PlanDefined(core, plans[k], schedule)) {
            for (uint32_t l = 0; l < lanes; ++l) {
                if (!active.Has(l)) continue;
                const uint64_t at = (l / perBlock) * plans[k].stride.block * kBlockBytes + (l % perBlock) * s;
                core.RequireDefined(api.text, plans[k].range.name, plans[k].range.ref, at, s, "compares");
            }
        }
    }
    CmpMaskRegister reg;
    for (uint32_t l = 0; l < lanes; ++l) {
        if (!active.Has(l)) continue;
        const uint64_t at0 = (l / perBlock) * plans[0].stride.block * kBlockBytes + (l % perBlock) * s;
        const uint64_t at1 = (l / perBlock) * plans[1].stride.block * kBlockBytes + (l % perBlock) * s;
        T a, b;
        std::memcpy(&a, base[0] + at0, s);
        std::memcpy(&b, base[1] + at1, s);
        if (CompareLane(mode, a, b)) reg.bits[l / 64] |= uint64_t{1} << (l % 64);
    }
    core.cmpMask = reg;
}

// GetCmpMask / SetCmpMask: 16 B between the register and UB (16-B aligned operands), one PIPE_V
// instruction each (`api` names it: Select's own register load says so).
void StoreCmpMask(const ApiName& api, const UbRef& dst);
void LoadCmpMask(const ApiName& api, const UbRef& src);

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_COMPARE_TYPES(Name)                                                                        \
    static_assert(sim::vec::kCompareType<T>,                                                                   \
                  Name ": source type must be half, float or int32_t (int32_t with CMPMODE::EQ only) on Atlas A2/A3"); \
    static_assert(sim::vec::kCompareDstType<U>, Name ": dst type must be int8_t or uint8_t on Atlas A2/A3")

// Mask/repeat forms: mask is a reserved parameter on A2/A3 (every lane is compared).
template <typename T, typename U, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                                    const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[],
                                                    uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    ASCENDC_SIM_COMPARE_TYPES("Compare");
    sim::NoteCallSite();
    (void)mask;
    const sim::vec::ApiName api = sim::vec::Named("Compare");
    if (!sim::vec::CheckCompareMode(api, cmpMode, std::is_same_v<T, int32_t>)) return;
    const sim::vec::CompareSource s0{"src0", src0.SimRef(),
                                     sim::vec::Src0Stride(repeatParams.src0BlkStride, repeatParams.src0RepStride)};
    const sim::vec::CompareSource s1{"src1", src1.SimRef(),
                                     sim::vec::Src1Stride(repeatParams.src1BlkStride, repeatParams.src1RepStride)};
    sim::vec::CompareToBits(api, dst.SimRef(), s0, &s1, T{}, cmpMode, repeatTime);
}

template <typename T, typename U, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                                    const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask,
                                                    uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    const uint64_t bits[2] = {mask, 0};  // not read: mask is reserved on A2/A3
    Compare<T, U, isSetMask>(dst, src0, src1, cmpMode, bits, repeatTime, repeatParams);
}

template <typename T, typename U>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                                    const LocalTensor<T>& src1, CMPMODE cmpMode, uint32_t count) {
    ASCENDC_SIM_COMPARE_TYPES("Compare");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("Compare");
    if (!sim::vec::CheckCompareMode(api, cmpMode, std::is_same_v<T, int32_t>)) return;
    const sim::UbRef s1 = src1.SimRef();
    sim::vec::CompareCount(api, dst.SimRef(), src0.SimRef(), &s1, T{}, cmpMode, count);
}

// The result into the CMPMASK register (half and float).
template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                                                    CMPMODE cmpMode, const uint64_t mask[],
                                                    const BinaryRepeatParams& repeatParams) {
    static_assert(sim::vec::kIsOneOf<T, half, float>,
                  "Compare (result in the CMPMASK register): source type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("Compare");
    if (!sim::vec::CheckCompareMode(api, cmpMode, false)) return;
    sim::vec::CompareToRegister(api, src0, src1, cmpMode, sim::vec::BitMask(mask, 256 / sizeof(T)), isSetMask,
                                repeatParams);
}

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                                                    CMPMODE cmpMode, const uint64_t mask,
                                                    const BinaryRepeatParams& repeatParams) {
    static_assert(sim::vec::kIsOneOf<T, half, float>,
                  "Compare (result in the CMPMASK register): source type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("Compare");
    if (!sim::vec::CheckCompareMode(api, cmpMode, false)) return;
    sim::vec::CompareToRegister(api, src0, src1, cmpMode, sim::vec::ContinuousMask(mask), isSetMask, repeatParams);
}

#undef ASCENDC_SIM_COMPARE_TYPES

// Compares: src0 against a scalar. The scalar may be of any arithmetic type (converted to T),
// as for the other scalar forms of the sim; dst must be uint8_t.
#define ASCENDC_SIM_COMPARES_API(Name)                                                                         \
    template <typename T, typename U, bool isSetMask = true, typename S,                                       \
              std::enable_if_t<sim::vec::kScalarArgument<S>, int> = 0>                                         \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<U>& dst, const LocalTensor<T>& src0,      \
                                                     const S src1Scalar, CMPMODE cmpMode, const uint64_t mask[],  \
                                                     uint8_t repeatTime, const UnaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::kCompareType<T>, #Name ": source type must be half, float or int32_t (int32_t "  \
                                                       "with CMPMODE::EQ only) on Atlas A2/A3");               \
        static_assert(std::is_same_v<U, uint8_t>, #Name ": dst type must be uint8_t on Atlas A2/A3");          \
        sim::NoteCallSite();                                                                                   \
        (void)mask;                                                                                            \
        const sim::vec::ApiName api = sim::vec::Named(#Name);                                                  \
        if (!sim::vec::CheckCompareMode(api, cmpMode, std::is_same_v<T, int32_t>)) return;                     \
        const sim::vec::CompareSource s0{"src0", src0.SimRef(),                                                \
                                         sim::vec::SrcStride(repeatParams.srcBlkStride, repeatParams.srcRepStride)}; \
        sim::vec::CompareToBits(api, dst.SimRef(), s0, nullptr, sim::vec::ScalarAs<T>(src1Scalar), cmpMode,    \
                                repeatTime);                                                                   \
    }                                                                                                          \
    template <typename T, typename U, bool isSetMask = true, typename S,                                       \
              std::enable_if_t<sim::vec::kScalarArgument<S>, int> = 0>                                         \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<U>& dst, const LocalTensor<T>& src0,      \
                                                     const S src1Scalar, CMPMODE cmpMode, const uint64_t mask,    \
                                                     uint8_t repeatTime, const UnaryRepeatParams& repeatParams) { \
        const uint64_t bits[2] = {mask, 0};                                                                    \
        Name<T, U, isSetMask>(dst, src0, src1Scalar, cmpMode, bits, repeatTime, repeatParams);                 \
    }                                                                                                          \
    template <typename T, typename U, typename S, std::enable_if_t<sim::vec::kScalarArgument<S>, int> = 0>      \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<U>& dst, const LocalTensor<T>& src0,      \
                                                     const S src1Scalar, CMPMODE cmpMode, uint32_t count) {      \
        static_assert(sim::vec::kCompareType<T>, #Name ": source type must be half, float or int32_t (int32_t "  \
                                                       "with CMPMODE::EQ only) on Atlas A2/A3");               \
        static_assert(std::is_same_v<U, uint8_t>, #Name ": dst type must be uint8_t on Atlas A2/A3");          \
        sim::NoteCallSite();                                                                                   \
        const sim::vec::ApiName api = sim::vec::Named(#Name);                                                  \
        if (!sim::vec::CheckCompareMode(api, cmpMode, std::is_same_v<T, int32_t>)) return;                     \
        sim::vec::CompareCount(api, dst.SimRef(), src0.SimRef(), nullptr, sim::vec::ScalarAs<T>(src1Scalar),   \
                               cmpMode, count);                                                                \
    }

ASCENDC_SIM_COMPARES_API(Compares)
ASCENDC_SIM_COMPARES_API(CompareScalar)  // CANN's older name, kept by CANN for compatibility
#undef ASCENDC_SIM_COMPARES_API

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GetCmpMask(const LocalTensor<T>& dst) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "GetCmpMask: element type must be b8, b16 or b32");
    sim::NoteCallSite();
    sim::vec::StoreCmpMask(sim::vec::Named("GetCmpMask"), dst.SimRef());
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetCmpMask(const LocalTensor<T>& src) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "SetCmpMask: element type must be b8, b16, b32 or b64");
    sim::NoteCallSite();
    sim::vec::LoadCmpMask(sim::vec::Named("SetCmpMask"), src.SimRef());
}

}  // namespace AscendC
