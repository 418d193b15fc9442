// The ReduceType family of the reductions (newer CANN names) and the forms around them:
//   ReduceRepeat<SUM/MAX/MIN>     one result per repeat        (vcadd / vcmax / vcmin)
//   ReduceDataBlock<SUM/MAX/MIN>  one result per 32-B block    (vcgadd / vcgmax / vcgmin)
//   ReducePairElem<SUM>           one sum per pair of lanes    (vcpadd)
//   PairReduceSum, RepeatReduceSum  the older names of the last one and of ReduceRepeat<SUM>
//   ReduceMax/ReduceMin/ReduceSum mask forms (mask, repeatTime, srcRepStride): one result
//   GetReduceRepeatMaxMinSpr, GetReduceRepeatSumSpr (and GetReduceMaxMinCount, GetAccVal):
//   the reduction special registers.
// They run on the engines of vector_reduce.h (RepeatReduce: the sums and the block/pair
// forms) and vector_reduce_extreme.h (WholeReduceExtreme); an instruction logs the kind of the
// instruction it is (WholeReduceSum, BlockReduceMax, ...) so that the cost model times it in
// that class, with the API's own name in reports ("ReduceRepeat<MAX>").
// Facts from the CANN Ascend C API reference (asc-devkit docs/zh/api/SIMD-API/基础API/
// Memory矢量计算/归约计算/ReduceRepeat.md, ReduceDataBlock.md, ReducePairElem.md, ReduceMax.md,
// ReduceMin.md, ReduceSum.md; 归约计算辅助配置接口/GetReduceRepeatMaxMinSpr(ISASI).md,
// GetReduceRepeatSumSpr(ISASI).md), the signatures of asc-devkit include/basic_api/
// kernel_operator_vec_reduce_intf.h and the A2/A3 instruction sequences of impl/basic_api/
// dav_c220/kernel_operator_vec_reduce_impl.h:
//  - A2/A3 take half and float, dst and src of the same type (T == U);
//  - ReduceMax/ReduceMin mask form: dst[0] = the extreme of the masked lanes of all repeats,
//    dst[1] (calIndex) = its index r * srcRepStride * (32 / sizeof(T)) + lane (the first
//    occurrence in repeat order, then lane order, as the instruction tree of ReduceImplWithIndex
//    resolves ties); sharedTmpBuffer as ReduceMax.md computes with firstMaxRepeat = repeatTime;
//  - ReduceSum mask form: each repeat's masked lanes by the binary tree, the repeat sums then
//    by the tree too (ReduceSum.md's 方式二: the counter-mode vcadd over the repeat sums, 64/128
//    per instruction repeat, and one more vcadd over those); sharedTmpBuffer holds
//    AlignUp(repeatTime, 32 / sizeof(T)) elements; repeatTime is any int32_t >= 0 there;
//  - MAX_MIN_CNT / ACC_VAL (core_state.h's ReduceSprRegister): the max/min reductions leave
//    their extreme there, ReduceSum's count form its sum.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "ascendc_sim/kernel/vector_reduce_extreme.h"

namespace AscendC {
// asc-devkit impl/utils/common_types.h
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };
}  // namespace AscendC

namespace sim::vec {

template <AscendC::ReduceType type>
constexpr bool kIsReduceType =
    type == AscendC::ReduceType::SUM || type == AscendC::ReduceType::MAX || type == AscendC::ReduceType::MIN;

// The instruction kind (cost class) and the API text of a ReduceType API.
template <AscendC::ReduceType type>
constexpr ApiName RepeatApi() {
    if constexpr (type == AscendC::ReduceType::SUM) return ApiName{"WholeReduceSum", "ReduceRepeat<SUM>"};
    if constexpr (type == AscendC::ReduceType::MAX) return ApiName{"WholeReduceMax", "ReduceRepeat<MAX>"};
    return ApiName{"WholeReduceMin", "ReduceRepeat<MIN>"};
}
template <AscendC::ReduceType type>
constexpr ApiName DataBlockApi() {
    if constexpr (type == AscendC::ReduceType::SUM) return ApiName{"BlockReduceSum", "ReduceDataBlock<SUM>"};
    if constexpr (type == AscendC::ReduceType::MAX) return ApiName{"BlockReduceMax", "ReduceDataBlock<MAX>"};
    return ApiName{"BlockReduceMin", "ReduceDataBlock<MIN>"};
}

// Range checks of the mask forms of ReduceMax/ReduceMin/ReduceSum (repeatTime any int32_t >= 0).
bool CheckWholeReduceArgs(const ApiName& api, int32_t repeatTime, int32_t srcRepStride);
// ApiMisuse unless an instruction has written the register (`name`: "MAX_MIN_CNT" or "ACC_VAL").
bool CheckSprWritten(const char* api, bool written, const char* name, const char* writers);
void ReportSprUnsupported(const char* api);

// ReduceMax/ReduceMin/ReduceSum mask form (see the top of this file).
template <class T>
void WholeReduce(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<T>& work, const LaneMask& mask, int32_t repeatTime, int32_t srcRepStride,
                 AscendC::ReduceType type, bool calIndex) {
    using AscendC::ReduceType;
    if (repeatTime == 0) return;
    CoreState& core = Core();
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    constexpr uint32_t perBlock = kBlockBytes / s;
    const uint64_t repeats = static_cast<uint64_t>(repeatTime);
    const bool sum = type == ReduceType::SUM;
    const bool withIndex = !sum && calIndex;
    auto laneOffset = [&](uint64_t r, uint32_t lane) -> uint64_t {
        return r * static_cast<uint64_t>(srcRepStride) * kBlockBytes + uint64_t{lane} * s;
    };
    uint32_t activeLanes = 0, lastLane = 0;
    for (uint32_t lane = 0; lane < lanes; ++lane) {
        if (!mask.Has(lane)) continue;
        ++activeLanes;
        lastLane = lane;
    }
    const uint64_t srcExtent = laneOffset(repeats - 1, lastLane) + s;
    const uint64_t resultBytes = (withIndex ? 2u : 1u) * s;
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, resultBytes, 0, 0, repeats * activeLanes,
                static_cast<uint32_t>(std::min<uint64_t>(repeats, UINT32_MAX))};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, srcExtent, Pipe::V, seq, Access::Read);
    const uint64_t workElements =
        sum ? (repeats + perBlock - 1) / perBlock * perBlock : ExtremeWorkElements(repeats, s, calIndex);
    if (!CheckFits(api, "sharedTmpBuffer", work.SimRef(), workElements * s)) return;
    if (core.Operand(api.text, "sharedTmpBuffer", work.SimRef(), 0, workElements * s, Pipe::V, seq, Access::Write) ==
        nullptr) {
        return;
    }
    uint8_t* out = core.Operand(api.text, "dst", dst.SimRef(), 0, resultBytes, Pipe::V, seq, Access::Write,
                                /*requireAligned=*/false);
    if (in == nullptr || out == nullptr) return;
    CheckAlignment(api, "dst", dst.SimRef(), static_cast<uint32_t>(resultBytes));
    CheckPosition(api, "src", src.SimRef());
    CheckPosition(api, "sharedTmpBuffer", work.SimRef());
    CheckPosition(api, "dst", dst.SimRef());
    if (!core.AllDefined(src.SimRef().offset, srcExtent)) {
        for (uint64_t r = 0; r < repeats; ++r) {
            for (uint32_t lane = 0; lane < lanes; ++lane) {
                if (mask.Has(lane)) core.RequireDefined(api.text, "src", src.SimRef(), laneOffset(r, lane), s, "reduces");
            }
        }
    }
    if (sum) {
        // Level 1: each repeat's tree sum; then trees over groups of `lanes` partial sums.
        std::vector<T> level(repeats);
        T values[lanes];
        uint8_t present[lanes];
        for (uint64_t r = 0; r < repeats; ++r) {
            for (uint32_t lane = 0; lane < lanes; ++lane) {
                present[lane] = mask.Has(lane) ? 1 : 0;
                if (present[lane]) std::memcpy(&values[lane], in + laneOffset(r, lane), s);
            }
            TreeSum(values, present, lanes, &level[r]);
        }
        while (level.size() > 1) {
            std::vector<T> next((level.size() + lanes - 1) / lanes);
            for (size_t g = 0; g < next.size(); ++g) {
                const size_t first = g * lanes, n = std::min<size_t>(lanes, level.size() - first);
                std::fill(present, present + lanes, 0);
                std::fill(present, present + n, 1);
                std::memcpy(values, level.data() + first, n * s);
                TreeSum(values, present, lanes, &next[g]);
            }
            level.swap(next);
        }
        std::memcpy(out, &level[0], s);
        core.MarkDefined(dst.SimRef().offset, s, true);
        return;
    }
    const bool max = type == ReduceType::MAX;
    T best{};
    uint64_t bestRepeat = 0;
    uint32_t bestLane = 0;
    bool found = false;
    for (uint64_t r = 0; r < repeats; ++r) {
        for (uint32_t lane = 0; lane < lanes; ++lane) {
            if (!mask.Has(lane)) continue;
            T v;
            std::memcpy(&v, in + laneOffset(r, lane), s);
            if (!found || Beats(v, best, max)) {
                best = v;
                bestRepeat = r;
                bestLane = lane;
                found = true;
            }
        }
    }
    const uint64_t index = bestRepeat * static_cast<uint64_t>(srcRepStride) * perBlock + bestLane;
    if (withIndex && s == 2 && index > 65535) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": the extreme's index " + std::to_string(index) +
                                        " does not fit the half result's 16 bits");
        return;
    }
    std::memcpy(out, &best, s);
    WriteMaxMinSpr(best, bestLane);
    if (withIndex) {
        const T bits = IndexBits<T>(static_cast<uint32_t>(index));
        std::memcpy(out + s, &bits, s);
    }
    core.MarkDefined(dst.SimRef().offset, static_cast<uint32_t>(resultBytes), true);
}

template <class T>
constexpr bool kSprType = kIsOneOf<T, half, float>;

}  // namespace sim::vec

namespace AscendC {

// ---- ReduceRepeat: one result per repeat ----
#define ASCENDC_SIM_REDUCE_REPEAT(MaskType)                                                                       \
    template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceRepeat(                                                      \
        const LocalTensor<T>& dst, const LocalTensor<U>& src, MaskType mask, const int32_t repeatTime,             \
        const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,                        \
        ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {                                                      \
        static_assert(sim::vec::kIsReduceType<reduceType>,                                                         \
                      "ReduceRepeat: reduceType must be ReduceType::SUM, ReduceType::MAX or ReduceType::MIN");     \
        static_assert(std::is_same_v<T, U>, "ReduceRepeat: dst type T and src type U must be the same on Atlas A2/A3"); \
        static_assert(sim::vec::kReduceType<T>, "ReduceRepeat: element type must be half or float on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                       \
        constexpr sim::vec::ApiName api = sim::vec::RepeatApi<reduceType>();                                       \
        if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride)) return;         \
        if constexpr (reduceType == ReduceType::SUM) {                                                             \
            sim::vec::RepeatLanes lanes;                                                                           \
            if (!sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) return;               \
            sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,     \
                                   sim::vec::ReduceGroup::Repeat);                                                 \
        } else {                                                                                                   \
            sim::vec::LaneMask lanes;                                                                              \
            if (!sim::vec::CheckReduceOrder(api, order) ||                                                         \
                !sim::vec::ReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {                        \
                return;                                                                                            \
            }                                                                                                      \
            sim::vec::WholeReduceExtreme(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride,             \
                                         srcRepStride, order, reduceType == ReduceType::MAX);                      \
        }                                                                                                          \
    }
ASCENDC_SIM_REDUCE_REPEAT(const int32_t)
ASCENDC_SIM_REDUCE_REPEAT(const uint64_t*)
#undef ASCENDC_SIM_REDUCE_REPEAT

// ---- ReduceDataBlock: one result per 32-B block with an active lane ----
#define ASCENDC_SIM_REDUCE_DATA_BLOCK(MaskType)                                                                   \
    template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceDataBlock(                                                   \
        const LocalTensor<T>& dst, const LocalTensor<U>& src, MaskType mask, const int32_t repeatTime,             \
        const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {                      \
        static_assert(sim::vec::kIsReduceType<reduceType>,                                                         \
                      "ReduceDataBlock: reduceType must be ReduceType::SUM, ReduceType::MAX or ReduceType::MIN");  \
        static_assert(std::is_same_v<T, U>,                                                                        \
                      "ReduceDataBlock: dst type T and src type U must be the same on Atlas A2/A3");               \
        static_assert(sim::vec::kReduceType<T>, "ReduceDataBlock: element type must be half or float on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                       \
        constexpr sim::vec::ApiName api = sim::vec::DataBlockApi<reduceType>();                                    \
        sim::vec::RepeatLanes lanes;                                                                               \
        if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||               \
            !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {                         \
            return;                                                                                                \
        }                                                                                                          \
        if constexpr (reduceType == ReduceType::SUM) {                                                             \
            sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,     \
                                   sim::vec::ReduceGroup::Block);                                                  \
        } else {                                                                                                   \
            constexpr bool isMax = reduceType == ReduceType::MAX;                                                  \
            sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,     \
                                   sim::vec::ReduceGroup::Block,                                                   \
                                   [](T a, T b) { return sim::vec::Beats(b, a, isMax) ? b : a; });                 \
        }                                                                                                          \
    }
ASCENDC_SIM_REDUCE_DATA_BLOCK(const int32_t)
ASCENDC_SIM_REDUCE_DATA_BLOCK(const uint64_t*)
#undef ASCENDC_SIM_REDUCE_DATA_BLOCK

// ---- ReducePairElem<SUM> / PairReduceSum: dst[r * dstRepStride * lanes/2 + p] = lane 2p + lane 2p+1 ----
#define ASCENDC_SIM_REDUCE_PAIR(MaskType)                                                                         \
    template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                                \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReducePairElem(                                                    \
        const LocalTensor<T>& dst, const LocalTensor<U>& src, MaskType mask, const int32_t repeatTime,             \
        const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {                      \
        static_assert(reduceType == ReduceType::SUM, "ReducePairElem: only ReduceType::SUM is supported");        \
        static_assert(std::is_same_v<T, U>,                                                                        \
                      "ReducePairElem: dst type T and src type U must be the same on Atlas A2/A3");                \
        static_assert(sim::vec::kReduceType<T>, "ReducePairElem: element type must be half or float on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                       \
        const sim::vec::ApiName api{"PairReduceSum", "ReducePairElem<SUM>"};                                       \
        sim::vec::RepeatLanes lanes;                                                                               \
        if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||               \
            !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {                         \
            return;                                                                                                \
        }                                                                                                          \
        sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,         \
                               sim::vec::ReduceGroup::Pair);                                                       \
    }                                                                                                              \
    /* repeatTime before mask (CANN <= 9.0). */                                                                    \
    template <typename T, bool isSetMask = true>                                                                   \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void PairReduceSum(                                                     \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, MaskType mask,             \
        const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {                      \
        static_assert(sim::vec::kReduceType<T>, "PairReduceSum: element type must be half or float on Atlas A2/A3"); \
        sim::NoteCallSite();                                                                                       \
        const sim::vec::ApiName api = sim::vec::Named("PairReduceSum");                                            \
        sim::vec::RepeatLanes lanes;                                                                               \
        if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||               \
            !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {                         \
            return;                                                                                                \
        }                                                                                                          \
        sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,         \
                               sim::vec::ReduceGroup::Pair);                                                       \
    }
ASCENDC_SIM_REDUCE_PAIR(const int32_t)
ASCENDC_SIM_REDUCE_PAIR(const uint64_t*)
#undef ASCENDC_SIM_REDUCE_PAIR

// RepeatReduceSum (CANN <= 9.0 for ReduceRepeat<SUM>): a continuous mask only; dstBlkStride is
// accepted and not read (the A2/A3 vcadd has no dst block stride).
template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                            const int32_t repeatTime, const int32_t mask,
                                                            const int32_t dstBlkStride, const int32_t srcBlkStride,
                                                            const int32_t dstRepStride, const int32_t srcRepStride) {
    static_assert(sim::vec::kReduceType<T>, "RepeatReduceSum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    (void)dstBlkStride;
    const sim::vec::ApiName api{"WholeReduceSum", "RepeatReduceSum"};
    sim::vec::RepeatLanes lanes;
    if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||
        !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {
        return;
    }
    sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,
                           sim::vec::ReduceGroup::Repeat);
}

// ---- ReduceMax / ReduceMin / ReduceSum mask forms ----
#define ASCENDC_SIM_WHOLE_REDUCE_MASK(MaskType)                                                                   \
    template <typename T>                                                                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,    \
                                                          const LocalTensor<T>& sharedTmpBuffer, MaskType mask,    \
                                                          const int32_t repeatTime, const int32_t srcRepStride,    \
                                                          bool calIndex = 0) {                                     \
        static_assert(sim::vec::kReduceType<T>, "ReduceMax: element type must be half or float on Atlas A2/A3");  \
        sim::NoteCallSite();                                                                                       \
        const sim::vec::ApiName api = sim::vec::Named("ReduceMax");                                                \
        sim::vec::LaneMask lanes;                                                                                  \
        if (!sim::vec::CheckWholeReduceArgs(api, repeatTime, srcRepStride) ||                                      \
            !sim::vec::ReductionLanes<true>(api, mask, 256 / sizeof(T), &lanes)) {                                 \
            return;                                                                                                \
        }                                                                                                          \
        sim::vec::WholeReduce(api, dst, src, sharedTmpBuffer, lanes, repeatTime, srcRepStride, ReduceType::MAX,    \
                              calIndex);                                                                           \
    }                                                                                                              \
    template <typename T>                                                                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,    \
                                                          const LocalTensor<T>& sharedTmpBuffer, MaskType mask,    \
                                                          const int32_t repeatTime, const int32_t srcRepStride,    \
                                                          bool calIndex = 0) {                                     \
        static_assert(sim::vec::kReduceType<T>, "ReduceMin: element type must be half or float on Atlas A2/A3");  \
        sim::NoteCallSite();                                                                                       \
        const sim::vec::ApiName api = sim::vec::Named("ReduceMin");                                                \
        sim::vec::LaneMask lanes;                                                                                  \
        if (!sim::vec::CheckWholeReduceArgs(api, repeatTime, srcRepStride) ||                                      \
            !sim::vec::ReductionLanes<true>(api, mask, 256 / sizeof(T), &lanes)) {                                 \
            return;                                                                                                \
        }                                                                                                          \
        sim::vec::WholeReduce(api, dst, src, sharedTmpBuffer, lanes, repeatTime, srcRepStride, ReduceType::MIN,    \
                              calIndex);                                                                           \
    }                                                                                                              \
    template <typename T>                                                                                          \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,    \
                                                          const LocalTensor<T>& sharedTmpBuffer, MaskType mask,    \
                                                          const int32_t repeatTime, const int32_t srcRepStride) {  \
        static_assert(sim::vec::kReduceType<T>, "ReduceSum: element type must be half or float on Atlas A2/A3");  \
        sim::NoteCallSite();                                                                                       \
        const sim::vec::ApiName api = sim::vec::Named("ReduceSum");                                                \
        sim::vec::LaneMask lanes;                                                                                  \
        if (!sim::vec::CheckWholeReduceArgs(api, repeatTime, srcRepStride) ||                                      \
            !sim::vec::ReductionLanes<true>(api, mask, 256 / sizeof(T), &lanes)) {                                 \
            return;                                                                                                \
        }                                                                                                          \
        sim::vec::WholeReduce(api, dst, src, sharedTmpBuffer, lanes, repeatTime, srcRepStride, ReduceType::SUM,    \
                              false);                                                                              \
    }
ASCENDC_SIM_WHOLE_REDUCE_MASK(const int32_t)
ASCENDC_SIM_WHOLE_REDUCE_MASK(const uint64_t*)
#undef ASCENDC_SIM_WHOLE_REDUCE_MASK

// ---- the reduction special registers ----
// MAX_MIN_CNT as T bits: the extreme and its index (read the index with reinterpret_cast to
// uint16_t / uint32_t, as the page says).
template <typename T>
__aicore__ inline void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex) {
    static_assert(sim::vec::kSprType<T>, "GetReduceRepeatMaxMinSpr: T must be half or float");
    const sim::ReduceSprRegister& spr = sim::Core().reduceSpr;
    if (!sim::vec::CheckSprWritten("GetReduceRepeatMaxMinSpr", spr.maxMinSet, "MAX_MIN_CNT",
                                   "ReduceRepeat<MAX/MIN>, ReduceMax or ReduceMin")) {
        return;
    }
    const uint32_t value = static_cast<uint32_t>(spr.maxMinCnt), index = static_cast<uint32_t>(spr.maxMinCnt >> 32);
    std::memcpy(&maxMinValue, &value, sizeof(T));
    std::memcpy(&maxMinIndex, &index, sizeof(T));
}
// The raw 32-bit fields (asc-devkit's uint32_t overload).
template <typename T>
__aicore__ inline void GetReduceRepeatMaxMinSpr(uint32_t& maxMinValue, uint32_t& maxMinIndex) {
    static_assert(sim::vec::kSprType<T>, "GetReduceRepeatMaxMinSpr: T must be half or float");
    const sim::ReduceSprRegister& spr = sim::Core().reduceSpr;
    if (!sim::vec::CheckSprWritten("GetReduceRepeatMaxMinSpr", spr.maxMinSet, "MAX_MIN_CNT",
                                   "ReduceRepeat<MAX/MIN>, ReduceMax or ReduceMin")) {
        return;
    }
    maxMinValue = static_cast<uint32_t>(spr.maxMinCnt) & (sizeof(T) == 2 ? 0xFFFFu : 0xFFFFFFFFu);
    maxMinIndex = static_cast<uint32_t>(spr.maxMinCnt >> 32);
}
// The value-only form is for Atlas inference AI Core; A2/A3 report it unsupported.
template <typename T>
__aicore__ inline void GetReduceRepeatMaxMinSpr(T& maxMinValue) {
    static_assert(sim::vec::kSprType<T> || std::is_same_v<T, uint32_t>, "GetReduceRepeatMaxMinSpr: T must be half or float");
    (void)maxMinValue;
    sim::vec::ReportSprUnsupported("GetReduceRepeatMaxMinSpr(maxMinValue)");
}
// Older name.
template <typename T>
__aicore__ inline void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex) {
    GetReduceRepeatMaxMinSpr<T>(maxMinValue, maxMinIndex);
}
template <typename T>
__aicore__ inline void GetReduceMaxMinCount(uint32_t& maxMinValue, uint32_t& maxMinIndex) {
    GetReduceRepeatMaxMinSpr<T>(maxMinValue, maxMinIndex);
}
template <typename T>
__aicore__ inline void GetReduceMaxMinCount(T& maxMinValue) {
    (void)maxMinValue;
    sim::vec::ReportSprUnsupported("GetReduceMaxMinCount(maxMinValue)");
}

// ACC_VAL: ReduceSum's (count form) sum, as T; the untyped form returns the register's bits.
template <typename T>
__aicore__ inline T GetReduceRepeatSumSpr() {
    static_assert(sim::vec::kSprType<T>, "GetReduceRepeatSumSpr: T must be half or float");
    const sim::ReduceSprRegister& spr = sim::Core().reduceSpr;
    T out{};
    if (!sim::vec::CheckSprWritten("GetReduceRepeatSumSpr", spr.accSet, "ACC_VAL", "ReduceSum(count)")) return out;
    std::memcpy(&out, &spr.accVal, sizeof(T));
    return out;
}
__aicore__ inline int64_t GetReduceRepeatSumSpr() {
    const sim::ReduceSprRegister& spr = sim::Core().reduceSpr;
    if (!sim::vec::CheckSprWritten("GetReduceRepeatSumSpr", spr.accSet, "ACC_VAL", "ReduceSum(count)")) return 0;
    return spr.accVal;
}
template <typename T>
__aicore__ inline T GetAccVal() {
    return GetReduceRepeatSumSpr<T>();
}
__aicore__ inline int64_t GetAccVal() { return GetReduceRepeatSumSpr(); }

}  // namespace AscendC
