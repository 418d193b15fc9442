// High-level SoftmaxGrad and SoftmaxGradFront (CANN's include/adv_api/activation/softmaxgrad.h),
// ND format, as the Atlas A2/A3 implementation runs them (asc-devkit
// impl/adv_api/detail/activation/softmax/softmax_grad_base_impl.h with
// membase/common/softmax_grad_nd_impl.h), on the SoftMax engine of vector_softmax.h (its shape
// reading, tiles, row reduction and row broadcast; every step one vector instruction of the sim).
// Per tile of rows, in float (half sources are Cast to float first, CAST_NONE, and the result
// back with CAST_ROUND, the v220 FLOAT2HALF_ROUND_MODE):
//   p = src * grad; s = rowsum(p over the first oriSrcK lanes)
//   SoftmaxGradFront, SoftmaxGrad(isFront = true): dst row = s spread over one 32-B block
//     (8 floats or 16 halves a row: dst is srcM x that);
//   SoftmaxGrad(isFront = false): dst = (grad - s) * src over all srcK (dst srcM x srcK; it may be
//     srcTensor itself, as the page allows).
// The row sum is vector_softmax.h's (64-lane partials, then WholeReduceSum's tree).
// Temp (floats a row): half: 3 srcK (src, grad, p in float) + 64 + 16; float: srcK + 64 (+ 8 for
// the sum rows of isFront = false). GetSoftMaxGradMinTmpSize (16 x 2 + 3 K + 64 for half,
// 8 x 2 + K + 64 or 8 + K + 64 for float) covers it. A tiling made for another shape is
// recomputed from the temp, as the implementation's kernel-side SoftMaxGradTilingFunc does.
// isBasicBlock (SoftmaxGradFront) runs the same steps; its shape conditions are checked.
// isDataFormatNZ = true is not modelled (compile error).
// Checks as CANN's (api_check/kernel_check/activation/softmax/softmax_grad, softmax_grad_front):
// T half or float (compile time), isReuseSource reserved (false), srcK 32-B aligned, ori within
// the shape, src, grad and dst large enough, grad and src of one size, the temp holding one row
// (else ApiMisuse naming GetSoftMaxGradMinTmpSize) and disjoint from every operand.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_softmax.h"

namespace sim::vec::softmax {

template <class T>
constexpr uint32_t GradTempFloatsPerRow(uint32_t k, bool front) {
    if constexpr (std::is_same_v<T, half>) return 3 * k + kLanes + 2 * kFloatsPerBlock;
    else return k + kLanes + (front ? 0 : kFloatsPerBlock);
}

template <class T, bool isBasicBlock>
void GradRun(const char* name, bool front, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& grad,
             const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<uint8_t>& temp,
             const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info) {
    const ApiName api = Named(name);
    Shape s;
    if (!ReadShape<AscendC::SOFTMAX_DEFAULT_CFG>(name, tiling, info, sizeof(T), &s)) return;
    if (!CheckBasicBlock<T, T, isBasicBlock>(name, s)) return;
    const uint32_t rowFloats = GradTempFloatsPerRow<T>(s.k, front);
    Tiles t;
    if (!ReadTiles(name, tiling, s, temp.GetSize() / sizeof(float), rowFloats, temp.SimRef(), &t,
                   "GetSoftMaxGradMinTmpSize")) {
        return;
    }
    constexpr uint32_t width = BlockElements<T>();
    const uint64_t bytes = uint64_t{s.m} * s.k * sizeof(T);
    const uint64_t dstBytes = front ? uint64_t{s.m} * kBlockBytes : bytes;
    if (!CheckFits(api, "srcTensor", src.SimRef(), bytes) || !CheckFits(api, "gradTensor", grad.SimRef(), bytes) ||
        !CheckFits(api, "dstTensor", dst.SimRef(), dstBytes)) {
        return;
    }
    if (grad.GetSize() != src.GetSize()) {
        Misuse(std::string(name) + ": gradTensor (" + std::to_string(grad.GetSize()) + " elements) and srcTensor (" +
               std::to_string(src.GetSize()) + ") must have one size");
        return;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{t.rows} * rowFloats * sizeof(float), 1};
    CheckDisjoint(api, OperandRange{"srcTensor", src.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"gradTensor", grad.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), dstBytes, sizeof(T)}, tempRange);

    const AscendC::LocalTensor<float> work = temp.template ReinterpretCast<float>();
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t tile = 0; tile <= t.range; ++tile) {
        const uint32_t rows = tile < t.range ? t.rows : t.tail;
        if (rows == 0) break;
        const uint32_t row0 = tile * t.rows;
        const uint32_t n = rows * s.k;
        const AscendC::LocalTensor<T> srcTile = src[row0 * s.k];
        const AscendC::LocalTensor<T> gradTile = grad[row0 * s.k];
        if constexpr (std::is_same_v<T, half>) {
            const AscendC::LocalTensor<float> x = work, g = work[t.rows * s.k], p = work[2 * t.rows * s.k];
            const AscendC::LocalTensor<float> part = work[3 * t.rows * s.k];
            const AscendC::LocalTensor<float> red = work[3 * t.rows * s.k + t.rows * kLanes];
            AscendC::Cast(x, srcTile, AscendC::RoundMode::CAST_NONE, n);
            AscendC::Cast(g, gradTile, AscendC::RoundMode::CAST_NONE, n);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul(p, x, g, n);
            AscendC::PipeBarrier<PIPE_V>();
            if (front) {
                ReduceRows<false>(red, p, part, rows, s.k, s.oriK, width);
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Cast(dst[row0 * width], red, AscendC::RoundMode::CAST_ROUND, rows * width);
            } else {
                ReduceRows<false>(red, p, part, rows, s.k, s.oriK, kFloatsPerBlock);
                AscendC::PipeBarrier<PIPE_V>();
                BroadcastRows<true>(p, g, red, rows, s.k, kFloatsPerBlock);
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Mul(p, p, x, n);
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Cast(dst[row0 * s.k], p, AscendC::RoundMode::CAST_ROUND, n);
            }
        } else {
            const AscendC::LocalTensor<float> p = work, part = work[t.rows * s.k];
            const AscendC::LocalTensor<float> red = work[t.rows * s.k + t.rows * kLanes];
            AscendC::Mul(p, srcTile, gradTile, n);
            AscendC::PipeBarrier<PIPE_V>();
            if (front) {
                ReduceRows<false>(dst[row0 * width], p, part, rows, s.k, s.oriK, width);
            } else {
                ReduceRows<false>(red, p, part, rows, s.k, s.oriK, kFloatsPerBlock);
                AscendC::PipeBarrier<PIPE_V>();
                BroadcastRows<true>(p, gradTile, red, rows, s.k, kFloatsPerBlock);
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Mul(dst[row0 * s.k], srcTile, p, n);
            }
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

}  // namespace sim::vec::softmax

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxGrad(const LocalTensor<T>& dstTensor,
                                                        const LocalTensor<T>& gradTensor,
                                                        const LocalTensor<T>& srcTensor,
                                                        const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                        const SoftMaxTiling& tiling, bool isFront = false,
                                                        const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(sim::vec::kActivationType<T>, "SoftmaxGrad: element type must be half or float on Atlas A2/A3");
    static_assert(!isDataFormatNZ, "SoftmaxGrad: isDataFormatNZ = true (NZ format) is not modelled by the sim");
    sim::NoteCallSite();
    if (!sim::vec::CheckReservedReuse(sim::vec::Named("SoftmaxGrad"), isReuseSource)) return;
    sim::vec::softmax::GradRun<T, false>("SoftmaxGrad", isFront, dstTensor, gradTensor, srcTensor, sharedTmpBuffer,
                                         tiling, softmaxShapeInfo);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxGrad(const LocalTensor<T>& dstTensor,
                                                        const LocalTensor<T>& gradTensor,
                                                        const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                                                        bool isFront = false,
                                                        const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(sim::vec::kActivationType<T>, "SoftmaxGrad: element type must be half or float on Atlas A2/A3");
    static_assert(!isDataFormatNZ, "SoftmaxGrad: isDataFormatNZ = true (NZ format) is not modelled by the sim");
    sim::NoteCallSite();
    if (!sim::vec::CheckReservedReuse(sim::vec::Named("SoftmaxGrad"), isReuseSource)) return;
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxGrad"), &stack)) return;
    sim::vec::softmax::GradRun<T, false>("SoftmaxGrad", isFront, dstTensor, gradTensor, srcTensor, stack, tiling,
                                         softmaxShapeInfo);
}

template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxGradFront(const LocalTensor<T>& dstTensor,
                                                             const LocalTensor<T>& gradTensor,
                                                             const LocalTensor<T>& srcTensor,
                                                             const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                             const SoftMaxTiling& tiling,
                                                             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(sim::vec::kActivationType<T>, "SoftmaxGradFront: element type must be half or float on Atlas A2/A3");
    static_assert(!isDataFormatNZ, "SoftmaxGradFront: isDataFormatNZ = true (NZ format) is not modelled by the sim");
    sim::NoteCallSite();
    sim::vec::softmax::GradRun<T, isBasicBlock>("SoftmaxGradFront", true, dstTensor, gradTensor, srcTensor,
                                                sharedTmpBuffer, tiling, softmaxShapeInfo);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftmaxGradFront(const LocalTensor<T>& dstTensor,
                                                             const LocalTensor<T>& gradTensor,
                                                             const LocalTensor<T>& srcTensor,
                                                             const SoftMaxTiling& tiling,
                                                             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(sim::vec::kActivationType<T>, "SoftmaxGradFront: element type must be half or float on Atlas A2/A3");
    static_assert(!isDataFormatNZ, "SoftmaxGradFront: isDataFormatNZ = true (NZ format) is not modelled by the sim");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftmaxGradFront"), &stack)) return;
    sim::vec::softmax::GradRun<T, isBasicBlock>("SoftmaxGradFront", true, dstTensor, gradTensor, srcTensor, stack,
                                                tiling, softmaxShapeInfo);
}

}  // namespace AscendC
