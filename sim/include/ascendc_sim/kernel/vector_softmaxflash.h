// High-level SoftmaxFlash (CANN's include/adv_api/activation/softmaxflash.h, deprecated there in
// favour of SoftmaxFlashV2; the sim leaves out the [[deprecated]] attribute so that programs
// built with -Werror still compile), ND format, as the Atlas A2/A3 implementation runs it
// (asc-devkit impl/adv_api/detail/activation/softmax/softmax_common/softmax_common_flash.h and
// softmax_flash_base_impl/softmax_flash_nd_process_impl.h).
// isUpdate = false: SoftMax itself (vector_softmax.h's steps, the same tiling and temp).
// isUpdate = true, per tile of tiling.splitM rows, in float (half data Cast to float with
// CAST_NONE and back with CAST_ROUND, the A2 FLOAT2HALF_ROUND_MODE), w = 32 / sizeof(max/sum
// element) floats a max/sum row:
//   m = rowmax(x); y = exp(x - m); s = rowsum(y); newMax = Max(inMax, m) (-> maxTensor);
//   a = exp(m - newMax); b = exp(inMax - newMax) * inSum; sum = b + a * s (-> sumTensor);
//   expMax = b / sum (-> expMaxTensor; half expMax of the half/float form: 16 a row);
//   dst = y * (a / sum)
// with the row reductions and broadcasts of vector_softmax.h (the implementation's
// ReduceMaxLastNDImpl / BroadCastLastImpl: the same values) and count-form Max, Sub, Exp, Mul,
// Add, Div over the tile's rows. The float form's self-copy of the sum (a DataCopy of the sum
// rows onto themselves) is left out. Outputs may be the inputs (sum and inSum, max and inMax):
// each tile's input rows are read before its outputs are written.
// Temp (floats, the implementation's layout): tmp0, tmp1 [splitM * srcK each], then four of
// [splitM * w] (tmp2, reduceSum, tmp4, inSum), GetSoftMaxFlashMinTmpSize's 2K + 4w a row. The
// row reductions' scratch is tmp1 (max) and tmp0 (sum), free at that point; the shapes where
// it does not fit (srcK below 64 with rows not a multiple of 8) are reported as not modelled.
// isBasicBlock runs the same steps (its shape conditions are checked).
// Checks: T half or float (compile time); as SoftMax's for the shape; sum, max, inSum, inMax,
// expMax one 32-B block a row; the temp large enough for one row and disjoint from the operands.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/kernel/vector_softmax.h"
#include "ascendc_sim/kernel/vector_softmax_flash.h"  // Widen8To16

namespace sim::vec::softmax {

template <class T1, class T2>
struct FlashV1Operands {
    AscendC::LocalTensor<T1> dst, src, expMax;
    AscendC::LocalTensor<T2> sum, max, inSum, inMax;
};

// dst row r = src row r * the block of row r of rowValues (`width` floats a row).
inline void MulRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src,
                    const AscendC::LocalTensor<float>& rowValues, uint32_t rows, uint32_t k, uint32_t width) {
    AscendC::SetMaskCount();
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, k);
    const AscendC::BinaryRepeatParams params(1, 1, 0, kFloatsPerBlock, kFloatsPerBlock, 0);
    for (uint32_t r = 0; r < rows; ++r) {
        AscendC::Mul<float, false>(dst[r * k], src[r * k], rowValues[r * width], AscendC::MASK_PLACEHOLDER, 1, params);
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

// rows x `width` values of a T2 tensor as float into `out` (a copy either way).
template <class T2>
void LoadRows(const AscendC::LocalTensor<float>& out, const AscendC::LocalTensor<T2>& in, uint32_t count) {
    if constexpr (std::is_same_v<T2, float>) AscendC::DataCopy(out, in, count);
    else AscendC::Cast(out, in, AscendC::RoundMode::CAST_NONE, static_cast<int32_t>(count));
}

template <class T2>
void SaveRows(const AscendC::LocalTensor<T2>& out, const AscendC::LocalTensor<float>& in, uint32_t count) {
    if constexpr (std::is_same_v<T2, float>) AscendC::DataCopy(out, in, count);
    else AscendC::Cast(out, in, AscendC::RoundMode::CAST_ROUND, static_cast<int32_t>(count));
}

template <class T1, class T2, bool isBasicBlock>
void RunFlashUpdate(const FlashV1Operands<T1, T2>& o, const AscendC::LocalTensor<uint8_t>& temp,
                    const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info) {
    using AscendC::LocalTensor;
    const char* name = "SoftmaxFlash";
    const ApiName api = Named(name);
    Shape s;
    if (!ReadShape<AscendC::SOFTMAX_DEFAULT_CFG>(name, tiling, info, sizeof(T1), &s)) return;
    if (!CheckBasicBlock<T1, T2, isBasicBlock>(name, s)) return;
    constexpr uint32_t w = BlockElements<T2>();
    const uint32_t rowFloats = 2 * s.k + 4 * w;
    Tiles t;
    if (!ReadTiles(name, tiling, s, temp.GetSize() / sizeof(float), rowFloats, temp.SimRef(), &t,
                   "GetSoftMaxFlashMinTmpSize")) {
        return;
    }
    if (s.oriK <= kLanes && t.rows % 8 != 0 && uint64_t{t.rows} * s.k < (t.rows + 7) / 8 * 64) {
        Misuse(std::string(name) + ": isUpdate with srcK " + std::to_string(s.k) + " and tiles of " +
               std::to_string(t.rows) + " rows (not a multiple of 8) is not modelled by the sim");
        return;
    }
    const uint64_t bytes = uint64_t{s.m} * s.k * sizeof(T1), rowBytes = uint64_t{s.m} * kBlockBytes;
    const uint64_t expMaxBytes = uint64_t{s.m} * kBlockBytes;
    if (!CheckFits(api, "srcTensor", o.src.SimRef(), bytes) || !CheckFits(api, "dstTensor", o.dst.SimRef(), bytes) ||
        !CheckFits(api, "maxTensor", o.max.SimRef(), rowBytes) || !CheckFits(api, "sumTensor", o.sum.SimRef(), rowBytes) ||
        !CheckFits(api, "inMaxTensor", o.inMax.SimRef(), rowBytes) ||
        !CheckFits(api, "inSumTensor", o.inSum.SimRef(), rowBytes) ||
        !CheckFits(api, "expMaxTensor", o.expMax.SimRef(), expMaxBytes)) {
        return;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{t.rows} * rowFloats * sizeof(float), 1};
    CheckDisjoint(api, OperandRange{"srcTensor", o.src.SimRef(), bytes, sizeof(T1)}, tempRange);
    CheckDisjoint(api, OperandRange{"dstTensor", o.dst.SimRef(), bytes, sizeof(T1)}, tempRange);
    CheckDisjoint(api, OperandRange{"maxTensor", o.max.SimRef(), rowBytes, sizeof(T2)}, tempRange);
    CheckDisjoint(api, OperandRange{"sumTensor", o.sum.SimRef(), rowBytes, sizeof(T2)}, tempRange);
    CheckDisjoint(api, OperandRange{"expMaxTensor", o.expMax.SimRef(), expMaxBytes, sizeof(T1)}, tempRange);

    const LocalTensor<float> work = temp.template ReinterpretCast<float>();
    const uint32_t split = t.rows * s.k, red = t.rows * w;
    const LocalTensor<float> tmp0 = work, tmp1 = work[split], tmp2 = work[2 * split];
    const LocalTensor<float> reduceSum = work[2 * split + red], tmp4 = work[2 * split + 2 * red];
    const LocalTensor<float> inSumTmp = work[2 * split + 3 * red];
    // the float forms keep inMax in tmp0, the half/float form in tmp2
    constexpr bool kMixed = std::is_same_v<T1, half> && std::is_same_v<T2, float>;
    const LocalTensor<float> inMaxTmp = kMixed ? tmp2 : tmp0;
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t tile = 0; tile <= t.range; ++tile) {
        const uint32_t rows = tile < t.range ? t.rows : t.tail;
        if (rows == 0) break;
        const uint32_t row0 = tile * t.rows, n = rows * s.k, r = rows * w;
        const int32_t ni = static_cast<int32_t>(n), ri = static_cast<int32_t>(r);
        const uint32_t off1 = row0 * s.k, off2 = row0 * w;
        LocalTensor<float> x;
        if constexpr (std::is_same_v<T1, float>) {
            x = o.src[off1];
        } else {
            AscendC::Cast(tmp0, o.src[off1], AscendC::RoundMode::CAST_NONE, ni);
            AscendC::PipeBarrier<PIPE_V>();
            x = tmp0;
        }
        ReduceRows<true>(tmp4, x, tmp1, rows, s.k, s.oriK, w);
        AscendC::PipeBarrier<PIPE_V>();
        BroadcastRows<true>(tmp1, x, tmp4, rows, s.k, w);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Exp(tmp1, tmp1, ni);
        AscendC::PipeBarrier<PIPE_V>();
        ReduceRows<false>(reduceSum, tmp1, tmp0, rows, s.k, s.oriK, w);
        AscendC::PipeBarrier<PIPE_V>();
        LoadRows(inMaxTmp, o.inMax[off2], r);
        AscendC::PipeBarrier<PIPE_V>();
        LocalTensor<float> newMax;
        if constexpr (kMixed) {
            newMax = o.max[off2];
            AscendC::Max(newMax, inMaxTmp, tmp4, ri);
        } else {
            newMax = tmp2;
            AscendC::Max(tmp2, inMaxTmp, tmp4, ri);
            AscendC::PipeBarrier<PIPE_V>();
            SaveRows(o.max[off2], tmp2, r);
        }
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Sub(tmp4, tmp4, newMax, ri);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Exp(tmp4, tmp4, ri);
        AscendC::Sub(inMaxTmp, inMaxTmp, newMax, ri);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Exp(inMaxTmp, inMaxTmp, ri);
        LoadRows(inSumTmp, o.inSum[off2], r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(inMaxTmp, inMaxTmp, inSumTmp, ri);
        AscendC::Mul(reduceSum, tmp4, reduceSum, ri);
        AscendC::PipeBarrier<PIPE_V>();
        LocalTensor<float> sum;
        if constexpr (std::is_same_v<T1, float>) {
            sum = o.sum[off2];
            AscendC::Add(sum, inMaxTmp, reduceSum, ri);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Div(o.expMax[off2], inMaxTmp, sum, ri);
        } else {
            sum = inSumTmp;
            AscendC::Add(inSumTmp, inMaxTmp, reduceSum, ri);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Div(inMaxTmp, inMaxTmp, inSumTmp, ri);
            AscendC::PipeBarrier<PIPE_V>();
            if constexpr (kMixed) {
                AscendC::DataCopy(o.sum[off2], inSumTmp, r);
                Widen8To16(tmp0, inMaxTmp, rows);  // expMax is half, 16 a row
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Cast(o.expMax[off2 * 2], tmp0, AscendC::RoundMode::CAST_ROUND, 2 * ri);
            } else {
                AscendC::Cast(o.expMax[off2], inMaxTmp, AscendC::RoundMode::CAST_ROUND, ri);
                AscendC::Cast(o.sum[off2], inSumTmp, AscendC::RoundMode::CAST_ROUND, ri);
            }
        }
        AscendC::Div(tmp4, tmp4, sum, ri);
        AscendC::PipeBarrier<PIPE_V>();
        if constexpr (std::is_same_v<T1, float>) {
            MulRows(o.dst[off1], tmp1, tmp4, rows, s.k, w);
        } else {
            MulRows(tmp1, tmp1, tmp4, rows, s.k, w);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast(o.dst[off1], tmp1, AscendC::RoundMode::CAST_ROUND, ni);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

template <class T1, class T2, bool isBasicBlock>
void RunFlash(const FlashV1Operands<T1, T2>& o, const AscendC::LocalTensor<uint8_t>& temp,
              const SoftMaxTiling& tiling, bool isUpdate, const AscendC::SoftMaxShapeInfo& info) {
    if (isUpdate) {
        RunFlashUpdate<T1, T2, isBasicBlock>(o, temp, tiling, info);
    } else {
        Run<true, T1, T2, isBasicBlock, AscendC::SOFTMAX_DEFAULT_CFG>("SoftmaxFlash", {o.dst, o.src, o.sum, o.max, true},
                                                                     temp, tiling, info);
    }
}

}  // namespace sim::vec::softmax

namespace AscendC {

#define ASCENDC_SIM_FLASHV1_TYPES(T) \
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "SoftmaxFlash: T must be half or float on Atlas A2/A3")

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlash(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV1_TYPES(T);
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxFlash"), &stack)) return;
    sim::vec::softmax::RunFlash<T, T, isBasicBlock>(
        {dstTensor, srcTensor, expMaxTensor, sumTensor, maxTensor, inSumTensor, inMaxTensor}, stack, tiling, isUpdate,
        softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlash(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const LocalTensor<float>& maxTensor,
    const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxFlash"), &stack)) return;
    sim::vec::softmax::RunFlash<half, float, isBasicBlock>(
        {dstTensor, srcTensor, expMaxTensor, sumTensor, maxTensor, inSumTensor, inMaxTensor}, stack, tiling, isUpdate,
        softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlash(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV1_TYPES(T);
    sim::NoteCallSite();
    sim::vec::softmax::RunFlash<T, T, isBasicBlock>(
        {dstTensor, srcTensor, expMaxTensor, sumTensor, maxTensor, inSumTensor, inMaxTensor}, sharedTmpBuffer, tiling,
        isUpdate, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlash(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const LocalTensor<float>& maxTensor,
    const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    sim::NoteCallSite();
    sim::vec::softmax::RunFlash<half, float, isBasicBlock>(
        {dstTensor, srcTensor, expMaxTensor, sumTensor, maxTensor, inSumTensor, inMaxTensor}, sharedTmpBuffer, tiling,
        isUpdate, softmaxShapeInfo);
}

#undef ASCENDC_SIM_FLASHV1_TYPES

}  // namespace AscendC
