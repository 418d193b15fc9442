// High-level SoftmaxFlashV2 (CANN's include/adv_api/activation/softmax.h; the SoftmaxFlashV2
// page), ND format, as the Atlas A2/A3 implementation runs it (asc-devkit
// impl/adv_api/detail/activation/softmax/membase/v220/softmax_flashv2_impl.h), with the row
// reductions, broadcasts and tiles of vector_softmax.h. Per tile, in float (half data Cast to
// float with CAST_NONE and back with CAST_RINT):
//   isUpdate = false: max = rowmax(x); y = exp(x - max); expSum = rowsum(y)
//   isUpdate = true:  m = rowmax(x) (outReduceMax); newMax = Max(m, inMax);
//                     expMax = exp(inMax - newMax); y = exp(x - newMax);
//                     expSum = expMax * inExpSum + rowsum(y); max = newMax
// (Max, Sub, Exp, Mul, Add over the tile's max/sum rows are count-form instructions.) The
// outputs may be the inputs (max and inMax, expSum and inExpSum, dst and src): every input row
// is read before its output is written. max/sum/expMax rows are one 32-B block (8 floats, 16
// halves); the half/float form's expMax is half (16 a row). Temp per row (floats): float
// b + 64, half 2b + K + 64 (b = 32 / sizeof of max/sum), GetSoftMaxFlashV2MinTmpSize's.
// isBasicBlock runs the same steps; isDataFormatNZ = true is not modelled (compile error).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/vector_softmax.h"

namespace sim::vec::softmax {

template <class T1, class T2>
constexpr uint32_t FlashFloatsPerRow(uint32_t k) {
    if constexpr (std::is_same_v<T1, float>) return BlockElements<T2>() + kLanes;
    else return 2 * BlockElements<T2>() + k + kLanes;
}

// 8 floats a row -> 16 floats a row (the same value twice), for a half output of 16 a row.
inline void Widen8To16(const AscendC::LocalTensor<float>& out, const AscendC::LocalTensor<float>& in, uint32_t rows) {
    const AscendC::DataCopyParams params{static_cast<uint16_t>(rows), 1, 0, 1};
    AscendC::DataCopy(out, in, params);
    AscendC::DataCopy(out[kFloatsPerBlock], in, params);
}

template <class T1, class T2, class TE>
struct FlashOperands {
    AscendC::LocalTensor<T1> dst, src;
    AscendC::LocalTensor<T2> reduceMax, expSum, max, inExpSum, inMax;
    AscendC::LocalTensor<TE> expMax;
    bool hasReduceMax = false;
};

// A row block of `width` floats per row from a T2 tensor: the tensor itself (float) or a Cast
// copy in `scratch` (half).
template <class T2>
AscendC::LocalTensor<float> AsFloatRows(const AscendC::LocalTensor<T2>& t, const AscendC::LocalTensor<float>& scratch,
                                        uint32_t count) {
    if constexpr (std::is_same_v<T2, float>) {
        return t;
    } else {
        AscendC::Cast(scratch, t, AscendC::RoundMode::CAST_NONE, count);
        AscendC::PipeBarrier<PIPE_V>();
        return scratch;
    }
}

template <class T2>
void StoreRows(const AscendC::LocalTensor<T2>& out, const AscendC::LocalTensor<float>& rowsValue, uint32_t count) {
    if constexpr (std::is_same_v<T2, float>) AscendC::DataCopy(out, rowsValue, count);
    else AscendC::Cast(out, rowsValue, AscendC::RoundMode::CAST_RINT, count);
}

template <bool isUpdate, class T1, class T2, class TE, bool isBasicBlock, const AscendC::SoftmaxConfig& config>
void RunFlashV2(const FlashOperands<T1, T2, TE>& o, const AscendC::LocalTensor<uint8_t>& temp,
                const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info) {
    using AscendC::LocalTensor;
    const char* name = "SoftmaxFlashV2";
    const ApiName api = Named(name);
    Shape s;
    if (!ReadShape<config>(name, tiling, info, sizeof(T1), &s)) return;
    if (!CheckBasicBlock<T1, T2, isBasicBlock>(name, s)) return;
    const uint32_t rowFloats = FlashFloatsPerRow<T1, T2>(s.k);
    Tiles t;
    if (!ReadTiles(name, tiling, s, temp.GetSize() / sizeof(float), rowFloats, temp.SimRef(), &t,
                   "GetSoftMaxFlashV2MinTmpSize")) {
        return;
    }
    constexpr uint32_t width = BlockElements<T2>();
    const uint64_t bytes = uint64_t{s.m} * s.k * sizeof(T1), rowBytes = uint64_t{s.m} * kBlockBytes;
    if (!CheckFits(api, "srcTensor", o.src.SimRef(), bytes) || !CheckFits(api, "dstTensor", o.dst.SimRef(), bytes) ||
        !CheckFits(api, "maxTensor", o.max.SimRef(), rowBytes) ||
        !CheckFits(api, "expSumTensor", o.expSum.SimRef(), rowBytes)) {
        return;
    }
    if (isUpdate && (!CheckFits(api, "inMaxTensor", o.inMax.SimRef(), rowBytes) ||
                     !CheckFits(api, "inExpSumTensor", o.inExpSum.SimRef(), rowBytes) ||
                     !CheckFits(api, "expMaxTensor", o.expMax.SimRef(), rowBytes))) {
        return;
    }
    if (o.hasReduceMax && !CheckFits(api, "outReduceMax", o.reduceMax.SimRef(), rowBytes)) return;
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{t.rows} * rowFloats * sizeof(float), 1};
    CheckDisjoint(api, OperandRange{"srcTensor", o.src.SimRef(), bytes, sizeof(T1)}, tempRange);
    CheckDisjoint(api, OperandRange{"dstTensor", o.dst.SimRef(), bytes, sizeof(T1)}, tempRange);
    CheckDisjoint(api, OperandRange{"maxTensor", o.max.SimRef(), rowBytes, sizeof(T2)}, tempRange);
    CheckDisjoint(api, OperandRange{"expSumTensor", o.expSum.SimRef(), rowBytes, sizeof(T2)}, tempRange);

    const LocalTensor<float> work = temp.template ReinterpretCast<float>();
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t tile = 0; tile <= t.range; ++tile) {
        const uint32_t rows = tile < t.range ? t.rows : t.tail;
        if (rows == 0) break;
        const uint32_t row0 = tile * t.rows, n = rows * s.k, r = rows * width, at = row0 * width;
        // Temp: [x in float (half)] [red: rows x width] [red2: rows x width (half)] [part: rows x 64]
        const uint32_t xFloats = std::is_same_v<T1, float> ? 0 : t.rows * s.k;
        const LocalTensor<float> red = work[xFloats];
        const LocalTensor<float> red2 = work[xFloats + t.rows * width];
        const LocalTensor<float> part = work[xFloats + t.rows * width * (std::is_same_v<T1, float> ? 1 : 2)];
        LocalTensor<float> x;
        if constexpr (std::is_same_v<T1, float>) {
            x = o.dst[row0 * s.k];
        } else {
            x = work;
            AscendC::Cast(x, o.src[row0 * s.k], AscendC::RoundMode::CAST_NONE, n);
            AscendC::PipeBarrier<PIPE_V>();
        }
        LocalTensor<float> rowsIn = x;
        if constexpr (std::is_same_v<T1, float>) rowsIn = o.src[row0 * s.k];
        ReduceRows<true>(red, rowsIn, part, rows, s.k, s.oriK, width);
        AscendC::PipeBarrier<PIPE_V>();
        if (o.hasReduceMax) {
            StoreRows(o.reduceMax[at], red, r);
            AscendC::PipeBarrier<PIPE_V>();
        }
        // expMax (float): float T1 keeps it in the expMax tensor itself, else in red2.
        LocalTensor<float> expMax;
        if constexpr (isUpdate) {
            // half max/sum: the float copy of inMax goes to part (free until the sum)
            const LocalTensor<float> inMax = AsFloatRows(o.inMax[at], part, r);
            AscendC::Max(red, red, inMax, static_cast<int32_t>(r));
            AscendC::PipeBarrier<PIPE_V>();
            if constexpr (std::is_same_v<T1, float>) expMax = o.expMax[at];
            else expMax = red2;
            AscendC::Sub(expMax, inMax, red, static_cast<int32_t>(r));
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Exp(expMax, expMax, static_cast<int32_t>(r));
            AscendC::PipeBarrier<PIPE_V>();
            if constexpr (!std::is_same_v<T1, float>) {
                if constexpr (sizeof(TE) == 2 && std::is_same_v<T2, float>) {  // half expMax, 16 a row
                    Widen8To16(part, expMax, rows);
                    AscendC::PipeBarrier<PIPE_V>();
                    AscendC::Cast(o.expMax[row0 * 16], part, AscendC::RoundMode::CAST_RINT, rows * 16);
                } else {
                    StoreRows(o.expMax[at], expMax, r);
                }
                AscendC::PipeBarrier<PIPE_V>();
            }
        }
        StoreRows(o.max[at], red, r);  // every input row of max was read above
        AscendC::PipeBarrier<PIPE_V>();
        BroadcastRows<true>(x, rowsIn, red, rows, s.k, width);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Exp(x, x, static_cast<int32_t>(n));
        AscendC::PipeBarrier<PIPE_V>();
        if constexpr (!std::is_same_v<T1, float>) {
            AscendC::Cast(o.dst[row0 * s.k], x, AscendC::RoundMode::CAST_RINT, n);
            AscendC::PipeBarrier<PIPE_V>();
        }
        ReduceRows<false>(red, x, part, rows, s.k, s.oriK, width);
        AscendC::PipeBarrier<PIPE_V>();
        if constexpr (isUpdate) {
            const LocalTensor<float> inSum = AsFloatRows(o.inExpSum[at], part[r], r);
            AscendC::Mul(part, expMax, inSum, static_cast<int32_t>(r));
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Add(red, part, red, static_cast<int32_t>(r));
            AscendC::PipeBarrier<PIPE_V>();
        }
        StoreRows(o.expSum[at], red, r);
        AscendC::PipeBarrier<PIPE_V>();
    }
}

}  // namespace sim::vec::softmax

namespace AscendC {

#define ASCENDC_SIM_FLASHV2_CHECKS(T)                                                                   \
    static_assert(sim::vec::kActivationType<T>, "SoftmaxFlashV2: element type must be half or float on Atlas A2/A3"); \
    static_assert(!isDataFormatNZ, "SoftmaxFlashV2: isDataFormatNZ = true (NZ format) is not modelled by the sim")
#define ASCENDC_SIM_FLASHV2_TEMPLATE                                                                    \
    template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, \
              bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>

ASCENDC_SIM_FLASHV2_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV2(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor, const LocalTensor<T>& maxTensor,
    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV2_CHECKS(T);
    sim::NoteCallSite();
    sim::vec::softmax::FlashOperands<T, T, T> o{dstTensor, srcTensor, {}, expSumTensor, maxTensor,
                                                inExpSumTensor, inMaxTensor, expMaxTensor, false};
    sim::vec::softmax::RunFlashV2<isUpdate, T, T, T, isBasicBlock, config>(o, sharedTmpBuffer, tiling, softmaxShapeInfo);
}

ASCENDC_SIM_FLASHV2_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV2(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax, const LocalTensor<T>& expSumTensor,
    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
    const LocalTensor<T>& inExpSumTensor, const LocalTensor<T>& inMaxTensor,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV2_CHECKS(T);
    sim::NoteCallSite();
    sim::vec::softmax::FlashOperands<T, T, T> o{dstTensor,      srcTensor,   outReduceMax, expSumTensor, maxTensor,
                                                inExpSumTensor, inMaxTensor, expMaxTensor, true};
    sim::vec::softmax::RunFlashV2<isUpdate, T, T, T, isBasicBlock, config>(o, sharedTmpBuffer, tiling, softmaxShapeInfo);
}

ASCENDC_SIM_FLASHV2_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV2(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor, const LocalTensor<float>& maxTensor,
    const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor,
    const LocalTensor<float>& inExpSumTensor, const LocalTensor<float>& inMaxTensor,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV2_CHECKS(half);
    sim::NoteCallSite();
    sim::vec::softmax::FlashOperands<half, float, half> o{dstTensor,      srcTensor,   {}, expSumTensor, maxTensor,
                                                          inExpSumTensor, inMaxTensor, expMaxTensor, false};
    sim::vec::softmax::RunFlashV2<isUpdate, half, float, half, isBasicBlock, config>(o, sharedTmpBuffer, tiling,
                                                                                    softmaxShapeInfo);
}

ASCENDC_SIM_FLASHV2_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV2(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor, const LocalTensor<T>& maxTensor,
    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV2_CHECKS(T);
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxFlashV2"), &stack)) return;
    sim::vec::softmax::FlashOperands<T, T, T> o{dstTensor, srcTensor, {}, expSumTensor, maxTensor,
                                                inExpSumTensor, inMaxTensor, expMaxTensor, false};
    sim::vec::softmax::RunFlashV2<isUpdate, T, T, T, isBasicBlock, config>(o, stack, tiling, softmaxShapeInfo);
}

ASCENDC_SIM_FLASHV2_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV2(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& outReduceMax, const LocalTensor<T>& outExpSum,
    const LocalTensor<T>& outMax, const LocalTensor<T>& srcTensor, const LocalTensor<T>& outExpMax,
    const LocalTensor<T>& inExpSum, const LocalTensor<T>& inMax, const SoftMaxTiling& tiling,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV2_CHECKS(T);
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxFlashV2"), &stack)) return;
    sim::vec::softmax::FlashOperands<T, T, T> o{dstTensor, srcTensor, outReduceMax, outExpSum, outMax,
                                                inExpSum,  inMax,     outExpMax,    true};
    sim::vec::softmax::RunFlashV2<isUpdate, T, T, T, isBasicBlock, config>(o, stack, tiling, softmaxShapeInfo);
}

ASCENDC_SIM_FLASHV2_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV2(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor, const LocalTensor<float>& maxTensor,
    const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor,
    const LocalTensor<float>& inExpSumTensor, const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_FLASHV2_CHECKS(half);
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxFlashV2"), &stack)) return;
    sim::vec::softmax::FlashOperands<half, float, half> o{dstTensor,      srcTensor,   {}, expSumTensor, maxTensor,
                                                          inExpSumTensor, inMaxTensor, expMaxTensor, false};
    sim::vec::softmax::RunFlashV2<isUpdate, half, float, half, isBasicBlock, config>(o, stack, tiling,
                                                                                    softmaxShapeInfo);
}

// The kernel-side tiling (asc-devkit impl/adv_api/detail/activation/softmax/
// softmax_flashv2_base_impl.h): the host's formulas (tiling/softmax_flashv2_tiling.h) for an
// srcM x srcK shape, localWorkSpaceSize counted as the implementation divides it, in floats
// (it passes the temp's GetSize() of float); the basic block lowers baseM to a multiple of 8.
// isDataFormatNZ is not modelled (it is ignored: the ND numbers).
__aicore__ inline constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo,
                                                                   const uint32_t dataTypeSize1,
                                                                   const uint32_t dataTypeSize2,
                                                                   const uint32_t localWorkSpaceSize,
                                                                   const bool isUpdate = false,
                                                                   const bool isBasicBlock = false,
                                                                   const bool isDataFormatNZ = false,
                                                                   const bool isFlashOutputBrc = false) {
    (void)isUpdate;
    (void)isDataFormatNZ;
    SoftMaxTiling t;
    const uint32_t m = shapeInfo.srcM, k = shapeInfo.srcK;
    const uint32_t b = dataTypeSize2 != 0 ? 32 / dataTypeSize2 : 8;
    const bool basic = isBasicBlock && k % 64 == 0 && m % 8 == 0;
    const uint32_t perRow = dataTypeSize1 == 2 ? (basic ? b + k + 64 : 2 * b + k + 64) : b + 64;
    uint32_t baseM = localWorkSpaceSize / perRow;
    if (basic && baseM > 8 && baseM < m) baseM = baseM / 8 * 8;
    const uint32_t tile = isFlashOutputBrc && dataTypeSize1 == 2 ? 16 : 8;
    if (baseM < m && baseM > tile) baseM = baseM / tile * tile;
    baseM = baseM < m ? baseM : m;
    t.srcM = m;
    t.srcK = k;
    t.srcSize = m * k;
    t.outMaxM = m;
    t.outMaxK = b;
    t.outMaxSize = m * b;
    t.reduceM = baseM;
    t.reduceK = b;
    t.reduceSize = baseM * b;
    t.splitM = baseM;
    t.splitK = k;
    t.splitSize = baseM * k;
    t.rangeM = baseM != 0 ? m / baseM : 0;
    t.tailM = baseM != 0 ? m % baseM : 0;
    t.tailSplitSize = t.tailM * k;
    t.tailReduceSize = t.tailM * b;
    return t;
}

#undef ASCENDC_SIM_FLASHV2_CHECKS
#undef ASCENDC_SIM_FLASHV2_TEMPLATE

}  // namespace AscendC

// ---- SoftmaxFlashV3 (CANN's include/adv_api/activation/softmaxflashv3.h) ----
// T half, U float, ND, as the A2 implementation (asc-devkit impl/adv_api/detail/activation/
// softmax/membase/v220/softmax_flashv3_impl.h) runs it per tile of tiling.splitM rows
// (tiling.rangeM tiles, then tiling.tailM rows), every step one vector instruction:
//   x = float(src); per row 64 partial sums (BlockReduceSum of the first 512, then Add of each
//   further 64 lanes); rowMeanLocal = 8 sums of 8 partials / baseK (baseK = K / splitMeanCnt);
//   meanTmp = their mean (8 a row); shift_g = (meanTmp - rowMeanLocal_g) * alpha / (1 - alpha);
//   x -= shift_g over chunk g of baseK columns;
//   isUpdate = false: mean = meanTmp; max = rowmax(x) + shiftCurr (shiftCurr = (meanTmp - mean) a/(1-a));
//   isUpdate = true: mean = (inMean (loopCnt - 1) + meanTmp) / loopCnt; max = rowmax(x) + shiftCurr;
//     shiftPrev = (inMean - mean) a/(1-a); max = Max(max, inMax + shiftPrev);
//     expMax = exp(inMax - max + shiftPrev) (half, 16 a row); expSum = expMax * inExpSum;
//   x = exp(x - (max - shiftCurr)); dst = half(x) (CAST_ROUND); expSum (+)= rowsum(x).
// The steps run in this order on the caller's tensors, so outputs that are also inputs (the
// sample passes mean/expSum/max as both) are read after being written, as on hardware.
// One deviation: the implementation spreads shift_g over its chunk with one Counter-mode Copy of
// count baseK and splitMeanCnt repeats, which under the sim's Counter-mode model (the count
// covers the whole instruction) would fill only the first 64 columns of each of the first
// baseK / 64 chunks; the sim copies each chunk in Normal mode (baseK / 64 repeats of 64 lanes),
// the result CANN's sample expects. Temp (floats): splitSize + splitM * 64 + 4 * reduceSize + K.
// Checks: T half and U float (compile time); isDataFormatNZ false (compile time); srcK >= 512,
// oriSrcK == srcK, a multiple of 64, splitMeanCnt 8 (the implementation forms 8 partial means a
// row) with srcK / 8 a multiple of 64 (ApiMisuse; the rest is not modelled); the temp size (ApiMisuse).
namespace AscendC {
#ifndef ASCENDC_SIM_SOFTMAX_PARAMS
#define ASCENDC_SIM_SOFTMAX_PARAMS
struct SoftMaxParams {
    uint32_t srcM{0};
    uint32_t srcK{0};
    uint32_t oriSrcM{0};
    uint32_t oriSrcK{0};
    uint32_t loopCnt{1};
    uint32_t splitMeanCnt{8};
    float alpha{0.9375};
};
#endif
}  // namespace AscendC

namespace sim::vec::softmax {

struct FlashV3Tensors {
    AscendC::LocalTensor<half> dst, src, expMax;
    AscendC::LocalTensor<float> mean, expSum, max, inMean, inExpSum, inMax;
};

template <bool isUpdate>
void FlashV3Tile(const FlashV3Tensors& o, const AscendC::LocalTensor<float>& work, const SoftMaxTiling& tiling,
                 const AscendC::SoftMaxParams& params, uint32_t rows, uint32_t offset1, uint32_t offset2) {
    const uint32_t k = params.srcK, n = rows * k, reduce = rows * kFloatsPerBlock;
    const uint32_t baseK = k / params.splitMeanCnt;
    const float ratio = params.alpha / (1.0f - params.alpha);
    const AscendC::LocalTensor<float> x = work, meanTmp = work[tiling.splitSize];
    const AscendC::LocalTensor<float> part = work[tiling.splitSize + tiling.reduceSize];
    const uint32_t at = tiling.splitSize + tiling.splitM * kLanes + tiling.reduceSize;
    const AscendC::LocalTensor<float> maxTmp = work[at], shiftCurr = work[at + tiling.reduceSize];
    const AscendC::LocalTensor<float> shiftPrev = work[at + 2 * tiling.reduceSize];
    const AscendC::LocalTensor<float> spread = work[at + 3 * tiling.reduceSize];
    const AscendC::LocalTensor<float> rowMeanLocal = maxTmp, rowMeanGlobal = shiftCurr;

    AscendC::Cast(x, o.src[offset1], AscendC::RoundMode::CAST_NONE, n);
    AscendC::PipeBarrier<PIPE_V>();
    // 64 partial sums a row
    for (uint32_t i = 0; i < rows; ++i) {
        AscendC::BlockReduceSum<float>(part[i * kLanes], x[i * k], 8, kLanes, 1, 1, 8);
    }
    const uint32_t remain = k / kLanes - 8;
    if (remain != 0) {
        AscendC::PipeBarrier<PIPE_V>();
        for (uint32_t i = 0; i < rows; ++i) {
            AscendC::Add<float>(part[i * kLanes], x[i * k + 8 * kLanes], part[i * kLanes], kLanes,
                                static_cast<uint8_t>(remain), {1, 1, 1, 0, 8, 0});
        }
    }
    AscendC::PipeBarrier<PIPE_V>();
    if (rows % 8 != 0) {  // the Brcb below reads 8 row sums a repeat: define the ones past the last row
        AscendC::Duplicate(rowMeanGlobal, 0.0f, static_cast<int32_t>((rows + 7) / 8 * 8));
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::SetMaskCount();
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, rows * kLanes);
    AscendC::BlockReduceSum<float, false>(rowMeanLocal, part, 1, AscendC::MASK_PLACEHOLDER, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    const AscendC::UnaryRepeatParams unary;
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, reduce);
    AscendC::Muls<float, false>(rowMeanLocal, rowMeanLocal, 1.0f / baseK, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::BlockReduceSum<float, false>(rowMeanGlobal, rowMeanLocal, 1, AscendC::MASK_PLACEHOLDER, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
    AscendC::Brcb<float>(part, rowMeanGlobal, static_cast<uint8_t>((rows + 7) / 8), {1, kFloatsPerBlock});
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(meanTmp, part, 1.0f / kFloatsPerBlock, static_cast<int32_t>(reduce));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Sub(rowMeanGlobal, meanTmp, rowMeanLocal, static_cast<int32_t>(reduce));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(rowMeanGlobal, rowMeanGlobal, ratio, static_cast<int32_t>(reduce));
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t i = 0; i < rows; ++i) {
        AscendC::Brcb<float>(part, rowMeanGlobal[i * params.splitMeanCnt], 1, {1, kFloatsPerBlock});
        AscendC::PipeBarrier<PIPE_V>();
        for (uint32_t g = 0; g < params.splitMeanCnt; ++g) {
            AscendC::Copy<float>(spread[g * baseK], part[g * kFloatsPerBlock], kLanes,
                                 static_cast<uint8_t>(baseK / kLanes), {1, 0, 8, 0});
        }
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Sub(x[i * k], x[i * k], spread, static_cast<int32_t>(k));
        AscendC::PipeBarrier<PIPE_V>();
    }
    const AscendC::LocalTensor<float> mean = o.mean[offset2], max = o.max[offset2], expSum = o.expSum[offset2];
    const int32_t r = static_cast<int32_t>(reduce);
    if constexpr (isUpdate) {
        AscendC::Muls(mean, o.inMean[offset2], static_cast<float>(params.loopCnt) - 1.0f, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add(mean, mean, meanTmp, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls(mean, mean, 1.0f / params.loopCnt, r);
    } else {
        AscendC::DataCopy(mean, meanTmp, static_cast<uint32_t>(r));
    }
    AscendC::PipeBarrier<PIPE_V>();
    ReduceRows<true>(maxTmp, x, part, rows, k, k, kFloatsPerBlock);
    AscendC::PipeBarrier<PIPE_V>();
    // shiftCurr = (meanTmp - mean) a/(1-a); max = maxTmp + shiftCurr
    AscendC::Sub(shiftCurr, meanTmp, mean, r);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(shiftCurr, shiftCurr, ratio, r);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Add(max, maxTmp, shiftCurr, r);
    AscendC::PipeBarrier<PIPE_V>();
    if constexpr (isUpdate) {
        AscendC::Sub(shiftPrev, o.inMean[offset2], mean, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls(shiftPrev, shiftPrev, ratio, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add(maxTmp, o.inMax[offset2], shiftPrev, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Max(max, max, maxTmp, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Sub(maxTmp, o.inMax[offset2], max, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add(maxTmp, shiftPrev, maxTmp, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Exp(maxTmp, maxTmp, r);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul(expSum, maxTmp, o.inExpSum[offset2], r);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::Sub(shiftCurr, max, shiftCurr, r);
    AscendC::PipeBarrier<PIPE_V>();
    BroadcastRows<true>(x, x, shiftCurr, rows, k, kFloatsPerBlock);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Exp(x, x, static_cast<int32_t>(n));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Cast(o.dst[offset1], x, AscendC::RoundMode::CAST_ROUND, n);
    AscendC::PipeBarrier<PIPE_V>();
    if constexpr (isUpdate) {
        ReduceRows<false>(meanTmp, x, part, rows, k, k, kFloatsPerBlock);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add(expSum, expSum, meanTmp, r);
        AscendC::PipeBarrier<PIPE_V>();
        Widen8To16(x, maxTmp, rows);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(o.expMax[offset2 * 2], x, AscendC::RoundMode::CAST_ROUND, 2 * reduce);
    } else {
        ReduceRows<false>(expSum, x, part, rows, k, k, kFloatsPerBlock);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

template <bool isUpdate>
void FlashV3Run(const FlashV3Tensors& o, const AscendC::LocalTensor<uint8_t>& temp, const SoftMaxTiling& tiling,
                const AscendC::SoftMaxParams& params) {
    const char* name = "SoftmaxFlashV3";
    const uint32_t k = params.srcK;
    if (k < 512 || k % kLanes != 0 || (params.oriSrcK != 0 && params.oriSrcK != k)) {
        Misuse(std::string(name) + ": srcK " + std::to_string(k) + " (oriSrcK " + std::to_string(params.oriSrcK) +
               ") must be at least 512, a multiple of 64 and equal to oriSrcK (other shapes are not modelled)");
        return;
    }
    if (params.splitMeanCnt != kFloatsPerBlock || (k / params.splitMeanCnt) % kLanes != 0 ||
        params.loopCnt == 0 || tiling.splitM == 0 || tiling.reduceSize != tiling.splitM * kFloatsPerBlock ||
        tiling.splitSize != tiling.splitM * k) {
        Misuse(std::string(name) + ": splitMeanCnt " + std::to_string(params.splitMeanCnt) + ", loopCnt " +
               std::to_string(params.loopCnt) + " or the tiling (splitM " + std::to_string(tiling.splitM) +
               ", splitSize " + std::to_string(tiling.splitSize) + ", reduceSize " + std::to_string(tiling.reduceSize) +
               ") do not fit srcK " + std::to_string(k) +
               " (the A2 implementation forms 8 partial means a row: splitMeanCnt 8, srcK / 8 a multiple of 64; "
               "loopCnt >= 1)");
        return;
    }
    const uint64_t floats = uint64_t{tiling.splitSize} + uint64_t{tiling.splitM} * kLanes + 4ull * tiling.reduceSize + k;
    if (uint64_t{temp.GetSize()} < floats * sizeof(float)) {
        Misuse(std::string(name) + ": sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, " +
               std::to_string(floats * sizeof(float)) + " needed for a tile of " + std::to_string(tiling.splitM) +
               " rows (GetSoftMaxFlashV3MaxMinTmpSize)");
        return;
    }
    const AscendC::LocalTensor<float> work = temp.template ReinterpretCast<float>();
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
    AscendC::PipeBarrier<PIPE_V>();
    uint32_t offset1 = 0, offset2 = 0;
    for (uint32_t i = 0; i < tiling.rangeM; ++i) {
        FlashV3Tile<isUpdate>(o, work, tiling, params, tiling.splitM, offset1, offset2);
        offset1 += tiling.splitSize;
        offset2 += tiling.reduceSize;
    }
    if (tiling.tailM != 0) FlashV3Tile<isUpdate>(o, work, tiling, params, tiling.tailM, offset1, offset2);
}

}  // namespace sim::vec::softmax

namespace AscendC {

#define ASCENDC_SIM_FLASHV3_TEMPLATE                                                                    \
    template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false,               \
              bool isBasicBlock = false, bool isDataFormatNZ = false,                                  \
              const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
#define ASCENDC_SIM_FLASHV3_CHECKS                                                                      \
    static_assert(std::is_same_v<T, half> && std::is_same_v<U, float>,                                 \
                  "SoftmaxFlashV3: T must be half and U float on Atlas A2/A3");                       \
    static_assert(!isDataFormatNZ, "SoftmaxFlashV3: isDataFormatNZ = true (NZ format) is not modelled by the sim")

ASCENDC_SIM_FLASHV3_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV3(
    const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor, const LocalTensor<U>& expSumTensor,
    const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor, const LocalTensor<U>& inMaxTensor,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxParams& params) {
    ASCENDC_SIM_FLASHV3_CHECKS;
    sim::NoteCallSite();
    const sim::vec::softmax::FlashV3Tensors o{dstTensor, srcTensor, expMaxTensor, meanTensor, expSumTensor,
                                              maxTensor, inMeanTensor, inExpSumTensor, inMaxTensor};
    sim::vec::softmax::FlashV3Run<isUpdate>(o, sharedTmpBuffer, tiling, params);
}

ASCENDC_SIM_FLASHV3_TEMPLATE
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxFlashV3(
    const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor, const LocalTensor<U>& expSumTensor,
    const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor, const LocalTensor<U>& inMaxTensor,
    const SoftMaxTiling& tiling, const SoftMaxParams& params) {
    ASCENDC_SIM_FLASHV3_CHECKS;
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxFlashV3"), &stack)) return;
    const sim::vec::softmax::FlashV3Tensors o{dstTensor, srcTensor, expMaxTensor, meanTensor, expSumTensor,
                                              maxTensor, inMeanTensor, inExpSumTensor, inMaxTensor};
    sim::vec::softmax::FlashV3Run<isUpdate>(o, stack, tiling, params);
}

#undef ASCENDC_SIM_FLASHV3_CHECKS
#undef ASCENDC_SIM_FLASHV3_TEMPLATE

}  // namespace AscendC

