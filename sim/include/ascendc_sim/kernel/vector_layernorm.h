// High-level LayerNorm (CANN's include/adv_api/normalization/layernorm.h, with LayerNormConfig,
// LayerNormPara of layernorm_utils.h and LNCFG_NORM), as the Atlas A2/A3 implementation runs it
// (asc-devkit impl/adv_api/detail/normalization/layernorm/layernorm_common_impl.h and
// layernorm_common_basic_impl.h). Every step is one vector instruction of the sim.
//
// LayerNormTiling form: x [B, S, H] (H the stored length, the first originalH real), per tile of
// bsCurLength rows (tiling.loopRound tiles of inputRoundSize elements, then the tail), in float
// (half x Cast to float first, CAST_NONE), with the temporaries A, B, C of oneTmpSize floats:
//   C = x * (1/originalH); mean = RowSum(C)      (RowSum: Add-fold of a row's 64-lane pieces,
//                                                 then WholeReduceSum, once into mean and once
//                                                 into the row's first element)
//   C = row-broadcast of the row sums (a Duplicate of each scalar: see BroadcastRows)
//   B = x - C; C = B * B; A = C * (1/originalH); var = RowSum(A)
//   A = row-broadcast of var; C = A + eps; A = sqrt(C); A = 1 / A (Div by a block of 1.0)
//   C = A * B; out = C * gamma + beta (a Mul and an Add per row)
// half: gamma and beta Cast to float, out Cast back, and mean/var kept in float in the temp
// (mean | var, AlignUp(B*S, 8) each) and Cast to half at the end. float without isReuseSource
// writes mean and var directly; with isReuseSource, A is x itself (x is overwritten).
// As CANN's, the call writes the tail's lengths into tiling.bshCurLength / bsCurLength.
//
// LayerNormPara form (LayerNormSeparateTiling): x [A, R] rows padded to rLengthWithPadding; per
// tile of aCurLength rows: a = x * (1/R); mean = RowSum(a); a = x; row i: a -= mean[i] (Adds of
// the scalar, R lanes); a = a * a; a = a * (1/R); var = RowSum(a) into the temp; then Normalize:
// rstd = 1 / sqrt(var + eps); y = (x - mean) * rstd * gamma + beta (gamma/beta as config says).
// (Normalize, CANN's include/adv_api/normalization/normalize.h with NormalizePara/NormalizeConfig,
// asc-devkit impl/adv_api/detail/normalization/normalize/normalize_common_impl.h, is that last
// step on its own: N = temp floats / (2 * rLengthWithPadding) rows at a time (less 2 rows of
// float gamma/beta for a half U); rstd over aLength; per block x copied / Cast to float, each
// row's mean and rstd Duplicated over rLength lanes from the scalar unit, Sub, Mul, then per row
// Mul gamma and Add beta over rLength lanes, the block Adds 0 / Cast to the output.)
//
// Checks (as CANN's api_check and asserts): T half or float, U float for a float T (compile
// time); tiling.oneTmpSize nonzero, H 32-byte aligned; x, out within B*S*H, gamma and beta
// within H, mean and var within B*S; the temp at least tiling.tmpBufSize floats (naming
// GetLayerNormMaxMinTmpSize / GetLayerNormNDTilingInfo) and disjoint from every operand.
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
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "kernel_tiling/kernel_tiling.h"
#include "ascendc_sim/kernel/reduce_pattern.h"

namespace AscendC {

struct LayerNormConfig {
    bool isNoBeta = false;
    bool isNoGamma = false;
    bool isOnlyOutput = false;
    bool isOutputRstd = true;
};
__aicore__ constexpr LayerNormConfig GetLayerNormNormalConfig() {
    return {.isNoBeta = false, .isNoGamma = false, .isOnlyOutput = false, .isOutputRstd = true};
}
constexpr LayerNormConfig LNCFG_NORM = GetLayerNormNormalConfig();

struct LayerNormPara {
    uint32_t aLength;
    uint32_t rLength;
    uint32_t rLengthWithPadding;
};

// Normalize (asc-devkit include/adv_api/normalization/normalize_utils.h and normalize_config.h).
struct NormalizeConfig {
    ReducePattern reducePattern = ReducePattern::AR;
    int32_t aLength = -1;
    bool isNoBeta = false;
    bool isNoGamma = false;
    bool isOnlyOutput = false;
};
struct NormalizePara {
    uint32_t aLength;
    uint32_t rLength;
    uint32_t rLengthWithPadding;
};
__aicore__ constexpr NormalizeConfig GetNormalizeConfig(bool isNoBeta, bool isNoGamma) {
    return {.reducePattern = ReducePattern::AR,
            .aLength = -1,
            .isNoBeta = isNoBeta,
            .isNoGamma = isNoGamma,
            .isOnlyOutput = false};
}
constexpr NormalizeConfig NLCFG_NORM = GetNormalizeConfig(false, false);
constexpr NormalizeConfig NLCFG_NOBETA = GetNormalizeConfig(true, false);
constexpr NormalizeConfig NLCFG_NOGAMMA = GetNormalizeConfig(false, true);
constexpr NormalizeConfig NLCFG_NOOPT = GetNormalizeConfig(true, true);

}  // namespace AscendC

namespace sim::vec::layernorm {

constexpr uint32_t kLanes = 64;  // floats per repeat
constexpr uint64_t P = AscendC::MASK_PLACEHOLDER;

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

// Row sums of src [bs, h]: the 64-lane pieces of each row folded into its first 64 (Add, repeat
// over the pieces), then WholeReduceSum per row: into mv[i] and into dst[i * h].
inline void RowSum(const AscendC::LocalTensor<float>& mv, const AscendC::LocalTensor<float>& dst,
                   const AscendC::LocalTensor<float>& src, uint32_t bs, uint32_t h, bool relocate = true) {
    AscendC::ResetMask();
    AscendC::SetMaskNorm();
    const AscendC::BinaryRepeatParams fold(1, 1, 1, 0, 8, 0);
    if (h > kLanes) {
        const uint32_t more = h / kLanes - 1, tail = h % kLanes;
        for (uint32_t i = 0; i < bs * h; i += h) {
            if (more > 0) {
                AscendC::Add(src[i], src[i + kLanes], src[i], kLanes, static_cast<uint8_t>(more), fold);
                AscendC::PipeBarrier<PIPE_V>();
            }
            if (tail != 0) {
                AscendC::Add(src[i], src[i + (h & ~(kLanes - 1))], src[i], tail, 1, fold);
                AscendC::PipeBarrier<PIPE_V>();
            }
        }
    }
    const int32_t lanes = static_cast<int32_t>(h > kLanes ? kLanes : h);
    const int32_t srcRep = static_cast<int32_t>(h / 8);
    for (uint32_t done = 0; done < bs; done += 255) {
        const uint32_t rep = bs - done < 255 ? bs - done : 255;
        const AscendC::LocalTensor<float> s = src[done * h];
        if (relocate) {
            AscendC::WholeReduceSum<float>(mv[done], s, lanes, static_cast<int32_t>(rep), 1, 1, srcRep);
        }
        AscendC::WholeReduceSum<float>(dst[done * h], s, lanes, static_cast<int32_t>(rep), static_cast<int32_t>(h), 1,
                                       srcRep);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::SetMaskCount();
}

// dst row i = the scalar at src[i * h], h lanes. CANN's implementation loads the scalar into the
// CMPMASK register (SetCmpMask of 16 bytes at src[i * h]) and Selects it with all-zero selection
// bits (the first h halfwords of src, zeroed by a Muls). The row sums before it write one float
// per row, so 12 of the 16 bytes SetCmpMask reads, and the halfwords the Muls reads, were never
// written: the sim's uninitialized-read check stops there. The sim issues instead, per row, a
// Duplicate of the scalar the scalar unit reads after a V->S flag: the same values, other
// instructions.
inline void BroadcastRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src, uint32_t bs,
                          uint32_t h) {
    const auto vs = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(vs);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(vs);
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, h);
    for (uint32_t i = 0; i < bs; ++i) {
        const float v = src.GetValue(i * h);
        const auto sv = GetTPipePtr()->FetchEventID(AscendC::HardEvent::S_V);
        AscendC::SetFlag<AscendC::HardEvent::S_V>(sv);
        AscendC::WaitFlag<AscendC::HardEvent::S_V>(sv);
        AscendC::Duplicate<float, false>(dst[i * h], v, P, 1, 1, 8);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

// dst row i = src row i (op) vec, h lanes each (the mask as the caller set it).
template <bool isAdd>
void RowsWith(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src,
              const AscendC::LocalTensor<float>& vec, uint32_t bs, uint32_t h) {
    for (uint32_t i = 0; i < bs; ++i) {
        if constexpr (isAdd) {
            AscendC::Add<float, false>(dst[i * h], src[i * h], vec, P, 1, AscendC::BinaryRepeatParams{});
        } else {
            AscendC::Mul<float, false>(dst[i * h], src[i * h], vec, P, 1, AscendC::BinaryRepeatParams{});
        }
    }
    AscendC::PipeBarrier<PIPE_V>();
}

struct Temps {
    AscendC::LocalTensor<float> a, b, c, mean, var;
};

// One tile: x (float) -> mean, var, and C = (x - mean) / sqrt(var + eps).
inline void Normalized(const Temps& t, const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& mean,
                       const AscendC::LocalTensor<float>& var, float eps, uint32_t bsh, uint32_t bs, uint32_t h,
                       float rec) {
    const AscendC::UnaryRepeatParams unary;
    const AscendC::BinaryRepeatParams binary;
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, bsh);
    AscendC::Muls<float, false>(t.c, x, rec, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    RowSum(mean, t.b, t.c, bs, h);
    BroadcastRows(t.c, t.b, bs, h);
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, bsh);
    AscendC::Sub<float, false>(t.b, x, t.c, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul<float, false>(t.c, t.b, t.b, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float, false>(t.a, t.c, rec, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    RowSum(var, t.c, t.a, bs, h);
    AscendC::PipeBarrier<PIPE_V>();
    BroadcastRows(t.a, t.c, bs, h);
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, bsh);
    AscendC::Adds<float, false>(t.c, t.a, eps, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Sqrt<float, false>(t.a, t.c, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, 8);
    AscendC::Duplicate<float, false>(t.c, 1.0f, P, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, bsh);
    AscendC::Div<float, false>(t.a, t.c, t.a, P, 1, AscendC::BinaryRepeatParams(1, 0, 1, 8, 0, 8));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul<float, false>(t.c, t.a, t.b, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
}

template <class T>
void Tile(const Temps& t, const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& x,
          const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta,
          const AscendC::LocalTensor<float>& mean, const AscendC::LocalTensor<float>& var, float eps,
          const LayerNormTiling& tiling) {
    const uint32_t bsh = tiling.bshCurLength, bs = tiling.bsCurLength, h = tiling.hLength;
    if constexpr (std::is_same_v<T, half>) {
        AscendC::UnaryRepeatParams toFloat;
        toFloat.srcRepStride = 4;
        AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, bsh);
        AscendC::Cast<float, half, false>(t.a, x, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        Normalized(t, t.a, mean, var, eps, bsh, bs, h, tiling.lastDimValueBack);
        AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, h);
        AscendC::Cast<float, half, false>(t.a, gamma, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        RowsWith<false>(t.b, t.c, t.a, bs, h);
        AscendC::Cast<float, half, false>(t.c, beta, AscendC::RoundMode::CAST_NONE, P, 1, toFloat);
        AscendC::PipeBarrier<PIPE_V>();
        RowsWith<true>(t.a, t.b, t.c, bs, h);
        AscendC::UnaryRepeatParams toHalf;
        toHalf.dstRepStride = 4;
        AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, bsh);
        AscendC::Cast<half, float, false>(out, t.a, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        Normalized(t, x, mean, var, eps, bsh, bs, h, tiling.lastDimValueBack);
        AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, h);
        RowsWith<false>(t.a, t.c, gamma, bs, h);
        RowsWith<true>(out, t.a, beta, bs, h);
    }
}

template <class T, bool isReuseSource>
bool Check(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& mean, const AscendC::LocalTensor<T>& var,
           const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta,
           const AscendC::LocalTensor<uint8_t>& temp, const LayerNormTiling& tiling) {
    const ApiName api = Named("LayerNorm");
    const uint32_t h = tiling.hLength;
    if (tiling.oneTmpSize == 0 || tiling.bsCurLength == 0) {
        return Misuse("LayerNorm: tiling.oneTmpSize is 0 (the buffer given to GetLayerNormNDTilingInfo holds no row); "
                      "fill the tiling with GetLayerNormNDTilingInfo and a size from GetLayerNormMaxMinTmpSize");
    }
    if (h == 0 || h * sizeof(T) % 32 != 0) {
        return Misuse("LayerNorm: tiling.hLength (" + std::to_string(h) +
                      ") * sizeof(T) must be a nonzero multiple of 32 bytes");
    }
    if (tiling.originalHLength == 0 || tiling.originalHLength > h) {
        return Misuse("LayerNorm: tiling.originalHLength (" + std::to_string(tiling.originalHLength) +
                      ") must be in [1, hLength = " + std::to_string(h) + "]");
    }
    if (h / 8 > 255) return Misuse("LayerNorm: tiling.hLength (" + std::to_string(h) + ") must be at most 2040");
    const uint32_t tempFloats = (std::is_same_v<T, float> && isReuseSource ? tiling.secondTmpStartPos
                                                                           : tiling.thirdTmpStartPos) +
                                tiling.oneTmpSize;
    const uint32_t needFloats = tiling.tmpBufSize > tempFloats ? tiling.tmpBufSize : tempFloats;
    if (temp.GetSize() / 4 < needFloats) {
        return Misuse("LayerNorm: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, the tiling needs " +
                      std::to_string(uint64_t{needFloats} * 4) +
                      " (size it with GetLayerNormMaxMinTmpSize and pass that size to GetLayerNormNDTilingInfo)");
    }
    const uint64_t xBytes = uint64_t{tiling.inputXSize} * sizeof(T), rowBytes = uint64_t{h} * sizeof(T);
    const uint64_t mvBytes = uint64_t{tiling.meanVarSize} * sizeof(T);
    if (!CheckFits(api, "inputX", x.SimRef(), xBytes) || !CheckFits(api, "output", out.SimRef(), xBytes) ||
        !CheckFits(api, "gamma", gamma.SimRef(), rowBytes) || !CheckFits(api, "beta", beta.SimRef(), rowBytes) ||
        !CheckFits(api, "outputMean", mean.SimRef(), mvBytes) ||
        !CheckFits(api, "outputVariance", var.SimRef(), mvBytes)) {
        return false;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{needFloats} * 4, 1};
    const OperandRange ops[] = {{"output", out.SimRef(), xBytes, sizeof(T)},
                                {"outputMean", mean.SimRef(), mvBytes, sizeof(T)},
                                {"outputVariance", var.SimRef(), mvBytes, sizeof(T)},
                                {"inputX", x.SimRef(), xBytes, sizeof(T)},
                                {"gamma", gamma.SimRef(), rowBytes, sizeof(T)},
                                {"beta", beta.SimRef(), rowBytes, sizeof(T)}};
    for (const OperandRange& op : ops) CheckDisjoint(api, op, tempRange);
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 6; ++j) CheckDisjoint(api, ops[i], ops[j]);
    }
    return true;
}

template <class T, bool isReuseSource>
void Run(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<T>& mean, const AscendC::LocalTensor<T>& var,
         const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta,
         const AscendC::LocalTensor<uint8_t>& temp, T epsilon, LayerNormTiling& tiling) {
    if (!Check<T, isReuseSource>(out, mean, var, x, gamma, beta, temp, tiling)) return;
    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Temps t;
    constexpr bool kHalf = std::is_same_v<T, half>;
    if constexpr (!kHalf && isReuseSource) {
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
        t.var = var;
    }
    const float eps = static_cast<float>(epsilon);
    AscendC::SetMaskCount();
    uint32_t in = 0, mv = 0;
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        Tile<T>(t, out[in], x[in], gamma, beta, t.mean[mv], t.var[mv], eps, tiling);
        in += tiling.inputRoundSize;
        mv += tiling.meanVarRoundSize;
    }
    if (tiling.inputTailSize > 0) {
        tiling.bshCurLength = tiling.inputTailSize;
        tiling.bsCurLength = tiling.meanVarTailSize;
        Tile<T>(t, out[tiling.inputTailPos], x[tiling.inputTailPos], gamma, beta, t.mean[tiling.meanVarTailPos],
                t.var[tiling.meanVarTailPos], eps, tiling);
    }
    if constexpr (kHalf) {
        AscendC::UnaryRepeatParams toHalf;
        toHalf.dstRepStride = 4;
        AscendC::SetVectorMask<uint8_t, AscendC::MaskMode::COUNTER>(0, tiling.meanVarSize);
        AscendC::Cast<half, float, false>(mean, t.mean, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast<half, float, false>(var, t.var, AscendC::RoundMode::CAST_NONE, P, 1, toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::layernorm

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                                                      const LocalTensor<T>& outputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<T>& gamma,
                                                      const LocalTensor<T>& beta,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                                                      LayerNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "LayerNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::layernorm::Run<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta,
                                               sharedTmpBuffer, epsilon, tiling);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                                                      const LocalTensor<T>& outputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<T>& gamma,
                                                      const LocalTensor<T>& beta, const T epsilon,
                                                      LayerNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "LayerNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("LayerNorm"), &stack)) return;
    sim::vec::layernorm::Run<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta, stack, epsilon,
                                               tiling);
}

}  // namespace AscendC

// ---- Normalize and the LayerNormPara form of LayerNorm ----
namespace sim::vec::layernorm {

template <class U, class T>
constexpr bool kNormalizeTypes = (std::is_same_v<T, float> && std::is_same_v<U, float>) ||
                                 (std::is_same_v<T, half> && (std::is_same_v<U, half> || std::is_same_v<U, float>));

inline void Count(uint32_t n) { AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, n); }

// rows [0, n) of brcb = the scalar values[base + i], the first rLength lanes of each row
// (Duplicate of a scalar the scalar unit read after a V->S flag).
inline void FillRows(const AscendC::LocalTensor<float>& brcb, const AscendC::LocalTensor<float>& values,
                     uint32_t base, uint32_t n, const AscendC::NormalizePara& para) {
    Count(para.rLength);
    for (uint32_t i = 0; i < n; ++i) {
        const float v = values.GetValue(base + i);
        const auto sv = GetTPipePtr()->FetchEventID(AscendC::HardEvent::S_V);
        AscendC::SetFlag<AscendC::HardEvent::S_V>(sv);
        AscendC::WaitFlag<AscendC::HardEvent::S_V>(sv);
        AscendC::Duplicate<float, false>(brcb[i * para.rLengthWithPadding], v, P, 1, 1, 8);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

template <class U, class T, const AscendC::NormalizeConfig& config>
void Normalize(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<float>& rstd,
               const AscendC::LocalTensor<float>& mean, const AscendC::LocalTensor<float>& var,
               const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<U>& gamma,
               const AscendC::LocalTensor<U>& beta, const AscendC::LocalTensor<uint8_t>& temp, float eps,
               const AscendC::NormalizePara& para) {
    const ApiName api = Named("Normalize");
    const uint32_t rp = para.rLengthWithPadding;
    if (para.aLength == 0 || para.rLength == 0 || para.rLength > rp || rp * sizeof(T) % 32 != 0) {
        return (void)Misuse("Normalize: para (aLength " + std::to_string(para.aLength) + ", rLength " +
                            std::to_string(para.rLength) + ", rLengthWithPadding " + std::to_string(rp) +
                            ") needs 0 < rLength <= rLengthWithPadding, rLengthWithPadding * sizeof(T) 32-byte "
                            "aligned and aLength > 0");
    }
    if constexpr (config.aLength != -1) {
        if (static_cast<uint32_t>(config.aLength) != para.aLength) {
            return (void)Misuse("Normalize: config.aLength must equal para.aLength");
        }
    }
    const uint32_t floats = temp.GetSize() / 4;
    const uint32_t extra = std::is_same_v<U, float> ? 0 : 2 * rp;
    uint32_t n = floats >= extra ? (floats - extra) / (2 * rp) : 0;
    if (n > para.aLength) n = para.aLength;
    if (n == 0 || floats < para.aLength) {
        return (void)Misuse("Normalize: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) +
                            " bytes, too few for one row (size it with GetNormalizeMaxMinTmpSize)");
    }
    const uint64_t xBytes = uint64_t{para.aLength} * rp * sizeof(T), aBytes = uint64_t{para.aLength} * 4;
    if (!CheckFits(api, "inputX", x.SimRef(), xBytes) || !CheckFits(api, "output", out.SimRef(), xBytes) ||
        !CheckFits(api, "inputMean", mean.SimRef(), aBytes) ||
        !CheckFits(api, "inputVariance", var.SimRef(), aBytes) || !CheckFits(api, "outputRstd", rstd.SimRef(), aBytes) ||
        (!config.isNoGamma && !CheckFits(api, "gamma", gamma.SimRef(), uint64_t{para.rLength} * sizeof(U))) ||
        (!config.isNoBeta && !CheckFits(api, "beta", beta.SimRef(), uint64_t{para.rLength} * sizeof(U)))) {
        return;
    }
    const uint64_t used = (uint64_t{2} * n * rp + extra) * 4;
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), used > aBytes ? used : aBytes, 1};
    CheckDisjoint(api, OperandRange{"inputX", x.SimRef(), xBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"output", out.SimRef(), xBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"inputMean", mean.SimRef(), aBytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"inputVariance", var.SimRef(), aBytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"outputRstd", rstd.SimRef(), aBytes, 4}, tempRange);

    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    const AscendC::LocalTensor<float> a = f, b = f[n * rp];
    const AscendC::UnaryRepeatParams unary;
    const AscendC::BinaryRepeatParams binary;
    // rstd = 1 / sqrt(var + eps)
    AscendC::SetMaskCount();
    Count(para.aLength);
    AscendC::Adds<float, false>(rstd, var, eps, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Duplicate<float, false>(a, 1.0f, P, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Sqrt<float, false>(rstd, rstd, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Div<float, false>(rstd, a, rstd, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::LocalTensor<float> gammaF, betaF;
    if constexpr (std::is_same_v<U, half>) {
        gammaF = f[2 * n * rp];
        betaF = f[2 * n * rp + rp];
        Count(para.rLength);
        if constexpr (!config.isNoGamma) {
            AscendC::Cast<float, half, false>(gammaF, gamma, AscendC::RoundMode::CAST_NONE, P, 1, {1, 1, 8, 4});
            AscendC::PipeBarrier<PIPE_V>();
        }
        if constexpr (!config.isNoBeta) {
            AscendC::Cast<float, half, false>(betaF, beta, AscendC::RoundMode::CAST_NONE, P, 1, {1, 1, 8, 4});
            AscendC::PipeBarrier<PIPE_V>();
        }
    } else {
        gammaF = gamma;
        betaF = beta;
    }
    for (uint32_t done = 0; done < para.aLength; done += n) {
        const uint32_t rows = para.aLength - done < n ? para.aLength - done : n;
        const uint32_t at = done * rp;
        Count(rows * rp);
        if constexpr (std::is_same_v<T, float>) {
            AscendC::Adds<float, false>(a, x[at], 0.0f, P, 1, {1, 1, 8, 8});
        } else {
            AscendC::Cast<float, half, false>(a, x[at], AscendC::RoundMode::CAST_NONE, P, 1, {1, 1, 8, 4});
        }
        AscendC::PipeBarrier<PIPE_V>();
        Count(para.rLength);
        const auto vs = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
        AscendC::SetFlag<AscendC::HardEvent::V_S>(vs);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(vs);
        FillRows(b, mean, done, rows, para);
        Count(rows * rp);
        AscendC::Sub<float, false>(a, a, b, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        FillRows(b, rstd, done, rows, para);
        Count(rows * rp);
        AscendC::Mul<float, false>(a, a, b, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        Count(para.rLength);
        for (uint32_t i = 0; i < rows; ++i) {
            if constexpr (!config.isNoGamma) {
                AscendC::Mul<float, false>(a[i * rp], a[i * rp], gammaF, P, 1, binary);
                AscendC::PipeBarrier<PIPE_V>();
            }
            if constexpr (!config.isNoBeta) {
                AscendC::Add<float, false>(a[i * rp], a[i * rp], betaF, P, 1, binary);
                AscendC::PipeBarrier<PIPE_V>();
            }
        }
        Count(rows * rp);
        if constexpr (std::is_same_v<T, float>) {
            AscendC::Adds<float, false>(out[at], a, 0.0f, P, 1, unary);
        } else {
            AscendC::Cast<half, float, false>(out[at], a, AscendC::RoundMode::CAST_NONE, P, 1, {1, 1, 4, 8});
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

// One tile of the LayerNormPara form: mean and variance of aCurLength rows (count-form steps).
template <class T>
void MeanVar(const AscendC::LocalTensor<float>& mean, const AscendC::LocalTensor<float>& var,
             const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<float>& a,
             const AscendC::LocalTensor<float>& b, const AscendC::LayerNormPara& para,
             const LayerNormSeparateTiling& tiling) {
    const uint32_t n = tiling.arCurLength, rows = tiling.aCurLength, rp = para.rLengthWithPadding;
    const auto load = [&] {
        if constexpr (std::is_same_v<T, half>) {
            AscendC::Cast<float, T>(a, x, AscendC::RoundMode::CAST_NONE, n);
        } else {
            AscendC::DataCopy(a, x, n);
        }
        AscendC::PipeBarrier<PIPE_V>();
    };
    load();
    AscendC::Muls<float>(a, a, tiling.rValueBack, static_cast<int32_t>(n));
    AscendC::PipeBarrier<PIPE_V>();
    RowSum(mean, b, a, rows, rp);
    auto event = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(event);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(event);
    if constexpr (std::is_same_v<T, half>) AscendC::PipeBarrier<PIPE_V>();
    load();
    event = GetTPipePtr()->FetchEventID(AscendC::HardEvent::S_V);
    for (uint32_t j = 0; j < rows; ++j) {
        const float scalar = -1.0f * mean.GetValue(j);
        AscendC::SetFlag<AscendC::HardEvent::S_V>(event);
        AscendC::WaitFlag<AscendC::HardEvent::S_V>(event);
        AscendC::Adds<float>(a[j * rp], a[j * rp], scalar, static_cast<int32_t>(tiling.rLength));
    }
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul<float>(a, a, a, static_cast<int32_t>(n));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float>(a, a, tiling.rValueBack, static_cast<int32_t>(n));
    AscendC::PipeBarrier<PIPE_V>();
    RowSum(var, b, a, rows, rp);
    AscendC::PipeBarrier<PIPE_V>();
}

template <class U, class T, const AscendC::LayerNormConfig& config>
void RunSeparate(const AscendC::LocalTensor<T>& out, const AscendC::LocalTensor<float>& mean,
                 const AscendC::LocalTensor<float>& rstd, const AscendC::LocalTensor<T>& x,
                 const AscendC::LocalTensor<U>& gamma, const AscendC::LocalTensor<U>& beta, float eps,
                 const AscendC::LocalTensor<uint8_t>& temp, const AscendC::LayerNormPara& para,
                 const LayerNormSeparateTiling& constTiling) {
    const ApiName api = Named("LayerNorm");
    const uint32_t rp = para.rLengthWithPadding;
    if (constTiling.oneTmpSize == 0 || constTiling.aCurLength == 0) {
        return (void)Misuse("LayerNorm: tiling.oneTmpSize is 0 (the buffer given to GetLayerNormNDTilingInfo holds no "
                            "row); fill the tiling with GetLayerNormNDTilingInfo and a size from "
                            "GetLayerNormMaxMinTmpSize");
    }
    if (para.rLength == 0 || para.rLength > rp || rp * sizeof(T) % 32 != 0 || rp / 8 > 255) {
        return (void)Misuse("LayerNorm: para.rLength (" + std::to_string(para.rLength) +
                            ") must be in [1, rLengthWithPadding = " + std::to_string(rp) +
                            "], rLengthWithPadding * sizeof(T) 32-byte aligned and at most 2040");
    }
    const uint32_t need = constTiling.secondTmpStartPos + constTiling.oneTmpSize;
    if (temp.GetSize() / 4 < need || temp.GetSize() / 4 <= rp) {
        return (void)Misuse("LayerNorm: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) +
                            " bytes, the tiling needs " + std::to_string(uint64_t{need} * 4) +
                            " (size it with GetLayerNormMaxMinTmpSize and pass that size to GetLayerNormNDTilingInfo)");
    }
    const uint64_t xBytes = uint64_t{para.aLength} * rp * sizeof(T);
    if (!CheckFits(api, "inputX", x.SimRef(), xBytes)) return;
    CheckDisjoint(api, OperandRange{"inputX", x.SimRef(), xBytes, sizeof(T)},
                  OperandRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{need} * 4, 1});
    LayerNormSeparateTiling& tiling = const_cast<LayerNormSeparateTiling&>(constTiling);
    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    const AscendC::LocalTensor<float> var = f[tiling.varianceTmpTensorPos];
    if (para.rLength != rp) {
        // the padding columns of x set to 0 (x * a row of rLength ones and zeros)
        const AscendC::LocalTensor<T> ones = f.template ReinterpretCast<T>();
        AscendC::Duplicate(ones, static_cast<T>(0), static_cast<int32_t>(rp));
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Adds(ones, ones, static_cast<T>(1), static_cast<int32_t>(para.rLength));
        AscendC::PipeBarrier<PIPE_V>();
        for (uint32_t i = 0; i < para.aLength; ++i) {
            AscendC::Mul(x[i * rp], x[i * rp], ones, static_cast<int32_t>(rp));
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
    const AscendC::LocalTensor<float> a = f[tiling.firstTmpStartPos], b = f[tiling.secondTmpStartPos];
    uint32_t in = 0, mv = 0;
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        MeanVar<T>(mean[mv], var[mv], x[in], a, b, para, tiling);
        in += tiling.inputRoundSize;
        mv += tiling.meanVarRoundSize;
    }
    if (tiling.inputTailSize > 0) {
        tiling.arCurLength = tiling.inputTailSize;
        tiling.aCurLength = tiling.meanVarTailSize;
        MeanVar<T>(mean[tiling.meanVarTailPos], var[tiling.meanVarTailPos], x[tiling.inputTailPos], a, b, para,
                   tiling);
    }
    const AscendC::LocalTensor<uint8_t> rest = f[tiling.firstTmpStartPos].template ReinterpretCast<uint8_t>();
    const AscendC::NormalizePara np{para.aLength, para.rLength, rp};
    if constexpr (!config.isNoBeta && !config.isNoGamma) {
        Normalize<U, T, AscendC::NLCFG_NORM>(out, rstd, mean, var, x, gamma, beta, rest, eps, np);
    } else if constexpr (config.isNoBeta && !config.isNoGamma) {
        Normalize<U, T, AscendC::NLCFG_NOBETA>(out, rstd, mean, var, x, gamma, beta, rest, eps, np);
    } else if constexpr (!config.isNoBeta && config.isNoGamma) {
        Normalize<U, T, AscendC::NLCFG_NOGAMMA>(out, rstd, mean, var, x, gamma, beta, rest, eps, np);
    } else {
        Normalize<U, T, AscendC::NLCFG_NOOPT>(out, rstd, mean, var, x, gamma, beta, rest, eps, np);
    }
}

}  // namespace sim::vec::layernorm

namespace AscendC {

template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNorm(const LocalTensor<T>& output,
                                                      const LocalTensor<float>& outputMean,
                                                      const LocalTensor<float>& outputRstd,
                                                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                                                      const LocalTensor<U>& beta, const float epsilon,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                      const LayerNormPara& para,
                                                      const LayerNormSeparateTiling& tiling) {
    static_assert(sim::vec::layernorm::kNormalizeTypes<U, T>,
                  "LayerNorm: T must be half or float, U (gamma, beta) float for a float T, half or float for a "
                  "half T, on Atlas A2/A3");
    static_assert(!config.isOnlyOutput, "LayerNorm: config.isOnlyOutput must be false on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::layernorm::RunSeparate<U, T, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon,
                                                   sharedTmpBuffer, para, tiling);
}
template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LayerNorm(const LocalTensor<T>& output,
                                                      const LocalTensor<float>& outputMean,
                                                      const LocalTensor<float>& outputRstd,
                                                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                                                      const LocalTensor<U>& beta, const float epsilon,
                                                      const LayerNormPara& para,
                                                      const LayerNormSeparateTiling& tiling) {
    static_assert(sim::vec::layernorm::kNormalizeTypes<U, T>,
                  "LayerNorm: T must be half or float, U (gamma, beta) float for a float T, half or float for a "
                  "half T, on Atlas A2/A3");
    static_assert(!config.isOnlyOutput, "LayerNorm: config.isOnlyOutput must be false on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("LayerNorm"), &stack)) return;
    sim::vec::layernorm::RunSeparate<U, T, config>(output, outputMean, outputRstd, inputX, gamma, beta, epsilon,
                                                   stack, para, tiling);
}

template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Normalize(const LocalTensor<T>& output,
                                                      const LocalTensor<float>& outputRstd,
                                                      const LocalTensor<float>& inputMean,
                                                      const LocalTensor<float>& inputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                                                      const LocalTensor<U>& beta,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                      const float epsilon, const NormalizePara& para) {
    static_assert(sim::vec::layernorm::kNormalizeTypes<U, T>,
                  "Normalize: the types must be T float with U float, or T half with U half or float, on Atlas A2/A3");
    static_assert(!config.isOnlyOutput, "Normalize: config.isOnlyOutput must be false");
    static_assert(config.aLength != 1, "Normalize: config.aLength must not be 1");
    sim::NoteCallSite();
    sim::vec::layernorm::Normalize<U, T, config>(output, outputRstd, inputMean, inputVariance, inputX, gamma, beta,
                                                 sharedTmpBuffer, epsilon, para);
}
template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Normalize(const LocalTensor<T>& output,
                                                      const LocalTensor<float>& outputRstd,
                                                      const LocalTensor<float>& inputMean,
                                                      const LocalTensor<float>& inputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
                                                      const LocalTensor<U>& beta, const float epsilon,
                                                      const NormalizePara& para) {
    static_assert(sim::vec::layernorm::kNormalizeTypes<U, T>,
                  "Normalize: the types must be T float with U float, or T half with U half or float, on Atlas A2/A3");
    static_assert(!config.isOnlyOutput, "Normalize: config.isOnlyOutput must be false");
    static_assert(config.aLength != 1, "Normalize: config.aLength must not be 1");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("Normalize"), &stack)) return;
    sim::vec::layernorm::Normalize<U, T, config>(output, outputRstd, inputMean, inputVariance, inputX, gamma, beta,
                                                 stack, epsilon, para);
}

}  // namespace AscendC
