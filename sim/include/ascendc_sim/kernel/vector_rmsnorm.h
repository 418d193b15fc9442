// High-level RmsNorm (CANN's include/adv_api/normalization/rmsnorm.h), as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/normalization/rmsnorm/
// rmsnorm_common_impl.h with rmsnorm_v220_impl.h). Every step is one vector instruction of the
// sim in Counter mode (SetMaskCount), so the log, rounding and modeled time follow them.
// Source [b, s, h] (tiling.hLength 32-byte aligned, the first originalHLength columns real),
// processed in tiles of tiling.mainBsLength rows (loopRound tiles, then tailBsLength rows).
// Temp (floats): reduced [mainBsLengthAlign] | x^2 / y [mainBshLength] | (half) x in float
// [mainBshLength]. Per tile, in float (half is Cast to float with CAST_NONE first):
//   t = x * x; r[i] = sum of the first originalHLength of row i of t: RepeatReduceSum over the
//   row (one tree sum per 64 lanes, written back to the row's start) until one value is left
//   (that last one to r[i]); r = r * reciprocalOfHLength; r = r + epsilon;
//   r = exp(-0.5 * ln(r)); t row i = x row i * r[i] (Muls, r[i] read by the scalar unit after a
//   V->S flag); y = t * gamma (the row-broadcast Mul forms of the implementation by hLength);
//   half: gamma Cast to float first and y Cast back to half (CAST_NONE).
// isBasicBlock = true (hLength % 64 == 0, b*s % 8 == 0, hLength < 2048) folds each row's
// 64-column pieces with Add before one RepeatReduceSum per row, as the implementation does (its
// Brcb + Adds broadcast is replaced by the per-row Muls: see ScaleRows).
// Checks (api_check rmsnorm): T half or float (compile time); hLength 32-byte aligned and
// originalHLength within it; src, dst within b*s*h, gamma within h; the temp large enough for the
// tiling (naming GetRmsNormMaxMinTmpSize / GetRmsNormTilingInfo) and disjoint from src, dst and
// gamma; dst and gamma disjoint.
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
#include "ascendc_sim/kernel/vector_broadcast.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce_type.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::rmsnorm {

constexpr uint32_t kBasicH = 64;
constexpr uint32_t kBasicBs = 8;
constexpr uint32_t kFloatsPerBlk = 8;

struct Tile {
    AscendC::LocalTensor<float> reduced, tmp, srcF;
    uint32_t bs = 0, bsh = 0;
};

inline void RowSums(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src, uint32_t bs,
                    uint32_t h, uint32_t oriH) {
    for (uint32_t i = 0; i < bs; ++i) {
        uint32_t total = oriH;
        const AscendC::LocalTensor<float> row = src[i * h];
        AscendC::LocalTensor<float> out = row;
        while (total > 1) {
            if (total <= kBasicH) out = dst[i];
            AscendC::SetVectorMask<float>(0, total);
            AscendC::RepeatReduceSum<float, false>(out, row, 1, AscendC::MASK_PLACEHOLDER, 1, 1, 1, 8);
            AscendC::PipeBarrier<PIPE_V>();
            total = (total + kBasicH - 1) / kBasicH;
        }
    }
}

template <bool isBasicBlock>
void Reduce(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src, uint32_t bs, uint32_t h,
            uint32_t oriH) {
    if constexpr (isBasicBlock) {
        AscendC::SetVectorMask<float>(0, bs * kBasicH);
        const uint8_t rep = static_cast<uint8_t>(h / kFloatsPerBlk);
        const AscendC::BinaryRepeatParams params(1, 1, 1, rep, rep, rep);
        for (uint32_t i = 1; i < h / kBasicH; ++i) {
            AscendC::Add<float, false>(src, src, src[i * kBasicH], AscendC::MASK_PLACEHOLDER, 1, params);
            AscendC::PipeBarrier<PIPE_V>();
        }
        AscendC::RepeatReduceSum<float, false>(dst, src, 1, AscendC::MASK_PLACEHOLDER, 1, 1, 1, rep);
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        RowSums(dst, src, bs, h, oriH);
    }
}

inline void RowMuls(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src,
                    const AscendC::LocalTensor<float>& scale, uint32_t bsh, uint32_t bs, uint32_t h) {
    AscendC::SetVectorMask<float>(0, h);
    const AscendC::UnaryRepeatParams unary;
    const auto event = GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S);
    AscendC::SetFlag<AscendC::HardEvent::V_S>(event);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(event);
    for (uint32_t i = 0; i < bs; ++i) {
        AscendC::Muls<float, false>(dst[i * h], src[i * h], scale.GetValue(i), AscendC::MASK_PLACEHOLDER, 1, unary);
    }
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::SetVectorMask<float>(0, bsh);
}

// The row broadcast of 1/rms. The implementation's basic-block path for more than 8 rows
// (Brcb of the scalars, then Adds 0 with source block stride 0 from each row's first block into
// its 64-column pieces) reads the block its first Adds writes, an overlap the sim reports as a
// violation of CANN's address-overlap rule; the sim issues the general path (one Muls a row with
// the scalar read after a V->S flag) for every shape: the same values, more instructions.
inline void ScaleRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& x,
                      const AscendC::LocalTensor<float>& scale, uint32_t bsh, uint32_t bs, uint32_t h) {
    RowMuls(dst, x, scale, bsh, bs, h);
}

inline void GammaMulRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& x,
                         const AscendC::LocalTensor<float>& gamma, uint32_t bs, uint32_t h) {
    const uint32_t loop = h / kBasicH;
    if (loop >= bs) {
        AscendC::SetVectorMask<float>(0, h);
        for (uint32_t i = 0; i < bs; ++i) {
            AscendC::Mul<float, false>(dst[i * h], x[i * h], gamma, AscendC::MASK_PLACEHOLDER, 1,
                                       AscendC::BinaryRepeatParams{});
        }
        return;
    }
    AscendC::SetVectorMask<float>(0, bs * kBasicH);
    const uint8_t rep = static_cast<uint8_t>(h / kFloatsPerBlk);
    const AscendC::BinaryRepeatParams params(1, 1, 1, rep, rep, 0);
    for (uint32_t i = 0; i < loop; ++i) {
        AscendC::Mul<float, false>(dst[i * kBasicH], x[i * kBasicH], gamma[i * kBasicH], AscendC::MASK_PLACEHOLDER, 1,
                                   params);
    }
    if (h % kBasicH != 0) {
        const uint32_t off = loop * kBasicH, tail = h - off;
        AscendC::SetMaskNorm();
        AscendC::SetVectorMask<float>(0, (uint64_t{1} << tail) - 1);
        AscendC::Mul<float, false>(dst[off], x[off], gamma[off], AscendC::MASK_PLACEHOLDER, static_cast<uint8_t>(bs),
                                   params);
        AscendC::SetMaskCount();
    }
}

template <bool isBasicBlock>
void GammaMul(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& x,
              const AscendC::LocalTensor<float>& gamma, uint32_t bs, uint32_t h) {
    if (isBasicBlock || h > kBasicH) {
        GammaMulRows(dst, x, gamma, bs, h);
    } else if (h == kBasicH) {
        AscendC::BinaryRepeatParams params;
        params.src1RepStride = 0;
        AscendC::SetVectorMask<float>(0, bs * h);
        AscendC::Mul<float, false>(dst, x, gamma, AscendC::MASK_PLACEHOLDER, 1, params);
    } else {
        AscendC::SetMaskNorm();
        AscendC::SetVectorMask<float>(0, (uint64_t{1} << h) - 1);
        const uint8_t rep = static_cast<uint8_t>(h / kFloatsPerBlk);
        const AscendC::BinaryRepeatParams params(1, 1, 1, rep, rep, 0);
        AscendC::Mul<float, false>(dst, x, gamma, AscendC::MASK_PLACEHOLDER, static_cast<uint8_t>(bs), params);
        AscendC::SetMaskCount();
    }
    AscendC::PipeBarrier<PIPE_V>();
}

template <class T, bool isBasicBlock>
void Compute(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<T>& gamma, T epsilon, const RmsNormTiling& tiling, Tile& t) {
    constexpr bool kHalf = std::is_same_v<T, half>;
    AscendC::UnaryRepeatParams unary;
    AscendC::SetVectorMask<T>(0, t.bsh);
    if constexpr (kHalf) {
        unary.srcRepStride = 4;
        AscendC::Cast<float, half, false>(t.srcF, src, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          unary);
        AscendC::PipeBarrier<PIPE_V>();
        unary.srcRepStride = 8;
    } else {
        t.srcF = src;
    }
    AscendC::Mul<float, false>(t.tmp, t.srcF, t.srcF, AscendC::MASK_PLACEHOLDER, 1, AscendC::BinaryRepeatParams{});
    AscendC::PipeBarrier<PIPE_V>();
    Reduce<isBasicBlock>(t.reduced, t.tmp, t.bs, tiling.hLength, tiling.originalHLength);
    AscendC::SetVectorMask<T>(0, t.bs);
    AscendC::Muls<float, false>(t.reduced, t.reduced, tiling.reciprocalOfHLength, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Adds<float, false>(t.reduced, t.reduced, static_cast<float>(epsilon), AscendC::MASK_PLACEHOLDER, 1,
                                unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Ln<float, false>(t.reduced, t.reduced, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls<float, false>(t.reduced, t.reduced, -0.5f, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Exp<float, false>(t.reduced, t.reduced, AscendC::MASK_PLACEHOLDER, 1, unary);
    AscendC::PipeBarrier<PIPE_V>();
    ScaleRows(t.tmp, t.srcF, t.reduced, t.bsh, t.bs, tiling.hLength);
    AscendC::PipeBarrier<PIPE_V>();
    if constexpr (kHalf) {
        unary.srcRepStride = 4;
        AscendC::SetVectorMask<T>(0, tiling.hLength);
        AscendC::Cast<float, half, false>(t.srcF, gamma, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          unary);
        AscendC::PipeBarrier<PIPE_V>();
        GammaMul<isBasicBlock>(t.tmp, t.tmp, t.srcF, t.bs, tiling.hLength);
        unary.srcRepStride = 8;
        unary.dstRepStride = 4;
        AscendC::SetVectorMask<T>(0, t.bsh);
        AscendC::Cast<half, float, false>(dst, t.tmp, AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER, 1,
                                          unary);
    } else {
        GammaMul<isBasicBlock>(dst, t.tmp, gamma, t.bs, tiling.hLength);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

template <class T, bool isBasicBlock>
bool Check(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
           const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<uint8_t>& temp,
           const RmsNormTiling& tiling) {
    const ApiName api = Named("RmsNorm");
    const uint32_t h = tiling.hLength;
    if (h == 0 || h * sizeof(T) % 32 != 0) {
        return Misuse("RmsNorm: tiling.hLength (" + std::to_string(h) + ") * sizeof(T) must be a nonzero multiple of "
                      "32 bytes (GetRmsNormTilingInfo)");
    }
    if (tiling.originalHLength == 0 || tiling.originalHLength > h) {
        return Misuse("RmsNorm: tiling.originalHLength (" + std::to_string(tiling.originalHLength) +
                      ") must be in [1, hLength = " + std::to_string(h) + "]");
    }
    if (tiling.mainBsLength == 0 || tiling.mainBshLength != tiling.mainBsLength * h) {
        return Misuse("RmsNorm: the tiling holds no tile of rows; fill it with GetRmsNormTilingInfo");
    }
    if constexpr (isBasicBlock) {
        if (h % kBasicH != 0 || h >= 2048 || tiling.bLength * tiling.sLength % kBasicBs != 0) {
            return Misuse("RmsNorm: isBasicBlock = true needs hLength a multiple of 64 below 2048 and b*s a multiple "
                          "of 8; the shape is [" + std::to_string(tiling.bLength) + ", " +
                          std::to_string(tiling.sLength) + ", " + std::to_string(h) + "]");
        }
    }
    const uint64_t bytes = uint64_t{tiling.bLength} * tiling.sLength * h * sizeof(T);
    if (!CheckFits(api, "srcLocal", src.SimRef(), bytes) || !CheckFits(api, "dstLocal", dst.SimRef(), bytes) ||
        !CheckFits(api, "gammaLocal", gamma.SimRef(), uint64_t{h} * sizeof(T))) {
        return false;
    }
    const uint64_t need =
        (uint64_t{tiling.mainBsLengthAlign} + uint64_t{tiling.mainBshLength} * (sizeof(T) == 2 ? 2 : 1)) * 4;
    if (temp.GetSize() < need) {
        return Misuse("RmsNorm: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, the tiling needs " +
                      std::to_string(need) + " (size it with GetRmsNormMaxMinTmpSize and pass that size to "
                      "GetRmsNormTilingInfo)");
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), need, 1};
    const OperandRange dstRange{"dstLocal", dst.SimRef(), bytes, sizeof(T)};
    const OperandRange gammaRange{"gammaLocal", gamma.SimRef(), uint64_t{h} * sizeof(T), sizeof(T)};
    CheckDisjoint(api, dstRange, tempRange);
    CheckDisjoint(api, OperandRange{"srcLocal", src.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, gammaRange, tempRange);
    CheckDisjoint(api, dstRange, gammaRange);
    return true;
}

template <class T, bool isBasicBlock>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& gamma,
         const AscendC::LocalTensor<uint8_t>& temp, T epsilon, const RmsNormTiling& tiling) {
    if (!Check<T, isBasicBlock>(dst, src, gamma, temp, tiling)) return;
    const AscendC::LocalTensor<float> f = temp.template ReinterpretCast<float>();
    Tile t;
    t.reduced = f;
    t.tmp = f[tiling.mainBsLengthAlign];
    if constexpr (std::is_same_v<T, half>) t.srcF = f[tiling.mainBshLength + tiling.mainBsLengthAlign];
    t.bs = tiling.mainBsLength;
    t.bsh = tiling.mainBshLength;
    AscendC::SetMaskCount();
    for (uint32_t i = 0; i < tiling.loopRound; ++i) {
        const uint32_t off = i * tiling.mainBshLength;
        Compute<T, isBasicBlock>(dst[off], src[off], gamma, epsilon, tiling, t);
    }
    if (tiling.tailBsLength != 0) {
        t.bsh = tiling.tailBshLength;
        t.bs = tiling.tailBsLength;
        Compute<T, isBasicBlock>(dst[tiling.inputTailPos], src[tiling.inputTailPos], gamma, epsilon, tiling, t);
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec::rmsnorm

namespace AscendC {

template <typename T, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                    const LocalTensor<T>& gammaLocal,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon,
                                                    const RmsNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "RmsNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::rmsnorm::Run<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, sharedTmpBuffer, epsilon, tiling);
}
template <typename T, bool isBasicBlock = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                    const LocalTensor<T>& gammaLocal, const T epsilon,
                                                    const RmsNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "RmsNorm: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("RmsNorm"), &stack)) return;
    sim::vec::rmsnorm::Run<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, stack, epsilon, tiling);
}

}  // namespace AscendC
