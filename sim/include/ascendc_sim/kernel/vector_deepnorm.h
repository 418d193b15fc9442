// High-level DeepNorm (CANN's include/adv_api/normalization/deepnorm.h), as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/normalization/deepnorm/
// deepnorm_common_impl.h and deepnorm_v220_impl.h): y = LayerNorm(alpha * x + gx) * gamma + beta
// over the last axis, with the mean and the variance as outputs (meanLocal, rstdLocal: CANN's
// implementation writes the variance to rstdLocal). x [B, S, H] in tiles of bsCurLength rows (the
// DeepNormTiling from GetDeepNormTilingInfo), temporaries A, B, C of oneTmpSize floats, in float
// (half inputs Cast first, CAST_NONE), every step one vector instruction in Counter mode:
//   A = gx + x * alpha; C = A * (1/originalH); mean = RowSum(C)   (RowSum: RepeatReduceSum over
//     the row until one value is left, the last step once into mean[i] and once into C[i]; the
//     basic-block form first adds the row's 64-lane pieces, then one RepeatReduceSum a row)
//   row i: B = A - mean[i] (Adds of the scalar read after a V->S flag); C = B * B;
//   A = C * (1/originalH); var = RowSum(A) (also into C[i]);
//   A = 1 / sqrt(var + eps) (Div of a block of 1.0, bsCurLength lanes); row i: C = B * A[i];
//   out = C * gamma + beta (per row; basic block: per 64-lane column piece over all rows)
// The implementation's basic-block broadcast through Brcb + Adds (used when the tile is a
// multiple of 8 rows and more rows than H / 64) reads the block its first Adds writes, an overlap
// the sim reports as a violation of CANN's address-overlap rule; the sim issues the per-row path
// (Adds / Muls of the scalar) for every shape: the same values, more instructions.
// As CANN's, the call writes the tail's lengths into tiling.bshCurLength / bsCurLength.
// Checks: T half or float (compile time); tiling.oneTmpSize nonzero; H 32-byte aligned;
// originalH in [1, H]; isBasicBlock needs H and originalH multiples of 64 and B*S of 8; operands
// within their shapes; the temp at least tiling.tmpBufSize floats (naming GetDeepNormMaxMinTmpSize
// / GetDeepNormTilingInfo) and disjoint from every operand.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce_type.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::deepnorm {

constexpr uint32_t kLanes = 64;
constexpr uint64_t P = AscendC::MASK_PLACEHOLDER;
using AscendC::LocalTensor;

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

inline void Count(uint32_t n) { AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, n); }

struct Temps {
    LocalTensor<float> a, b, c, mean, var;
    float rec = 0;
};

template <bool isBasicBlock>
void RowSum(const LocalTensor<float>& mv, const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t bs,
            uint32_t h, uint32_t oriH) {
    if constexpr (isBasicBlock) {
        const uint8_t rep = static_cast<uint8_t>(h / 8);
        const AscendC::BinaryRepeatParams params(1, 1, 1, rep, rep, rep);
        Count(bs * kLanes);
        for (uint32_t i = 1; i < h / kLanes; ++i) {
            AscendC::Add<float, false>(src, src[i * kLanes], src, P, 1, params);
            AscendC::PipeBarrier<PIPE_V>();
        }
        AscendC::RepeatReduceSum<float, false>(mv, src, 1, P, 1, 1, 1, rep);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::RepeatReduceSum<float, false>(dst, src, 1, P, 1, 1, 1, rep);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        for (uint32_t i = 0; i < bs; ++i) {
            uint32_t total = oriH;
            LocalTensor<float> from = src[i * h];
            LocalTensor<float> to = dst[i * h];
            while (total > 1) {
                Count(total);
                if (total <= kLanes) {
                    AscendC::RepeatReduceSum<float, false>(mv[i], from, 1, P, 1, 1, 1, 8);
                    AscendC::PipeBarrier<PIPE_V>();
                    to = dst[i];
                }
                AscendC::RepeatReduceSum<float, false>(to, from, 1, P, 1, 1, 1, 8);
                AscendC::PipeBarrier<PIPE_V>();
                total = (total + kLanes - 1) / kLanes;
                from = to;
            }
        }
    }
    Count(bs);
}

// dst row i = src row i + add * scalars[i] ... as one scalar instruction per row, the scalar read
// by the scalar unit after a V->S flag.
template <bool isAdds>
void PerRow(const LocalTensor<float>& dst, const LocalTensor<float>& src, const LocalTensor<float>& scalars,
            uint32_t bs, uint32_t h, uint32_t bsh) {
    const auto event = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(event);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(event);
    Count(h);
    const AscendC::UnaryRepeatParams unary;
    for (uint32_t i = 0; i < bs; ++i) {
        if constexpr (isAdds) {
            AscendC::Adds<float, false>(dst[i * h], src[i * h], scalars.GetValue(i) * -1.0f, P, 1, unary);
        } else {
            AscendC::Muls<float, false>(dst[i * h], src[i * h], scalars.GetValue(i), P, 1, unary);
        }
    }
    AscendC::PipeBarrier<PIPE_V>();
    Count(bsh);
}

// dst = src0 (op) src1 broadcast over the rows (h lanes a row; basic block: a 64-lane column
// piece of all rows at a time).
template <bool isBasicBlock, bool isMul>
void WithRow(const LocalTensor<float>& dst, const LocalTensor<float>& src0, const LocalTensor<float>& src1,
             uint32_t bs, uint32_t h) {
    if constexpr (isBasicBlock) {
        const uint8_t rep = static_cast<uint8_t>(h / 8);
        const AscendC::BinaryRepeatParams params(1, 1, 1, rep, rep, 0);
        Count(bs * kLanes);
        for (uint32_t off = 0; off < h; off += kLanes) {
            if constexpr (isMul) AscendC::Mul<float, false>(dst[off], src0[off], src1[off], P, 1, params);
            else AscendC::Add<float, false>(dst[off], src0[off], src1[off], P, 1, params);
        }
        AscendC::PipeBarrier<PIPE_V>();
        Count(h);
    } else {
        const AscendC::BinaryRepeatParams params;
        for (uint32_t i = 0; i < bs; ++i) {
            if constexpr (isMul) AscendC::Mul<float, false>(dst[i * h], src0[i * h], src1, P, 1, params);
            else AscendC::Add<float, false>(dst[i * h], src0[i * h], src1, P, 1, params);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

template <class T, bool isBasicBlock>
void Tile(const Temps& t, const LocalTensor<T>& out, const LocalTensor<T>& x, const LocalTensor<T>& gx,
          const LocalTensor<T>& gamma, const LocalTensor<T>& beta, const LocalTensor<float>& mean,
          const LocalTensor<float>& var, T alpha, float eps, const DeepNormTiling& tiling) {
    constexpr bool kHalf = std::is_same_v<T, half>;
    const uint32_t bsh = tiling.bshCurLength, bs = tiling.bsCurLength, h = tiling.hLength;
    const AscendC::UnaryRepeatParams unary;
    const AscendC::BinaryRepeatParams binary;
    Count(bsh);
    if constexpr (kHalf) {
        AscendC::UnaryRepeatParams toFloat;
        toFloat.srcRepStride = 4;
        AscendC::Cast<float, half, false>(t.a, x, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast<float, half, false>(t.c, gx, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls<float, false>(t.a, t.a, static_cast<float>(alpha), P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add<float, false>(t.a, t.c, t.a, P, 1, binary);
    } else {
        AscendC::Muls<float, false>(t.b, x, alpha, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add<float, false>(t.a, gx, t.b, P, 1, binary);
    }
    AscendC::PipeBarrier<PIPE_V>();
    // mean
    Count(bsh);
    AscendC::Muls<float, false>(t.c, t.a, t.rec, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    RowSum<isBasicBlock>(mean, t.c, t.c, bs, h, tiling.originalHLength);
    // variance
    PerRow<true>(t.b, t.a, mean, bs, h, bsh);
    AscendC::Mul<float, false>(t.c, t.b, t.b, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float, false>(t.a, t.c, t.rec, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    RowSum<isBasicBlock>(var, t.c, t.a, bs, h, tiling.originalHLength);
    // 1 / sqrt(var + eps), then the rows scaled
    Count(bs);
    AscendC::Adds<float, false>(t.a, t.c, eps, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Duplicate<float, false>(t.c, 1.0f, P, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Sqrt<float, false>(t.a, t.a, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Div<float, false>(t.a, t.c, t.a, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    PerRow<false>(t.c, t.b, t.a, bs, h, bsh);
    // gamma, beta
    Count(h);
    if constexpr (kHalf) {
        AscendC::UnaryRepeatParams toFloat;
        toFloat.srcRepStride = 4;
        AscendC::Cast<float, half, false>(t.a, gamma, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        WithRow<isBasicBlock, true>(t.b, t.c, t.a, bs, h);
        AscendC::Cast<float, half, false>(t.c, beta, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        WithRow<isBasicBlock, false>(t.a, t.b, t.c, bs, h);
        Count(bsh);
        AscendC::UnaryRepeatParams toHalf;
        toHalf.dstRepStride = 4;
        AscendC::Cast<half, float, false>(out, t.a, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        WithRow<isBasicBlock, true>(t.a, t.c, gamma, bs, h);
        WithRow<isBasicBlock, false>(out, t.a, beta, bs, h);
    }
}

template <class T, bool isReuseSrc, bool isBasicBlock>
bool Check(const LocalTensor<T>& out, const LocalTensor<T>& mean, const LocalTensor<T>& rstd, const LocalTensor<T>& x,
           const LocalTensor<T>& gx, const LocalTensor<T>& beta, const LocalTensor<T>& gamma,
           const LocalTensor<uint8_t>& temp, const DeepNormTiling& tiling) {
    const ApiName api = Named("DeepNorm");
    const uint32_t h = tiling.hLength;
    if (tiling.oneTmpSize == 0 || tiling.bsCurLength == 0) {
        return Misuse("DeepNorm: tiling.oneTmpSize is 0 (GetDeepNormTilingInfo refused the shape or the buffer "
                      "holds no row); fill the tiling with GetDeepNormTilingInfo and a size from "
                      "GetDeepNormMaxMinTmpSize");
    }
    if (h == 0 || h * sizeof(T) % 32 != 0 || h > 2040) {
        return Misuse("DeepNorm: tiling.hLength (" + std::to_string(h) +
                      ") * sizeof(T) must be a nonzero multiple of 32 bytes, hLength at most 2040");
    }
    if (tiling.originalHLength == 0 || tiling.originalHLength > h) {
        return Misuse("DeepNorm: tiling.originalHLength (" + std::to_string(tiling.originalHLength) +
                      ") must be in [1, hLength = " + std::to_string(h) + "]");
    }
    if constexpr (isBasicBlock) {
        if (h % kLanes != 0 || tiling.originalHLength % kLanes != 0 || tiling.bLength * tiling.sLength % 8 != 0) {
            return Misuse("DeepNorm: isBasicBlock = true needs hLength and originalHLength multiples of 64 and B*S a "
                          "multiple of 8; the shape is [" + std::to_string(tiling.bLength) + ", " +
                          std::to_string(tiling.sLength) + ", " + std::to_string(h) + "]");
        }
    }
    const uint32_t lastTemp = (std::is_same_v<T, float> && isReuseSrc ? tiling.secondTmpStartPos
                                                                       : tiling.thirdTmpStartPos) + tiling.oneTmpSize;
    const uint32_t needFloats = tiling.tmpBufSize > lastTemp ? tiling.tmpBufSize : lastTemp;
    if (temp.GetSize() / 4 < needFloats) {
        return Misuse("DeepNorm: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, the tiling needs " +
                      std::to_string(uint64_t{needFloats} * 4) +
                      " (size it with GetDeepNormMaxMinTmpSize and pass that size to GetDeepNormTilingInfo)");
    }
    const uint64_t xBytes = uint64_t{tiling.inputXSize} * sizeof(T), rowBytes = uint64_t{h} * sizeof(T);
    const uint64_t mvBytes = uint64_t{tiling.meanVarSize} * sizeof(T);
    if (!CheckFits(api, "srcLocal", x.SimRef(), xBytes) || !CheckFits(api, "gxLocal", gx.SimRef(), xBytes) ||
        !CheckFits(api, "dstLocal", out.SimRef(), xBytes) || !CheckFits(api, "gammaLocal", gamma.SimRef(), rowBytes) ||
        !CheckFits(api, "betaLocal", beta.SimRef(), rowBytes) || !CheckFits(api, "meanLocal", mean.SimRef(), mvBytes) ||
        !CheckFits(api, "rstdLocal", rstd.SimRef(), mvBytes)) {
        return false;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{needFloats} * 4, 1};
    const OperandRange ops[] = {{"dstLocal", out.SimRef(), xBytes, sizeof(T)},
                                {"meanLocal", mean.SimRef(), mvBytes, sizeof(T)},
                                {"rstdLocal", rstd.SimRef(), mvBytes, sizeof(T)},
                                {"srcLocal", x.SimRef(), xBytes, sizeof(T)},
                                {"gxLocal", gx.SimRef(), xBytes, sizeof(T)},
                                {"gammaLocal", gamma.SimRef(), rowBytes, sizeof(T)},
                                {"betaLocal", beta.SimRef(), rowBytes, sizeof(T)}};
    for (const OperandRange& op : ops) CheckDisjoint(api, op, tempRange);
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 7; ++j) CheckDisjoint(api, ops[i], ops[j]);
    }
    return true;
}

template <class T, bool isReuseSrc, bool isBasicBlock>
void Run(const LocalTensor<T>& out, const LocalTensor<T>& mean, const LocalTensor<T>& rstd, const LocalTensor<T>& x,
         const LocalTensor<T>& gx, const LocalTensor<T>& beta, const LocalTensor<T>& gamma,
         const LocalTensor<uint8_t>& temp, T alpha, T epsilon, DeepNormTiling& tiling) {
    if (!Check<T, isReuseSrc, isBasicBlock>(out, mean, rstd, x, gx, beta, gamma, temp, tiling)) return;
    constexpr bool kHalf = std::is_same_v<T, half>;
    const LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Temps t;
    if constexpr (!kHalf && isReuseSrc) {
        t.a = x;
        t.b = f[tiling.firstTmpStartPos];
        t.c = f[tiling.secondTmpStartPos];
    } else {
        t.a = f[tiling.firstTmpStartPos];
        t.b = f[tiling.secondTmpStartPos];
        t.c = f[tiling.thirdTmpStartPos];
    }
    if constexpr (kHalf) {
        t.mean = f[tiling.meanTmpTensorPos];
        t.var = f[tiling.varianceTmpTensorPos];
    } else {
        t.mean = mean;
        t.var = rstd;
    }
    t.rec = tiling.lastDimValueBack;
    const float eps = static_cast<float>(epsilon);
    AscendC::SetMaskCount();
    uint32_t in = 0, mv = 0;
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        Tile<T, isBasicBlock>(t, out[in], x[in], gx[in], gamma, beta, t.mean[mv], t.var[mv], alpha, eps, tiling);
        in += tiling.inputRoundSize;
        mv += tiling.meanVarRoundSize;
    }
    if (tiling.inputTailSize > 0) {
        tiling.bshCurLength = tiling.inputTailSize;
        tiling.bsCurLength = tiling.meanVarTailSize;
        const uint32_t at = tiling.inputTailPos;
        Tile<T, isBasicBlock>(t, out[at], x[at], gx[at], gamma, beta, t.mean[tiling.meanVarTailPos],
                              t.var[tiling.meanVarTailPos], alpha, eps, tiling);
    }
    if constexpr (kHalf) {
        AscendC::UnaryRepeatParams toHalf;
        toHalf.dstRepStride = 4;
        Count(tiling.meanVarSize);
        AscendC::Cast<half, float, false>(mean, t.mean, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast<half, float, false>(rstd, t.var, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::deepnorm

namespace AscendC {

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal,
                                                     const LocalTensor<T>& rstdLocal, const LocalTensor<T>& srcLocal,
                                                     const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
                                                     const LocalTensor<T>& gammaLocal,
                                                     const LocalTensor<uint8_t>& sharedTmpBuffer, const T alpha,
                                                     const T epsilon, DeepNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "DeepNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::deepnorm::Run<T, isReuseSrc, isBasicBlock>(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal,
                                                         gammaLocal, sharedTmpBuffer, alpha, epsilon, tiling);
}
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal,
                                                     const LocalTensor<T>& rstdLocal, const LocalTensor<T>& srcLocal,
                                                     const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
                                                     const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon,
                                                     DeepNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "DeepNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("DeepNorm"), &stack)) return;
    sim::vec::deepnorm::Run<T, isReuseSrc, isBasicBlock>(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal,
                                                         gammaLocal, stack, alpha, epsilon, tiling);
}

}  // namespace AscendC
