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
