// High-level BatchNorm (CANN's include/adv_api/normalization/batchnorm.h), as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/normalization/batchnorm/
// batchnorm_common_impl.h and batchnorm_common_pre_impl.h). Every step is one vector
// instruction of the sim, Counter mode (SetMaskCount) unless said, so the log, rounding and
// modeled time follow them.
// inputX and output are [B, s*h] (B = tiling.originalBLength rows of meanVarSize = s*h), gamm and
// beta B values (one per row), outputMean and outputVariance s*h values: the statistics of each
// column over the B rows. The columns go in rounds of shCurLength (loopRound rounds, then
// meanVarTailSize columns); a round in float (half inputX is Cast to float first, CAST_NONE, into
// temp A; the float mean and variance then live in the temp at meanTmpTensorPos /
// varianceTmpTensorPos and are Cast to half, CAST_NONE, into outputMean / outputVariance):
//   C_i = x_i * (1/B) (Muls, one a row); mean = C_0 (DataCopy, Normal mode), mean += C_i
//   (Add, i = 1..B-1, in order); C_i = x_i - mean (Sub a row); Bt = C * C; A = Bt * (1/B);
//   var = A_0 + A_1 + ... (as the mean); A = var + epsilon; Bt = ln(A); A = Bt * -0.5;
//   Bt = exp(A); C_i = C_i * Bt (Mul a row); Bt_i = gamm[i] (Duplicate a row, the value read by
//   the scalar unit; half: gamm Cast to float into A first, then a V->S flag); C = Bt * C;
//   Bt_i = beta[i] (likewise); output_i = Bt_i + C_i (half: into Bt, then Cast to half, CAST_NONE).
// The tail round overwrites tiling.bshCurLength, shCurLength and shCurLengthBlockNum with the
// tail's, as the implementation does (the tiling is a non-const reference).
// isBasicBlock = true (s*h % 64 == 0, B % 8 == 0, shCurLength % 64 == 0) runs these steps too:
// the implementation's basic-block path (Brcb + Adds 0 for the broadcast, 64-lane Normal-mode
// repeats over the rows) computes the same values (its operands commute and x + 0 == x) with
// fewer instructions; the sim checks its shape conditions. isReuseSource changes nothing on A2/A3.
// Checks (api_check batchnorm): T half or float (compile time); a tiling from
// GetBatchNormNDTilingInfo (nonzero B and round, the three parts within tmpBufSize); inputX,
// output within B*s*h, gamm, beta within B, mean and variance within s*h; the temp at least
// tmpBufSize floats (naming GetBatchNormMaxMinTmpSize) and disjoint from every operand; output
// disjoint from gamm and beta.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::batchnorm {

constexpr uint32_t kFloatsPerBlock = 8;
constexpr uint32_t kBasicLen = 64;
constexpr uint8_t kHalfRepStride = 4;  // blocks of 64 halves: a float repeat's elements as half

struct Temps {
    AscendC::LocalTensor<float> a, b, c, mean, var;
};

inline void SyncVS() {
    const auto event = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(event);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(event);
}

inline void Count(uint32_t n) { AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, n); }

// dst = rows[0] + rows[1] + ... + rows[B-1] (rows of sh floats, contiguous).
inline void SumRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& rows, uint32_t bRows,
                    uint32_t sh) {
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
    AscendC::DataCopyParams copy;
    copy.blockCount = 1;
    copy.blockLen = static_cast<uint16_t>(sh / kFloatsPerBlock);
    AscendC::DataCopy<float>(dst, rows, copy);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskCount();
    Count(sh);
    const AscendC::BinaryRepeatParams binary;
    for (uint32_t i = 1; i < bRows; ++i) {
        AscendC::Add<float, false>(dst, dst, rows[i * sh], AscendC::MASK_PLACEHOLDER, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::PipeBarrier<PIPE_V>();
}

// dst row i (sh floats) = values[i], i < bRows.
inline void SpreadRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& values,
                       uint32_t bRows, uint32_t sh) {
    Count(sh);
    for (uint32_t i = 0; i < bRows; ++i) {
        AscendC::Duplicate<float, false>(dst[i * sh], static_cast<float>(values.GetValue(i)), AscendC::MASK_PLACEHOLDER,
                                         1, 1, 8);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

// One round of sh columns. x: the input rows as float (row stride xStride); mean/var: float.
template <class T>
void Round(const AscendC::LocalTensor<T>& inputX, const AscendC::LocalTensor<T>& gamm,
           const AscendC::LocalTensor<T>& beta, const AscendC::LocalTensor<T>& output,
           const AscendC::LocalTensor<T>& outMean, const AscendC::LocalTensor<T>& outVar,
           const AscendC::LocalTensor<float>& mean, const AscendC::LocalTensor<float>& var, float epsilon,
           const BatchNormTiling& tiling, const Temps& t) {
    constexpr bool kHalf = std::is_same_v<T, half>;
    const uint32_t bRows = tiling.originalBLength, sh = tiling.shCurLength, rowLen = tiling.meanVarSize;
    const float rec = tiling.firstDimValueBack;
    AscendC::UnaryRepeatParams unary;
    const AscendC::BinaryRepeatParams binary;
    AscendC::LocalTensor<float> x;
    uint32_t xStride = rowLen;
    if constexpr (kHalf) {
        Count(sh);
        AscendC::UnaryRepeatParams toFloat;
        toFloat.srcRepStride = kHalfRepStride;
        for (uint32_t i = 0; i < bRows; ++i) {
            AscendC::Cast<float, half, false>(t.a[i * sh], inputX[i * rowLen], AscendC::RoundMode::CAST_NONE,
                                              AscendC::MASK_PLACEHOLDER, 1, toFloat);
        }
        AscendC::PipeBarrier<PIPE_V>();
        x = t.a;
        xStride = sh;
    } else {
        x = inputX;
    }
    AscendC::UnaryRepeatParams toHalf;
    toHalf.dstRepStride = kHalfRepStride;
    // mean
    Count(sh);
    for (uint32_t i = 0; i < bRows; ++i) {
        AscendC::Muls<float, false>(t.c[i * sh], x[i * xStride], rec, AscendC::MASK_PLACEHOLDER, 1, unary);
    }
    AscendC::PipeBarrier<PIPE_V>();
    SumRows(mean, t.c, bRows, sh);
    if constexpr (kHalf) {
        Count(sh);
        AscendC::Cast<half, float, false>(outMean, mean, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    }
    // variance
    Count(sh);
    for (uint32_t i = 0; i < bRows; ++i) {
        AscendC::Sub<float, false>(t.c[i * sh], x[i * xStride], mean, AscendC::MASK_PLACEHOLDER, 1, binary);
    }
    AscendC::PipeBarrier<PIPE_V>();
    Count(tiling.bshCurLength);
    AscendC::Mul<float, false>(t.b, t.c, t.c, AscendC::MASK_PLACEHOLDER, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float, false>(t.a, t.b, rec, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    SumRows(var, t.a, bRows, sh);
    if constexpr (kHalf) {
        Count(sh);
        AscendC::Cast<half, float, false>(outVar, var, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          toHalf);
        AscendC::PipeBarrier<PIPE_V>();
    }
    // 1 / sqrt(var + epsilon) as exp(-0.5 ln(var + epsilon)), applied to x - mean
    Count(sh);
    AscendC::Adds<float, false>(t.a, var, epsilon, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Ln<float, false>(t.b, t.a, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float, false>(t.a, t.b, -0.5f, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Exp<float, false>(t.b, t.a, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t i = 0; i < bRows; ++i) {
        AscendC::Mul<float, false>(t.c[i * sh], t.c[i * sh], t.b, AscendC::MASK_PLACEHOLDER, 1, binary);
    }
    AscendC::PipeBarrier<PIPE_V>();
    // gamma, beta
    if constexpr (kHalf) {
        AscendC::UnaryRepeatParams toFloat;
        toFloat.srcRepStride = kHalfRepStride;
        Count(bRows);
        AscendC::Cast<float, half, false>(t.a, gamm, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          toFloat);
        SyncVS();
        SpreadRows(t.b, t.a, bRows, sh);
        Count(tiling.bshCurLength);
        AscendC::Mul<float, false>(t.c, t.b, t.c, AscendC::MASK_PLACEHOLDER, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        Count(bRows);
        AscendC::Cast<float, half, false>(t.a, beta, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          toFloat);
        SyncVS();
        SpreadRows(t.b, t.a, bRows, sh);
        AscendC::PipeBarrier<PIPE_V>();
        for (uint32_t i = 0; i < bRows; ++i) {
            AscendC::Add<float, false>(t.b[i * sh], t.b[i * sh], t.c[i * sh], AscendC::MASK_PLACEHOLDER, 1, binary);
        }
        AscendC::PipeBarrier<PIPE_V>();
        Count(sh);
        for (uint32_t i = 0; i < bRows; ++i) {
            AscendC::Cast<half, float, false>(output[i * rowLen], t.b[i * sh], AscendC::RoundMode::CAST_NONE,
                                              AscendC::MASK_PLACEHOLDER, 1, toHalf);
        }
    } else {
        SpreadRows(t.b, gamm, bRows, sh);
        Count(tiling.bshCurLength);
        AscendC::Mul<float, false>(t.c, t.b, t.c, AscendC::MASK_PLACEHOLDER, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        SpreadRows(t.b, beta, bRows, sh);
        for (uint32_t i = 0; i < bRows; ++i) {
            AscendC::Add<float, false>(output[i * rowLen], t.b[i * sh], t.c[i * sh], AscendC::MASK_PLACEHOLDER, 1,
                                       binary);
        }
    }
    AscendC::PipeBarrier<PIPE_V>();
}

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

template <class T, bool isBasicBlock>
bool Check(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<T>& outputMean,
           const AscendC::LocalTensor<T>& outputVariance, const AscendC::LocalTensor<T>& inputX,
           const AscendC::LocalTensor<T>& gamm, const AscendC::LocalTensor<T>& beta,
           const AscendC::LocalTensor<uint8_t>& temp, const BatchNormTiling& tiling) {
    const ApiName api = Named("BatchNorm");
    const uint32_t bRows = tiling.originalBLength, sh = tiling.meanVarSize;
    if (bRows == 0 || sh == 0 || tiling.shCurLength == 0 || tiling.oneTmpSize == 0 ||
        tiling.bshCurLength != bRows * tiling.shCurLength || tiling.shCurLength % kFloatsPerBlock != 0) {
        return Misuse("BatchNorm: the tiling holds no round of columns (originalBLength " + std::to_string(bRows) +
                      ", shCurLength " + std::to_string(tiling.shCurLength) +
                      "); fill it with GetBatchNormNDTilingInfo");
    }
    if (sh * sizeof(T) % 32 != 0) {
        return Misuse("BatchNorm: tiling.meanVarSize (s*h = " + std::to_string(sh) +
                      ") * sizeof(T) must be a multiple of 32 bytes");
    }
    if constexpr (isBasicBlock) {
        if (sh % kBasicLen != 0 || bRows % kFloatsPerBlock != 0 || tiling.shCurLength % kBasicLen != 0) {
            return Misuse("BatchNorm: isBasicBlock = true needs s*h and shCurLength multiples of 64 and "
                          "originalBLength a multiple of 8; the tiling has s*h " + std::to_string(sh) +
                          ", shCurLength " + std::to_string(tiling.shCurLength) + ", originalBLength " +
                          std::to_string(bRows));
        }
    }
    if (uint64_t{tiling.thirdTmpStartPos} + tiling.oneTmpSize > tiling.tmpBufSize) {
        return Misuse("BatchNorm: tiling.thirdTmpStartPos + oneTmpSize (" +
                      std::to_string(uint64_t{tiling.thirdTmpStartPos} + tiling.oneTmpSize) +
                      ") exceeds tmpBufSize (" + std::to_string(tiling.tmpBufSize) + ")");
    }
    const uint64_t bytes = uint64_t{bRows} * sh * sizeof(T), mvBytes = uint64_t{sh} * sizeof(T);
    if (!CheckFits(api, "inputX", inputX.SimRef(), bytes) || !CheckFits(api, "output", output.SimRef(), bytes) ||
        !CheckFits(api, "gamm", gamm.SimRef(), uint64_t{bRows} * sizeof(T)) ||
        !CheckFits(api, "beta", beta.SimRef(), uint64_t{bRows} * sizeof(T)) ||
        !CheckFits(api, "outputMean", outputMean.SimRef(), mvBytes) ||
        !CheckFits(api, "outputVariance", outputVariance.SimRef(), mvBytes)) {
        return false;
    }
    const uint64_t need = uint64_t{tiling.tmpBufSize} * sizeof(float);
    if (temp.GetSize() < need) {
        return Misuse("BatchNorm: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, the tiling's " +
                      "tmpBufSize needs " + std::to_string(need) + " (size it with GetBatchNormMaxMinTmpSize and "
                      "pass that size to GetBatchNormNDTilingInfo)");
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), need, 1};
    const OperandRange outRange{"output", output.SimRef(), bytes, sizeof(T)};
    const OperandRange gammRange{"gamm", gamm.SimRef(), uint64_t{bRows} * sizeof(T), sizeof(T)};
    const OperandRange betaRange{"beta", beta.SimRef(), uint64_t{bRows} * sizeof(T), sizeof(T)};
    CheckDisjoint(api, OperandRange{"inputX", inputX.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, outRange, tempRange);
    CheckDisjoint(api, gammRange, tempRange);
    CheckDisjoint(api, betaRange, tempRange);
    CheckDisjoint(api, OperandRange{"outputMean", outputMean.SimRef(), mvBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"outputVariance", outputVariance.SimRef(), mvBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, outRange, gammRange);
    CheckDisjoint(api, outRange, betaRange);
    return true;
}

template <class T, bool isBasicBlock>
void Run(const AscendC::LocalTensor<T>& output, const AscendC::LocalTensor<T>& outputMean,
         const AscendC::LocalTensor<T>& outputVariance, const AscendC::LocalTensor<T>& inputX,
         const AscendC::LocalTensor<T>& gamm, const AscendC::LocalTensor<T>& beta,
         const AscendC::LocalTensor<uint8_t>& temp, T epsilon, BatchNormTiling& tiling) {
    if (!Check<T, isBasicBlock>(output, outputMean, outputVariance, inputX, gamm, beta, temp, tiling)) return;
    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Temps t;
    t.a = f[tiling.firstTmpStartPos];
    t.b = f[tiling.secondTmpStartPos];
    t.c = f[tiling.thirdTmpStartPos];
    AscendC::LocalTensor<float> mean, var;
    if constexpr (std::is_same_v<T, half>) {
        mean = f[tiling.meanTmpTensorPos];
        var = f[tiling.varianceTmpTensorPos];
    } else {
        mean = outputMean;
        var = outputVariance;
    }
    const float eps = static_cast<float>(epsilon);
    AscendC::SetMaskCount();
    uint32_t at = 0;
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        Round<T>(inputX[at], gamm, beta, output[at], outputMean[at], outputVariance[at], mean[at], var[at], eps,
                 tiling, t);
        at += tiling.shCurLength;
    }
    if (tiling.inputTailSize > 0) {
        tiling.bshCurLength = tiling.inputTailSize;
        tiling.shCurLength = tiling.meanVarTailSize;
        tiling.shCurLengthBlockNum = tiling.shCurLength / kFloatsPerBlock;
        const uint32_t x0 = tiling.inputTailPos, m0 = tiling.meanVarTailPos;
        Round<T>(inputX[x0], gamm, beta, output[x0], outputMean[m0], outputVariance[m0], mean[m0], var[m0], eps,
                 tiling, t);
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::batchnorm

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                                                      const LocalTensor<T>& outputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<T>& gamm,
                                                      const LocalTensor<T>& beta,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                                                      BatchNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "BatchNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::batchnorm::Run<T, isBasicBlock>(output, outputMean, outputVariance, inputX, gamm, beta, sharedTmpBuffer,
                                              epsilon, tiling);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BatchNorm(const LocalTensor<T>& output, const LocalTensor<T>& outputMean,
                                                      const LocalTensor<T>& outputVariance,
                                                      const LocalTensor<T>& inputX, const LocalTensor<T>& gamm,
                                                      const LocalTensor<T>& beta, const T epsilon,
                                                      BatchNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "BatchNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("BatchNorm"), &stack)) return;
    sim::vec::batchnorm::Run<T, isBasicBlock>(output, outputMean, outputVariance, inputX, gamm, beta, stack, epsilon,
                                              tiling);
}

}  // namespace AscendC
