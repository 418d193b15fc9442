// High-level WelfordUpdate (CANN's include/adv_api/normalization/layernorm.h, with
// WelfordUpdateParam and WelfordUpdateConfig of layernorm_utils.h), as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/normalization/layernorm/
// layernorm_common_impl.h and layernorm_common_basic_impl.h). One Welford step over the
// abComputeLength columns of a single new row (rnLength = 1), every step one Counter-mode vector
// instruction of the sim over chunks of 64 * tmpNum elements, tmpNum = tmpBytes / (256 * k),
// k = 3 (half x), 2 (float x), 1 (float x, isReuseSource):
//   d = x - inMean; m = d * nRec; outMean = m + inMean; e = x - outMean; d = d * e;
//   outVar = d + inVar
// (half x is first Cast to float, CAST_NONE; with isReuseSource x itself is overwritten by
// x - inMean, which is recomputed). config.isInplace with abComputeLength < abLength first copies
// inMean/inVar's last AlignUp(abLength - abComputeLength, 8) elements to the outputs (DataCopy).
// Checks as CANN's: T half or float and U float (compile time); rnLength 1; 0 < abComputeLength
// <= abLength <= inputX's size; abLength 32-byte aligned; the temp one chunk at least (naming
// GetWelfordUpdateMaxMinTmpSize) and disjoint from every operand; every U tensor abLength long.
//
// WelfordFinalize (CANN's include/adv_api/normalization/welfordfinalize.h with WelfordFinalizePara
// and WelfordFinalizeConfig of welfordfinalize_utils.h; the A2/A3 forms, as asc-devkit
// impl/adv_api/detail/normalization/welfordfinalize/welfordfinalize_common_impl.h runs them): the
// abLength partial (mean, M2) pairs merged into one mean and variance. The temp (floats): [64 partial
// means | 64 partial variances | tM, tV of computeLength = (size/4 - 128) / 128 * 64 each]; the
// pairs are taken computeLength at a time, each chunk summed (the LayerNorm row sum: Add-fold,
// WholeReduceSum) into one partial slot, the slots summed by a WholeReduceSum (folded into slot 0
// whenever the 64 slots are full). Per chunk, in Counter mode:
//   mean  without counts: t = inMean * abRec (no tail: tailCount or tailCountLength 0), or
//         t = inMean * tailCount * rRec, the first headCountLength of them * (headCount / tailCount);
//         with counts: t = inMean * float(counts) * rRec
//   var   tM = the final mean (broadcast as LayerNorm's BroadcastRows); d = inMean - tM; d = d * d;
//         d = d * rnLength (no tail) / * tailCount, head * (headCount / tailCount) / * float(counts);
//         t = (d + inVar) * rRec
// out[0] = the sum, out[1..7] = 0. Checks: abLength a nonzero multiple of 8 within every input,
// headCountLength + tailCountLength = abLength, outputs at least 8 floats, the temp at least 1024
// bytes (naming GetWelfordFinalizeMaxMinTmpSize) and disjoint from every operand.
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
#include "ascendc_sim/kernel/vector_layernorm.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace AscendC {

struct WelfordUpdateConfig {
    __aicore__ constexpr WelfordUpdateConfig(const bool isInplaceIn) : isInplace(isInplaceIn) {}
    bool isInplace = false;
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};

struct WelfordUpdateParam {
    uint32_t rnLength;
    uint32_t abLength;
    uint32_t abComputeLength;
    float nRec;
};

}  // namespace AscendC

namespace sim::vec::welford {

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

template <class T, bool isReuseSource>
void Run(const AscendC::LocalTensor<float>& outMean, const AscendC::LocalTensor<float>& outVar,
         const AscendC::LocalTensor<float>& inMean, const AscendC::LocalTensor<float>& inVar,
         const AscendC::LocalTensor<T>& x, const AscendC::LocalTensor<uint8_t>& temp,
         const AscendC::WelfordUpdateParam& para, bool inplace) {
    const ApiName api = Named("WelfordUpdate");
    if (para.rnLength != 1) return (void)Misuse("WelfordUpdate: para.rnLength is " + std::to_string(para.rnLength) + ", it must be 1");
    if (para.abComputeLength == 0 || para.abComputeLength > para.abLength) {
        return (void)Misuse("WelfordUpdate: para.abComputeLength (" + std::to_string(para.abComputeLength) +
                            ") must be in [1, abLength = " + std::to_string(para.abLength) + "]");
    }
    if (para.abLength * sizeof(T) % 32 != 0) {
        return (void)Misuse("WelfordUpdate: para.abLength (" + std::to_string(para.abLength) + ") must be 32-byte aligned");
    }
    const uint64_t xBytes = uint64_t{para.abLength} * sizeof(T), uBytes = uint64_t{para.abLength} * 4;
    if (!CheckFits(api, "inputX", x.SimRef(), xBytes) || !CheckFits(api, "inputMean", inMean.SimRef(), uBytes) ||
        !CheckFits(api, "inputVariance", inVar.SimRef(), uBytes) ||
        !CheckFits(api, "outputMean", outMean.SimRef(), uBytes) ||
        !CheckFits(api, "outputVariance", outVar.SimRef(), uBytes)) {
        return;
    }
    constexpr uint32_t k = std::is_same_v<T, half> ? 3 : (isReuseSource ? 1 : 2);
    const uint32_t tmpNum = temp.GetSize() / (256 * k);
    if (tmpNum == 0) {
        return (void)Misuse("WelfordUpdate: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, below " +
                            std::to_string(256 * k) + " (size it with GetWelfordUpdateMaxMinTmpSize)");
    }
    const uint32_t chunk = 64 * tmpNum;
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), uint64_t{256} * k * tmpNum, 1};
    CheckDisjoint(api, OperandRange{"inputX", x.SimRef(), xBytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"inputMean", inMean.SimRef(), uBytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"inputVariance", inVar.SimRef(), uBytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"outputMean", outMean.SimRef(), uBytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"outputVariance", outVar.SimRef(), uBytes, 4}, tempRange);
    AscendC::SetMaskCount();
    if (inplace && para.abComputeLength < para.abLength) {
        const uint32_t len = (para.abLength - para.abComputeLength + 7) / 8 * 8;
        const uint32_t at = para.abLength - len;
        AscendC::DataCopy(outMean[at], inMean[at], len);
        AscendC::DataCopy(outVar[at], inVar[at], len);
        AscendC::PipeBarrier<PIPE_V>();
    }
    const AscendC::UnaryRepeatParams unary;
    const AscendC::BinaryRepeatParams binary;
    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    constexpr uint64_t P = AscendC::MASK_PLACEHOLDER;
    for (uint32_t off = 0; off < para.abComputeLength; off += chunk) {
        const uint32_t n = std::min(chunk, para.abComputeLength - off);
        AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, n);
        const AscendC::LocalTensor<float> om = outMean[off], ov = outVar[off], im = inMean[off], iv = inVar[off];
        AscendC::LocalTensor<float> src, d, e;
        if constexpr (std::is_same_v<T, half>) {
            src = f;
            d = f[chunk];
            e = f[2 * chunk];
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast<float, half, false>(src, x[off], AscendC::RoundMode::CAST_NONE, P, 1, {1, 1, 8, 4});
        } else {
            src = x[off];
            d = f;
            e = isReuseSource ? f : f[chunk];
        }
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Sub<float, false>(d, src, im, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls<float, false>(e, d, para.nRec, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add<float, false>(om, e, im, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        if constexpr (isReuseSource && !std::is_same_v<T, half>) {
            AscendC::Sub<float, false>(d, src, om, P, 1, binary);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Sub<float, false>(src, src, im, P, 1, binary);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul<float, false>(d, d, src, P, 1, binary);
        } else {
            AscendC::Sub<float, false>(e, src, om, P, 1, binary);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul<float, false>(d, d, e, P, 1, binary);
        }
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add<float, false>(ov, d, iv, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::welford

namespace AscendC {

template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WelfordUpdate(const LocalTensor<U>& outputMean,
                                                          const LocalTensor<U>& outputVariance,
                                                          const LocalTensor<U>& inputMean,
                                                          const LocalTensor<U>& inputVariance,
                                                          const LocalTensor<T>& inputX,
                                                          const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                          const WelfordUpdateParam& para) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "WelfordUpdate: inputX (T) must be half or float on Atlas A2/A3");
    static_assert(std::is_same_v<U, float>, "WelfordUpdate: mean/variance (U) must be float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::welford::Run<T, isReuseSource>(outputMean, outputVariance, inputMean, inputVariance, inputX,
                                             sharedTmpBuffer, para, config.isInplace);
}
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WelfordUpdate(const LocalTensor<U>& outputMean,
                                                          const LocalTensor<U>& outputVariance,
                                                          const LocalTensor<U>& inputMean,
                                                          const LocalTensor<U>& inputVariance,
                                                          const LocalTensor<T>& inputX,
                                                          const WelfordUpdateParam& para) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "WelfordUpdate: inputX (T) must be half or float on Atlas A2/A3");
    static_assert(std::is_same_v<U, float>, "WelfordUpdate: mean/variance (U) must be float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("WelfordUpdate"), &stack)) return;
    sim::vec::welford::Run<T, isReuseSource>(outputMean, outputVariance, inputMean, inputVariance, inputX, stack, para,
                                             config.isInplace);
}

}  // namespace AscendC

namespace AscendC {

struct WelfordFinalizeConfig {
    __aicore__ constexpr WelfordFinalizeConfig(const bool isCorrectionIn) { isCorrection = isCorrectionIn; }
    bool isCorrection = false;
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};

struct WelfordFinalizePara {
    uint32_t rnLength;
    uint32_t abLength;
    uint32_t headCount;
    uint32_t headCountLength;
    uint32_t tailCount;
    uint32_t tailCountLength;
    float abRec;
    float rRec;
    float rRecWithCorrection;
};

}  // namespace AscendC

namespace sim::vec::welford_finalize {

constexpr uint32_t kLanes = 64;
constexpr uint64_t P = AscendC::MASK_PLACEHOLDER;
using AscendC::LocalTensor;
using layernorm::BroadcastRows;
using layernorm::RowSum;

struct Temps {
    LocalTensor<float> outMean, outVar, tM, tV;
    uint32_t chunk = 0, round = 0, tail = 0;
};

inline void Count(uint32_t n) { AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, n); }

inline bool HasTail(const AscendC::WelfordFinalizePara& para) { return para.tailCountLength != 0 && para.tailCount != 0; }

inline uint32_t HeadPart(const AscendC::WelfordFinalizePara& para, uint32_t n, uint32_t off) {
    const int64_t head = int64_t{para.headCountLength} - off;
    return head < 0 ? 0 : (head > n ? n : static_cast<uint32_t>(head));
}

// The chunk's weighted means, summed into slot.
inline void ChunkMean(const Temps& t, const LocalTensor<float>& inMean, const LocalTensor<int32_t>* counts,
                      const LocalTensor<float>& slot, const AscendC::WelfordFinalizePara& para, uint32_t n,
                      uint32_t off) {
    const AscendC::UnaryRepeatParams unary;
    AscendC::SetMaskCount();
    Count(n);
    if (counts != nullptr) {
        AscendC::Cast<float, int32_t, false>(t.tM, *counts, AscendC::RoundMode::CAST_NONE, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul<float, false>(t.tM, inMean, t.tM, P, 1, AscendC::BinaryRepeatParams{});
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls<float, false>(t.tM, t.tM, para.rRec, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
    } else if (!HasTail(para)) {
        AscendC::Muls<float, false>(t.tM, inMean, para.abRec, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        AscendC::Muls<float, false>(t.tV, inMean, static_cast<float>(static_cast<int32_t>(para.tailCount)), P, 1,
                                    unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls<float, false>(t.tM, t.tV, para.rRec, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        const uint32_t head = HeadPart(para, n, off);
        if (head > 0) {
            Count(head);
            AscendC::Muls<float, false>(t.tM, t.tM,
                                        static_cast<float>(static_cast<int32_t>(para.headCount)) /
                                            static_cast<float>(static_cast<int32_t>(para.tailCount)),
                                        P, 1, unary);
            AscendC::PipeBarrier<PIPE_V>();
        }
        Count(n);
    }
    RowSum(t.tV, slot, t.tM, 1, n);
    AscendC::PipeBarrier<PIPE_V>();
}

// The chunk's contributions to the variance (tM holds the final mean in its first element).
inline void ChunkVar(const Temps& t, const LocalTensor<float>& inMean, const LocalTensor<float>& inVar,
                     const LocalTensor<int32_t>* counts, const LocalTensor<float>& slot,
                     const AscendC::WelfordFinalizePara& para, uint32_t n, uint32_t off) {
    const AscendC::UnaryRepeatParams unary;
    const AscendC::BinaryRepeatParams binary;
    AscendC::Adds(t.tV, t.tM, 0.0f, 1);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskCount();
    BroadcastRows(t.tM, t.tV, 1, n);
    Count(n);
    AscendC::Sub<float, false>(t.tV, inMean, t.tM, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Mul<float, false>(t.tM, t.tV, t.tV, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    if (counts != nullptr) {
        AscendC::Cast<float, int32_t, false>(t.tV, *counts, AscendC::RoundMode::CAST_NONE, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Mul<float, false>(t.tM, t.tM, t.tV, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Add<float, false>(t.tV, t.tM, inVar, P, 1, binary);
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::Muls<float, false>(t.tV, t.tV, para.rRec, P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        RowSum(t.tM, slot, t.tV, 1, n);
        AscendC::PipeBarrier<PIPE_V>();
        return;
    }
    if (!HasTail(para)) {
        AscendC::Muls<float, false>(t.tV, t.tM, static_cast<float>(static_cast<int32_t>(para.rnLength)), P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        AscendC::Muls<float, false>(t.tV, t.tM, static_cast<float>(static_cast<int32_t>(para.tailCount)), P, 1, unary);
        AscendC::PipeBarrier<PIPE_V>();
        const uint32_t head = HeadPart(para, n, off);
        if (head > 0) {
            Count(head);
            AscendC::Muls<float, false>(t.tV, t.tV,
                                        static_cast<float>(static_cast<int32_t>(para.headCount)) /
                                            static_cast<float>(static_cast<int32_t>(para.tailCount)),
                                        P, 1, unary);
            AscendC::PipeBarrier<PIPE_V>();
        }
        Count(n);
    }
    AscendC::Add<float, false>(t.tM, inVar, t.tV, P, 1, binary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float, false>(t.tV, t.tM, para.rRec, P, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    RowSum(t.tM, slot, t.tV, 1, n);
    AscendC::PipeBarrier<PIPE_V>();
}

// The 64 partial slots full: their sum into slot 0, the next partial goes to slot 1.
inline void FoldSlots(const LocalTensor<float>& slots, uint32_t used) {
    AscendC::SetMaskNorm();
    AscendC::WholeReduceSum(slots, slots, static_cast<int32_t>(used), 1, 1, 1, static_cast<int32_t>(used >> 3));
    AscendC::PipeBarrier<PIPE_V>();
}

inline bool Check(const LocalTensor<float>& outMean, const LocalTensor<float>& outVar,
                  const LocalTensor<float>& inMean, const LocalTensor<float>& inVar,
                  const LocalTensor<int32_t>* counts, const LocalTensor<uint8_t>& temp,
                  const AscendC::WelfordFinalizePara& para) {
    const ApiName api = Named("WelfordFinalize");
    if (para.abLength == 0 || para.abLength % 8 != 0) {
        return layernorm::Misuse("WelfordFinalize: para.abLength (" + std::to_string(para.abLength) +
                               ") must be a nonzero multiple of 8 (32 bytes of float)");
    }
    if (counts == nullptr && uint64_t{para.headCountLength} + para.tailCountLength != para.abLength) {
        return layernorm::Misuse("WelfordFinalize: para.headCountLength (" + std::to_string(para.headCountLength) +
                               ") + para.tailCountLength (" + std::to_string(para.tailCountLength) +
                               ") must equal para.abLength (" + std::to_string(para.abLength) + ")");
    }
    const uint64_t bytes = uint64_t{para.abLength} * 4;
    if (!CheckFits(api, "inputMean", inMean.SimRef(), bytes) || !CheckFits(api, "inputVariance", inVar.SimRef(), bytes) ||
        !CheckFits(api, "outputMean", outMean.SimRef(), 32) || !CheckFits(api, "outputVariance", outVar.SimRef(), 32) ||
        (counts != nullptr && !CheckFits(api, "counts", counts->SimRef(), bytes))) {
        return false;
    }
    if (temp.GetSize() < 1024) {
        return layernorm::Misuse("WelfordFinalize: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) +
                               " bytes, below 1024 (size it with GetWelfordFinalizeMaxMinTmpSize)");
    }
    const uint64_t chunk = (temp.GetSize() / 4 - 2 * kLanes) / (2 * kLanes) * kLanes;
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), (2 * kLanes + 2 * chunk) * 4, 1};
    CheckDisjoint(api, OperandRange{"inputMean", inMean.SimRef(), bytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"inputVariance", inVar.SimRef(), bytes, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"outputMean", outMean.SimRef(), 32, 4}, tempRange);
    CheckDisjoint(api, OperandRange{"outputVariance", outVar.SimRef(), 32, 4}, tempRange);
    if (counts != nullptr) CheckDisjoint(api, OperandRange{"counts", counts->SimRef(), bytes, 4}, tempRange);
    return true;
}

inline void Run(const LocalTensor<float>& outMean, const LocalTensor<float>& outVar, const LocalTensor<float>& inMean,
                const LocalTensor<float>& inVar, const LocalTensor<int32_t>* counts,
                const LocalTensor<uint8_t>& temp, const AscendC::WelfordFinalizePara& para) {
    if (!Check(outMean, outVar, inMean, inVar, counts, temp, para)) return;
    const LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Temps t;
    t.chunk = (temp.GetSize() / 4 - 2 * kLanes) / (2 * kLanes) * kLanes;
    t.round = para.abLength / t.chunk;
    t.tail = para.abLength % t.chunk;
    t.outMean = f;
    t.outVar = f[kLanes];
    t.tM = f[2 * kLanes];
    t.tV = f[2 * kLanes + t.chunk];
    AscendC::SetMaskCount();
    for (int pass = 0; pass < 2; ++pass) {
        const LocalTensor<float>& slots = pass == 0 ? t.outMean : t.outVar;
        uint32_t off = 0, used = 0;
        const auto chunk = [&](uint32_t n) {
            const LocalTensor<int32_t> c = counts != nullptr ? (*counts)[off] : LocalTensor<int32_t>();
            const LocalTensor<int32_t>* cp = counts != nullptr ? &c : nullptr;
            if (pass == 0) {
                ChunkMean(t, inMean[off], cp, slots[used], para, n, off);
            } else {
                AscendC::Adds(t.tM, t.outMean, 0.0f, 1);
                AscendC::PipeBarrier<PIPE_V>();
                ChunkVar(t, inMean[off], inVar[off], cp, slots[used], para, n, off);
            }
            off += n;
            ++used;
        };
        for (uint32_t i = 0; i < t.round; ++i) {
            chunk(t.chunk);
            if (used == kLanes) {
                FoldSlots(slots, used);
                used = 1;
            }
        }
        if (t.tail > 0) chunk(t.tail);
        FoldSlots(slots, used);
    }
    AscendC::Adds(outMean, t.outMean, 0.0f, 1);
    AscendC::Adds(outVar, t.outVar, 0.0f, 1);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskNorm();
    AscendC::SetVectorMask<float>(0, 254);
    AscendC::Duplicate<float, false>(outMean, 0.0f, P, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Duplicate<float, false>(outVar, 0.0f, P, 1, 1, 8);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::welford_finalize

namespace AscendC {

template <bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WelfordFinalize(const LocalTensor<float>& outputMean,
                                                            const LocalTensor<float>& outputVariance,
                                                            const LocalTensor<float>& inputMean,
                                                            const LocalTensor<float>& inputVariance,
                                                            const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                            WelfordFinalizePara& para) {
    sim::NoteCallSite();
    sim::vec::welford_finalize::Run(outputMean, outputVariance, inputMean, inputVariance, nullptr, sharedTmpBuffer,
                                    para);
}
template <bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WelfordFinalize(const LocalTensor<float>& outputMean,
                                                            const LocalTensor<float>& outputVariance,
                                                            const LocalTensor<float>& inputMean,
                                                            const LocalTensor<float>& inputVariance,
                                                            const LocalTensor<int32_t>& counts,
                                                            const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                            WelfordFinalizePara& para) {
    sim::NoteCallSite();
    sim::vec::welford_finalize::Run(outputMean, outputVariance, inputMean, inputVariance, &counts, sharedTmpBuffer,
                                    para);
}
template <bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WelfordFinalize(const LocalTensor<float>& outputMean,
                                                            const LocalTensor<float>& outputVariance,
                                                            const LocalTensor<float>& inputMean,
                                                            const LocalTensor<float>& inputVariance,
                                                            WelfordFinalizePara& para) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("WelfordFinalize"), &stack)) return;
    sim::vec::welford_finalize::Run(outputMean, outputVariance, inputMean, inputVariance, nullptr, stack, para);
}
template <bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WelfordFinalize(const LocalTensor<float>& outputMean,
                                                            const LocalTensor<float>& outputVariance,
                                                            const LocalTensor<float>& inputMean,
                                                            const LocalTensor<float>& inputVariance,
                                                            const LocalTensor<int32_t>& counts,
                                                            WelfordFinalizePara& para) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("WelfordFinalize"), &stack)) return;
    sim::vec::welford_finalize::Run(outputMean, outputVariance, inputMean, inputVariance, &counts, stack, para);
}

}  // namespace AscendC
