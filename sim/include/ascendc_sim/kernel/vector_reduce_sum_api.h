// The high-level Sum and Mean.
// Sum (SumParams {outter, inner, n}: one sum per row of n elements, rows inner
// elements apart), run as the instructions asc-devkit's A2/A3 implementation issues
// (impl/adv_api/detail/reduce/sum/sum_common_impl.h): in Counter mode, RepeatReduceSum over the
// row's n elements (one sum per 64/128 elements into sharedTmpBuffer), then RepeatReduceSum over
// those partial sums, again and again until one is left, which goes to dst[row]; a row of one
// repeat is one RepeatReduceSum straight into dst. The mask register ends in Normal mode (with
// every lane set after the one-repeat path, as CANN leaves it). Facts (types, SumParams rules,
// no overlap of src, dst and sharedTmpBuffer) from the CANN Ascend C API reference's Sum page
// (asc-devkit docs/zh/api/SIMD-API/高阶API/归约操作/Sum接口/Sum.md); the sharedTmpBuffer size is
// GetSumMaxMinTmpSize's (impl/adv_api/tiling/reduce/sum_tiling.cpp): AlignUp(ceil(n / lanes),
// 32 / sizeof(T)) elements. The overload without sharedTmpBuffer takes it from the sim's stack
// buffer (CANN: PopStackBuffer) and is not declared here.
// Mean (MeanParams, the same fields; asc-devkit impl/adv_api/detail/reduce/mean/mean_common_impl.h,
// docs .../归约操作/Mean接口/Mean.md): the row sums as for Sum, then one Counter-mode Muls of
// all outter results by 1 / n in T; half with accType float instead casts each row to float in
// sharedTmpBuffer (Cast CAST_NONE), sums there in float (partial sums behind the row's inner
// floats), multiplies by 1 / n, casts back (CAST_NONE) and moves the value to dst[row] (a
// one-element RepeatReduceSum). sharedTmpBuffer: AlignUp(ceil(n / lanes), 32) bytes, plus
// inner floats for the half/float form (GetMeanMaxMinTmpSize, impl/adv_api/tiling/reduce/
// mean_tiling.cpp), which counts the partial sums in bytes, one per repeat: float partial sums
// of more than 8 repeats overrun it, which the sim reports. The Muls and Cast steps are the
// sim's public APIs (reports name them).
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce.h"

namespace AscendC {
// asc-devkit include/adv_api/reduce/mean_utils.h and sum_utils.h
struct MeanParams {
    uint32_t outter = 1;
    uint32_t inner;
    uint32_t n;
};
struct SumParams {
    uint32_t outter = 1;
    uint32_t inner;  // n rounded up to 32 bytes of T
    uint32_t n;      // elements of a row
};

}  // namespace AscendC

namespace sim::vec {

// ApiMisuse for SumParams outside the Sum page's rules; false: drop the call.
bool CheckSumParams(const ApiName& api, const AscendC::SumParams& p, uint32_t elementBytes);
inline bool CheckSumParams(const ApiName& api, const AscendC::MeanParams& p, uint32_t elementBytes) {
    return CheckSumParams(api, AscendC::SumParams{p.outter, p.inner, p.n}, elementBytes);
}
// Bytes of sharedTmpBuffer Sum needs for rows of n elements (GetSumMaxMinTmpSize's figure).
uint32_t SumTmpBytes(uint32_t n, uint32_t elementBytes);

// The row sums of Sum and Mean into dst[row] (`api`: the step's name). `tmp` holds the partial
// sums when a row spans more than one repeat.
template <class T, class D>
void RowSums(const ApiName& api, const AscendC::LocalTensor<D>& dst, uint32_t dstStride,
             const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& tmp, uint32_t outter, uint32_t inner,
             uint32_t n) {
    constexpr uint32_t lanes = kRepeatBytes / sizeof(T);
    auto step = [&](const AscendC::LocalTensor<T>& to, const AscendC::LocalTensor<T>& from, uint64_t count) {
        AscendC::SetVectorMask<T>(0, count);
        RepeatLanes counted;
        counted.counter = true;
        counted.count = count;
        RepeatReduce(api, to, from, counted, 1, 1, 1, 8, ReduceGroup::Repeat);
    };
    for (uint32_t row = 0; row < outter; ++row) {
        const AscendC::LocalTensor<T> rowSrc = src[row * inner];
        const AscendC::LocalTensor<T> rowDst = dst[row * dstStride].template ReinterpretCast<T>();
        if (n <= lanes) {
            step(rowDst, rowSrc, n);
            continue;
        }
        uint64_t count = n;
        step(tmp, rowSrc, count);
        AscendC::PipeBarrier<PIPE_V>();
        count = (count + lanes - 1) / lanes;
        while (true) {
            const bool last = count <= lanes;
            step(last ? rowDst : tmp, tmp, count);
            AscendC::PipeBarrier<PIPE_V>();
            if (last) break;
            count = (count + lanes - 1) / lanes;
        }
    }
}

// Size and overlap checks of Sum/Mean; false: drop the call.
template <class T>
bool CheckRowOperands(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                      const AscendC::LocalTensor<uint8_t>& tmp, uint32_t outter, uint32_t inner, uint32_t tmpNeeded) {
    constexpr uint32_t s = sizeof(T);
    const uint64_t srcBytes = static_cast<uint64_t>(outter) * inner * s, dstBytes = uint64_t{outter} * s;
    if (!CheckFits(api, "srcTensor", src.SimRef(), srcBytes) || !CheckFits(api, "dstTensor", dst.SimRef(), dstBytes) ||
        (tmpNeeded != 0 && !CheckFits(api, "sharedTmpBuffer", tmp.SimRef(), tmpNeeded))) {
        return false;
    }
    const OperandRange d{"dstTensor", dst.SimRef(), dstBytes, s}, x{"srcTensor", src.SimRef(), srcBytes, s},
        t{"sharedTmpBuffer", tmp.SimRef(), tmpNeeded, 1};
    for (const auto& [a, b] : {std::pair{d, x}, std::pair{t, x}, std::pair{t, d}}) {
        if (Overlaps(a, b)) {
            detail::ReportSharedBytes(api, a, b);
            return false;
        }
    }
    return true;
}

template <class T>
void SumRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>& tmpBytes, const AscendC::SumParams& p) {
    constexpr uint32_t s = sizeof(T);
    const ApiName sum = Named("Sum");
    if (!CheckSumParams(sum, p, s) || p.outter == 0) return;
    const bool oneRepeat = p.n <= kRepeatBytes / s;
    if (!CheckRowOperands(sum, dst, src, tmpBytes, p.outter, p.inner, oneRepeat ? 0 : SumTmpBytes(p.n, s))) return;
    AscendC::SetMaskCount();
    RowSums(ApiName{"WholeReduceSum", "Sum (RepeatReduceSum step)"}, dst, 1, src,
            tmpBytes.template ReinterpretCast<T>(), p.outter, p.inner, p.n);
    AscendC::SetMaskNorm();
    if (oneRepeat) AscendC::ResetMask();
}

template <class T, class Acc>
void MeanRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>& tmpBytes, const AscendC::MeanParams& p) {
    constexpr uint32_t s = sizeof(T);
    const ApiName mean = Named("Mean");
    if (!CheckSumParams(mean, p, s) || p.outter == 0) return;
    const ApiName step{"WholeReduceSum", "Mean (RepeatReduceSum step)"};
    const AscendC::UnaryRepeatParams unary;
    if constexpr (std::is_same_v<T, half> && std::is_same_v<Acc, float>) {
        const uint32_t repeats = (p.n + 63) / 64;
        const uint32_t tmpNeeded = p.inner * 4 + (repeats + 31) / 32 * 32;
        if (!CheckRowOperands(mean, dst, src, tmpBytes, p.outter, p.inner, tmpNeeded)) return;
        const AscendC::LocalTensor<float> wide = tmpBytes.template ReinterpretCast<float>();
        const AscendC::LocalTensor<half> narrow = tmpBytes.template ReinterpretCast<half>();
        const float scale = 1.0f / static_cast<float>(static_cast<int32_t>(p.n));
        AscendC::SetMaskCount();
        for (uint32_t row = 0; row < p.outter; ++row) {
            AscendC::SetVectorMask<half>(0, p.n);
            AscendC::Cast<float, half, false>(wide, src[row * p.inner], AscendC::RoundMode::CAST_NONE,
                                              AscendC::MASK_PLACEHOLDER, 1, {1, 1, 8, 4});
            AscendC::PipeBarrier<PIPE_V>();
            RowSums(step, wide[p.inner], 0, wide, wide[p.inner], 1, p.inner, p.n);
            AscendC::SetVectorMask<half>(0, 1);
            AscendC::Muls<float, false>(wide[p.inner], wide[p.inner], scale, AscendC::MASK_PLACEHOLDER, 1, unary);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast<half, float, false>(narrow, wide[p.inner], AscendC::RoundMode::CAST_NONE,
                                              AscendC::MASK_PLACEHOLDER, 1, {1, 1, 4, 8});
            AscendC::PipeBarrier<PIPE_V>();
            RowSums(step, dst[row], 0, narrow, narrow, 1, p.inner, 1);
        }
        AscendC::SetMaskNorm();
        AscendC::ResetMask();
    } else {
        const uint32_t repeats = (p.n + kRepeatBytes / s - 1) / (kRepeatBytes / s);
        const bool oneRepeat = repeats == 1;
        if (!CheckRowOperands(mean, dst, src, tmpBytes, p.outter, p.inner, oneRepeat ? 0 : (repeats + 31) / 32 * 32)) {
            return;
        }
        const T scale = static_cast<T>(1.0f / static_cast<float>(static_cast<int32_t>(p.n)));
        AscendC::SetMaskCount();
        RowSums(step, dst, 1, src, tmpBytes.template ReinterpretCast<T>(), p.outter, p.inner, p.n);
        if (oneRepeat) AscendC::PipeBarrier<PIPE_V>();
        AscendC::SetVectorMask<T>(0, p.outter);
        AscendC::Muls<T, false>(dst, dst, scale, AscendC::MASK_PLACEHOLDER, 1, unary);
        AscendC::SetMaskNorm();
        if (oneRepeat) AscendC::ResetMask();
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                const SumParams& sumParams) {
    static_assert(sim::vec::kReduceType<T>, "Sum: element type must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::SumRows(dstTensor, srcTensor, sharedTmpBuffer, sumParams);
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                 const MeanParams& meanParams) {
    static_assert(sim::vec::kReduceType<T>, "Mean: element type must be half or float on Atlas A2/A3");
    static_assert(std::is_same_v<accType, T> || (std::is_same_v<T, half> && std::is_same_v<accType, float>),
                  "Mean: accType must be T, or float for half");
    sim::NoteCallSite();
    sim::vec::MeanRows<T, accType>(dstTensor, srcTensor, sharedTmpBuffer, meanParams);
}

}  // namespace AscendC
