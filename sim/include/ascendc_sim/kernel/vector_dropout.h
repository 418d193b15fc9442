// High-level DropOut (CANN's include/adv_api/filter/dropout.h, DropOutShapeInfo of
// impl/basic_api/utils/kernel_utils_struct_norm_sort.h), as Atlas A2/A3 (dav-2201) runs it
// (asc-devkit impl/adv_api/detail/filter/dropout/dropout_impl.h, dropout_c220_impl.h,
// dropout_membase_impl.h), every step one sim vector instruction in Counter mode:
//   divValue = T(1.0f / keepProb)
//   mode (template dropOutMode, or 0: picked from the shape info):
//     1 byte, misaligned (srcLastAxis < maskLastAxis): GatherMask (pattern 7, uint16) packs each
//       mask row's first srcLastAxis bytes in place, then mode 2 over firstAxis * srcLastAxis
//     2 byte (srcLastAxis == maskLastAxis): in pieces of the temp (half: tmp/2 halfs; float:
//       tmp/6 of each), Cast mask u8->half (->float), Mul by src, Muls by divValue
//     3 bit (srcLastAxis == maskLastAxis * 8): unless isInitBitMode, zero the temp's first 256 B
//       (int16; CANN: Muls by 0, here Duplicate 0, see LoadZeroScalar) and SetCmpMask from it; Select mode 1 (src where the mask
//       bit is 1, else 0), Muls by divValue
//     4 bit, misaligned: the mask rows' first srcLastAxis / 8 bytes packed by GatherMask, then 3
// Checks: T half or float (compile time); firstAxis > 0 and keepProb in (0, 1); every operand
// holds what the shape says; the temp one 256-byte repeat in the bit modes
// (the zero scalar; not with isInitBitMode) and one 32-element piece in the byte modes;
// sharedTmpBuffer shares no byte with src, dst or mask.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_select.h"

namespace AscendC {

#ifndef ASCC_STRUCT_DROPOUTSHAPEINFO
#define ASCC_STRUCT_DROPOUTSHAPEINFO
struct DropOutShapeInfo {
    __aicore__ DropOutShapeInfo() {}
    uint32_t firstAxis = 0;
    uint32_t srcLastAxis = 0;
    uint32_t maskLastAxis = 0;
};
#endif

const uint32_t DROPOUT_MODE_BYTE_MISALIGN = 1;
const uint32_t DROPOUT_MODE_BYTE_ALIGN = 2;
const uint32_t DROPOUT_MODE_BIT_ALIGN = 3;
const uint32_t DROPOUT_MODE_BIT_MISALIGN = 4;

}  // namespace AscendC

namespace sim::vec::dropout {

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

// Packs each of firstAxis mask rows (maskLastAxis bytes apart) to its first rowBytes bytes, in
// place: GatherMask pattern 7 (every element) over uint16, reduce mode, one repeat per row.
inline void PackMaskRows(const AscendC::LocalTensor<uint8_t>& mask, const AscendC::DropOutShapeInfo& info,
                         uint32_t rowBytes) {
    using namespace AscendC;
    GatherMaskParams params;
    params.repeatTimes = static_cast<uint16_t>(info.firstAxis);
    params.src0RepeatStride = static_cast<uint16_t>(info.maskLastAxis / ONE_BLK_SIZE);
    LocalTensor<uint16_t> words = mask.ReinterpretCast<uint16_t>();
    uint64_t kept = 0;
    GatherMask<uint16_t>(words, words, 7, true, rowBytes / sizeof(uint16_t), params, kept);
    PipeBarrier<PIPE_V>();
}

// The scalar 0 into CMPMASK for Select mode 1, from the temp's first repeat (int16). CANN makes
// those zeros with Muls of the temp by 0; the temp is uninitialized then, and the sim carries
// "undefined" through a product (it cannot know the factor is 0), so its uninitialized-read check
// would stop the load. Duplicate writes the same 128 zeros in one repeat of the same unit.
inline void LoadZeroScalar(const AscendC::LocalTensor<uint8_t>& tmp) {
    using namespace AscendC;
    ResetMask();
    LocalTensor<int16_t> zero = tmp.ReinterpretCast<int16_t>();
    Duplicate<int16_t, false>(zero, int16_t{0}, MASK_PLACEHOLDER, 1, 1, 8);
    PipeBarrier<PIPE_V>();
    SetCmpMask<int16_t>(zero);
    PipeBarrier<PIPE_V>();
}

template <class T>
void BitMode(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>& mask, T divValue, uint32_t count) {
    using namespace AscendC;
    SetMaskCount();
    SetVectorMask<uint8_t, MaskMode::COUNTER>(0, count);
    const BinaryRepeatParams binary;
    Select<T, uint8_t>(dst, mask, src, 1, binary);
    PipeBarrier<PIPE_V>();
    const UnaryRepeatParams unary;
    Muls<T, false>(dst, dst, divValue, MASK_PLACEHOLDER, 1, unary);
    PipeBarrier<PIPE_V>();
    SetMaskNorm();
    ResetMask();
}

template <class T>
void ByteMode(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>& mask, const AscendC::LocalTensor<uint8_t>& tmp, T divValue,
              uint32_t count) {
    using namespace AscendC;
    // half: the whole temp as halfs; float: a half piece and a float piece of equal length.
    constexpr uint32_t pieceBytes = std::is_same_v<T, half> ? sizeof(half) : sizeof(half) + sizeof(float);
    const uint32_t piece = tmp.GetSize() / pieceBytes / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (piece == 0) {
        return (void)Misuse(std::string("DropOut: ") + TempName(tmp.SimRef()) + " holds " + std::to_string(tmp.GetSize()) +
                            " bytes, too few for one 32-element piece of the byte-mask mode (at least " +
                            std::to_string(ONE_BLK_SIZE * pieceBytes) + "; size it with GetDropOutMaxMinTmpSize)");
    }
    LocalTensor<half> first = tmp.ReinterpretCast<half>();
    first.SetSize(piece);
    LocalTensor<float> second;
    if constexpr (std::is_same_v<T, float>) {
        second = tmp[piece * sizeof(half)].template ReinterpretCast<float>();
        second.SetSize(piece);
    }
    auto calc = [&](uint32_t offset) {
        UnaryRepeatParams unary;
        unary.srcRepStride = DEFAULT_REPEAT_STRIDE / sizeof(half);
        Cast<half, uint8_t, false>(first, mask[offset], RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, unary);
        PipeBarrier<PIPE_V>();
        const BinaryRepeatParams binary;
        if constexpr (std::is_same_v<T, half>) {
            Mul<half, false>(dst[offset], first, src[offset], MASK_PLACEHOLDER, 1, binary);
        } else {
            Cast<float, half, false>(second, first, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1, unary);
            PipeBarrier<PIPE_V>();
            Mul<float, false>(dst[offset], second, src[offset], MASK_PLACEHOLDER, 1, binary);
        }
        PipeBarrier<PIPE_V>();
        unary.srcRepStride = DEFAULT_REPEAT_STRIDE;
        Muls<T, false>(dst[offset], dst[offset], divValue, MASK_PLACEHOLDER, 1, unary);
        PipeBarrier<PIPE_V>();
    };
    SetMaskCount();
    SetVectorMask<uint8_t, MaskMode::COUNTER>(0, piece);
    uint32_t offset = 0;
    for (uint32_t i = 0; i < count / piece; ++i, offset += piece) calc(offset);
    if (count % piece != 0) {
        SetVectorMask<uint8_t, MaskMode::COUNTER>(0, count % piece);
        calc(offset);
    }
    SetMaskNorm();
    ResetMask();
}

template <class T, bool isInitBitMode, uint32_t dropOutMode>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
         const AscendC::LocalTensor<uint8_t>& mask, const AscendC::LocalTensor<uint8_t>& tmp, float keepProb,
         const AscendC::DropOutShapeInfo& info) {
    using namespace AscendC;
    const ApiName api = Named("DropOut");
    if (info.firstAxis == 0) return (void)Misuse("DropOut: info.firstAxis must be greater than 0");
    if (!(keepProb > 0.0f && keepProb < 1.0f)) {
        return (void)Misuse("DropOut: keepProb is " + std::to_string(keepProb) + ", it must lie in (0, 1)");
    }
    uint32_t mode = dropOutMode;
    if (mode == 0) {
        mode = info.srcLastAxis < info.maskLastAxis    ? DROPOUT_MODE_BYTE_MISALIGN
               : info.srcLastAxis == info.maskLastAxis ? DROPOUT_MODE_BYTE_ALIGN
               : info.srcLastAxis == info.maskLastAxis * 8 ? DROPOUT_MODE_BIT_ALIGN
                                                           : DROPOUT_MODE_BIT_MISALIGN;
    }
    const bool bitMode = mode == DROPOUT_MODE_BIT_ALIGN || mode == DROPOUT_MODE_BIT_MISALIGN;
    const uint64_t count = uint64_t{info.firstAxis} * info.srcLastAxis;
    const uint64_t maskBytes = uint64_t{info.firstAxis} * info.maskLastAxis;
    if (!CheckFits(api, "srcLocal", src.SimRef(), count * sizeof(T)) ||
        !CheckFits(api, "dstLocal", dst.SimRef(), count * sizeof(T)) ||
        !CheckFits(api, "maskLocal", mask.SimRef(), maskBytes)) {
        return;
    }
    if ((mode == DROPOUT_MODE_BYTE_MISALIGN || mode == DROPOUT_MODE_BIT_MISALIGN) && info.maskLastAxis % 32 != 0) {
        return (void)Misuse("DropOut: info.maskLastAxis (" + std::to_string(info.maskLastAxis) +
                            ") must be a multiple of 32 bytes when the mask rows are repacked");
    }
    if (bitMode && info.srcLastAxis % 16 != 0) {
        return (void)Misuse("DropOut: info.srcLastAxis (" + std::to_string(info.srcLastAxis) +
                            ") must be a multiple of 16 in the bit-mask modes (whole uint16 mask words)");
    }
    if (bitMode && !isInitBitMode && tmp.GetSize() < 256) {
        return (void)Misuse(std::string("DropOut: ") + TempName(tmp.SimRef()) + " holds " + std::to_string(tmp.GetSize()) +
                            " bytes, below one 256-byte repeat (size it with GetDropOutMaxMinTmpSize)");
    }
    const OperandRange tmpRange{"sharedTmpBuffer", tmp.SimRef(), tmp.GetSize(), 1};
    CheckDisjoint(api, OperandRange{"srcLocal", src.SimRef(), count * sizeof(T), sizeof(T)}, tmpRange);
    CheckDisjoint(api, OperandRange{"dstLocal", dst.SimRef(), count * sizeof(T), sizeof(T)}, tmpRange);
    CheckDisjoint(api, OperandRange{"maskLocal", mask.SimRef(), maskBytes, 1}, tmpRange);

    const T divValue = static_cast<T>(1.0f / keepProb);
    const uint32_t n = static_cast<uint32_t>(count);
    switch (mode) {
        case DROPOUT_MODE_BYTE_MISALIGN:
            PackMaskRows(mask, info, info.srcLastAxis);
            SetMaskCount();
            ByteMode(dst, src, mask, tmp, divValue, n);
            break;
        case DROPOUT_MODE_BYTE_ALIGN:
            ByteMode(dst, src, mask, tmp, divValue, n);
            break;
        case DROPOUT_MODE_BIT_ALIGN:
            if (!isInitBitMode) LoadZeroScalar(tmp);
            BitMode(dst, src, mask, divValue, n);
            break;
        default:
            if (!isInitBitMode) LoadZeroScalar(tmp);
            PackMaskRows(mask, info, info.srcLastAxis / 8);
            SetMaskCount();
            BitMode(dst, src, mask, divValue, n);
            break;
    }
}

}  // namespace sim::vec::dropout

namespace AscendC {

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                    const LocalTensor<uint8_t>& maskLocal,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer, const float keepProb,
                                                    const DropOutShapeInfo& info) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                  "DropOut: T must be half or float on Atlas A2/A3");
    static_assert(dropOutMode <= 4, "DropOut: dropOutMode must be 0, 1, 2, 3 or 4");
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    sim::vec::dropout::Run<T, isInitBitMode, dropOutMode>(dstLocal, srcLocal, maskLocal, sharedTmpBuffer, keepProb,
                                                         info);
}

}  // namespace AscendC
