// High-level Pad and UnPad (CANN's include/adv_api/pad/pad.h; pages docs/zh/api/SIMD-API/
// 高阶API/张量变换/Pad.md, UnPad.md), step by step as the Atlas A2/A3 (2201) implementation runs
// them (asc-devkit impl/adv_api/detail/pad/pad/pad_v220_impl.h and pad_base_impl.h), each step
// one of the sim's vector instructions (so the log, the model and their checks apply).
// Source [srcHeight, srcWidth] of T (the tiling's shape, from PadTilingFunc / UnPadTilingFunc).
// Pad, srcWidth * sizeof(T) a multiple of 32 B (the page's scenario 2: the last
// srcWidth - srcOriWidth columns of each row are padding to overwrite):
//   DataCopy of the whole source into dst, then Duplicate of padValue with a bit mask of the
//   rightPad columns after srcOriWidth in each row's last block, heightTiling (255) rows per
//   instruction (dstRepStride = blocksPerRow).
// Pad, srcWidth not 32-B aligned (scenario 1: rows packed back to back in the source, dst rows of
// srcWidth + leftPad + rightPad elements): the source seen as one column, through two temps of
// tmpBuffer1BlockNum * 16 blocks each (tmp1 at 0, tmp2 at tmpBuffer2Offset elements):
//   Brcb of brcbTiling source elements at a time into tmp1 (each element fills one 32-B block;
//   254 repeats per instruction); per dst row and per piece of widthTiling columns, tmp2 takes
//   leftPad blocks of padValue (first piece), the piece's blocks from tmp1 (DataCopy, refilling
//   tmp1 as it runs out) and rightPad blocks of padValue (last piece, which is rounded up to
//   whole blocks); TransDataTo5HD on tmp2 in place (tmpBuffer1BlockNum repeats, 16 blocks
//   apart) turns each group of 16 one-value blocks into one row of 16 values; DataCopy of those
//   rows (16 elements of every 16 blocks) into the dst row.
// UnPad: one GatherMask (pattern 7, reduce mode, srcWidth - rightPad elements per row, srcHeight
// repeats of srcWidth elements each): the rows without their last rightPad elements, packed.
// Checks (CANN api_check pad/unpad and the pages): T one of int16_t, uint16_t, half, int32_t,
// uint32_t, float (compile time); the source 32-B of data (srcHeight * srcWidth * sizeof(T));
// dst, src (and the temp for unaligned Pad) within their tensors and not sharing bytes; the
// padded width within srcWidth rounded up to 32 B; the aligned case pads on the right only,
// within the row; unaligned Pad needs a tiling made with a temp (stackBufferSize > 0) and a temp
// of at least the 2 * tmpBuffer1BlockNum * 512 bytes it was made for; UnPad takes off at most
// srcWidth - 1 columns on the right and no left columns (the page: left unpad unsupported).
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/transpose_types.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_transpose.h"
#include "kernel_tiling/kernel_tiling.h"

namespace AscendC {

struct PadParams {
    __aicore__ PadParams() = default;
    __aicore__ PadParams(const uint16_t leftPadIn, const uint16_t rightPadIn, const int32_t padValueIn)
        : leftPad(leftPadIn), rightPad(rightPadIn), padValue(padValueIn) {}
    uint16_t leftPad = 0;
    uint16_t rightPad = 0;
    int32_t padValue = 0;
};

struct UnPadParams {
    __aicore__ UnPadParams() = default;
    __aicore__ UnPadParams(const uint16_t leftPadIn, const uint16_t rightPadIn)
        : leftPad(leftPadIn), rightPad(rightPadIn) {}
    uint16_t leftPad = 0;
    uint16_t rightPad = 0;
};

}  // namespace AscendC

namespace sim::vec::pad {

template <class T>
constexpr bool kPadType = kIsOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float>;

constexpr uint32_t kListSize = 16;        // TransDataTo5HD blocks per repeat
constexpr uint32_t kBrcbMaxRepeats = 254; // the tiling's maxRepeatTimes: 255 * 8 blocks is not whole
constexpr uint8_t kGatherPatternAll = 7;  // GatherMask's built-in pattern that keeps every element

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

template <class T>
T PadValueAs(int32_t v) {
    if constexpr (std::is_same_v<T, half>) return half(static_cast<float>(v));
    else return static_cast<T>(v);
}

inline void VToS() {
    const auto e = static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S));
    AscendC::SetFlag<AscendC::HardEvent::V_S>(e);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(e);
}

template <class T>
void AlignedPad(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const AscendC::PadParams& params, const AscendC::tiling::PadTiling& t) {
    constexpr uint32_t blk = kBlockBytes / sizeof(T);
    AscendC::DataCopy(dst, src, t.srcHeight * t.srcWidth);
    AscendC::PipeBarrier<PIPE_V>();
    // A mask of no lanes would be a Duplicate that writes nothing; it is not issued.
    if (params.rightPad == 0) return;
    uint64_t mask[2] = {((uint64_t{1} << params.rightPad) - 1) << (blk - (t.srcWidth - t.srcOriWidth)), 0};
    const T value = PadValueAs<T>(params.padValue);
    for (uint32_t i = 0; i < t.heightFractal; ++i) {
        AscendC::Duplicate<T, true>(dst[i * t.mainLoopOffset + t.widthWithoutLastBlock], value, mask,
                                    static_cast<uint8_t>(t.heightTiling), 1, static_cast<uint8_t>(t.blocksPerRow));
    }
    if (t.heightFractalTail != 0) {
        AscendC::Duplicate<T, true>(dst[t.tailBlockOffset], value, mask, static_cast<uint8_t>(t.heightFractalTail), 1,
                                    static_cast<uint8_t>(t.blocksPerRow));
    }
}

// Brcb of `elements` source elements (a multiple of 8) into tmp1, 254 repeats per instruction.
template <class T>
void LoadColumn(const AscendC::LocalTensor<T>& tmp1, const AscendC::LocalTensor<T>& src, uint32_t fullRepeats,
                uint32_t tailRepeats) {
    constexpr uint32_t blk = kBlockBytes / sizeof(T);
    const uint32_t perInstruction = kBrcbMaxRepeats * 8;
    for (uint32_t k = 0; k < fullRepeats; ++k) {
        AscendC::Brcb(tmp1[k * perInstruction * blk], src[k * perInstruction], static_cast<uint8_t>(kBrcbMaxRepeats),
                      AscendC::BrcbRepeatParams(1, 8));
    }
    if (tailRepeats != 0) {
        AscendC::Brcb(tmp1[fullRepeats * perInstruction * blk], src[fullRepeats * perInstruction],
                      static_cast<uint8_t>(tailRepeats), AscendC::BrcbRepeatParams(1, 8));
    }
}

template <class T>
void UnalignedPad(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  const AscendC::PadParams& params, const AscendC::LocalTensor<T>& temp,
                  const AscendC::tiling::PadTiling& t) {
    constexpr uint32_t blk = kBlockBytes / sizeof(T);
    const T value = PadValueAs<T>(params.padValue);
    const AscendC::LocalTensor<T> tmp1 = temp;
    const AscendC::LocalTensor<T> tmp2 = temp[t.tmpBuffer2Offset];
    const uint32_t dstRow = t.srcWidth + params.leftPad + params.rightPad;
    const uint32_t pieceElements = kListSize * t.tmpBuffer1BlockNum;  // elements one TransDataTo5HD round yields

    AscendC::TransDataTo5HDParams trans;
    trans.repeatTimes = static_cast<uint8_t>(t.tmpBuffer1BlockNum);
    if (trans.repeatTimes > 1) {
        trans.dstRepStride = kListSize;
        trans.srcRepStride = kListSize;
    }
    uint64_t lists[2][kListSize];
    for (uint32_t i = 0; i < kListSize; ++i) lists[0][i] = lists[1][i] = tmp2[i * blk].GetPhyAddr();

    uint32_t tmp1Rows = t.tmpBuffer1RowNum;  // blocks tmp1 holds now
    uint32_t tmp1Used = t.tmpBuffer1RowNum;  // blocks of tmp1 already moved on (all: load first)
    uint32_t loads = 0;
    for (uint32_t row = 0; row < t.srcHeight; ++row) {
        for (uint32_t piece = 0; piece <= t.widthFractal; ++piece) {
            const bool last = piece == t.widthFractal;
            uint32_t filled = 0;
            if (piece == 0 && params.leftPad != 0) {
                AscendC::Duplicate<T, true>(tmp2, value, uint64_t{blk}, static_cast<uint8_t>(params.leftPad), 1, 1);
                filled = params.leftPad;
            }
            uint32_t need = 0;
            if (last) {
                if (params.rightPad != 0) {
                    AscendC::Duplicate<T, true>(tmp2[(t.widthFractalTailAlingned - params.rightPad) * blk], value,
                                                uint64_t{blk}, static_cast<uint8_t>(params.rightPad), 1, 1);
                }
                need = t.widthFractalTailAlingned - filled - params.rightPad;
            } else {
                need = t.tmpBuffer1RowNum - filled;
            }
            while (need != 0) {
                AscendC::PipeBarrier<PIPE_V>();
                const uint32_t left = tmp1Rows - tmp1Used;
                if (need <= left) {
                    AscendC::DataCopy(tmp2[filled * blk], tmp1[tmp1Used * blk],
                                      AscendC::DataCopyParams(1, static_cast<uint16_t>(need), 0, 0));
                    tmp1Used += need;
                    filled += need;
                    need = 0;
                    break;
                }
                if (left != 0) {
                    AscendC::DataCopy(tmp2[filled * blk], tmp1[tmp1Used * blk],
                                      AscendC::DataCopyParams(1, static_cast<uint16_t>(left), 0, 0));
                    tmp1Used += left;
                    filled += left;
                    need -= left;
                    AscendC::PipeBarrier<PIPE_V>();
                }
                const AscendC::LocalTensor<T> from = src[loads * t.brcbTiling];
                if (loads == t.brcbFractal) {
                    LoadColumn(tmp1, from, t.brcbFractalTailRepeatTimes, t.brcbFractalTailRepeatTimesTail);
                    tmp1Rows = t.brcbFractalTail;
                } else {
                    LoadColumn(tmp1, from, t.brcbTilingRepeatTimes, t.brcbTilingRepeatTimesTail);
                }
                ++loads;
                tmp1Used = 0;
            }
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::TransDataTo5HD<T>(lists[0], lists[1], trans);
            AscendC::PipeBarrier<PIPE_V>();
            // Row r of a 16-block group: 16 elements, one block (2-byte T) or two (4-byte T).
            constexpr uint16_t rowBlocks = sizeof(T) == 2 ? 1 : 2;
            const AscendC::LocalTensor<T> out = dst[row * dstRow + piece * pieceElements];
            if (!last) {
                AscendC::DataCopy(out, tmp2,
                                  AscendC::DataCopyParams(static_cast<uint16_t>(t.tmpBuffer1BlockNum), rowBlocks,
                                                          static_cast<uint16_t>(kListSize - rowBlocks), 0));
                continue;
            }
            const uint32_t groups = t.widthFractalTailAlingned / kListSize;
            if (groups != 0) {
                AscendC::DataCopy(out, tmp2,
                                  AscendC::DataCopyParams(static_cast<uint16_t>(groups), rowBlocks,
                                                          static_cast<uint16_t>(kListSize - rowBlocks), 0));
            }
            // 4-byte T: a last group of 8 rows (one block of its first row).
            if (sizeof(T) == 4 && t.widthFractalTailAlingned % kListSize != 0) {
                AscendC::DataCopy(out[groups * kListSize], tmp2[groups * kListSize * blk],
                                  AscendC::DataCopyParams(1, 1, static_cast<uint16_t>(kListSize - 1), 0));
            }
        }
    }
}

template <class T>
void RunPad(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::PadParams& params,
            const AscendC::LocalTensor<uint8_t>& temp, const AscendC::tiling::PadTiling& t) {
    static_assert(kPadType<T>,
                  "Pad: element type must be int16_t, uint16_t, half, int32_t, uint32_t or float on Atlas A2/A3");
    constexpr uint32_t blk = kBlockBytes / sizeof(T);
    const ApiName api = Named("Pad");
    const uint64_t srcBytes = uint64_t{t.srcHeight} * t.srcWidth * sizeof(T);
    if (t.srcHeight == 0 || t.srcWidth == 0) {
        Misuse("Pad: tiling.srcHeight x srcWidth is " + std::to_string(t.srcHeight) + " x " +
               std::to_string(t.srcWidth) + " (a tiling from PadTilingFunc is needed)");
        return;
    }
    if (srcBytes % kBlockBytes != 0) {
        Misuse("Pad: srcTensor holds " + std::to_string(srcBytes) + " bytes of data (srcHeight " +
               std::to_string(t.srcHeight) + " x srcWidth " + std::to_string(t.srcWidth) +
               "), it must be a multiple of 32 bytes");
        return;
    }
    const uint32_t alignedWidth = (t.srcWidth + blk - 1) / blk * blk;
    const uint32_t padded = t.srcWidth + params.leftPad + params.rightPad;
    const bool aligned = t.srcWidth % blk == 0;
    if (aligned) {
        if (params.leftPad != 0) {
            Misuse("Pad: padParams.leftPad is " + std::to_string(params.leftPad) +
                   "; with a 32-byte aligned srcWidth (" + std::to_string(t.srcWidth) + ") only right padding is "
                   "supported");
            return;
        }
        if (t.srcOriWidth > t.srcWidth || t.srcWidth - t.srcOriWidth > blk ||
            t.srcOriWidth + params.rightPad > t.srcWidth) {
            Misuse("Pad: srcOriWidth " + std::to_string(t.srcOriWidth) + " + padParams.rightPad " +
                   std::to_string(params.rightPad) + " must stay within the last 32-byte block of srcWidth " +
                   std::to_string(t.srcWidth));
            return;
        }
    } else if (padded > alignedWidth) {
        Misuse("Pad: the padded width srcWidth " + std::to_string(t.srcWidth) + " + leftPad " +
               std::to_string(params.leftPad) + " + rightPad " + std::to_string(params.rightPad) + " = " +
               std::to_string(padded) + " exceeds srcWidth rounded up to 32 bytes (" + std::to_string(alignedWidth) +
               ")");
        return;
    }
    const uint64_t dstBytes = uint64_t{t.srcHeight} * (aligned ? t.srcWidth : padded) * sizeof(T);
    if (!CheckFits(api, "srcTensor", src.SimRef(), srcBytes) || !CheckFits(api, "dstTensor", dst.SimRef(), dstBytes)) {
        return;
    }
    const OperandRange dstRange{"dstTensor", dst.SimRef(), dstBytes, sizeof(T)};
    const OperandRange srcRange{"srcTensor", src.SimRef(), srcBytes, sizeof(T)};
    CheckDisjoint(api, dstRange, srcRange);
    if (aligned) {
        AlignedPad(dst, src, params, t);
        return;
    }
    const uint64_t tempBytes = uint64_t{2} * t.tmpBuffer1BlockNum * kListSize * kBlockBytes;
    if (t.tmpBuffer1BlockNum == 0) {
        Misuse("Pad: tiling.tmpBuffer1BlockNum is 0: srcWidth " + std::to_string(t.srcWidth) +
               " is not 32-byte aligned, so PadTilingFunc needs a stackBufferSize of at least the minimum of "
               "GetPadMaxMinTmpSize (" + std::to_string(2 * kListSize * kBlockBytes) + " bytes)");
        return;
    }
    if (temp.GetSize() < tempBytes) {
        Misuse("Pad: sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, below the " +
               std::to_string(tempBytes) + " the tiling was made for (PadTilingFunc's stackBufferSize, "
               "GetPadMaxMinTmpSize)");
        return;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), tempBytes, 1};
    CheckDisjoint(api, dstRange, tempRange);
    CheckDisjoint(api, srcRange, tempRange);
    UnalignedPad(dst, src, params, temp.template ReinterpretCast<T>(), t);
}

template <class T>
void RunUnPad(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::UnPadParams& params, const AscendC::tiling::UnPadTiling& t) {
    static_assert(kPadType<T>,
                  "UnPad: element type must be int16_t, uint16_t, half, int32_t, uint32_t or float on Atlas A2/A3");
    const ApiName api = Named("UnPad");
    const uint64_t rowBytes = uint64_t{t.srcWidth} * sizeof(T);
    if (t.srcHeight == 0 || t.srcWidth == 0 || rowBytes % kBlockBytes != 0) {
        Misuse("UnPad: tiling.srcWidth " + std::to_string(t.srcWidth) + " (x srcHeight " +
               std::to_string(t.srcHeight) + ") must be non-zero and 32-byte aligned (a tiling from UnPadTilingFunc "
               "of the padded shape)");
        return;
    }
    if (params.leftPad != 0) {
        Misuse("UnPad: unPadParams.leftPad is " + std::to_string(params.leftPad) + "; left unpad is not supported");
        return;
    }
    if (params.rightPad >= t.srcWidth) {
        Misuse("UnPad: unPadParams.rightPad " + std::to_string(params.rightPad) + " leaves no column of srcWidth " +
               std::to_string(t.srcWidth));
        return;
    }
    if (t.srcHeight > 255) {
        Misuse("UnPad: tiling.srcHeight " + std::to_string(t.srcHeight) +
               " exceeds the 255 rows one GatherMask instruction repeats over");
        return;
    }
    const uint64_t srcBytes = uint64_t{t.srcHeight} * rowBytes;
    const uint64_t dstBytes = uint64_t{t.srcHeight} * (t.srcWidth - params.rightPad) * sizeof(T);
    if (!CheckFits(api, "srcTensor", src.SimRef(), srcBytes) || !CheckFits(api, "dstTensor", dst.SimRef(), dstBytes)) {
        return;
    }
    CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), dstBytes, sizeof(T)},
                  OperandRange{"srcTensor", src.SimRef(), srcBytes, sizeof(T)});
    AscendC::GatherMaskParams gm;
    gm.repeatTimes = static_cast<uint8_t>(t.srcHeight);
    gm.src0RepeatStride = static_cast<uint16_t>(rowBytes / kBlockBytes);
    uint64_t kept = 0;
    AscendC::GatherMask(dst, src, kGatherPatternAll, true, t.srcWidth - params.rightPad, gm, kept);
    AscendC::ResetMask();
}

}  // namespace sim::vec::pad

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                PadParams& padParams, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                PadTiling& tiling) {
    sim::NoteCallSite();
    sim::vec::pad::RunPad(dstTensor, srcTensor, padParams, sharedTmpBuffer, tiling);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                PadParams& padParams, PadTiling& tiling) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Pad"), &stack)) {
        sim::vec::pad::RunPad(dstTensor, srcTensor, padParams, stack, tiling);
    }
}

// UnPad on A2/A3 needs no temp (GetUnPadMaxMinTmpSize gives 0); the buffer is accepted unused.
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                  UnPadParams& unPadParams, LocalTensor<uint8_t>& sharedTmpBuffer,
                                                  UnPadTiling& tiling) {
    (void)sharedTmpBuffer;
    sim::NoteCallSite();
    sim::vec::pad::RunUnPad(dstTensor, srcTensor, unPadParams, tiling);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                  UnPadParams& unPadParams, UnPadTiling& tiling) {
    sim::NoteCallSite();
    sim::vec::pad::RunUnPad(dstTensor, srcTensor, unPadParams, tiling);
}

}  // namespace AscendC
