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
