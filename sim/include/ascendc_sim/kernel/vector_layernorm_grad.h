// High-level LayerNormGrad and LayerNormGradBeta (CANN's include/adv_api/normalization/
// layernormgrad.h, layernormgradbeta.h, LayerNormGradShapeInfo of layernormgrad_utils.h), as the
// Atlas A2/A3 implementations run them (asc-devkit impl/adv_api/detail/normalization/layernormgrad/
// layernormgrad_common_impl.h and layernormgradbeta_common_impl.h), every step one count-form
// (LayerNormGrad) or Counter-mode (LayerNormGradBeta) vector instruction of the sim.
//
// LayerNormGrad, x [B, S, H], per tile of nohCalSize rows (oneCalSize elements; then the tail),
// in float (half inputs Cast to float first, results Cast back, CAST_NONE):
//   x1 = dy * gamma (per row); x2 = x - mean (mean broadcast over the row: Brcb of 8 rows' values
//   into one 32-byte block of each of those rows, per block column; leftover rows a Duplicate of
//   the scalar); r = 1 / sqrt((var + eps)^3) (the cube: two Muls, then Sqrt and Div of a block of
//   1.0); pdVar = RowSum(x2 * r * x1 * -0.5); r = 1 / sqrt(var + eps); resForGamma = x2 * r;
//   x3 = x1 * r; pdMean = RowSum(x3 * -1) + pdVar * (RowSum(x2 * -2) * 1/originalH);
//   pdX = x2 * pdVar * 2/originalH + pdMean * 1/originalH + x3.
//   RowSum: WholeReduceSum over 64-lane pieces (up to 255 a call) into the row's start, again over
//   the partial sums until one is left (in dst[i]).
// LayerNormGradBeta: pdGamma = sum over the rows of dy * resForGamma, pdBeta = sum of dy, the
// rows added one by one into the H-long outputs (the first tile's first row copied by Adds 0);
// rows are taken originalHLength apart, as CANN's implementation does.
// Checks: T half or float (compile time); a tiling with rows (naming the tiling functions);
// operands within their shapes; the temp at least the tiling's buffers.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/shape_info.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "kernel_tiling/kernel_tiling.h"

namespace AscendC {

struct LayerNormGradShapeInfo {
    DataFormat dataFormat = DataFormat::ND;
};

}  // namespace AscendC

namespace sim::vec::layernorm_grad {

using AscendC::LocalTensor;
constexpr uint64_t P = AscendC::MASK_PLACEHOLDER;

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

inline float AsFloat(uint32_t w) {
    float f;
    std::memcpy(&f, &w, 4);
    return f;
}

struct Buffers {
    LocalTensor<float> bsh, pdVar, pdMean, x1, x2, x3, tmp, tmp1, tmp2;
    uint32_t h = 0;
    float back = 0, backTwice = 0;
};

// dst row i (h long) = src[i], rows [0, rows).
inline void BroadcastRows(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t rows, uint32_t h) {
    const uint32_t line = h / 8, full = rows / 8 * 8;
    AscendC::BrcbRepeatParams params;
    params.dstBlkStride = static_cast<uint16_t>(line);
    params.dstRepStride = static_cast<uint16_t>(h);
    for (uint32_t i = 0; i < line; ++i) {
        for (uint32_t done = 0; done < full / 8; done += 255) {
            const uint32_t rep = full / 8 - done < 255 ? full / 8 - done : 255;
            AscendC::Brcb(dst[i * 8 + done * 8 * h], src[done * 8], static_cast<uint8_t>(rep), params);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
    if (full < rows) {
        const auto vs = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
        AscendC::SetFlag<AscendC::HardEvent::V_S>(vs);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(vs);
        float values[8] = {0};
        for (uint32_t j = full; j < rows; ++j) values[j - full] = src.GetValue(j);
        for (uint32_t j = full; j < rows; ++j) {
            AscendC::Duplicate(dst[j * h], values[j - full], static_cast<int32_t>(h));
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::PipeBarrier<PIPE_V>();
}

inline void RowSums(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t n, uint32_t h) {
    for (uint32_t i = 0; i < n / h; ++i) {
        uint32_t total = h;
        LocalTensor<float> from = src;
        const uint32_t row = i * h;
        while (total > 1) {
            const uint32_t reps = total / 64, tail = total % 64, blocks = reps / 255, blockTail = reps % 255;
            for (uint32_t j = 0; j < blocks; ++j) {
                AscendC::WholeReduceSum(dst[row + j * 255], from[row + j * 255 * 64], 64, 255, 1, 1, 8);
            }
            AscendC::PipeBarrier<PIPE_V>();
            LocalTensor<float> to = total == 64 ? dst[i] : dst[row + blocks * 255];
            if (blockTail > 0) {
                AscendC::WholeReduceSum(to, from[row + blocks * 255 * 64], 64, static_cast<int32_t>(blockTail), 1, 1,
                                        8);
                AscendC::PipeBarrier<PIPE_V>();
            }
            to = total < 64 ? dst[i] : dst[row + total / 64];
            if (tail > 0) {
                AscendC::WholeReduceSum(to, from[row + reps * 64], static_cast<int32_t>(tail), 1, 1, 1, 8);
                AscendC::PipeBarrier<PIPE_V>();
            }
            total = (total + 63) / 64;
            from = dst;
        }
    }
}

// dst = 1 / src over n lanes (Div of a block of 1.0 with source stride 0).
inline void OneOver(const LocalTensor<float>& dst, const LocalTensor<float>& one, const LocalTensor<float>& src,
                    uint32_t n) {
    AscendC::SetMaskCount();
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, 8);
    AscendC::Duplicate<float, false>(one, 1.0f, P, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, n);
    AscendC::Div<float, false>(dst, one, src, P, 1, AscendC::BinaryRepeatParams(1, 0, 1, 8, 0, 8));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskNorm();
}

inline void StepsFromVar(const Buffers& b, const LocalTensor<float>& var, const LocalTensor<float>& pdX,
                         const LocalTensor<float>& resForGamma, float eps, uint32_t n, uint32_t rows) {
    const uint32_t h = b.h;
    const int32_t ni = static_cast<int32_t>(n), ri = static_cast<int32_t>(rows);
    // pdVar
    AscendC::Adds(b.tmp, var, eps, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul(b.bsh, b.tmp, b.tmp, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul(b.tmp, b.bsh, b.tmp, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Sqrt(b.tmp, b.tmp, ri);
    AscendC::PipeBarrier<PIPE_V>();
    OneOver(b.tmp, b.bsh, b.tmp, rows);
    BroadcastRows(b.bsh, b.tmp, rows, h);
    AscendC::Mul(b.bsh, b.x2, b.bsh, ni);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul(b.bsh, b.x1, b.bsh, ni);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(b.bsh, b.bsh, -0.5f, ni);
    AscendC::PipeBarrier<PIPE_V>();
    RowSums(b.pdVar, b.bsh, n, h);
    AscendC::PipeBarrier<PIPE_V>();
    // pdMean
    AscendC::Adds(b.tmp, var, eps, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Sqrt(b.tmp, b.tmp, ri);
    AscendC::PipeBarrier<PIPE_V>();
    OneOver(b.tmp, b.bsh, b.tmp, rows);
    BroadcastRows(b.bsh, b.tmp, rows, h);
    AscendC::Mul(resForGamma, b.x2, b.bsh, ni);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul(b.x3, b.x1, b.bsh, ni);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(b.bsh, b.x3, -1.0f, ni);
    AscendC::PipeBarrier<PIPE_V>();
    RowSums(b.pdMean, b.bsh, n, h);
    AscendC::Muls(b.bsh, b.x2, -2.0f, ni);
    AscendC::PipeBarrier<PIPE_V>();
    RowSums(b.tmp, b.bsh, n, h);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(b.tmp, b.tmp, b.back, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul(b.tmp, b.pdVar, b.tmp, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Add(b.pdMean, b.pdMean, b.tmp, ri);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::PipeBarrier<PIPE_V>();
    // pdX
    AscendC::Muls(b.pdVar, b.pdVar, b.backTwice, ri);
    AscendC::PipeBarrier<PIPE_V>();
    BroadcastRows(b.bsh, b.pdVar, rows, h);
    AscendC::Mul(b.x1, b.bsh, b.x2, ni);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(b.pdMean, b.pdMean, b.back, ri);
    AscendC::PipeBarrier<PIPE_V>();
    BroadcastRows(b.bsh, b.pdMean, rows, h);
    AscendC::Add(b.x1, b.x1, b.bsh, ni);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Add(pdX, b.x1, b.x3, ni);
    AscendC::PipeBarrier<PIPE_V>();
}

inline void Steps(const Buffers& b, const LocalTensor<float>& dy, const LocalTensor<float>& x,
                  const LocalTensor<float>& var, const LocalTensor<float>& mean, const LocalTensor<float>& gamma,
                  const LocalTensor<float>& pdX, const LocalTensor<float>& resForGamma, float eps, uint32_t n,
                  uint32_t rows) {
    const uint32_t h = b.h;
    for (uint32_t i = 0; i < rows; ++i) AscendC::Mul(b.x1[i * h], dy[i * h], gamma, static_cast<int32_t>(h));
    AscendC::PipeBarrier<PIPE_V>();
    BroadcastRows(b.bsh, mean, rows, h);
    AscendC::Sub(b.x2, x, b.bsh, static_cast<int32_t>(n));
    AscendC::PipeBarrier<PIPE_V>();
    StepsFromVar(b, var, pdX, resForGamma, eps, n, rows);
}

template <class T, bool isReuseSource>
void Tile(Buffers b, const LocalTensor<T>& dy, const LocalTensor<T>& x, const LocalTensor<T>& var,
          const LocalTensor<T>& mean, const LocalTensor<T>& gamma, const LocalTensor<T>& pdX,
          const LocalTensor<T>& resForGamma, float eps, uint32_t n, uint32_t rows) {
    if constexpr (std::is_same_v<T, half>) {
        const int32_t ni = static_cast<int32_t>(n), ri = static_cast<int32_t>(rows);
        // dy, gamma -> x1; x, mean -> x2; var; then the float steps on the float copies
        AscendC::Cast(b.tmp1, dy, AscendC::RoundMode::CAST_NONE, ni);
        AscendC::Cast(b.tmp2, gamma, AscendC::RoundMode::CAST_NONE, static_cast<int32_t>(b.h));
        AscendC::PipeBarrier<PIPE_V>();
        const LocalTensor<float> dyF = b.tmp1, gammaF = b.tmp2;
        for (uint32_t i = 0; i < rows; ++i) AscendC::Mul(b.x1[i * b.h], dyF[i * b.h], gammaF, static_cast<int32_t>(b.h));
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(b.tmp1, x, AscendC::RoundMode::CAST_NONE, ni);
        AscendC::Cast(b.tmp2, mean, AscendC::RoundMode::CAST_NONE, ri);
        AscendC::PipeBarrier<PIPE_V>();
        BroadcastRows(b.bsh, b.tmp2, rows, b.h);
        AscendC::Sub(b.x2, b.tmp1, b.bsh, ni);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(b.tmp1, var, AscendC::RoundMode::CAST_NONE, ri);
        AscendC::PipeBarrier<PIPE_V>();
        // the float steps from pdVar on (x1, x2 already made): gamma/dy unused past this point
        StepsFromVar(b, b.tmp1, b.tmp, b.tmp2, eps, n, rows);
        AscendC::Cast(pdX, b.tmp, AscendC::RoundMode::CAST_NONE, ni);
        AscendC::Cast(resForGamma, b.tmp2, AscendC::RoundMode::CAST_NONE, ni);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        b.tmp = pdX;
        if constexpr (isReuseSource) {
            b.x1 = dy;
            b.x2 = x;
        }
        Steps(b, dy, x, var, mean, gamma, pdX, resForGamma, eps, n, rows);
    }
}

}  // namespace sim::vec::layernorm_grad

namespace sim::vec::layernorm_grad {

template <class T, bool isReuseSource>
void Run(const LocalTensor<T>& pdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& dy,
         const LocalTensor<T>& x, const LocalTensor<T>& var, const LocalTensor<T>& mean, const LocalTensor<T>& gamma,
         const LocalTensor<uint8_t>& temp, T epsilon, const LayerNormGradTiling& tiling) {
    const ApiName api = Named("LayerNormGrad");
    const uint32_t h = tiling.hLength;
    if (tiling.oneCalSize == 0 || h == 0 || tiling.nohCalSize == 0) {
        return (void)Misuse("LayerNormGrad: tiling.oneCalSize is 0; fill the tiling with GetLayerNormGradNDTilingInfo "
                            "and a size from GetLayerNormGradMaxMinTmpSize");
    }
    if (h % 8 != 0 || h / 8 > 65535) {
        return (void)Misuse("LayerNormGrad: tiling.hLength (" + std::to_string(h) + ") must be a multiple of 8");
    }
    uint32_t last = tiling.x3TensorPos;
    if constexpr (std::is_same_v<T, half>) last = tiling.tmpTensor2Pos;
    const uint64_t need = (uint64_t{last} + tiling.oneCalSize) * 4;
    if (temp.GetSize() < need) {
        return (void)Misuse("LayerNormGrad: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) +
                            " bytes, the tiling needs " + std::to_string(need) +
                            " (size it with GetLayerNormGradMaxMinTmpSize and pass that size to "
                            "GetLayerNormGradNDTilingInfo)");
    }
    const uint64_t xBytes = uint64_t{tiling.bLength} * tiling.sLength * h * sizeof(T);
    const uint64_t mvBytes = uint64_t{tiling.bLength} * tiling.sLength * sizeof(T);
    if (!CheckFits(api, "inputDy", dy.SimRef(), xBytes) || !CheckFits(api, "inputX", x.SimRef(), xBytes) ||
        !CheckFits(api, "outputPdX", pdX.SimRef(), xBytes) ||
        !CheckFits(api, "resForGamma", resForGamma.SimRef(), xBytes) ||
        !CheckFits(api, "inputVariance", var.SimRef(), mvBytes) || !CheckFits(api, "inputMean", mean.SimRef(), mvBytes) ||
        !CheckFits(api, "inputGamma", gamma.SimRef(), uint64_t{h} * sizeof(T))) {
        return;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), need, 1};
    CheckDisjoint(api, OperandRange{"inputDy", dy.SimRef(), xBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"inputX", x.SimRef(), xBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"outputPdX", pdX.SimRef(), xBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"resForGamma", resForGamma.SimRef(), xBytes, sizeof(T)}, tempRange);
    const LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Buffers b;
    b.bsh = f[tiling.tmpTensorBSHPos];
    b.pdVar = f[tiling.pdVarTensorPos];
    b.pdMean = f[tiling.pdMeanTensorPos];
    b.x1 = f[tiling.x1TensorPos];
    b.x2 = f[tiling.x2TensorPos];
    b.x3 = f[tiling.x3TensorPos];
    b.tmp = f[tiling.tmpTensorPos];
    b.tmp1 = f[tiling.tmpTensor1Pos];
    b.tmp2 = f[tiling.tmpTensor2Pos];
    b.h = h;
    b.back = AsFloat(tiling.lastDimValueBack);
    b.backTwice = AsFloat(tiling.lastDimValueBackMulTwo);
    const float eps = static_cast<float>(epsilon);
    uint32_t in = 0, mv = 0;
    for (uint32_t i = 0; i < tiling.loopNum; ++i) {
        Tile<T, isReuseSource>(b, dy[in], x[in], var[mv], mean[mv], gamma, pdX[in], resForGamma[in], eps,
                               tiling.oneCalSize, tiling.nohCalSize);
        in += tiling.oneCalSize;
        mv += tiling.nohCalSize;
    }
    if (tiling.tailSize != 0) {
        Tile<T, isReuseSource>(b, dy[in], x[in], var[mv], mean[mv], gamma, pdX[in], resForGamma[in], eps,
                               tiling.tailSize, tiling.nohTailSize);
    }
}

// dst (hCur) = sum of the bs rows of src (rows hCur apart); clear: dst starts as row 0.
template <bool clear>
void SumRows(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t bs, uint32_t hCur) {
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, hCur);
    uint32_t start = 0;
    if constexpr (clear) {
        AscendC::Adds<float, false>(dst, src, 0.0f, P, 1, AscendC::UnaryRepeatParams{});
        start = 1;
        AscendC::PipeBarrier<PIPE_V>();
    }
    for (; start < bs; ++start) {
        AscendC::Add<float, false>(dst, src[start * hCur], dst, P, 1, AscendC::BinaryRepeatParams{});
        AscendC::PipeBarrier<PIPE_V>();
    }
}

struct BetaTemps {
    LocalTensor<float> gamma, beta, dy, res;
    uint32_t bsh = 0, bs = 0, hCur = 0;
};

template <bool clear>
void BetaTileF(const BetaTemps& t, const LocalTensor<float>& res, const LocalTensor<float>& dy,
               const LocalTensor<float>& pdGamma, const LocalTensor<float>& pdBeta) {
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, t.bsh);
    AscendC::Mul<float, false>(t.res, dy, res, P, 1, AscendC::BinaryRepeatParams{});
    AscendC::PipeBarrier<PIPE_V>();
    SumRows<clear>(pdGamma, t.res, t.bs, t.hCur);
    SumRows<clear>(pdBeta, dy, t.bs, t.hCur);
}

template <bool clear, class T>
void BetaTile(const BetaTemps& t, const LocalTensor<T>& res, const LocalTensor<T>& dy, const LocalTensor<T>& pdGamma,
              const LocalTensor<T>& pdBeta) {
    if constexpr (std::is_same_v<T, half>) {
        AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(0, t.bsh);
        AscendC::UnaryRepeatParams toFloat;
        toFloat.srcRepStride = 4;
        AscendC::Cast<float, half, false>(t.dy, dy, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast<float, half, false>(t.res, res, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        BetaTileF<clear>(t, t.res, t.dy, t.gamma, t.beta);
        AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, t.hCur);
        AscendC::UnaryRepeatParams toHalf;
        toHalf.dstRepStride = 4;
        AscendC::Cast<half, float, false>(pdGamma, t.gamma, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast<half, float, false>(pdBeta, t.beta, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        BetaTileF<clear>(t, res, dy, pdGamma, pdBeta);
    }
}

template <class T, bool isReuseSource>
void RunBeta(const LocalTensor<T>& pdGamma, const LocalTensor<T>& pdBeta, const LocalTensor<T>& res,
             const LocalTensor<T>& dy, const LocalTensor<uint8_t>& temp, const LayerNormGradBetaTiling& tiling) {
    const ApiName api = Named("LayerNormGradBeta");
    if (tiling.oneCalSize == 0 || tiling.loopRound == 0) {
        return (void)Misuse("LayerNormGradBeta: tiling.oneCalSize is 0; fill the tiling with "
                            "GetLayerNormGradBetaNDTilingInfo and a size from GetLayerNormGradBetaMaxMinTmpSize");
    }
    const bool usesTemp = std::is_same_v<T, half> || !isReuseSource;
    const uint64_t need = std::is_same_v<T, half> ? (uint64_t{tiling.resForGammaTmpTensorPos} + tiling.oneCalSize) * 4
                                                  : uint64_t{tiling.oneCalSize} * 4;
    if (usesTemp && temp.GetSize() < need) {
        return (void)Misuse("LayerNormGradBeta: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) +
                            " bytes, the tiling needs " + std::to_string(need) +
                            " (size it with GetLayerNormGradBetaMaxMinTmpSize and pass that size to "
                            "GetLayerNormGradBetaNDTilingInfo)");
    }
    const uint64_t xBytes = uint64_t{tiling.bshLength} * sizeof(T), hBytes = uint64_t{tiling.originalHLength} * sizeof(T);
    if (!CheckFits(api, "resForGamma", res.SimRef(), xBytes) || !CheckFits(api, "inputDy", dy.SimRef(), xBytes) ||
        !CheckFits(api, "outputPdGamma", pdGamma.SimRef(), hBytes) ||
        !CheckFits(api, "outputPdBeta", pdBeta.SimRef(), hBytes)) {
        return;
    }
    const LocalTensor<float> f = temp.template ReinterpretCast<float>();
    BetaTemps t;
    t.bsh = tiling.bshCurLength;
    t.bs = tiling.bsCurLength;
    t.hCur = tiling.originalHLength;
    if constexpr (std::is_same_v<T, half>) {
        t.gamma = f[tiling.gammaTempTensorPos];
        t.beta = f[tiling.betaTempTensorPos];
        t.dy = f[tiling.inputDyTmpTensorPos];
        t.res = f[tiling.resForGammaTmpTensorPos];
    } else if constexpr (isReuseSource) {
        t.res = res;
    } else {
        t.res = f[tiling.resForGammaTmpTensorPos];
    }
    AscendC::SetMaskCount();
    BetaTile<true>(t, res, dy, pdGamma, pdBeta);
    uint32_t in = tiling.oneCalSize;
    for (uint32_t i = 1; i < tiling.loopRound; ++i) {
        BetaTile<false>(t, res[in], dy[in], pdGamma, pdBeta);
        in += tiling.oneCalSize;
    }
    if (tiling.inputTailSize > 0) {
        t.bsh = tiling.inputTailSize;
        t.bs = tiling.bsTailSize;
        BetaTile<false>(t, res[tiling.inputTailPos], dy[tiling.inputTailPos], pdGamma, pdBeta);
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::layernorm_grad

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNormGrad(
    const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
    const LocalTensor<T>& inputX, const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
    const LocalTensor<T>& inputGamma, LocalTensor<uint8_t>& sharedTmpBuffer, T epsilon, LayerNormGradTiling& tiling,
    const LayerNormGradShapeInfo& shapeInfo = {}) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "LayerNormGrad: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    if (shapeInfo.dataFormat != DataFormat::ND) return;  // CANN's implementation computes ND only
    sim::vec::layernorm_grad::Run<T, isReuseSource>(outputPdX, resForGamma, inputDy, inputX, inputVariance, inputMean,
                                                    inputGamma, sharedTmpBuffer, epsilon, tiling);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNormGrad(
    const LocalTensor<T>& outputPdX, const LocalTensor<T>& resForGamma, const LocalTensor<T>& inputDy,
    const LocalTensor<T>& inputX, const LocalTensor<T>& inputVariance, const LocalTensor<T>& inputMean,
    const LocalTensor<T>& inputGamma, T epsilon, LayerNormGradTiling& tiling,
    const LayerNormGradShapeInfo& shapeInfo = {}) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "LayerNormGrad: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("LayerNormGrad"), &stack)) return;
    if (shapeInfo.dataFormat != DataFormat::ND) return;
    sim::vec::layernorm_grad::Run<T, isReuseSource>(outputPdX, resForGamma, inputDy, inputX, inputVariance, inputMean,
                                                    inputGamma, stack, epsilon, tiling);
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma,
                                                              const LocalTensor<T>& outputPdBeta,
                                                              const LocalTensor<T>& resForGamma,
                                                              const LocalTensor<T>& inputDy,
                                                              const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                              const LayerNormGradBetaTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "LayerNormGradBeta: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::layernorm_grad::RunBeta<T, isReuseSource>(outputPdGamma, outputPdBeta, resForGamma, inputDy,
                                                        sharedTmpBuffer, tiling);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNormGradBeta(const LocalTensor<T>& outputPdGamma,
                                                              const LocalTensor<T>& outputPdBeta,
                                                              const LocalTensor<T>& resForGamma,
                                                              const LocalTensor<T>& inputDy,
                                                              LayerNormGradBetaTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "LayerNormGradBeta: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("LayerNormGradBeta"), &stack)) return;
    sim::vec::layernorm_grad::RunBeta<T, isReuseSource>(outputPdGamma, outputPdBeta, resForGamma, inputDy, stack,
                                                        tiling);
}

}  // namespace AscendC
