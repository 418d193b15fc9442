// Max/min reductions: WholeReduceMax/WholeReduceMin (per repeat, with ReduceOrder),
// BlockReduceMax/BlockReduceMin (per 32-B block) and ReduceMax/ReduceMin (count form, with
// calIndex). CANN <= 9.0 names; newer CANN calls the first two ReduceRepeat and
// ReduceDataBlock with ReduceType::MAX/MIN. Facts from the CANN Ascend C API reference
// (asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/归约计算/ReduceRepeat.md, ReduceMax.md,
// ReduceMin.md) and asc-devkit impl/basic_api/utils/kernel_utils_mode.h (ReduceOrder):
//  - a repeat's result is the extreme of its active lanes and the lane index (0 .. 255/s) of
//    its first occurrence ("如果存在多个最值，该指令会将最小索引写入目的操作数");
//  - the index is stored in the bits of T (uint16_t for half, uint32_t for float), except
//    ORDER_ONLY_INDEX, which stores it as a uint32_t;
//  - WholeReduceMax/Min results are (value, index), (index, value), value or index, and
//    dstRepStride counts 2 * sizeof(T), 2 * sizeof(T), sizeof(T) or 4 bytes; dst is aligned to
//    that unit (ReduceRepeat's table 3);
//  - ReduceMax/ReduceMin(count): dst[0] = the extreme, dst[1] = its element index when
//    calIndex (a half index must be <= 65535); sharedTmpBuffer must hold what ReduceMax.md's
//    "sharedTmpBuffer所需空间设置" computes (sim::vec::ExtremeWorkElements).
// Repeats run in order, each writing its result after reading its lanes (a dst that overlaps src
// is read as it stands then; sharedTmpBuffer may be src itself, as ReduceMax.md allows).
// The pages do not say how NaN compares; the sim's choice: a NaN wins (as Max/Min propagate
// NaN, vector_ops.h), the first NaN's index is reported. Undefined source bytes are an
// UninitializedRead here, as for the sums.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_reduce.h"

namespace AscendC {
enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
}  // namespace AscendC

namespace sim::vec {

// Whether `a` replaces the current extreme `b` (strictly better; NaN beats numbers).
template <class T>
inline bool Beats(T a, T b, bool max) {
    const float x = Widen(a), y = Widen(b);
    if (y != y) return false;
    if (x != x) return true;
    return max ? x > y : x < y;
}

// The index `i` in the bits of T.
template <class T>
inline T IndexBits(uint32_t i) {
    T out;
    if constexpr (sizeof(T) == 2) {
        const uint16_t bits = static_cast<uint16_t>(i);
        std::memcpy(&out, &bits, 2);
    } else {
        std::memcpy(&out, &i, 4);
    }
    return out;
}

// sharedTmpBuffer elements ReduceMax/ReduceMin need (ReduceMax.md's algorithm).
uint64_t ExtremeWorkElements(uint64_t firstRepeats, uint32_t elementBytes, bool calIndex);
// ApiMisuse for an order outside ReduceOrder; false: drop the call.
bool CheckReduceOrder(const ApiName& api, AscendC::ReduceOrder order);
// Counter mode with the register as the mask of a reduction: not modelled (ApiMisuse).
bool RegisterLanes(const ApiName& api, uint32_t lanesPerRepeat, LaneMask* out);

template <class T>
void WholeReduceExtreme(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                        const LaneMask& mask, int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride,
                        int32_t srcRepStride, AscendC::ReduceOrder order, bool max) {
    using AscendC::ReduceOrder;
    if (repeatTime == 0) return;
    CoreState& core = Core();
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    constexpr uint32_t lanesPerBlock = kBlockBytes / s;
    const uint32_t unit = order == ReduceOrder::ORDER_ONLY_VALUE ? s : order == ReduceOrder::ORDER_ONLY_INDEX ? 4 : 2 * s;
    const uint32_t repeats = static_cast<uint32_t>(repeatTime);
    auto laneOffset = [&](uint32_t r, uint32_t lane) -> uint64_t {
        return (static_cast<uint64_t>(r) * srcRepStride + static_cast<uint64_t>(lane / lanesPerBlock) * srcBlkStride) *
                   kBlockBytes + (lane % lanesPerBlock) * s;
    };
    uint32_t activeLanes = 0;
    uint64_t srcExtent = 0;
    for (uint32_t lane = 0; lane < lanes; ++lane) {
        if (!mask.Has(lane)) continue;
        ++activeLanes;
        srcExtent = std::max(srcExtent, laneOffset(repeats - 1, lane) + s);
    }
    const uint64_t dstExtent = static_cast<uint64_t>(repeats - 1) * dstRepStride * unit + unit;
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, uint64_t{repeats} * unit, 0, 0,
                static_cast<uint64_t>(repeats) * activeLanes, repeats};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, srcExtent, Pipe::V, seq, Access::Read);
    uint8_t* out = core.Operand(api.text, "dst", dst.SimRef(), 0, dstExtent, Pipe::V, seq, Access::Write,
                                /*requireAligned=*/false);
    if (in == nullptr || out == nullptr) return;
    CheckAlignment(api, "dst", dst.SimRef(), unit);
    CheckPosition(api, "src", src.SimRef());
    CheckPosition(api, "dst", dst.SimRef());
    if (!core.AllDefined(src.SimRef().offset, srcExtent)) {
        for (uint32_t r = 0; r < repeats; ++r) {
            for (uint32_t lane = 0; lane < lanes; ++lane) {
                if (mask.Has(lane)) core.RequireDefined(api.text, "src", src.SimRef(), laneOffset(r, lane), s, "reduces");
            }
        }
    }
    bool anyFound = false;
    T overall{};
    uint32_t overallLane = 0;
    for (uint32_t r = 0; r < repeats; ++r) {
        bool found = false;
        T best{};
        uint32_t bestLane = 0;
        for (uint32_t lane = 0; lane < lanes; ++lane) {
            if (!mask.Has(lane)) continue;
            T v;
            std::memcpy(&v, in + laneOffset(r, lane), s);
            if (!found || Beats(v, best, max)) {
                best = v;
                bestLane = lane;
                found = true;
            }
        }
        if (!anyFound || Beats(best, overall, max)) {
            overall = best;
            overallLane = bestLane;
            anyFound = true;
        }
        uint8_t* at = out + static_cast<uint64_t>(r) * dstRepStride * unit;
        const T index = IndexBits<T>(bestLane);
        switch (order) {
            case ReduceOrder::ORDER_VALUE_INDEX:
                std::memcpy(at, &best, s);
                std::memcpy(at + s, &index, s);
                break;
            case ReduceOrder::ORDER_INDEX_VALUE:
                std::memcpy(at, &index, s);
                std::memcpy(at + s, &best, s);
                break;
            case ReduceOrder::ORDER_ONLY_VALUE: std::memcpy(at, &best, s); break;
            case ReduceOrder::ORDER_ONLY_INDEX: std::memcpy(at, &bestLane, 4); break;
        }
        core.MarkDefined(static_cast<uint32_t>(dst.SimRef().offset + (at - out)), unit, true);
    }
    // MAX_MIN_CNT: the extreme of all repeats (the first repeat holding it) and its lane in that
    // repeat (GetReduceRepeatMaxMinSpr).
    WriteMaxMinSpr(overall, overallLane);
}

template <class T>
void ReduceExtremeCount(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                        const AscendC::LocalTensor<T>& work, int32_t count, bool calIndex, bool max) {
    if (!AcceptCount(api, count)) return;
    CoreState& core = Core();
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    const uint64_t n = static_cast<uint64_t>(count);
    const uint32_t repeats = RepeatsFor(n * s);
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, (calIndex ? 2u : 1u) * s, 0, 0, n, repeats};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, n * s, Pipe::V, seq, Access::Read);
    const uint64_t workBytes = ExtremeWorkElements((n + lanes - 1) / lanes, s, calIndex) * s;
    if (!CheckFits(api, "sharedTmpBuffer", work.SimRef(), workBytes)) return;
    if (core.Operand(api.text, "sharedTmpBuffer", work.SimRef(), 0, workBytes, Pipe::V, seq, Access::Write) == nullptr) {
        return;
    }
    uint8_t* out = core.Operand(api.text, "dst", dst.SimRef(), 0, (calIndex ? 2 : 1) * s, Pipe::V, seq, Access::Write,
                                /*requireAligned=*/false);
    if (in == nullptr || out == nullptr) return;
    CheckAlignment(api, "dst", dst.SimRef(), calIndex ? 2 * s : s);
    CheckPosition(api, "src", src.SimRef());
    CheckPosition(api, "sharedTmpBuffer", work.SimRef());
    CheckPosition(api, "dst", dst.SimRef());
    core.RequireDefined(api.text, "src", src.SimRef(), 0, n * s, "reduces");
    if (calIndex && s == 2 && n > 65536) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": count " + std::to_string(n) +
                                        " half elements: an index above 65535 does not fit the half result's 16 bits");
        return;
    }
    T best;
    std::memcpy(&best, in, s);
    uint64_t bestIndex = 0;
    for (uint64_t i = 1; i < n; ++i) {
        T v;
        std::memcpy(&v, in + i * s, s);
        if (Beats(v, best, max)) {
            best = v;
            bestIndex = i;
        }
    }
    std::memcpy(out, &best, s);
    // MAX_MIN_CNT after the last vcmax/vcmin of the sequence: the extreme is exact, the index
    // is not (the GetReduceRepeatMaxMinSpr page): the sim leaves the in-repeat lane there.
    WriteMaxMinSpr(best, static_cast<uint32_t>(bestIndex % lanes));
    if (calIndex) {
        const T index = IndexBits<T>(static_cast<uint32_t>(bestIndex));
        std::memcpy(out + s, &index, s);
    }
    core.MarkDefined(dst.SimRef().offset, (calIndex ? 2 : 1) * s, true);
}

// The lanes of a reduction's mask argument, or of the register (isSetMask = false).
template <bool isSetMask, class Mask>
inline bool ReductionLanes(const ApiName& api, const Mask& mask, uint32_t lanesPerRepeat, LaneMask* out) {
    if constexpr (!isSetMask) {
        return RegisterLanes(api, lanesPerRepeat, out);
    } else if constexpr (std::is_pointer_v<Mask>) {
        return BitLanes(api, mask, lanesPerRepeat, out);
    } else {
        return ContinuousLanes(api, mask, lanesPerRepeat, out);
    }
}

}  // namespace sim::vec

namespace AscendC {

#define ASCENDC_SIM_WHOLE_REDUCE_EXTREME(Name, IsMax, MaskType)                                                  \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                                     MaskType mask, const int32_t repeatTime,                    \
                                                     const int32_t dstRepStride, const int32_t srcBlkStride,     \
                                                     const int32_t srcRepStride,                                 \
                                                     ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {       \
        static_assert(sim::vec::kReduceType<T>, #Name ": element type must be half or float on Atlas A2/A3");   \
        sim::NoteCallSite();                                                                                    \
        const sim::vec::ApiName api = sim::vec::Named(#Name);                                                   \
        sim::vec::LaneMask lanes;                                                                               \
        if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||            \
            !sim::vec::CheckReduceOrder(api, order) ||                                                          \
            !sim::vec::ReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {                         \
            return;                                                                                             \
        }                                                                                                       \
        sim::vec::WholeReduceExtreme(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride, \
                                     order, IsMax);                                                             \
    }
ASCENDC_SIM_WHOLE_REDUCE_EXTREME(WholeReduceMax, true, const int32_t)
ASCENDC_SIM_WHOLE_REDUCE_EXTREME(WholeReduceMax, true, const uint64_t*)
ASCENDC_SIM_WHOLE_REDUCE_EXTREME(WholeReduceMin, false, const int32_t)
ASCENDC_SIM_WHOLE_REDUCE_EXTREME(WholeReduceMin, false, const uint64_t*)
#undef ASCENDC_SIM_WHOLE_REDUCE_EXTREME

// repeatTime before mask, as BlockReduceSum; one extreme per 32-B block with an active lane.
#define ASCENDC_SIM_BLOCK_REDUCE_EXTREME(Name, IsMax, MaskType)                                                  \
    template <typename T, bool isSetMask = true>                                                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,        \
                                                     const int32_t repeatTime, MaskType mask,                    \
                                                     const int32_t dstRepStride, const int32_t srcBlkStride,     \
                                                     const int32_t srcRepStride) {                               \
        static_assert(sim::vec::kReduceType<T>, #Name ": element type must be half or float on Atlas A2/A3");   \
        sim::NoteCallSite();                                                                                    \
        const sim::vec::ApiName api = sim::vec::Named(#Name);                                                   \
        sim::vec::RepeatLanes lanes;                                                                            \
        if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||            \
            !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {                      \
            return;                                                                                             \
        }                                                                                                       \
        sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,        \
                               sim::vec::ReduceGroup::Block,                                              \
                               [](T a, T b) { return sim::vec::Beats(b, a, IsMax) ? b : a; });                  \
    }
ASCENDC_SIM_BLOCK_REDUCE_EXTREME(BlockReduceMax, true, const int32_t)
ASCENDC_SIM_BLOCK_REDUCE_EXTREME(BlockReduceMax, true, const uint64_t*)
ASCENDC_SIM_BLOCK_REDUCE_EXTREME(BlockReduceMin, false, const int32_t)
ASCENDC_SIM_BLOCK_REDUCE_EXTREME(BlockReduceMin, false, const uint64_t*)
#undef ASCENDC_SIM_BLOCK_REDUCE_EXTREME

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                                                      bool calIndex = 0) {
    static_assert(sim::vec::kReduceType<T>, "ReduceMax: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::ReduceExtremeCount(sim::vec::Named("ReduceMax"), dst, src, sharedTmpBuffer, count, calIndex, true);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
                                                      bool calIndex = 0) {
    static_assert(sim::vec::kReduceType<T>, "ReduceMin: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::ReduceExtremeCount(sim::vec::Named("ReduceMin"), dst, src, sharedTmpBuffer, count, calIndex, false);
}

}  // namespace AscendC
