// The high-level Reduce family over a 2-D srcShape {first, last} (CANN's include/adv_api/reduce/
// reduce.h): ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceProd, ReduceAny, ReduceAll with
// template <class T, class pattern, bool isReuseSource = false>, pattern Pattern::Reduce::AR
// (one result per row: dst[first]) or Pattern::Reduce::RA (one per column: dst[last]); rows are
// last rounded up to 32 bytes (padLast) apart. Facts from the API pages (asc-devkit docs/zh/api/
// SIMD-API/高阶API/归约操作/Reduce*接口/): Atlas A2/A3 types Sum/Mean/Prod float, Max/Min
// half/float, Any/All uint8_t/float; srcInnerPad must be true; src, dst and sharedTmpBuffer must
// not overlap. Each API runs the instruction sequence of the A2/A3 implementation (asc-devkit
// impl/adv_api/detail/reduce/reduce_common_util_v220_impl.h and reduce_*/reduce_*_v220_impl.h),
// each step one instruction of the sim (the binary/scalar/Cast/DataCopy steps its public APIs
// with isSetMask = false, the Counter-mode reductions its RepeatReduce), so time comes from the
// model and every step is bounds/alignment/sync checked:
//  - RA (every API): with K the largest power of two <= first: the rows past K fold onto the
//    first ones (into the temp, after an Adds-0 copy of the K rows), then the upper half folds
//    onto the lower half until one row is left, which an Adds 0 moves to dst (first == 1: the
//    Adds alone). With isReuseSource the folds run in src. uint8_t Any/All fold int16 pairs by
//    Or/And.
//  - AR Sum/Mean (float): last <= 8: BlockReduceSum (one block per row); last <= 64:
//    WholeReduceSum per row (248 rows per call); longer rows: the first P = K(last) (P = last/2
//    when last is a power of two) elements of each row go to the temp (DataCopy), the rest adds
//    onto them (Add), then PairReduceSum halves the rows down to 64 and two BlockReduceSum give
//    the row sums: a binary tree over neighbours. Mean multiplies by 1/n (Muls).
//  - AR Max/Min/Any/All (float, half): by row length: < one block: BlockReduce with a bit mask;
//    one block: Counter-mode BlockReduce; < one repeat: the rows' first blocks (Adds 0) then
//    Max/Min of the other blocks onto them and a BlockReduce; up to 255 blocks: the same per
//    repeat, then WholeReduce (half) or two BlockReduce (float); longer: per row.
//  - AR Any/All uint8_t: per row Cast to half, folds to 16 lanes, a BlockReduce over the rows'
//    16-lane remainders and a Cast back (as CANN, lanes 16..31 of a row shorter than 32 bytes
//    do not take part).
//  - AR Prod (float): per row the same folds by Mul to one block, Brcb, folds of the broadcast
//    blocks, then a GatherMask of the row results into dst.
// Checks as CANN's (api_check/kernel_check/reduce/reduce_check.h): T and pattern at compile
// time; srcShape axes > 0, srcInnerPad true, src >= first * padLast elements, dst >= first (AR)
// or last (RA) elements; dst, src and the temp pairwise disjoint; the temp at least what the host
// Get<Api>MaxMinTmpSize returns (ApiMisuse naming it). The overloads without sharedTmpBuffer take
// the UB left after InitBuffer (CANN: PopStackBuffer).
// Known differences from the open-source A2/A3 code: its BlkReduceForLoop issues every full
// 255-repeat BlockReduce at the same offsets (rows 2040.. of a >= 4080-row AR call with rows of
// one block are never reduced there); the sim advances the offsets. Its isReuseSource AR Sum over
// more than 248 rows offsets the later chunks' work rows by 248 x 64 elements of src, as the sim
// does (faithfully, so such calls read the wrong rows on both).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_math_steps.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "ascendc_sim/kernel/vector_reduce_extreme.h"

namespace AscendC {
namespace Pattern {
namespace Reduce {
// asc-devkit include/adv_api/reduce/reduce_common.h: tags; the A2/A3 APIs take AR and RA.
struct R {};
struct AR {};
struct RA {};
struct ARA {};
struct ARAR {};
struct RAR {};
struct RARA {};
}  // namespace Reduce
}  // namespace Pattern
}  // namespace AscendC

namespace sim::vec::hreduce {

enum class Op : uint8_t { Sum, Max, Min, Prod, Or, And };

// The entry checks (false: drop the call), the temp against the host query's figure
// (`hostQuery`, Get<api>MaxMinTmpSize, for dataType as ge::DataType): ApiMisuse naming it when
// the temp is smaller; the bytes of that figure must not overlap dst or src.
bool CheckEntry(const ApiName& api, const char* hostQuery, bool ar, bool reuse, uint32_t dataType, const UbRef& dst,
                const UbRef& src, const UbRef& tmp, uint32_t first, uint32_t last, bool srcInnerPad,
                uint32_t elementBytes);

inline uint32_t PowerBelow(uint32_t n) {
    uint32_t k = 1;
    while (n > 1) {
        k <<= 1;
        n >>= 1;
    }
    return k;
}

template <class T>
using LT = AscendC::LocalTensor<T>;

// dst = op(a, b) with the mask register (isSetMask = false), `repeat` repeats.
template <Op op, class T>
void Fold(const LT<T>& dst, const LT<T>& a, const LT<T>& b, uint8_t repeat, const AscendC::BinaryRepeatParams& p) {
    using AscendC::MASK_PLACEHOLDER;
    if constexpr (op == Op::Sum) AscendC::Add<T, false>(dst, a, b, MASK_PLACEHOLDER, repeat, p);
    else if constexpr (op == Op::Max) AscendC::Max<T, false>(dst, a, b, MASK_PLACEHOLDER, repeat, p);
    else if constexpr (op == Op::Min) AscendC::Min<T, false>(dst, a, b, MASK_PLACEHOLDER, repeat, p);
    else if constexpr (op == Op::Prod) AscendC::Mul<T, false>(dst, a, b, MASK_PLACEHOLDER, repeat, p);
    else if constexpr (op == Op::Or) AscendC::Or<T, false>(dst, a, b, MASK_PLACEHOLDER, repeat, p);
    else AscendC::And<T, false>(dst, a, b, MASK_PLACEHOLDER, repeat, p);
}
template <class T>
void CopyAdds(const LT<T>& dst, const LT<T>& src, const AscendC::UnaryRepeatParams& p = {}) {
    AscendC::Adds<T, false>(dst, src, static_cast<T>(0), AscendC::MASK_PLACEHOLDER, 1, p);
}
template <class T>
void Count(uint64_t n) {
    AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(0, n);
}

template <Op op, class T>
T Combine(T a, T b) {
    if constexpr (op == Op::Sum) return ReduceAdd(a, b);
    else if constexpr (op == Op::Max) return Beats(b, a, true) ? b : a;
    else return Beats(b, a, false) ? b : a;
}
inline const char* ReduceKind(Op op, bool block) {
    if (op == Op::Sum) return block ? "BlockReduceSum" : "WholeReduceSum";
    if (op == Op::Max) return block ? "BlockReduceMax" : "WholeReduceMax";
    return block ? "BlockReduceMin" : "WholeReduceMin";
}

// Counter-mode BlockReduce (vcgadd/vcgmax/vcgmin) of `count` elements.
template <Op op, class T>
void BlockReduceCounted(const char* api, const LT<T>& dst, const LT<T>& src, uint64_t count, int32_t srcBlkStride,
                        int32_t srcRepStride) {
    RepeatLanes counted;
    counted.counter = true;
    counted.count = count;
    const char* kind = ReduceKind(op, true);
    RepeatReduce(ApiName{kind, StepText(api, kind)}, dst, src, counted, 1, 1, srcBlkStride, srcRepStride,
                 ReduceGroup::Block, [](T a, T b) { return Combine<op, T>(a, b); });
}
// Normal-mode BlockReduce with a bit mask: dst repeat stride one block of results, src 8 blocks.
template <Op op, class T>
void BlockReduceMasked(const LT<T>& dst, const LT<T>& src, int32_t repeat, const uint64_t mask[2]) {
    if constexpr (op == Op::Sum) AscendC::BlockReduceSum(dst, src, repeat, mask, 1, 1, 8);
    else if constexpr (op == Op::Max) AscendC::BlockReduceMax(dst, src, repeat, mask, 1, 1, 8);
    else AscendC::BlockReduceMin(dst, src, repeat, mask, 1, 1, 8);
}
template <Op op, class T>
void WholeReduceValue(const LT<T>& dst, const LT<T>& src, int32_t mask, int32_t repeat, int32_t srcRepStride) {
    if constexpr (op == Op::Sum) AscendC::WholeReduceSum(dst, src, mask, repeat, 1, 1, srcRepStride);
    else if constexpr (op == Op::Max)
        AscendC::WholeReduceMax(dst, src, mask, repeat, 1, 1, srcRepStride, AscendC::ReduceOrder::ORDER_ONLY_VALUE);
    else AscendC::WholeReduceMin(dst, src, mask, repeat, 1, 1, srcRepStride, AscendC::ReduceOrder::ORDER_ONLY_VALUE);
}

// `lanes` leading lanes in each of `blocks` blocks (ComputeMaskBit).
template <class T>
void BlockBits(uint32_t lanes, uint32_t blocks, uint64_t mask[2]) {
    constexpr uint32_t perBlock = 32 / sizeof(T);
    mask[0] = mask[1] = 0;
    const uint64_t one = lanes >= 64 ? ~0ull : ((1ull << lanes) - 1);
    for (uint32_t b = 0; b < blocks; ++b) {
        const uint32_t bit = b * perBlock;
        mask[bit / 64] |= one << (bit % 64);
    }
}

inline void Barrier() { AscendC::PipeBarrier<PIPE_V>(); }

// RA: fold the rows (BinaryReduceByFirstAxis).
template <Op op, bool reuse, class T>
void FoldRows(const LT<T>& dst, const LT<T>& src, const LT<T>& tmp, uint32_t first, uint32_t last, uint32_t padLast) {
    uint32_t k = PowerBelow(first);
    const uint32_t remain = first - k;
    const AscendC::BinaryRepeatParams bp;
    AscendC::SetMaskCount();
    if constexpr (reuse) {
        if (remain != 0) {
            Count<T>(uint64_t{padLast} * remain);
            Fold<op>(src, src, src[k * padLast], 1, bp);
            Barrier();
        }
    } else if (remain != 0) {
        Count<T>(uint64_t{k} * padLast);
        CopyAdds(tmp, src);
        Barrier();
        Count<T>(uint64_t{padLast} * remain);
        Fold<op>(tmp, tmp, src[k * padLast], 1, bp);
        Barrier();
    } else if (k > 1) {
        k >>= 1;
        Count<T>(uint64_t{padLast} * k);
        Fold<op>(tmp, src, src[k * padLast], 1, bp);
        Barrier();
    } else {
        Count<T>(last);
        CopyAdds(dst, src);
        Barrier();
        return;
    }
    const LT<T>& cur = reuse ? src : tmp;
    while (k > 1) {
        k >>= 1;
        Count<T>(uint64_t{padLast} * k);
        Fold<op>(cur, cur, cur[k * padLast], 1, bp);
        Barrier();
    }
    Count<T>(last);
    CopyAdds(dst, cur);
    Barrier();
}

// AR rows of at most one block: BlockReduce with a bit mask (BlkReduceForLoop); src rows one
// block apart starting at srcOffset.
template <Op op, class T>
void BlockRows(const LT<T>& dst, const LT<T>& src, uint32_t srcOffset, uint32_t first, uint32_t last) {
    constexpr uint32_t perBlock = 32 / sizeof(T);
    constexpr uint32_t perRepeat = 256 / sizeof(T);
    const uint32_t lanes = last > perBlock ? perBlock : last;
    uint64_t mask[2];
    BlockBits<T>(lanes, 8, mask);
    const uint32_t fullCalls = first / (255 * 8);
    const uint32_t rest = first % (255 * 8);
    for (uint32_t c = 0; c < fullCalls; ++c) {
        BlockReduceMasked<op>(dst[c * 255 * 8], src[srcOffset + c * 255 * perRepeat], 255, mask);
        Barrier();
    }
    const uint32_t repeats = rest / 8, tailRows = rest % 8;
    if (repeats > 0) {
        BlockReduceMasked<op>(dst[fullCalls * 255 * 8], src[srcOffset + fullCalls * 255 * perRepeat],
                              static_cast<int32_t>(repeats), mask);
        Barrier();
    }
    if (tailRows > 0) {
        uint64_t tailMask[2];
        BlockBits<T>(lanes, tailRows, tailMask);
        const uint32_t done = fullCalls * 255 + repeats;
        BlockReduceMasked<op>(dst[done * 8], src[srcOffset + done * perRepeat], 1, tailMask);
        Barrier();
    }
}

// ---- AR Max/Min (and float Any/All): BlockReduceByLastAxis ----

template <Op op, class T>
void RepeatResults(const char* api, const LT<T>& dst, const LT<T>& tmp, uint32_t first, uint32_t tmpOffset,
                   uint32_t repStride) {
    constexpr uint32_t perRepeat = 256 / sizeof(T);
    if constexpr (std::is_same_v<T, half>) {
        AscendC::SetMaskNorm();
        for (uint32_t done = 0; done < first; done += 255) {
            const uint32_t rows = first - done < 255 ? first - done : 255;
            WholeReduceValue<op>(dst[done], tmp[done * tmpOffset], perRepeat, static_cast<int32_t>(rows),
                                 static_cast<int32_t>(repStride));
            Barrier();
        }
    } else {
        Count<T>(uint64_t{first} * perRepeat);
        BlockReduceCounted<op>(api, tmp, tmp, uint64_t{first} * perRepeat, 1, static_cast<int32_t>(repStride));
        Barrier();
        Count<T>(uint64_t{first} * 8);
        BlockReduceCounted<op>(api, dst, tmp, uint64_t{first} * 8, 1, 8);
    }
}

template <Op op, bool reuse, class T>
void ExtremeRows(const char* api, const LT<T>& dst, const LT<T>& src, const LT<T>& tmp, uint32_t first, uint32_t last,
                 uint32_t padLast) {
    constexpr uint32_t perBlock = 32 / sizeof(T);
    constexpr uint32_t perRepeat = 256 / sizeof(T);
    if (last < perBlock) {
        BlockRows<op>(dst, src, 0, first, last);
        return;
    }
    if (last == perBlock) {
        AscendC::SetMaskCount();
        Count<T>(uint64_t{first} * last);
        BlockReduceCounted<op>(api, dst, src, uint64_t{first} * last, 1, 8);
        return;
    }
    AscendC::SetMaskCount();
    if (last < perRepeat) {
        const uint8_t rowBlocks = static_cast<uint8_t>(padLast / perBlock);
        const uint8_t rowsBlocks = static_cast<uint8_t>(rowBlocks * 8);
        const uint32_t blocks = last / perBlock, blockTail = last % perBlock;
        const LT<T>& acc = reuse ? src : tmp;
        const AscendC::BinaryRepeatParams main = reuse
            ? AscendC::BinaryRepeatParams{rowBlocks, rowBlocks, rowBlocks, rowsBlocks, rowsBlocks, rowsBlocks}
            : AscendC::BinaryRepeatParams{1, 1, rowBlocks, 8, 8, rowsBlocks};
        const AscendC::BinaryRepeatParams tail = reuse
            ? AscendC::BinaryRepeatParams{1, 1, 1, rowBlocks, rowBlocks, rowBlocks}
            : AscendC::BinaryRepeatParams{1, 1, 1, 1, 1, rowBlocks};
        const uint32_t accRow = reuse ? padLast : perBlock;
        if constexpr (!reuse) {
            Count<T>(uint64_t{first} * perBlock);
            CopyAdds(tmp, src, AscendC::UnaryRepeatParams{1, rowBlocks, 8, rowsBlocks});
            Barrier();
        }
        for (uint32_t b = 1; b < blocks; ++b) {
            Count<T>(uint64_t{first} * perBlock);
            Fold<op>(acc, acc, src[b * perBlock], 1, main);
            Barrier();
        }
        if (blockTail != 0) {
            AscendC::SetMaskNorm();
            AscendC::SetVectorMask<T>(static_cast<int32_t>(blockTail));
            for (uint32_t done = 0; done < first; done += 255) {
                const uint32_t rows = first - done < 255 ? first - done : 255;
                Fold<op>(acc[done * accRow], acc[done * accRow], src[done * padLast + blocks * perBlock],
                         static_cast<uint8_t>(rows), tail);
                Barrier();
            }
            AscendC::SetMaskCount();
        }
        Count<T>(uint64_t{first} * perBlock);
        if constexpr (reuse) BlockReduceCounted<op>(api, dst, src, uint64_t{first} * perBlock, rowBlocks, rowsBlocks);
        else BlockReduceCounted<op>(api, dst, tmp, uint64_t{first} * perBlock, 1, 8);
        return;
    }
    if (last <= 255 * perBlock) {
        const uint8_t rowStride = static_cast<uint8_t>(padLast / perBlock);
        const LT<T>& acc = reuse ? src : tmp;
        const uint32_t accRow = reuse ? padLast : perRepeat;
        const AscendC::BinaryRepeatParams p = reuse
            ? AscendC::BinaryRepeatParams{1, 1, 1, rowStride, rowStride, rowStride}
            : AscendC::BinaryRepeatParams{1, 1, 1, 8, 8, rowStride};
        if constexpr (!reuse) {
            Count<T>(uint64_t{first} * perRepeat);
            CopyAdds(tmp, src, AscendC::UnaryRepeatParams{1, 1, 8, rowStride});
            Barrier();
        }
        const uint32_t repeats = last / perRepeat, repeatTail = last % perRepeat;
        for (uint32_t r = 1; r < repeats; ++r) {
            Count<T>(uint64_t{first} * perRepeat);
            Fold<op>(acc, acc, src[r * perRepeat], 1, p);
            Barrier();
        }
        if (repeatTail != 0) {
            AscendC::SetMaskNorm();
            AscendC::SetVectorMask<T>(static_cast<int32_t>(repeatTail));
            for (uint32_t done = 0; done < first; done += 255) {
                const uint32_t rows = first - done < 255 ? first - done : 255;
                Fold<op>(acc[done * accRow], acc[done * accRow], src[done * padLast + repeats * perRepeat],
                         static_cast<uint8_t>(rows), p);
                Barrier();
            }
            AscendC::SetMaskCount();
        }
        RepeatResults<op>(api, dst, acc, first, accRow, reuse ? rowStride : 8);
        return;
    }
    // rows longer than 255 blocks, one row at a time
    const uint32_t repeats = (last + perRepeat - 1) / perRepeat;
    const uint32_t repeatTail = last % perRepeat == 0 ? perRepeat : last % perRepeat;
    const AscendC::BinaryRepeatParams bp;
    if constexpr (!reuse) {
        Count<T>(perRepeat);
        for (uint32_t i = 0; i < first; ++i) {
            CopyAdds(tmp[i * perRepeat], src[i * padLast]);
            Barrier();
        }
        for (uint32_t r = 1; r < repeats; ++r) {
            Count<T>(r == repeats - 1 ? repeatTail : perRepeat);
            for (uint32_t i = 0; i < first; ++i) {
                Fold<op>(tmp[i * perRepeat], tmp[i * perRepeat], src[i * padLast + r * perRepeat], 1, bp);
                Barrier();
            }
        }
        RepeatResults<op>(api, dst, tmp, first, perRepeat, 8);
    } else {
        for (uint32_t i = 0; i < first; ++i) {
            for (uint32_t r = 1; r < repeats; ++r) {
                Count<T>(r == repeats - 1 ? repeatTail : perRepeat);
                Fold<op>(src[i * perRepeat], r == 1 ? src[i * padLast] : src[i * perRepeat],
                         src[i * padLast + r * perRepeat], 1, bp);
                Barrier();
            }
        }
        RepeatResults<op>(api, dst, src, first, perRepeat, 8);
    }
}

// ---- AR Sum (float): ReduceSumArCompute ----

template <bool reuse>
void SumLongRows(const char* api, const LT<float>& dst, const LT<float>& src, const LT<float>& tmp, uint32_t rows,
                 uint32_t rowPart, uint32_t last, uint32_t padLast, uint32_t tail) {
    const AscendC::DataCopyParams compact{static_cast<uint16_t>(rows), static_cast<uint16_t>(rowPart / 8),
                                          static_cast<uint16_t>((padLast - rowPart) / 8), 0};
    if constexpr (!reuse) {
        AscendC::DataCopy(tmp, src, compact);
        Barrier();
    }
    const uint32_t tailLen = tail == 0 ? padLast - rowPart : tail;
    const uint32_t tailRepeats = tailLen / 64, tailRest = tailLen % 64;
    const bool sliceColumns = tailRepeats + (tailRest > 0 ? 1 : 0) < rows && last > 64 && rowPart / 8 <= 255;
    const AscendC::BinaryRepeatParams bp;
    if (sliceColumns) {
        AscendC::SetMaskNorm();
        const uint32_t accRow = reuse ? padLast : rowPart;
        const AscendC::BinaryRepeatParams p{1, 1, 1, static_cast<uint8_t>(accRow / 8), static_cast<uint8_t>(accRow / 8),
                                            static_cast<uint8_t>(padLast / 8)};
        AscendC::SetVectorMask<float>(64);
        for (uint32_t i = 0; i < tailRepeats; ++i) {
            AscendC::Add<float, false>(tmp[i * 64], tmp[i * 64], src[rowPart + i * 64], AscendC::MASK_PLACEHOLDER,
                                       static_cast<uint8_t>(rows), p);
        }
        if (tailRest > 0) {
            AscendC::SetVectorMask<float>(static_cast<int32_t>(tailRest));
            AscendC::Add<float, false>(tmp[tailRepeats * 64], tmp[tailRepeats * 64], src[rowPart + tailRepeats * 64],
                                       AscendC::MASK_PLACEHOLDER, static_cast<uint8_t>(rows), p);
        }
        Barrier();
        if constexpr (reuse) {
            AscendC::DataCopy(tmp, tmp, compact);
            Barrier();
        }
    } else {
        Count<float>(tailLen);
        for (uint32_t i = 0; i < rows; ++i) {
            const uint32_t at = reuse ? i * padLast : i * rowPart;
            AscendC::Add<float, false>(tmp[at], tmp[at], src[i * padLast + rowPart], AscendC::MASK_PLACEHOLDER, 1, bp);
        }
        Barrier();
        if constexpr (reuse) {
            AscendC::DataCopy(tmp, tmp, compact);
            Barrier();
        }
    }
    AscendC::ResetMask();
    AscendC::SetMaskCount();
    for (uint32_t width = rowPart; width > 64; width >>= 1) {
        Count<float>(uint64_t{rows} * width);
        RepeatLanes counted;
        counted.counter = true;
        counted.count = uint64_t{rows} * width;
        RepeatReduce(ApiName{"PairReduceSum", StepText(api, "PairReduceSum")}, tmp, tmp, counted, 1, 1, 1, 8,
                     ReduceGroup::Pair);
        Barrier();
    }
    Count<float>(uint64_t{rows} * 64);
    BlockReduceCounted<Op::Sum>(api, tmp, tmp, uint64_t{rows} * 64, 1, 8);
    Barrier();
    Count<float>(uint64_t{rows} * 8);
    BlockReduceCounted<Op::Sum>(api, dst, tmp, uint64_t{rows} * 8, 1, 8);
}

template <bool reuse>
void SumRows(const char* api, const LT<float>& dst, const LT<float>& src, const LT<float>& tmp, uint32_t first,
             uint32_t last, uint32_t padLast) {
    if (last <= 8) {
        BlockRows<Op::Sum>(dst, src, 0, first, last);
        return;
    }
    const uint32_t k = PowerBelow(last);
    uint32_t rowPart = k > 8 ? k : 8;
    if (last == k) rowPart >>= 1;
    const uint32_t tail = last - k;
    constexpr uint32_t kRows = 248;
    if (last <= 64) {
        AscendC::SetMaskNorm();
        for (uint32_t done = 0; done < first; done += kRows) {
            const uint32_t rows = first - done < kRows ? first - done : kRows;
            AscendC::SetVectorMask<float>(static_cast<int32_t>(last));
            AscendC::WholeReduceSum(dst[done], src[done * padLast], static_cast<int32_t>(last),
                                    static_cast<int32_t>(rows), 1, 1, static_cast<int32_t>(padLast / 8));
        }
    } else {
        AscendC::SetMaskCount();
        for (uint32_t done = 0; done < first; done += kRows) {
            const uint32_t rows = first - done < kRows ? first - done : kRows;
            // with isReuseSource the row parts gather in src itself (CANN passes src as the temp)
            const LT<float>& work = reuse ? src : tmp;
            SumLongRows<reuse>(api, dst[done], src[done * padLast], work[done * 64], rows, rowPart, last, padLast, tail);
        }
        AscendC::SetMaskNorm();
    }
    Barrier();
    AscendC::ResetMask();
}

// ---- AR Prod (float): ReduceProdByLastAxis ----

template <bool reuse>
void ProdRows(const LT<float>& dst, const LT<float>& src, const LT<float>& tmp, uint32_t first, uint32_t last,
              uint32_t padLast) {
    constexpr uint32_t perBlock = 8, perRepeat = 64;
    const AscendC::BinaryRepeatParams bp;
    const LT<float> rowResults = tmp[perRepeat];
    const LT<float>& finalResults = reuse ? src : rowResults;
    const uint32_t k = PowerBelow(last);
    const uint32_t remain = last - k;
    AscendC::SetMaskCount();
    for (uint32_t j = 0; j < first; ++j) {
        uint32_t width = k;
        const LT<float> acc = reuse ? src[j * padLast] : rowResults[j * perBlock];
        const LT<float> out = reuse ? src[j * perBlock] : rowResults[j * perBlock];
        if constexpr (reuse) {
            if (last >= perBlock && remain != 0) {
                Count<float>(remain);
                Fold<Op::Prod>(acc, acc, acc[width], 1, bp);
                Barrier();
            }
        } else if (last >= perBlock && remain != 0) {
            Count<float>(width);
            CopyAdds(acc, src[j * padLast]);
            Barrier();
            Count<float>(remain);
            Fold<Op::Prod>(acc, acc, src[j * padLast + width], 1, bp);
            Barrier();
        } else if (width > perBlock) {
            width >>= 1;
            Count<float>(width);
            Fold<Op::Prod>(acc, src[j * padLast], src[j * padLast + width], 1, bp);
            Barrier();
        } else {
            Count<float>(last);
            CopyAdds(acc, src[j * padLast]);
            Barrier();
        }
        while (width > perBlock) {
            width >>= 1;
            Count<float>(width);
            Fold<Op::Prod>(acc, acc, acc[width], 1, bp);
            Barrier();
        }
        AscendC::Brcb(tmp, acc, 1, AscendC::BrcbRepeatParams{});
        Barrier();
        uint32_t lanes = last < perBlock ? k : perBlock;
        if (k != last && lanes < perBlock) {
            Count<float>(uint64_t{remain} * perBlock);
            Fold<Op::Prod>(tmp, tmp, tmp[k * perBlock], 1, bp);
            Barrier();
        }
        while (lanes > 1) {
            lanes >>= 1;
            Count<float>(uint64_t{lanes} * perBlock);
            Fold<Op::Prod>(tmp, tmp, tmp[lanes * perBlock], 1, bp);
            Barrier();
        }
        Count<float>(perBlock);
        CopyAdds(out, tmp);
        Barrier();
    }
    const LT<uint32_t> pattern = tmp.template ReinterpretCast<uint32_t>();
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
    AscendC::Duplicate(pattern, 1u, static_cast<int32_t>(perRepeat));
    Barrier();
    AscendC::SetMaskCount();
    const AscendC::GatherMaskParams params{1, static_cast<uint16_t>(first), 1, 0};
    uint64_t kept = 0;
    AscendC::GatherMask(dst, finalResults, pattern, true, perBlock, params, kept);
}

// ---- AR Any/All (uint8_t): BinaryReduceAnyAllCompute ----

template <Op op>
void ByteRows(const LT<uint8_t>& dst, const LT<uint8_t>& src, const LT<uint8_t>& tmpBytes, uint32_t first,
              uint32_t last, uint32_t padLast) {
    const LT<half> wide = tmpBytes.template ReinterpretCast<half>();
    uint32_t k = PowerBelow(last);
    if (last < 32) k = 0;
    const uint32_t tail = last - k;
    const AscendC::BinaryRepeatParams bp;
    const AscendC::UnaryRepeatParams up;
    AscendC::SetMaskCount();
    for (uint32_t i = 0; i < first; ++i) {
        Count<uint8_t>(padLast);
        AscendC::Cast<half, uint8_t, false>(wide, src[i * padLast], AscendC::RoundMode::CAST_NONE,
                                            AscendC::MASK_PLACEHOLDER, 1, {1, 1, 8, 4});
        Barrier();
        if (tail > 0 && k > 0) {
            Count<half>(tail);
            Fold<op>(wide, wide, wide[k], 1, bp);
            Barrier();
        }
        for (uint32_t width = k; width > 16;) {
            width >>= 1;
            Count<half>(width);
            Fold<op>(wide, wide, wide[width], 1, bp);
            Barrier();
        }
        Count<half>(16);
        CopyAdds(wide[padLast + i * 16], wide, up);
        Barrier();
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
    BlockRows<op>(wide, wide, padLast, first, last);
    AscendC::SetMaskCount();
    Count<half>(first);
    AscendC::Cast<uint8_t, half, false>(dst, wide, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                        {1, 1, 4, 8});
    Barrier();
}

struct Api {
    const char* name;
    const char* hostQuery;
};

template <class T>
constexpr uint32_t kDataType = std::is_same_v<T, float> ? 0u : std::is_same_v<T, half> ? 1u : 4u;  // ge::DataType

// The whole call: checks, then `body(tmp)`; the mask register ends in Normal mode, all lanes.
template <class T, class pattern, bool reuse, class Body>
void Run(const Api& a, const LT<T>& dst, const LT<T>& src, const LT<uint8_t>* temp, const uint32_t srcShape[],
         bool srcInnerPad, Body&& body) {
    static_assert(std::is_same_v<pattern, AscendC::Pattern::Reduce::AR> ||
                      std::is_same_v<pattern, AscendC::Pattern::Reduce::RA>,
                  "Reduce family: pattern must be AscendC::Pattern::Reduce::AR or AscendC::Pattern::Reduce::RA on "
                  "Atlas A2/A3");
    constexpr bool ar = std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>;
    const ApiName api = Named(a.name);
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    const uint32_t first = srcShape[0], last = srcShape[1];
    if (!CheckEntry(api, a.hostQuery, ar, reuse, kDataType<T>, dst.SimRef(), src.SimRef(), temp->SimRef(), first,
                    last, srcInnerPad, sizeof(T))) {
        return;
    }
    constexpr uint32_t perBlock = 32 / sizeof(T);
    const uint32_t padLast = (last + perBlock - 1) / perBlock * perBlock;
    body(*temp, first, last, padLast);
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

template <Op op, class T, class pattern, bool reuse>
void ExtremeApi(const Api& a, const LT<T>& dst, const LT<T>& src, const LT<uint8_t>* temp, const uint32_t srcShape[],
                bool srcInnerPad) {
    Run<T, pattern, reuse>(a, dst, src, temp, srcShape, srcInnerPad,
                           [&](const LT<uint8_t>& t, uint32_t first, uint32_t last, uint32_t padLast) {
        const LT<T> tmp = t.template ReinterpretCast<T>();
        if constexpr (std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>) {
            ExtremeRows<op, reuse>(a.name, dst, src, tmp, first, last, padLast);
        } else {
            FoldRows<op, reuse>(dst, src, tmp, first, last, padLast);
        }
    });
}

template <Op op, class pattern, bool reuse>
void ByteApi(const Api& a, const LT<uint8_t>& dst, const LT<uint8_t>& src, const LT<uint8_t>* temp,
             const uint32_t srcShape[], bool srcInnerPad) {
    Run<uint8_t, pattern, reuse>(a, dst, src, temp, srcShape, srcInnerPad,
                                 [&](const LT<uint8_t>& t, uint32_t first, uint32_t last, uint32_t padLast) {
        if constexpr (std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>) {
            ByteRows<op == Op::Or ? Op::Max : Op::Min>(dst, src, t, first, last, padLast);
        } else {
            // uint8_t pairs as int16_t: half the elements
            FoldRows<op, reuse>(dst.template ReinterpretCast<int16_t>(), src.template ReinterpretCast<int16_t>(),
                                t.template ReinterpretCast<int16_t>(), first, (last + 1) / 2, padLast / 2);
        }
    });
}

template <class T, class pattern, bool reuse, bool mean>
void SumApi(const Api& a, const LT<T>& dst, const LT<T>& src, const LT<uint8_t>* temp, const uint32_t srcShape[],
            bool srcInnerPad) {
    Run<T, pattern, reuse>(a, dst, src, temp, srcShape, srcInnerPad,
                           [&](const LT<uint8_t>& t, uint32_t first, uint32_t last, uint32_t padLast) {
        const LT<T> tmp = t.template ReinterpretCast<T>();
        constexpr bool ar = std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>;
        if constexpr (ar) SumRows<reuse>(a.name, dst, src, tmp, first, last, padLast);
        else FoldRows<Op::Sum, reuse>(dst, src, tmp, first, last, padLast);
        if constexpr (mean) {
            AscendC::SetMaskCount();
            const float scale = 1.0f / static_cast<float>(static_cast<int32_t>(ar ? last : first));
            Count<T>(ar ? first : last);
            AscendC::Muls<T, false>(dst, dst, scale, AscendC::MASK_PLACEHOLDER, 1, AscendC::UnaryRepeatParams{});
            Barrier();
        }
    });
}

template <class T, class pattern, bool reuse>
void ProdApi(const Api& a, const LT<T>& dst, const LT<T>& src, const LT<uint8_t>* temp, const uint32_t srcShape[],
             bool srcInnerPad) {
    Run<T, pattern, reuse>(a, dst, src, temp, srcShape, srcInnerPad,
                           [&](const LT<uint8_t>& t, uint32_t first, uint32_t last, uint32_t padLast) {
        const LT<T> tmp = t.template ReinterpretCast<T>();
        if constexpr (std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>) ProdRows<reuse>(dst, src, tmp, first, last, padLast);
        else FoldRows<Op::Prod, reuse>(dst, src, tmp, first, last, padLast);
    });
}

// Any/All: uint8_t through the int16/half paths, float as Max/Min.
template <Op byteOp, Op floatOp, class T, class pattern, bool reuse>
void AnyAllApi(const Api& a, const LT<T>& dst, const LT<T>& src, const LT<uint8_t>* temp, const uint32_t srcShape[],
               bool srcInnerPad) {
    if constexpr (std::is_same_v<T, uint8_t>) ByteApi<byteOp, pattern, reuse>(a, dst, src, temp, srcShape, srcInnerPad);
    else if constexpr (std::is_same_v<T, float>) ExtremeApi<floatOp, T, pattern, reuse>(a, dst, src, temp, srcShape, srcInnerPad);
}

}  // namespace sim::vec::hreduce

namespace AscendC {

#define ASCENDC_SIM_HREDUCE_FORMS(Name, Allowed, AllowedText, Call)                                                 \
    template <class T, class pattern, bool isReuseSource = false>                                                    \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer,                    \
                                                     const uint32_t srcShape[], bool srcInnerPad) {                  \
        static_assert(Allowed, #Name ": element type must be " AllowedText " on Atlas A2/A3");                      \
        sim::NoteCallSite();                                                                                         \
        const sim::vec::hreduce::Api api{#Name, "Get" #Name "MaxMinTmpSize"};                                        \
        const LocalTensor<uint8_t>* temp = &sharedTmpBuffer;                                                         \
        Call;                                                                                                        \
    }                                                                                                                \
    template <class T, class pattern, bool isReuseSource = false>                                                    \
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, \
                                                     const uint32_t srcShape[], bool srcInnerPad) {                  \
        static_assert(Allowed, #Name ": element type must be " AllowedText " on Atlas A2/A3");                      \
        sim::NoteCallSite();                                                                                         \
        const sim::vec::hreduce::Api api{#Name, "Get" #Name "MaxMinTmpSize"};                                        \
        const LocalTensor<uint8_t>* temp = nullptr;                                                                  \
        Call;                                                                                                        \
    }

ASCENDC_SIM_HREDUCE_FORMS(ReduceSum, (std::is_same_v<T, float>), "float",
                          (sim::vec::hreduce::SumApi<T, pattern, isReuseSource, false>(
                              api, dstTensor, srcTensor, temp, srcShape, srcInnerPad)))
ASCENDC_SIM_HREDUCE_FORMS(ReduceMean, (std::is_same_v<T, float>), "float",
                          (sim::vec::hreduce::SumApi<T, pattern, isReuseSource, true>(
                              api, dstTensor, srcTensor, temp, srcShape, srcInnerPad)))
ASCENDC_SIM_HREDUCE_FORMS(ReduceProd, (std::is_same_v<T, float>), "float",
                          (sim::vec::hreduce::ProdApi<T, pattern, isReuseSource>(api, dstTensor, srcTensor, temp,
                                                                                 srcShape, srcInnerPad)))
ASCENDC_SIM_HREDUCE_FORMS(ReduceMax, (std::is_same_v<T, float> || std::is_same_v<T, half>), "half or float",
                          (sim::vec::hreduce::ExtremeApi<sim::vec::hreduce::Op::Max, T, pattern, isReuseSource>(
                              api, dstTensor, srcTensor, temp, srcShape, srcInnerPad)))
ASCENDC_SIM_HREDUCE_FORMS(ReduceMin, (std::is_same_v<T, float> || std::is_same_v<T, half>), "half or float",
                          (sim::vec::hreduce::ExtremeApi<sim::vec::hreduce::Op::Min, T, pattern, isReuseSource>(
                              api, dstTensor, srcTensor, temp, srcShape, srcInnerPad)))

ASCENDC_SIM_HREDUCE_FORMS(ReduceAny, (std::is_same_v<T, float> || std::is_same_v<T, uint8_t>), "uint8_t or float",
                          (sim::vec::hreduce::AnyAllApi<sim::vec::hreduce::Op::Or, sim::vec::hreduce::Op::Max, T,
                                                        pattern, isReuseSource>(api, dstTensor, srcTensor, temp,
                                                                                srcShape, srcInnerPad)))
ASCENDC_SIM_HREDUCE_FORMS(ReduceAll, (std::is_same_v<T, float> || std::is_same_v<T, uint8_t>), "uint8_t or float",
                          (sim::vec::hreduce::AnyAllApi<sim::vec::hreduce::Op::And, sim::vec::hreduce::Op::Min, T,
                                                        pattern, isReuseSource>(api, dstTensor, srcTensor, temp,
                                                                                srcShape, srcInnerPad)))
#undef ASCENDC_SIM_HREDUCE_FORMS

}  // namespace AscendC
