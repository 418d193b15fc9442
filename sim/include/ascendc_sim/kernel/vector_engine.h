// The engine every count-form vector instruction goes through.
//
// One call = one instruction: it is logged on PIPE_V with its repeat count, every operand is
// checked by CoreState::Operand (32-B aligned start, extent inside its LocalTensor, races
// with other pipes), the overlap rules of the CANN Ascend C API reference's "通用说明和约束"
// (general notes and constraints: 通用地址重叠约束) are enforced, and definedness flows
// elementwise (a destination element is defined iff all its source elements are).
// Results are computed as if the sources were read before anything is written (a snapshot),
// which is what the hardware does for every overlap it supports: in-place at the identical
// start address, and the Cast widening trick (half data in the upper half of the float
// destination, as ops-nn's pooling/max_pool3d_grad_with_argmax/op_kernel/
// max_pool3d_grad_with_argmax_cutk_base.h uses it).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/tensor.h"
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
    if (!AcceptCount(api, count)) return;
    CoreState& core = Core();
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

}  // namespace sim::vec
