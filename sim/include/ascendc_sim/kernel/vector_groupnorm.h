// High-level GroupNorm (CANN's include/adv_api/normalization/groupnorm.h), as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/normalization/groupnorm/
// groupnorm_common_impl.h). Every step is one vector instruction of the sim.
// inputX and output are [n, c, hwAlignSize] (each channel's h*w values, padded to 32 bytes; the
// padding is summed, so it should be 0), gamma and beta c values, outputMean and outputVariance
// n*g values (g groups of d = c/g channels, a group dhwAlignSize contiguous elements). Groups go
// in rounds of tiling.bsCurLength (loopRound rounds, then meanVarTailSize groups); a round in
// float (half inputX is Cast to float, CAST_NONE, into temp B; the float mean and variance live in
// the temp at meanTmpTensorPos / varianceTmpTensorPos and are Cast to half, CAST_NONE, at the end):
//   general path: mean_g = ReduceSum of the group's dhwAlign elements (the level-2 ReduceSum),
//     then * factor (Muls with the one mask bit of g); the centred values x - mean_g (Adds of
//     -mean_g over the hw values of each channel, the scalar read after a V->S flag; float
//     writes them into output, zeroed first); their squares (Mul); var_g = their ReduceSum *
//     factor;
//   smallShape: the group sums as two WholeReduceSum levels (mask1 = the largest multiple of 8
//     up to 64 dividing dhwAlign; partial sums every 8 lanes of a zeroed temp, then mask2 =
//     dhwAlign / mask1 * 8 lanes of those a group), * factor; Adds of -mean_g over each channel
//     of the group in one instruction (d repeats of hw lanes); squares; the variance likewise;
//   then per group (one mask bit): t = var_g + epsilon; ones = 1; t = sqrt(t); t = ones / t;
//   the group's dhwAlign values * t (Muls, t read after a V->S flag); each channel's hw values
//   * gamma[ch] then + beta[ch] (Muls, Adds; half: gamma and beta Cast to float into temps A and
//   C first); half: output = half(B) (CAST_NONE).
// Deviations, all where the implementation reaches past the round: it converts, zeroes and
// reduces inputRoundSize elements (a whole round's) in the tail round too, reading past inputX
// and writing past output; the sim uses the round's own bshCurLength / bsCurLength there. Its
// general path forms the mean and variance Muls mask as 1 << (group index), undefined from 64
// groups on; the sim sets the group's bit within its block of 64 (as its rsqrt step does). The
// tail round's output is zeroed over the round before the centred values go in (the
// implementation zeroes single lanes there, leaving the padding lanes as they were).
// The half form reads gamma/beta's float copies with GetValue right after their Cast; the sim
// puts a V->S flag between (the implementation has only a vector barrier there).
// The tail round sets tiling.bshCurLength / bsCurLength to the tail's and back, as CANN does.
// isReuseSource (float) takes temp A from inputX, as CANN; inputX is then clobbered.
// Checks (api_check groupnorm): T half or float (compile time); a tiling from
// GetGroupNormNDTilingInfo (nonzero round, d*g == c, the parts within tmpBufSize); inputX,
// output within n*c*hwAlign, gamma, beta within c, mean and variance within n*g; the temp at
// least tmpBufSize floats (naming GetGroupNormMaxMinTmpSize) and disjoint from every operand;
// output disjoint from gamma and beta.
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
#include "ascendc_sim/kernel/vector_reduce.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::groupnorm {

constexpr uint32_t kMaxMask = 64;
constexpr uint32_t kStep = 8;  // floats of a block

struct Temps {
    AscendC::LocalTensor<float> a, b, c, mean, var;
};

inline void SyncVS() {
    const auto event = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(event);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(event);
}

// values[gi] *= factor, for the groups g0 .. g0+count-1 (one masked lane each).
inline void ScaleGroups(const AscendC::LocalTensor<float>& values, uint32_t g0, uint32_t count, float factor) {
    for (uint32_t i = 0; i < count; ++i) {
        const uint32_t gi = g0 + i, block = gi / kMaxMask;
        uint64_t mask[1] = {uint64_t{1} << (gi - block * kMaxMask)};
        AscendC::Muls(values[block * kMaxMask], values[block * kMaxMask], factor, mask, 1,
                      {1, 1, static_cast<uint8_t>(kStep), static_cast<uint8_t>(kStep)});
        AscendC::PipeBarrier<PIPE_V>();
    }
}

inline uint32_t Mask1(const GroupNormTiling& tiling) {
    if (tiling.dhwAlignSize <= kMaxMask) return tiling.dhwAlignSize;
    uint32_t m = kMaxMask;
    while (m != 0 && tiling.dhwAlignSize % m != 0) m -= kStep;
    return m;
}

// out[g0 + i] = the sum of group i's dhwAlign elements of src, i < groups (two WholeReduceSum
// levels through `partial`, which must be zero between the partial sums).
inline void SmallSums(const AscendC::LocalTensor<float>& out, const AscendC::LocalTensor<float>& src,
                      const AscendC::LocalTensor<float>& partial, uint32_t groups, const GroupNormTiling& tiling) {
    const uint32_t mask1 = Mask1(tiling);
    const int32_t repeat1 = static_cast<int32_t>(tiling.dhwAlignSize / mask1 * groups);
    const uint32_t mask2 = tiling.dhwAlignSize / mask1 * kStep;
    AscendC::WholeReduceSum<float, true>(partial, src, static_cast<int32_t>(mask1), repeat1, kStep, 1,
                                         static_cast<int32_t>(mask1 / kStep));
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::WholeReduceSum<float, true>(out, partial, static_cast<int32_t>(mask2), static_cast<int32_t>(groups), 1, 1,
                                         static_cast<int32_t>(mask2 / kStep));
    AscendC::PipeBarrier<PIPE_V>();
}

// rsqrt of each group's variance + epsilon, then the group's values scaled by it.
inline void Normalize(const AscendC::LocalTensor<float>& inout, const AscendC::LocalTensor<float>& tmp,
                      const AscendC::LocalTensor<float>& ones, const AscendC::LocalTensor<float>& var, uint32_t g0,
                      uint32_t groups, float epsilon, const GroupNormTiling& tiling) {
    const AscendC::UnaryRepeatParams unary{1, 1, static_cast<uint8_t>(kStep), static_cast<uint8_t>(kStep)};
    const AscendC::BinaryRepeatParams binary{1, 1, 1, static_cast<uint8_t>(kStep), static_cast<uint8_t>(kStep),
                                             static_cast<uint8_t>(kStep)};
    for (uint32_t i = 0; i < groups; ++i) {
        const uint32_t gi = g0 + i, block = gi / kMaxMask;
        uint64_t mask[1] = {uint64_t{1} << (gi - block * kMaxMask)};
        AscendC::Adds<float, true>(tmp, var[block * kMaxMask], epsilon, mask, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Duplicate<float, true>(ones, 1.0f, mask, 1, 1, 1);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Sqrt<float, true>(tmp, tmp, mask, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Div<float, true>(tmp, ones, tmp, mask, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
    }
    SyncVS();
    for (uint32_t i = 0; i < groups; ++i) {
        AscendC::Muls(inout[i * tiling.dhwAlignSize], inout[i * tiling.dhwAlignSize],
                                   tmp.GetValue((g0 + i) % kMaxMask), static_cast<int32_t>(tiling.dhwAlignSize));
        AscendC::PipeBarrier<PIPE_V>();
    }
    SyncVS();
    AscendC::PipeBarrier<PIPE_V>();
}

// Each channel's hw values * gamma[ch] + beta[ch].
inline void Affine(const AscendC::LocalTensor<float>& inout, const AscendC::LocalTensor<float>& gamma,
                   const AscendC::LocalTensor<float>& beta, uint32_t g0, uint32_t groups,
                   const GroupNormTiling& tiling) {
    const uint32_t channels = groups * tiling.d, ch0 = g0 * tiling.d;
    const int32_t hw = static_cast<int32_t>(tiling.hw);
    for (uint32_t k = 0; k < channels; ++k) {
        AscendC::Muls(inout[k * tiling.hwAlignSize], inout[k * tiling.hwAlignSize],
                      gamma.GetValue((ch0 + k) % tiling.c), hw);
        AscendC::PipeBarrier<PIPE_V>();
    }
    for (uint32_t k = 0; k < channels; ++k) {
        AscendC::Adds(inout[k * tiling.hwAlignSize], inout[k * tiling.hwAlignSize],
                      beta.GetValue((ch0 + k) % tiling.c), hw);
        AscendC::PipeBarrier<PIPE_V>();
    }
}

// The centred values of the round's groups: dst = x - mean_g over each channel's hw values.
inline void CenterGeneral(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& x,
                          const AscendC::LocalTensor<float>& mean, uint32_t g0, uint32_t groups,
                          const GroupNormTiling& tiling) {
    for (uint32_t k = 0; k < tiling.d * groups; ++k) {
        AscendC::Adds(dst[k * tiling.hwAlignSize], x[k * tiling.hwAlignSize], -1.0f * mean.GetValue(g0 + k / tiling.d),
                      static_cast<int32_t>(tiling.hw));
        AscendC::PipeBarrier<PIPE_V>();
    }
}

inline void CenterSmall(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& x,
                        const AscendC::LocalTensor<float>& mean, uint32_t g0, uint32_t groups,
                        const GroupNormTiling& tiling) {
    const uint8_t rep = static_cast<uint8_t>(tiling.hwAlignSize / kStep);
    for (uint32_t i = 0; i < groups; ++i) {
        const uint32_t at = i * tiling.dhwAlignSize;
        AscendC::Adds(dst[at], x[at], -1.0f * mean.GetValue(g0 + i), static_cast<uint64_t>(tiling.hw),
                      static_cast<uint8_t>(tiling.d), {1, 1, rep, rep});
        AscendC::PipeBarrier<PIPE_V>();
    }
}

// Mean and variance of the round's groups from x (float); centred values and their squares
// go to `centred` and `squares`; `partial` is a zeroed temp for the small-shape sums; zeroCentred
// (float) zeroes `centred` over the round first (its padding lanes take part in the sums).
inline void Statistics(const AscendC::LocalTensor<float>& x, const AscendC::LocalTensor<float>& centred,
                       const AscendC::LocalTensor<float>& squares, const AscendC::LocalTensor<float>& partial,
                       const AscendC::LocalTensor<float>& work, const Temps& t, uint32_t g0, uint32_t groups,
                       bool zeroCentred, const GroupNormTiling& tiling) {
    const uint32_t dhw = tiling.dhwAlignSize;
    if (tiling.smallShape) {
        SmallSums(t.mean[g0], x, partial, groups, tiling);
        ScaleGroups(t.mean, g0, groups, tiling.factor);
        SyncVS();
        if (zeroCentred) {
            AscendC::Duplicate(centred, 0.0f, static_cast<int32_t>(tiling.bshCurLength));
            AscendC::PipeBarrier<PIPE_V>();
        }
        CenterSmall(centred, x, t.mean, g0, groups, tiling);
        AscendC::Mul(squares, centred, centred, static_cast<int32_t>(tiling.bshCurLength));
        AscendC::PipeBarrier<PIPE_V>();
        if (zeroCentred) {  // float: the partial-sum temp is zeroed again (half's still is from the start)
            AscendC::Duplicate(work, 0.0f, static_cast<int32_t>(tiling.inputRoundSize));
            AscendC::PipeBarrier<PIPE_V>();
        }
        SmallSums(t.var[g0], squares, work, groups, tiling);
        ScaleGroups(t.var, g0, groups, tiling.factor);
    } else {
        for (uint32_t i = 0; i < groups; ++i) {
            AscendC::ReduceSum<float>(t.mean[g0 + i], x[i * dhw], work[i * dhw], static_cast<int32_t>(dhw));
            AscendC::PipeBarrier<PIPE_V>();
        }
        ScaleGroups(t.mean, g0, groups, tiling.factor);
        SyncVS();
        if (zeroCentred) {
            AscendC::Duplicate(centred, 0.0f, static_cast<int32_t>(tiling.bshCurLength));
            AscendC::PipeBarrier<PIPE_V>();
        }
        CenterGeneral(centred, x, t.mean, g0, groups, tiling);
        AscendC::Mul(squares, centred, centred, static_cast<int32_t>(tiling.bshCurLength));
        AscendC::PipeBarrier<PIPE_V>();
        for (uint32_t i = 0; i < groups; ++i) {
            AscendC::ReduceSum<float>(t.var[g0 + i], squares[i * dhw], squares[i * dhw], static_cast<int32_t>(dhw));
            AscendC::PipeBarrier<PIPE_V>();
        }
        ScaleGroups(t.var, g0, groups, tiling.factor);
    }
}

template <class T>
void Round(const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<T>& gamma,
           const AscendC::LocalTensor<T>& beta, const AscendC::LocalTensor<T>& output, float epsilon, uint32_t g0,
           const GroupNormTiling& tiling, const Temps& t) {
    const uint32_t groups = tiling.bsCurLength;
    const int32_t n = static_cast<int32_t>(tiling.bshCurLength);
    if constexpr (std::is_same_v<T, half>) {
        const int32_t zeroed = static_cast<int32_t>(tiling.smallShape ? tiling.inputRoundSize * tiling.numberOfTmpBuf
                                                                      : tiling.bshCurLength);
        AscendC::Duplicate(t.a, 0.0f, zeroed);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(t.b, inputX, AscendC::RoundMode::CAST_NONE, n);
        AscendC::PipeBarrier<PIPE_V>();
        // general path: the ReduceSum work is C; small: the partial sums go to C (zeroed above)
        Statistics(t.b, t.b, t.c, t.c, tiling.smallShape ? t.a : t.c, t, g0, groups, false, tiling);
        Normalize(t.b, t.a, t.c, t.var, g0, groups, epsilon, tiling);
        AscendC::Cast(t.a, gamma, AscendC::RoundMode::CAST_NONE, static_cast<int32_t>(tiling.c));
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Cast(t.c, beta, AscendC::RoundMode::CAST_NONE, static_cast<int32_t>(tiling.c));
        AscendC::PipeBarrier<PIPE_V>();
        SyncVS();
        Affine(t.b, t.a, t.c, g0, groups, tiling);
        AscendC::Cast(output, t.b, AscendC::RoundMode::CAST_NONE, n);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        if (tiling.smallShape) {
            AscendC::Duplicate(t.c, 0.0f, static_cast<int32_t>(tiling.inputRoundSize));
            AscendC::PipeBarrier<PIPE_V>();
            Statistics(inputX, output, t.c, t.c, t.a, t, g0, groups, true, tiling);
            Normalize(output, t.a, t.b, t.var, g0, groups, epsilon, tiling);
        } else {
            Statistics(inputX, output, t.c, t.c, output, t, g0, groups, true, tiling);
            Normalize(output, t.a, t.b, t.var, g0, groups, epsilon, tiling);
        }
        Affine(output, gamma, beta, g0, groups, tiling);
    }
}

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

template <class T, bool isReuseSource>
bool Check(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<T>& outputMean,
           const AscendC::LocalTensor<T>& outputVariance, const AscendC::LocalTensor<T>& inputX,
           const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta,
           const AscendC::LocalTensor<uint8_t>& temp, const GroupNormTiling& tiling) {
    const ApiName api = Named("GroupNorm");
    if (tiling.oneTmpSize == 0 || tiling.bsCurLength == 0 || tiling.dhwAlignSize == 0 || tiling.g == 0 ||
        tiling.d * tiling.g != tiling.c || tiling.dhwAlignSize != tiling.d * tiling.hwAlignSize ||
        tiling.hw > tiling.hwAlignSize || tiling.hwAlignSize % kStep != 0) {
        return Misuse("GroupNorm: the tiling holds no round of groups (oneTmpSize " +
                      std::to_string(tiling.oneTmpSize) + ", bsCurLength " + std::to_string(tiling.bsCurLength) +
                      ", c " + std::to_string(tiling.c) + ", g " + std::to_string(tiling.g) +
                      "); fill it with GetGroupNormNDTilingInfo (c must be a multiple of groupNum)");
    }
    const bool twoParts = isReuseSource && std::is_same_v<T, float>;
    const uint64_t last = (twoParts ? tiling.secondTmpStartPos : tiling.thirdTmpStartPos);
    if (last + tiling.oneTmpSize > tiling.tmpBufSize) {
        return Misuse("GroupNorm: the tiling's temp parts end at " + std::to_string(last + tiling.oneTmpSize) +
                      " floats, past tmpBufSize (" + std::to_string(tiling.tmpBufSize) + ")");
    }
    const uint64_t bytes = uint64_t{tiling.inputXSize} * sizeof(T), cBytes = uint64_t{tiling.c} * sizeof(T);
    const uint64_t mvBytes = uint64_t{tiling.meanVarSize} * sizeof(T);
    if (!CheckFits(api, "inputX", inputX.SimRef(), bytes) || !CheckFits(api, "output", output.SimRef(), bytes) ||
        !CheckFits(api, "gamma", gamma.SimRef(), cBytes) || !CheckFits(api, "beta", beta.SimRef(), cBytes) ||
        !CheckFits(api, "outputMean", outputMean.SimRef(), mvBytes) ||
        !CheckFits(api, "outputVariance", outputVariance.SimRef(), mvBytes)) {
        return false;
    }
    const uint64_t need = uint64_t{tiling.tmpBufSize} * sizeof(float);
    if (temp.GetSize() < need) {
        return Misuse("GroupNorm: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, the tiling's " +
                      "tmpBufSize needs " + std::to_string(need) + " (size it with GetGroupNormMaxMinTmpSize and "
                      "pass that size to GetGroupNormNDTilingInfo)");
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), need, 1};
    const OperandRange outRange{"output", output.SimRef(), bytes, sizeof(T)};
    const OperandRange gammaRange{"gamma", gamma.SimRef(), cBytes, sizeof(T)};
    const OperandRange betaRange{"beta", beta.SimRef(), cBytes, sizeof(T)};
    CheckDisjoint(api, OperandRange{"inputX", inputX.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, outRange, tempRange);
    CheckDisjoint(api, gammaRange, tempRange);
    CheckDisjoint(api, betaRange, tempRange);
    CheckDisjoint(api, OperandRange{"outputMean", outputMean.SimRef(), mvBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"outputVariance", outputVariance.SimRef(), mvBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, outRange, gammaRange);
    CheckDisjoint(api, outRange, betaRange);
    return true;
}

template <class T, bool isReuseSource>
void Run(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<T>& outputMean,
         const AscendC::LocalTensor<T>& outputVariance, const AscendC::LocalTensor<T>& inputX,
         const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<T>& beta,
         const AscendC::LocalTensor<uint8_t>& temp, T epsilon, GroupNormTiling& tiling) {
    if (!Check<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta, temp, tiling)) return;
    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Temps t;
    if constexpr (std::is_same_v<T, half>) {
        t.a = f[tiling.firstTmpStartPos];
        t.b = f[tiling.secondTmpStartPos];
        t.c = f[tiling.thirdTmpStartPos];
        t.mean = f[tiling.meanTmpTensorPos];
        t.var = f[tiling.varianceTmpTensorPos];
    } else {
        if constexpr (isReuseSource) {
            t.a = inputX;
            t.b = f[tiling.firstTmpStartPos];
            t.c = f[tiling.secondTmpStartPos];
        } else {
            t.a = f[tiling.firstTmpStartPos];
            t.b = f[tiling.secondTmpStartPos];
            t.c = f[tiling.thirdTmpStartPos];
        }
        t.mean = outputMean;
        t.var = outputVariance;
    }
    const float eps = static_cast<float>(epsilon);
    uint32_t at = 0;
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        Round<T>(inputX[at], gamma, beta, output[at], eps, i * tiling.bsCurLength, tiling, t);
        at += tiling.inputRoundSize;
    }
    if (tiling.inputTailSize > 0) {
        tiling.bshCurLength = tiling.inputTailSize;
        tiling.bsCurLength = tiling.meanVarTailSize;
        const uint32_t x0 = tiling.inputTailPos;
        Round<T>(inputX[x0], gamma, beta, output[x0], eps, tiling.meanVarTailPos, tiling, t);
        tiling.bshCurLength = tiling.inputRoundSize;
        tiling.bsCurLength = tiling.meanVarRoundSize;
    }
    if constexpr (std::is_same_v<T, half>) {
        const int32_t groups = static_cast<int32_t>(tiling.n * tiling.g);
        AscendC::Cast(outputMean, t.mean, AscendC::RoundMode::CAST_NONE, groups);
        AscendC::Cast(outputVariance, t.var, AscendC::RoundMode::CAST_NONE, groups);
    }
}

}  // namespace sim::vec::groupnorm

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                                                      const LocalTensor<T>& outputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<T>& gamma,
                                                      const LocalTensor<T>& beta,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                                                      GroupNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "GroupNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::groupnorm::Run<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta,
                                               sharedTmpBuffer, epsilon, tiling);
}

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GroupNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                                                      const LocalTensor<T>& outputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<T>& gamma,
                                                      const LocalTensor<T>& beta, const T epsilon,
                                                      GroupNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "GroupNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("GroupNorm"), &stack)) return;
    sim::vec::groupnorm::Run<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta, stack, epsilon,
                                               tiling);
}

}  // namespace AscendC
