// Sum reductions: ReduceSum (count form), WholeReduceSum and BlockReduceSum (high-dimension
// form, CANN <= 9.0 names; newer CANN calls the last two ReduceRepeat and ReduceDataBlock).
// Sources: the CANN Ascend C API reference pages of 归约计算 (ReduceSum, ReduceRepeat,
// ReduceDataBlock: asc-devkit docs/zh/api/SIMD-API/基础API/Memory矢量计算/归约计算/) and
// asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_reduce_impl.h.
//
// Summation order (CANN's pages leave it open; this is the sim's documented choice):
//  - inside one 256-B repeat (WholeReduceSum, ReduceSum) or one 32-B block (BlockReduceSum)
//    a binary tree over neighbouring lanes, level by level, as the WholeReduceSum page draws
//    it: ((d0+d1)+(d2+d3))+((d4+d5)+(d6+d7))... A lane outside the mask (or past the count)
//    does not take part: its partner passes up unchanged.
//  - ReduceSum(count): the repeat sums are accumulated in repeat order,
//    acc = ((s0 + s1) + s2) + ..., as the single vcadd-with-accumulate the A2 implementation
//    issues; the result goes to dst[0] only.
// Every addition rounds to T. half additions of finite operands that overflow give +-65504
// (the WholeReduceSum/BlockReduceSum pages: "results above 65504 are kept as 65504"); float
// additions are IEEE. Bytes never written that reach a reduction are an UninitializedRead
// violation here (they escape into a sum); the result then counts as defined.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_ops.h"

namespace sim::vec {

template <class T>
constexpr bool kReduceType = kIsOneOf<T, half, float>;

// Checked construction from the continuous (first `mask` lanes) and bit-mask forms; false
// (after an ApiMisuse report) when the arguments are outside CANN's ranges.
bool ContinuousLanes(const ApiName& api, int32_t mask, uint32_t lanesPerRepeat, LaneMask* out);
bool BitLanes(const ApiName& api, const uint64_t mask[], uint32_t lanesPerRepeat, LaneMask* out);
bool CheckRepeatArgs(const ApiName& api, int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride,
                     int32_t srcRepStride);
// ReduceSum's work tensor needs AlignUp(max(1, repeats), 32 / sizeof(T)) elements.
bool CheckReduceWork(const ApiName& api, const UbRef& work, int32_t count, uint32_t elementBytes, uint64_t* workBytes);

// a + b in the reduction unit.
template <class T>
inline T ReduceAdd(T a, T b) {
    if constexpr (std::is_same_v<T, float>) {
        return a + b;
    } else {
        const float x = Widen(a), y = Widen(b);
        T sum = Narrow<T>(x + y);
        if ((sum.bits & 0x7FFFu) == 0x7C00u && std::isfinite(x) && std::isfinite(y)) {
            sum.bits = static_cast<uint16_t>((sum.bits & 0x8000u) | 0x7BFFu);  // saturate at +-65504
        }
        return sum;
    }
}

// The reduction special registers (CoreState::reduceSpr): ACC_VAL holds the bits of the
// accumulated sum, MAX_MIN_CNT the extreme's bits (low 32) and its index (high 32).
template <class T>
inline void WriteAccSpr(T sum) {
    int64_t bits = 0;
    std::memcpy(&bits, &sum, sizeof(T));
    Core().reduceSpr.accVal = bits;
    Core().reduceSpr.accSet = true;
}
template <class T>
inline void WriteMaxMinSpr(T value, uint32_t index) {
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(T));
    Core().reduceSpr.maxMinCnt = bits | (static_cast<uint64_t>(index) << 32);
    Core().reduceSpr.maxMinSet = true;
}

// The tree reduction (by `combine`) of the present lanes of values[0, lanes) (lanes a power of
// two). Clobbers both arrays. Returns false when no lane is present.
template <class T, class Combine>
inline bool TreeCombine(T* values, uint8_t* present, uint32_t lanes, T* result, Combine combine) {
    for (uint32_t width = lanes; width > 1; width /= 2) {
        for (uint32_t i = 0; i < width / 2; ++i) {
            const T left = values[2 * i], right = values[2 * i + 1];
            const uint8_t hasLeft = present[2 * i], hasRight = present[2 * i + 1];
            values[i] = hasLeft && hasRight ? combine(left, right) : (hasLeft ? left : right);
            present[i] = hasLeft | hasRight;
        }
    }
    *result = values[0];
    return present[0] != 0;
}

// The tree sum of the present lanes (see the top of this file).
template <class T>
inline bool TreeSum(T* values, uint8_t* present, uint32_t lanes, T* sum) {
    return TreeCombine(values, present, lanes, sum, [](T a, T b) { return ReduceAdd(a, b); });
}

template <class T>
void ReduceSumCount(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<T>& work, int32_t count) {
    const ApiName api = Named("ReduceSum");
    if (!AcceptCount(api, count)) return;
    CoreState& core = Core();
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    const uint64_t n = static_cast<uint64_t>(count);
    const uint32_t repeats = RepeatsFor(n * s);
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, s, 0, 0, n, repeats};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, n * s, Pipe::V, seq, Access::Read);
    uint64_t workBytes = 0;
    if (CheckReduceWork(api, work.SimRef(), count, s, &workBytes)) {
        // The A2 path keeps its partial sums in a register; the work tensor is still the
        // API's to clobber, so it counts as written for race checks.
        if (core.Operand(api.text, "work", work.SimRef(), 0, workBytes, Pipe::V, seq, Access::Write) == nullptr) return;
    }
    // dst: one element, aligned to its size (the ReduceSum page's dst rule, ReduceRepeat table 3:
    // 2 B half, 4 B float); GroupNorm writes each group's sum to the next element.
    uint8_t* out = core.Operand(api.text, "dst", dst.SimRef(), 0, s, Pipe::V, seq, Access::Write,
                                /*requireAligned=*/false);
    if (in == nullptr || out == nullptr) return;
    CheckAlignment(api, "dst", dst.SimRef(), s);
    CheckPosition(api, "src", src.SimRef());
    CheckPosition(api, "work", work.SimRef());
    CheckPosition(api, "dst", dst.SimRef());
    core.RequireDefined(api.text, "src", src.SimRef(), 0, n * s, "sums");

    T values[lanes];
    uint8_t present[lanes];
    T total{};
    for (uint32_t r = 0; r < repeats; ++r) {
        const uint64_t first = static_cast<uint64_t>(r) * lanes;
        const uint32_t active = static_cast<uint32_t>(std::min<uint64_t>(lanes, n - first));
        std::memcpy(values, in + first * s, active * s);
        std::fill(present, present + lanes, 0);
        std::fill(present, present + active, 1);
        T repeatSum;
        TreeSum(values, present, lanes, &repeatSum);
        total = r == 0 ? repeatSum : ReduceAdd(total, repeatSum);
    }
    std::memcpy(out, &total, s);
    core.MarkDefined(dst.SimRef().offset, s, true);
    WriteAccSpr(total);
}

// The lanes of each repeat of a mask/repeat reduction: one mask for every repeat (Normal mode),
// or (Counter mode, isSetMask = false after SetMaskCount) `count` elements of the whole
// instruction: repeatTime is ignored, every repeat is full but the last.
struct RepeatLanes {
    LaneMask mask;
    bool counter = false;
    uint64_t count = 0;
    RepeatLanes() = default;
    RepeatLanes(const LaneMask& lanes) : mask(lanes) {}  // NOLINT: a Normal-mode mask converts
    uint32_t Repeats(int32_t repeatTime, uint32_t lanes) const {
        return counter ? static_cast<uint32_t>((count + lanes - 1) / lanes) : static_cast<uint32_t>(repeatTime);
    }
    bool Has(uint32_t repeat, uint32_t lane, uint32_t lanes) const {
        return counter ? static_cast<uint64_t>(repeat) * lanes + lane < count : mask.Has(lane);
    }
};
// isSetMask = false: the core's mask register, Normal or Counter mode; false (after an
// ApiMisuse report) when it selects nothing.
bool RegisterRepeatLanes(const ApiName& api, uint32_t lanesPerRepeat, RepeatLanes* out);

// The lanes of a sum reduction's mask argument (continuous or bits), or of the register.
template <bool isSetMask, class Mask>
inline bool SumReductionLanes(const ApiName& api, const Mask& mask, uint32_t lanesPerRepeat, RepeatLanes* out) {
    if constexpr (!isSetMask) {
        return RegisterRepeatLanes(api, lanesPerRepeat, out);
    } else if constexpr (std::is_pointer_v<Mask>) {
        return BitLanes(api, mask, lanesPerRepeat, &out->mask);
    } else {
        return ContinuousLanes(api, static_cast<int32_t>(mask), lanesPerRepeat, &out->mask);
    }
}

// How many neighbouring lanes one result of a repeat reduction combines.
enum class ReduceGroup : uint8_t {
    Repeat,  // all lanes of a repeat (vcadd: WholeReduceSum, ReduceRepeat<SUM>)
    Block,   // the lanes of one 32-B DataBlock (vcgadd/vcgmax/vcgmin: BlockReduce*, ReduceDataBlock)
    Pair,    // two neighbouring lanes (vcpadd: PairReduceSum, ReducePairElem)
};

// One result per group of lanes with an active lane: group g of repeat r goes to
// dst[r * dstRepStride * groupsPerRepeat + g] (dstRepStride thus counts one repeat's results:
// sizeof(T) for Repeat, 8 * sizeof(T) for Block, 128 B for Pair). A group with no active lane
// leaves its dst element unchanged (the ReduceDataBlock page).
template <class T, class Combine>
void RepeatReduce(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  const RepeatLanes& mask, int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride,
                  int32_t srcRepStride, ReduceGroup group, Combine combine) {
    constexpr uint32_t s = sizeof(T);
    constexpr uint32_t lanes = kRepeatBytes / s;
    constexpr uint32_t lanesPerBlock = kBlockBytes / s;
    const uint32_t repeats = mask.Repeats(repeatTime, lanes);
    if (repeats == 0) return;
    CoreState& core = Core();
    const uint32_t groupLanes = group == ReduceGroup::Repeat ? lanes : group == ReduceGroup::Block ? lanesPerBlock : 2;
    const uint32_t groups = lanes / groupLanes;
    auto laneOffset = [&](uint32_t r, uint32_t lane) -> uint64_t {
        return (static_cast<uint64_t>(r) * srcRepStride + static_cast<uint64_t>(lane / lanesPerBlock) * srcBlkStride) *
                   kBlockBytes + (lane % lanesPerBlock) * s;
    };
    const uint64_t dstStride = static_cast<uint64_t>(dstRepStride) * groups;  // in elements
    // Extents and counts over every repeat (Counter mode: the last repeat may be partial).
    uint64_t activeLanes = 0, srcExtent = 0, dstExtent = 0, results = 0;
    for (uint32_t r = 0; r < repeats; ++r) {
        uint32_t lastGroup = 0;
        bool any = false;
        for (uint32_t g = 0; g < groups; ++g) {
            bool groupActive = false;
            for (uint32_t lane = g * groupLanes; lane < (g + 1) * groupLanes; ++lane) {
                if (!mask.Has(r, lane, lanes)) continue;
                ++activeLanes;
                groupActive = true;
                srcExtent = std::max(srcExtent, laneOffset(r, lane) + s);
            }
            if (groupActive) {
                ++results;
                lastGroup = g;
                any = true;
            }
        }
        if (any) dstExtent = std::max(dstExtent, (r * dstStride + lastGroup + 1) * s);
    }

    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, results * s, 0, 0, activeLanes, repeats};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, srcExtent, Pipe::V, seq, Access::Read);
    // dst alignment: the element (Repeat), 16 B half / 32 B float (Block), 32 B (Pair: the
    // general vector operand rule).
    uint8_t* out = core.Operand(api.text, "dst", dst.SimRef(), 0, dstExtent, Pipe::V, seq, Access::Write,
                                /*requireAligned=*/false);
    if (in == nullptr || out == nullptr) return;
    CheckAlignment(api, "dst", dst.SimRef(),
                   group == ReduceGroup::Repeat ? s : group == ReduceGroup::Block ? 8 * s : kBlockBytes);
    CheckPosition(api, "src", src.SimRef());
    CheckPosition(api, "dst", dst.SimRef());
    if (!core.AllDefined(src.SimRef().offset, srcExtent)) {
        for (uint32_t r = 0; r < repeats; ++r) {
            for (uint32_t lane = 0; lane < lanes; ++lane) {
                if (mask.Has(r, lane, lanes)) core.RequireDefined(api.text, "src", src.SimRef(), laneOffset(r, lane), s, "sums");
            }
        }
    }

    // All results first: the sources as they were before any result is written.
    std::vector<T> values(static_cast<size_t>(repeats) * groups);
    std::vector<uint8_t> written(values.size(), 0);
    for (uint32_t r = 0; r < repeats; ++r) {
        T lane[lanes];
        uint8_t present[lanes];
        for (uint32_t l = 0; l < lanes; ++l) {
            present[l] = mask.Has(r, l, lanes) ? 1 : 0;
            if (present[l]) std::memcpy(&lane[l], in + laneOffset(r, l), s);
        }
        for (uint32_t g = 0; g < groups; ++g) {
            const uint32_t first = g * groupLanes;
            T result;
            written[r * groups + g] = TreeCombine(lane + first, present + first, groupLanes, &result, combine);
            values[r * groups + g] = result;
        }
    }
    for (size_t k = 0; k < values.size(); ++k) {
        if (!written[k]) continue;
        const uint64_t element = (k / groups) * dstStride + k % groups;
        std::memcpy(out + element * s, &values[k], s);
        core.MarkDefined(static_cast<uint32_t>(dst.SimRef().offset + element * s), s, true);
    }
}

template <class T>
void RepeatReduce(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  const RepeatLanes& mask, int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride,
                  int32_t srcRepStride, ReduceGroup group) {
    RepeatReduce(api, dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride, group,
                 [](T a, T b) { return ReduceAdd(a, b); });
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const LocalTensor<T>& sharedTmpBuffer, const int32_t count) {
    static_assert(sim::vec::kReduceType<T>, "ReduceSum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::ReduceSumCount(dst, src, sharedTmpBuffer, count);
}

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                           const int32_t mask, const int32_t repeatTime,
                                                           const int32_t dstRepStride, const int32_t srcBlkStride,
                                                           const int32_t srcRepStride) {
    static_assert(sim::vec::kReduceType<T>, "WholeReduceSum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("WholeReduceSum");
    sim::vec::RepeatLanes lanes;
    if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||
        !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {
        return;
    }
    sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,
                           sim::vec::ReduceGroup::Repeat);
}

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                           const uint64_t mask[], const int32_t repeatTime,
                                                           const int32_t dstRepStride, const int32_t srcBlkStride,
                                                           const int32_t srcRepStride) {
    static_assert(sim::vec::kReduceType<T>, "WholeReduceSum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("WholeReduceSum");
    sim::vec::RepeatLanes lanes;
    if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||
        !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {
        return;
    }
    sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,
                           sim::vec::ReduceGroup::Repeat);
}

// Note the argument order: repeatTime before mask (CANN <= 9.0). dstRepStride counts whole
// 8-result groups (16 B for half, 32 B for float).
template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BlockReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                           const int32_t repeatTime, const int32_t mask,
                                                           const int32_t dstRepStride, const int32_t srcBlkStride,
                                                           const int32_t srcRepStride) {
    static_assert(sim::vec::kReduceType<T>, "BlockReduceSum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("BlockReduceSum");
    sim::vec::RepeatLanes lanes;
    if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||
        !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {
        return;
    }
    sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,
                           sim::vec::ReduceGroup::Block);
}

template <typename T, bool isSetMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BlockReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                           const int32_t repeatTime, const uint64_t mask[],
                                                           const int32_t dstRepStride, const int32_t srcBlkStride,
                                                           const int32_t srcRepStride) {
    static_assert(sim::vec::kReduceType<T>, "BlockReduceSum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("BlockReduceSum");
    sim::vec::RepeatLanes lanes;
    if (!sim::vec::CheckRepeatArgs(api, repeatTime, dstRepStride, srcBlkStride, srcRepStride) ||
        !sim::vec::SumReductionLanes<isSetMask>(api, mask, 256 / sizeof(T), &lanes)) {
        return;
    }
    sim::vec::RepeatReduce(api, dst, src, lanes, repeatTime, dstRepStride, srcBlkStride, srcRepStride,
                           sim::vec::ReduceGroup::Block);
}

}  // namespace AscendC
