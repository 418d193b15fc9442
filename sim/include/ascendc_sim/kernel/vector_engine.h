// The engine every vector instruction goes through: the count form (Elementwise) and the
// mask/repeat form (MaskedElementwise).
//
// One call = one instruction: it is logged on PIPE_V with its repeat count, every operand is
// checked by CoreState::Operand (32-B aligned start, extent inside its LocalTensor, races
// with other pipes), the overlap rules of the CANN Ascend C API reference's "通用说明和约束"
// (general notes and constraints: 通用地址重叠约束) are enforced, and definedness flows
// elementwise (a destination element is defined iff all its source elements are).
// Count form: results are computed as if the sources were read before anything is written (a
// snapshot), which is what the hardware does for every overlap it supports: in-place at the
// identical start address, and the Cast widening trick (half data in the upper half of the
// float destination, as ops-nn's pooling/max_pool3d_grad_with_argmax/op_kernel/
// max_pool3d_grad_with_argmax_cutk_base.h uses it). A count-form call leaves the core's mask
// register in Normal mode with every lane set, as CANN's implementations do (SetMaskCount,
// the instruction, SetMaskNorm, all-ones mask).
//
// Mask/repeat form (CANN's "高维切分" pages): `repeatTime` repeats of 8 DataBlocks of 32 B; an
// operand's block b of repeat r starts (r * repStride + b * blkStride) * 32 bytes into its
// tensor; the mask selects lanes of every repeat (Normal mode) or counts the elements of the
// whole instruction (Counter mode, SetMaskCount: repeatTime ignored). Lanes outside the mask
// are not touched (neither read nor written: their bytes and definedness stay). A repeat has
// 256 / sizeof(widest operand) lanes (64 for a half->float Cast, whose half side then reads 4
// blocks). Repeats run in order, each reading its sources before writing: so only the overlaps
// CANN allows give defined results, and the sim reports the others (a repeat's dst sharing
// bytes with its own sources other than exactly in place, or with a later repeat's sources;
// except dst with src1 of Add/Sub/Mul/Max/Min for half/int32/float when dstRepStride or
// src1RepStride is 0: the accumulation CANN documents, kAccumulatingBinary).
//
// HOOK: giving a new elementwise functor (vector_ops.h style: a struct with a templated
// operator()) its mask/repeat overloads takes one line inside namespace AscendC:
//   ASCENDC_SIM_MASKED_BINARY_API(And, AndOp, kAndType, "int16_t or uint16_t")     // Name(dst, src0, src1, mask/mask[], repeatTime, BinaryRepeatParams)
//   ASCENDC_SIM_MASKED_UNARY_API(Rsqrt, RsqrtOp, kFloatType, "half or float")      // Name(dst, src, mask/mask[], repeatTime, UnaryRepeatParams)
//   ASCENDC_SIM_MASKED_SCALAR_API(LeakyRelu, LeakyReluOp, kFloatType, "half or float")  // Name(dst, src, scalar, mask/mask[], repeatTime, UnaryRepeatParams)
// Op is a type in sim::vec; the scalar form uses WithScalar<Op, T> (Op{}(x, scalar)).
// TypeCheck is a `template <class T> constexpr bool` in sim::vec; TypeText goes into the
// static_assert's message. Each macro defines both mask forms with CANN's template
// parameters <typename T, bool isSetMask = true>. An op whose dst may accumulate into src1
// across repeats (AddRelu, SubRelu) specializes kAccumulatingBinary<Op> to true. Anything
// else (a different operand list) calls sim::vec::MaskedElementwise directly.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_ops.h"
#include "ascendc_sim/numeric/half.h"

namespace sim::vec {

constexpr uint64_t kRepeatBytes = 256;  // one vector repeat (ONE_REPEAT_BYTE_SIZE)
constexpr uint64_t kBlockBytes = 32;    // one DataBlock (ONE_BLK_SIZE)

inline uint32_t RepeatsFor(uint64_t bytes) { return static_cast<uint32_t>((bytes + kRepeatBytes - 1) / kRepeatBytes); }

// How an instruction names itself: `kind` goes into the instruction log (the cost model keys
// on it), `text` into messages. High-level APIs issue primitive kinds with their own text,
// e.g. {"Exp", "Tanh (Exp step)"}.
struct ApiName {
    const char* kind;
    const char* text;
};
inline ApiName Named(const char* api) { return ApiName{api, api}; }

// One UB operand of an instruction, as the checks see it.
struct OperandRange {
    const char* name;       // "dst", "src0", ...
    UbRef ref;
    uint64_t bytes;         // bytes touched from ref.offset
    uint32_t elementBytes;
};

// ---- checks shared by all vector APIs ----
// Every vector instruction runs these, so the test that passes is inline here and only a
// failing operand leaves for src/kernel/vector_checks.cpp, where the report is built.

namespace detail {
bool RejectCount(const ApiName& api, int64_t count);
void ReportPosition(const ApiName& api, const char* operand, const UbRef& ref);
void ReportOverlap(const ApiName& api, const OperandRange& dst, const OperandRange& src, bool orderedRepeats);
void ReportSharedBytes(const ApiName& api, const OperandRange& a, const OperandRange& b);
bool ReportTooSmall(const ApiName& api, const char* operand, const UbRef& ref, uint64_t bytes);
}  // namespace detail

// False when there is nothing to execute: count 0 (a no-op on A2/A3), or a negative count
// whose ApiMisuse report was downgraded.
inline bool AcceptCount(const ApiName& api, int64_t count) {
    return count > 0 || detail::RejectCount(api, count);
}
// Vector operands must live at VECIN, VECOUT or VECCALC (the TPosition table of the CANN
// Ascend C API reference's "通用说明和约束").
inline void CheckPosition(const ApiName& api, const char* operand, const UbRef& ref) {
    using AscendC::TPosition;
    const auto position = static_cast<TPosition>(ref.position);
    if (position == TPosition::VECIN || position == TPosition::VECOUT || position == TPosition::VECCALC) return;
    detail::ReportPosition(api, operand, ref);
}
inline bool Overlaps(const OperandRange& a, const OperandRange& b) {
    return a.bytes != 0 && b.bytes != 0 && a.ref.offset < uint64_t{b.ref.offset} + b.bytes &&
           b.ref.offset < uint64_t{a.ref.offset} + a.bytes;
}
// A destination may alias a source only at the identical start address with the same element
// size (in-place); any other overlap is ApiMisuse naming both operands. With `orderedRepeats`
// (Cast), an overlap that ascending repeat order makes harmless is accepted: no repeat writes
// bytes a later repeat still has to read (the half->float widening trick above).
inline void CheckOverlap(const ApiName& api, const OperandRange& dst, const OperandRange& src, bool orderedRepeats) {
    if (!Overlaps(dst, src)) return;
    if (dst.ref.offset == src.ref.offset && dst.elementBytes == src.elementBytes) return;  // in-place
    detail::ReportOverlap(api, dst, src, orderedRepeats);
}
// High-level APIs (Tanh, Sigmoid): no two operands may share any byte (the CANN Ascend C API
// reference pages Tanh and Sigmoid: no overlap of source, destination and sharedTmpBuffer).
inline void CheckDisjoint(const ApiName& api, const OperandRange& a, const OperandRange& b) {
    if (Overlaps(a, b)) detail::ReportSharedBytes(api, a, b);
}
// OperandBounds when `bytes` do not fit in the tensor; false when the call must be dropped.
inline bool CheckFits(const ApiName& api, const char* operand, const UbRef& ref, uint64_t bytes) {
    return bytes <= ref.bytes || detail::ReportTooSmall(api, operand, ref, bytes);
}
// UbAlignment unless the operand starts at a multiple of `granule` bytes.
void CheckAlignment(const ApiName& api, const char* operand, const UbRef& ref, uint32_t granule);
// ANDs into (*defined)[i] whether all bytes of element i of `src` are defined.
void AndElementDefined(const CoreState& core, const OperandRange& src, uint64_t count, std::vector<uint8_t>* defined);
// Marks element i of `dst` defined iff defined[i] != 0.
void MarkElementsDefined(CoreState& core, const OperandRange& dst, const std::vector<uint8_t>& defined);

// "float", "half", ... for messages.
template <class T>
constexpr const char* TypeName() {
    if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, half>) return "half";
    else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
    else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
    else if constexpr (std::is_same_v<T, uint32_t>) return "uint32_t";
    else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
    else if constexpr (std::is_same_v<T, uint16_t>) return "uint16_t";
    else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
    else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
    else return "an unsupported type";
}

template <class T, class... Ts>
constexpr bool kIsOneOf = (std::is_same_v<T, Ts> || ...);

struct ElementwiseOptions {
    bool orderedOverlap = false;  // Cast: accept overlaps that ascending repeats make harmless
};

namespace detail {

inline const char* SourceName(size_t index, size_t total) {
    if (total == 1) return "src";
    return index == 0 ? "src0" : "src1";
}

template <class T>
bool Misaligned(const uint8_t* p) {
    return reinterpret_cast<uintptr_t>(p) % alignof(T) != 0;
}

// Element i reads index i of every source only, and a destination that overlaps a source is
// the identical range (in-place) or has the source staged aside: no dependence between
// iterations, so SIMD lanes compute the same bits (IEEE per lane; contraction is off). GCC's
// -O2 cost model does not vectorize loops needing a trip-count epilogue; this one may. On
// x86-64 an AVX2 clone (8 lanes, not SSE's 4) is picked at load time where the CPU has it:
// the same IEEE operations per lane, so the same bits on every host.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define SIM_VECTORIZE_LOOP \
    __attribute__((optimize("vect-cost-model=dynamic"), target_clones("avx2", "default")))
#elif defined(__GNUC__) && !defined(__clang__)
#define SIM_VECTORIZE_LOOP __attribute__((optimize("vect-cost-model=dynamic")))
#else
#define SIM_VECTORIZE_LOOP
#endif
template <class D, class Fn, class... S>
SIM_VECTORIZE_LOOP void Compute(D* dst, uint64_t n, Fn& fn, const S*... src) {
#pragma GCC ivdep
    for (uint64_t i = 0; i < n; ++i) dst[i] = fn(src[i]...);
}

// Copies a source aside when the destination overlaps it (or it is misaligned after a
// downgraded alignment check), so every element is computed from the values before the write.
template <class S>
const S* Stage(const uint8_t* p, uint64_t n, bool needed, std::vector<S>* copy) {
    if (!needed) return reinterpret_cast<const S*>(p);
    copy->resize(n);
    std::memcpy(copy->data(), p, n * sizeof(S));
    return copy->data();
}

template <class D, class Fn, class... S, size_t... I>
void ElementwiseImpl(const ApiName& api, const AscendC::LocalTensor<D>& dst, int64_t count, Fn& fn,
                     const ElementwiseOptions& options, std::index_sequence<I...>,
                     const AscendC::LocalTensor<S>&... srcs) {
    constexpr size_t kSources = sizeof...(S);
    CoreState& core = Core();
    core.vectorMask = VectorMaskRegister{};
    if (!AcceptCount(api, count)) return;
    const uint64_t n = static_cast<uint64_t>(count);
    const uint64_t widestBytes = n * std::max<uint64_t>({sizeof(D), sizeof(S)...});
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, n * sizeof(D), 0, 0, n, RepeatsFor(widestBytes)};
    event.elementBytes = static_cast<uint8_t>(sizeof(D));
    event.sources = static_cast<uint8_t>(kSources);
    event.ubDst = dst.SimRef().offset;
    const uint32_t ubSources[kSources + 1] = {srcs.SimRef().offset..., 0};
    const uint8_t sourceBytes[kSources + 1] = {static_cast<uint8_t>(sizeof(S))..., static_cast<uint8_t>(sizeof(D))};
    event.srcElementBytes = sourceBytes[0];
    if (kSources >= 1) event.ubSrc0 = ubSources[0];
    if (kSources >= 2) event.ubSrc1 = ubSources[1];
    const uint64_t seq = core.Issue(event);

    const std::array<OperandRange, kSources> sources = {
        OperandRange{SourceName(I, kSources), srcs.SimRef(), n * sizeof(S), sizeof(S)}...};
    bool sourceKnownDefined[kSources + 1] = {};  // +1: no zero-length array for Duplicate
    const std::array<const uint8_t*, kSources> srcPtr = {core.Operand(api.text, sources[I].name, sources[I].ref, 0,
                                                                      sources[I].bytes, Pipe::V, seq, Access::Read,
                                                                      true, &sourceKnownDefined[I])...};
    for (const uint8_t* p : srcPtr) {
        if (p == nullptr) return;  // outside UB after a downgraded check: drop
    }
    const OperandRange target{"dst", dst.SimRef(), n * sizeof(D), sizeof(D)};
    // Every element of dst is stored below and every flag set (MarkDefined/MarkElementsDefined).
    bool dstKnownDefined = false;
    uint8_t* dstPtr = core.Operand(api.text, "dst", target.ref, 0, target.bytes, Pipe::V, seq, Access::Overwrite,
                                   true, &dstKnownDefined);
    if (dstPtr == nullptr) return;

    CheckPosition(api, "dst", target.ref);
    bool stageSource[kSources + 1] = {};  // +1: no zero-length array for Duplicate
    (void)stageSource;
    for (size_t k = 0; k < kSources; ++k) {
        CheckPosition(api, sources[k].name, sources[k].ref);
        CheckOverlap(api, target, sources[k], options.orderedOverlap);
        const bool inPlace = sources[k].ref.offset == target.ref.offset && sources[k].elementBytes == sizeof(D);
        stageSource[k] = Overlaps(target, sources[k]) && !inPlace;
    }

    // Definedness of the sources, read before the destination is written (Operand has
    // answered it already for sources known defined).
    bool allDefined = true;
    for (size_t k = 0; k < kSources && allDefined; ++k) {
        allDefined = sourceKnownDefined[k] || core.AllDefined(sources[k].ref.offset, sources[k].bytes);
    }
    std::vector<uint8_t> elementDefined;
    if (!allDefined) {
        elementDefined.assign(n, 1);
        for (const auto& s : sources) AndElementDefined(core, s, n, &elementDefined);
    }

    const bool misaligned = Misaligned<D>(dstPtr) || (Misaligned<S>(srcPtr[I]) || ... || false);
    std::tuple<std::vector<S>...> copies;
    if (misaligned) {
        std::vector<D> result(n);
        Compute(result.data(), n, fn, Stage<S>(srcPtr[I], n, true, &std::get<I>(copies))...);
        std::memcpy(dstPtr, result.data(), n * sizeof(D));
    } else {
        Compute(reinterpret_cast<D*>(dstPtr), n, fn,
                Stage<S>(srcPtr[I], n, stageSource[I], &std::get<I>(copies))...);
    }

    if (allDefined) {
        if (!dstKnownDefined) core.MarkDefined(target.ref.offset, target.bytes, true);
    } else {
        MarkElementsDefined(core, target, elementDefined);
    }
}

}  // namespace detail

// dst[i] = fn(srcs[i]...) for i in [0, count): one vector instruction.
template <class D, class Fn, class... S>
void Elementwise(const ApiName& api, const AscendC::LocalTensor<D>& dst, int64_t count, Fn fn,
                 const ElementwiseOptions& options, const AscendC::LocalTensor<S>&... srcs) {
    detail::ElementwiseImpl(api, dst, count, fn, options, std::index_sequence_for<S...>{}, srcs...);
}

// ---- mask/repeat form ----

// Lanes of one repeat that take part: bit l of bits[l / 64].
struct LaneMask {
    uint64_t bits[2] = {0, 0};
    bool Has(uint32_t lane) const { return (bits[lane / 64] >> (lane % 64)) & 1u; }
    bool Empty() const { return bits[0] == 0 && bits[1] == 0; }
};

// The mask argument of a mask/repeat API as the kernel wrote it.
struct MaskArg {
    enum class Form : uint8_t { Continuous, Bits } form = Form::Continuous;
    uint64_t value = 0;          // Continuous: lanes
    uint64_t high = 0, low = 0;  // Bits: mask[1], mask[0]
};
inline MaskArg ContinuousMask(uint64_t lanes) { return MaskArg{MaskArg::Form::Continuous, lanes, 0, 0}; }
// 32-bit operands read mask[0] only (CANN: "数组有效长度为1"); mask[1] is not read then.
inline MaskArg BitMask(const uint64_t mask[], uint32_t lanesPerRepeat) {
    return MaskArg{MaskArg::Form::Bits, 0, lanesPerRepeat > 64 ? mask[1] : 0, mask[0]};
}

// Which lanes of which repeats an instruction computes: `full` in every repeat but the last,
// `tail` in the last (they differ only in Counter mode).
struct LaneSchedule {
    uint64_t repeats = 0;
    LaneMask full, tail;
    bool counter = false;
    uint64_t count = 0;  // Counter mode: the register's element count
    const LaneMask& Of(uint64_t r) const { return r + 1 == repeats ? tail : full; }
};

// One operand of a mask/repeat instruction: strides in 32-B blocks, with CANN's parameter names.
struct StrideSpec {
    uint32_t block;
    uint32_t repeat;
    const char* blockName;   // "dstBlkStride"
    const char* repeatName;  // "dstRepStride"
};

// A run of consecutive lanes inside one block of a repeat: `lane` the first lane's index in the
// repeat, `byte` its offset from the repeat's start (with the block stride applied).
struct LaneRun {
    uint32_t lane;
    uint32_t count;
    uint64_t byte;
};

// The footprint of one operand: its runs for full and tail repeats and its stride.
struct OperandPlan {
    OperandRange range;  // bytes: the extent from the tensor's start (for overlap reports)
    StrideSpec stride;
    std::vector<LaneRun> fullRuns, tailRuns;
    const std::vector<LaneRun>& RunsOf(const LaneSchedule& s, uint64_t r) const {
        return r + 1 == s.repeats ? tailRuns : fullRuns;
    }
    uint64_t RepeatStart(uint64_t r) const { return r * stride.repeat * kBlockBytes; }
};

namespace detail {
// Turns the mask argument (isSetMask) or the core's register into a schedule; false when there
// is nothing to execute (mask 0, repeatTime 0) or the arguments were rejected.
bool ResolveMask(const ApiName& api, const MaskArg& mask, bool isSetMask, uint32_t lanesPerRepeat,
                 uint32_t elementBytes, uint64_t ubBytes, uint8_t repeatTime, LaneSchedule* out);
// The runs of `mask` for an operand of `elementBytes` and block stride `blockStride`.
void LaneRuns(const LaneMask& mask, uint32_t lanesPerRepeat, uint32_t elementBytes, uint32_t blockStride,
              std::vector<LaneRun>* runs);
// Bytes from the tensor's start to the end of the last lane the operand touches.
uint64_t PlanExtent(const OperandPlan& plan, const LaneSchedule& schedule);
// OperandBounds naming the first repeat/block past the tensor's end; false: drop the call.
bool CheckPlanFits(const ApiName& api, const OperandPlan& plan, const LaneSchedule& schedule, uint64_t extent);
// ApiMisuse for a dstBlkStride of 0 with more than one active block in a repeat.
void CheckDstBlockStride(const ApiName& api, const OperandPlan& dst, const LaneSchedule& schedule);
// Checks and records every byte range the operand touches (merged, block granular for races);
// returns the host address of the tensor's first byte, or nullptr to drop the call.
uint8_t* AccessPlan(const ApiName& api, const OperandPlan& plan, const LaneSchedule& schedule, uint64_t seq,
                    Access access);
// The overlap rules of the mask/repeat forms (see the top of this file).
void CheckPlanOverlap(const ApiName& api, const OperandPlan& dst, const OperandPlan& src, const LaneSchedule& schedule,
                      bool accumulationAllowed);
// Whether every touched byte of the operand is defined.
bool PlanDefined(CoreState& core, const OperandPlan& plan, const LaneSchedule& schedule);
}  // namespace detail

// Ops whose dst may accumulate into src1 across repeats (dstRepStride or src1RepStride 0) for
// half/int32_t/float, per CANN's 通用地址重叠约束.
template <class Op>
constexpr bool kAccumulatingBinary = false;
template <>
inline constexpr bool kAccumulatingBinary<AddOp> = true;
template <>
inline constexpr bool kAccumulatingBinary<SubOp> = true;
template <>
inline constexpr bool kAccumulatingBinary<MulOp> = true;
template <>
inline constexpr bool kAccumulatingBinary<MaxOp> = true;
template <>
inline constexpr bool kAccumulatingBinary<MinOp> = true;

template <class T>
struct StridedOperand {
    const AscendC::LocalTensor<T>& tensor;
    StrideSpec stride;
};

// Where a lane of a mask/repeat instruction lies: a functor taking it as its first argument
// (fn(LaneIndex, values...)) is given it, for results that depend on the position (Select's
// selMask bit).
struct LaneIndex {
    uint64_t repeat;
    uint32_t lane;
};

struct MaskedOptions {
    bool accumulateSrc1 = false;  // kAccumulatingBinary applies (and the type is half/int32/float)
    // An operand outside the lane plan (Select's selMask): called with the instruction's
    // sequence number and schedule after the planned operands pass their checks and before
    // anything is computed; false drops the call.
    std::function<bool(uint64_t seq, const LaneSchedule& schedule)> extraOperands;
};

namespace detail {
template <class Fn, class... V>
auto ApplyLane(Fn& fn, uint64_t repeat, uint32_t lane, V... values) {
    if constexpr (std::is_invocable_v<Fn&, LaneIndex, V...>) return fn(LaneIndex{repeat, lane}, values...);
    else return fn(values...);
}
}  // namespace detail

namespace detail {

template <class D, class Fn, class... S, size_t... I>
void MaskedElementwiseImpl(const ApiName& api, const MaskArg& mask, bool isSetMask, uint8_t repeatTime, Fn& fn,
                           const MaskedOptions& options, std::index_sequence<I...>, const StridedOperand<D>& dst,
                           const StridedOperand<S>&... srcs) {
    constexpr size_t kSources = sizeof...(S);
    constexpr uint32_t widest = static_cast<uint32_t>(std::max<size_t>({sizeof(D), sizeof(S)...}));
    constexpr uint32_t lanes = static_cast<uint32_t>(kRepeatBytes / widest);
    CoreState& core = Core();
    LaneSchedule schedule;
    if (!ResolveMask(api, mask, isSetMask, lanes, widest, core.ub.size(), repeatTime, &schedule)) return;

    auto plan = [&](const char* name, const UbRef& ref, const StrideSpec& stride, uint32_t bytes) {
        OperandPlan p{OperandRange{name, ref, 0, bytes}, stride, {}, {}};
        LaneRuns(schedule.full, lanes, bytes, stride.block, &p.fullRuns);
        LaneRuns(schedule.tail, lanes, bytes, stride.block, &p.tailRuns);
        p.range.bytes = PlanExtent(p, schedule);
        return p;
    };
    OperandPlan dstPlan = plan("dst", dst.tensor.SimRef(), dst.stride, sizeof(D));
    std::array<OperandPlan, kSources> srcPlans = {
        plan(SourceName(I, kSources), srcs.tensor.SimRef(), srcs.stride, sizeof(S))...};

    auto lanesOf = [](const std::vector<LaneRun>& runs) {
        uint64_t n = 0;
        for (const LaneRun& run : runs) n += run.count;
        return n;
    };
    const uint64_t active = lanesOf(dstPlan.fullRuns) * (schedule.repeats - 1) + lanesOf(dstPlan.tailRuns);
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, dstPlan.range.bytes, 0, 0, active,
                static_cast<uint32_t>(std::min<uint64_t>(schedule.repeats, UINT32_MAX))};
    event.elementBytes = static_cast<uint8_t>(sizeof(D));
    event.sources = static_cast<uint8_t>(kSources);
    event.ubDst = dst.tensor.SimRef().offset;
    const uint32_t ubSources[kSources + 1] = {srcs.tensor.SimRef().offset..., 0};
    const uint8_t sourceBytes[kSources + 1] = {static_cast<uint8_t>(sizeof(S))..., static_cast<uint8_t>(sizeof(D))};
    event.srcElementBytes = sourceBytes[0];
    if (kSources >= 1) event.ubSrc0 = ubSources[0];
    if (kSources >= 2) event.ubSrc1 = ubSources[1];
    const uint64_t seq = core.Issue(event);

    for (const OperandPlan& p : srcPlans) {
        if (!CheckPlanFits(api, p, schedule, p.range.bytes)) return;
    }
    if (!CheckPlanFits(api, dstPlan, schedule, dstPlan.range.bytes)) return;
    const std::array<const uint8_t*, kSources> srcBase = {AccessPlan(api, srcPlans[I], schedule, seq, Access::Read)...};
    for (const uint8_t* p : srcBase) {
        if (p == nullptr) return;
    }
    uint8_t* dstBase = AccessPlan(api, dstPlan, schedule, seq, Access::Write);
    if (dstBase == nullptr) return;
    CheckPosition(api, "dst", dstPlan.range.ref);
    CheckDstBlockStride(api, dstPlan, schedule);
    for (size_t k = 0; k < kSources; ++k) {
        CheckPosition(api, srcPlans[k].range.name, srcPlans[k].range.ref);
        CheckPlanOverlap(api, dstPlan, srcPlans[k], schedule, options.accumulateSrc1 && k == 1);
    }

    if (options.extraOperands && !options.extraOperands(seq, schedule)) return;

    bool sourcesDefined[kSources + 1] = {};
    bool allDefined = true;
    for (size_t k = 0; k < kSources; ++k) {
        sourcesDefined[k] = PlanDefined(core, srcPlans[k], schedule);
        allDefined = allDefined && sourcesDefined[k];
    }

    // Repeat by repeat: gather the active lanes of every source, compute, scatter into dst.
    std::tuple<std::array<S, lanes>...> values;
    std::array<uint8_t, lanes> laneDefined;
    std::array<D, lanes> results;
    for (uint64_t r = 0; r < schedule.repeats; ++r) {
        laneDefined.fill(1);
        auto gather = [&](size_t k, auto& into, const uint8_t* base) {
            using V = typename std::decay_t<decltype(into)>::value_type;
            const OperandPlan& p = srcPlans[k];
            const uint64_t start = p.RepeatStart(r);
            for (const LaneRun& run : p.RunsOf(schedule, r)) {
                std::memcpy(&into[run.lane], base + start + run.byte, run.count * sizeof(V));
                if (sourcesDefined[k]) continue;
                for (uint32_t l = 0; l < run.count; ++l) {
                    const uint64_t at = p.range.ref.offset + start + run.byte + l * sizeof(V);
                    if (!core.AllDefined(static_cast<uint32_t>(at), sizeof(V))) laneDefined[run.lane + l] = 0;
                }
            }
        };
        (gather(I, std::get<I>(values), srcBase[I]), ...);
        (void)gather;  // no source: Duplicate, Brcb
        const uint64_t start = dstPlan.RepeatStart(r);
        for (const LaneRun& run : dstPlan.RunsOf(schedule, r)) {
            for (uint32_t l = run.lane; l < run.lane + run.count; ++l) {
                results[l] = ApplyLane(fn, r, l, std::get<I>(values)[l]...);
            }
            std::memcpy(dstBase + start + run.byte, &results[run.lane], run.count * sizeof(D));
            const uint64_t at = dstPlan.range.ref.offset + start + run.byte;
            if (allDefined) {
                core.MarkDefined(static_cast<uint32_t>(at), run.count * sizeof(D), true);
                continue;
            }
            for (uint32_t l = 0; l < run.count; ++l) {
                core.MarkDefined(static_cast<uint32_t>(at + l * sizeof(D)), sizeof(D), laneDefined[run.lane + l] != 0);
            }
        }
    }
}

}  // namespace detail

// The mask/repeat form of dst = fn(srcs...): one vector instruction.
template <class D, class Fn, class... S>
void MaskedElementwise(const ApiName& api, const MaskArg& mask, bool isSetMask, uint8_t repeatTime, Fn fn,
                       const MaskedOptions& options, const StridedOperand<D>& dst, const StridedOperand<S>&... srcs) {
    detail::MaskedElementwiseImpl(api, mask, isSetMask, repeatTime, fn, options, std::index_sequence_for<S...>{}, dst,
                                  srcs...);
}

inline StrideSpec DstStride(uint32_t block, uint32_t repeat) { return {block, repeat, "dstBlkStride", "dstRepStride"}; }
inline StrideSpec SrcStride(uint32_t block, uint32_t repeat) { return {block, repeat, "srcBlkStride", "srcRepStride"}; }
inline StrideSpec Src0Stride(uint32_t block, uint32_t repeat) { return {block, repeat, "src0BlkStride", "src0RepStride"}; }
inline StrideSpec Src1Stride(uint32_t block, uint32_t repeat) { return {block, repeat, "src1BlkStride", "src1RepStride"}; }

template <class Op, bool isSetMask, class T>
inline void MaskedBinary(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                         const AscendC::LocalTensor<T>& src1, const MaskArg& mask, uint8_t repeatTime,
                         const AscendC::BinaryRepeatParams& p) {
    MaskedOptions options;
    options.accumulateSrc1 = kAccumulatingBinary<Op> && kIsOneOf<T, half, int32_t, float>;
    MaskedElementwise(api, mask, isSetMask, repeatTime, Op{}, options,
                      StridedOperand<T>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                      StridedOperand<T>{src0, Src0Stride(p.src0BlkStride, p.src0RepStride)},
                      StridedOperand<T>{src1, Src1Stride(p.src1BlkStride, p.src1RepStride)});
}

template <bool isSetMask, class D, class S, class Fn>
inline void MaskedUnaryWith(const ApiName& api, Fn fn, const AscendC::LocalTensor<D>& dst,
                            const AscendC::LocalTensor<S>& src, const MaskArg& mask, uint8_t repeatTime,
                            const AscendC::UnaryRepeatParams& p) {
    MaskedElementwise(api, mask, isSetMask, repeatTime, fn, MaskedOptions{},
                      StridedOperand<D>{dst, DstStride(p.dstBlkStride, p.dstRepStride)},
                      StridedOperand<S>{src, SrcStride(p.srcBlkStride, p.srcRepStride)});
}

}  // namespace sim::vec

// The two mask forms of an API (see HOOK at the top of this file). Used inside namespace AscendC.
#define ASCENDC_SIM_MASKED_BINARY_API(Name, Op, TypeCheck, TypeText)                                            \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,       \
                                                     const LocalTensor<T>& src1, uint64_t mask[],                \
                                                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");      \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedBinary<sim::vec::Op, isSetMask>(sim::vec::Named(#Name), dst, src0, src1,                \
                                                        sim::vec::BitMask(mask, 256 / sizeof(T)), repeatTime,   \
                                                        repeatParams);                                          \
    }                                                                                                           \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,       \
                                                     const LocalTensor<T>& src1, uint64_t mask,                  \
                                                     const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) { \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");      \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedBinary<sim::vec::Op, isSetMask>(sim::vec::Named(#Name), dst, src0, src1,                \
                                                        sim::vec::ContinuousMask(mask), repeatTime, repeatParams); \
    }

#define ASCENDC_SIM_MASKED_UNARY_API(Name, Op, TypeCheck, TypeText)                                             \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                                     uint64_t mask[], const uint8_t repeatTime,                  \
                                                     const UnaryRepeatParams& repeatParams) {                    \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");      \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedUnaryWith<isSetMask>(sim::vec::Named(#Name), sim::vec::Op{}, dst, src,                  \
                                             sim::vec::BitMask(mask, 256 / sizeof(T)), repeatTime, repeatParams); \
    }                                                                                                           \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                                     uint64_t mask, const uint8_t repeatTime,                    \
                                                     const UnaryRepeatParams& repeatParams) {                    \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");      \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedUnaryWith<isSetMask>(sim::vec::Named(#Name), sim::vec::Op{}, dst, src,                  \
                                             sim::vec::ContinuousMask(mask), repeatTime, repeatParams);         \
    }

// The scalar may be any arithmetic type (or half/bfloat16_t), converted to T first, as in the
// count form.
#define ASCENDC_SIM_MASKED_SCALAR_API(Name, Op, TypeCheck, TypeText)                                            \
    template <typename T, bool isSetMask = true, typename U,                                                    \
              std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                                     const U& scalarValue, uint64_t mask[], const uint8_t repeatTime, \
                                                     const UnaryRepeatParams& repeatParams) {                    \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");      \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedUnaryWith<isSetMask>(sim::vec::Named(#Name),                                            \
                                             sim::vec::WithScalar<sim::vec::Op, T>{sim::vec::ScalarAs<T>(scalarValue)}, \
                                             dst, src, sim::vec::BitMask(mask, 256 / sizeof(T)), repeatTime,    \
                                             repeatParams);                                                     \
    }                                                                                                           \
    template <typename T, bool isSetMask = true, typename U,                                                    \
              std::enable_if_t<sim::vec::kScalarArgument<U>, int> = 0>                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                                     const U& scalarValue, uint64_t mask, const uint8_t repeatTime, \
                                                     const UnaryRepeatParams& repeatParams) {                    \
        static_assert(sim::vec::TypeCheck<T>, #Name ": element type must be " TypeText " on Atlas A2/A3");      \
        sim::NoteCallSite();                                                                                    \
        sim::vec::MaskedUnaryWith<isSetMask>(sim::vec::Named(#Name),                                            \
                                             sim::vec::WithScalar<sim::vec::Op, T>{sim::vec::ScalarAs<T>(scalarValue)}, \
                                             dst, src, sim::vec::ContinuousMask(mask), repeatTime, repeatParams); \
    }
