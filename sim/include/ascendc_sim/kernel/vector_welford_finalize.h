// High-level WelfordFinalize (CANN's include/adv_api/normalization/welfordfinalize.h with WelfordFinalizePara
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

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_layernorm.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce.h"

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
