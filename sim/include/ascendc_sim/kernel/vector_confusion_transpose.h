// High-level Transpose with a ConfusionTransposeTiling (CANN's include/adv_api/transpose/
// confusion_transpose.h; page docs/zh/api/SIMD-API/高阶API/张量变换/Transpose-96.md), as the
// Atlas A2/A3 (2201) implementation runs it (asc-devkit impl/adv_api/detail/transpose/
// confusion_transpose/confusion_transpose_v220_impl.h, confusion_transpose_base_impl.h,
// confusion_transpose_base_0213.h), every step a TransDataTo5HD of the sim.
// Modelled: TRANSPOSE_NZ2ND_0213 and TRANSPOSE_NZ2NZ_0213 (scenes 1 and 2): source NZ
// [B, A1, A3/16, A2/16, 16, 16] to ND [B, A2, A1, A3] or NZ [B, A2, A3/16, A1/16, 16, 16].
// The tiling's params (GetTransposeTilingInfo) are, in order: blockSize (32 / sizeof(T)), B, A1,
// alignA3, alignA2, widthTiling (A3 / 16), newPopSize (temp elements, a multiple of 256),
// newPopH (newPopSize / 16), needSize (alignA2 * 16), mainBlocks (needSize / newPopSize),
// tailSize (the rest), alignA2 * alignA3, batchOffset (A1 * alignA2 * alignA3), A1 * alignA3,
// A1 * 16, mainOffset. For each batch k, a1 i, column block j and piece m of newPopSize elements
// (then the tail piece): one TransDataTo5HD moves the piece's [alignA2-part, 16] column of 16x16
// fractals into the temp as rows (newPopSize / 256 repeats), a second one writes the temp's rows
// to their place in dst (4-byte T: each of the two as two passes over the two 8-column halves).
// The other TransposeTypes of the page (NZ2NZ_012_WITH_N, NZ2ND_012_WITH_N, the 012_WITHOUT_N
// pair, ND2ND_ONLY) are not modelled: ApiMisuse naming the type.
// Checks: T 2 or 4 bytes (int16_t, uint16_t, half, int32_t, uint32_t, float; compile time); the
// tiling from GetTransposeTilingInfo for this type (blockSize matching T, newPopSize > 0); src
// and dst within B * batchOffset elements, the temp within newPopSize elements, no two of them
// sharing bytes.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/transpose_types.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_transpose.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::confusion {

template <class T>
constexpr bool kType = kIsOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float>;

constexpr uint32_t kCube = 16;        // BLOCK_CUBE
constexpr uint32_t kFractal = 256;    // CUBE_MAX_SIZE: elements of one 16x16 fractal

// The tiling's params under their names (scenes 1 and 2).
struct Tiling0213 {
    uint32_t blockSize, shapeB, shapeA1, alignA3, alignA2, widthTiling, newPopSize, newPopH, needSize, mainBlocks,
        tailSize, alignA2MulAlignA3, batchOffset, alignA3MulA1, shapeA1BlockCube, mainOffset;
    explicit Tiling0213(const AscendC::tiling::ConfusionTransposeTiling& t)
        : blockSize(t.param0), shapeB(t.param1), shapeA1(t.param2), alignA3(t.param3), alignA2(t.param4),
          widthTiling(t.param5), newPopSize(t.param6), newPopH(t.param7), needSize(t.param8), mainBlocks(t.param9),
          tailSize(t.param10), alignA2MulAlignA3(t.param11), batchOffset(t.param12), alignA3MulA1(t.param13),
          shapeA1BlockCube(t.param14), mainOffset(t.param15) {}
};

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

inline AscendC::TransDataTo5HDParams Params(uint32_t repeats, uint32_t dstStride, uint32_t srcStride) {
    // A single repeat takes strides 0, as the implementation sets them.
    if (repeats == 1) dstStride = srcStride = 0;
    return AscendC::TransDataTo5HDParams(false, false, static_cast<uint8_t>(repeats), static_cast<uint16_t>(dstStride),
                                         static_cast<uint16_t>(srcStride));
}

// One piece: source column offset srcOff, destination offset dstOff, `repeats` fractals.
template <class T>
void Piece(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& tmp,
           const Tiling0213& t, uint32_t srcOff, uint32_t dstOff, uint32_t repeats) {
    const uint32_t bs = t.blockSize;
    const AscendC::TransDataTo5HDParams in = Params(repeats, kCube / bs, kFractal / bs);
    const AscendC::TransDataTo5HDParams out = Params(repeats, t.alignA3MulA1 * kCube / bs, kCube / bs);
    uint64_t d[kCube], s[kCube];
    if constexpr (sizeof(T) == 2) {
        for (uint32_t n = 0; n < kCube; ++n) {
            d[n] = tmp[t.newPopH * n].GetPhyAddr();
            s[n] = src[srcOff + kCube * n].GetPhyAddr();
        }
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::TransDataTo5HD<T>(d, s, in);
        for (uint32_t n = 0; n < kCube; ++n) {
            d[n] = dst[dstOff + t.alignA3MulA1 * n].GetPhyAddr();
            s[n] = tmp[t.newPopH * n].GetPhyAddr();
        }
        AscendC::PipeBarrier<PIPE_V>();
        AscendC::TransDataTo5HD<T>(d, s, out);
    } else {
        // 4-byte elements: a block holds 8, so each fractal moves as two 8-column halves p, the
        // destinations paired (block 2q and 2q + 1 of a row).
        for (uint32_t p = 0; p < 2; ++p) {
            for (uint32_t q = 0; q < kCube / 2; ++q) {
                d[2 * q] = tmp[p * bs * t.newPopH + t.newPopH * q].GetPhyAddr();
                d[2 * q + 1] = tmp[p * bs * t.newPopH + t.newPopH * q + bs].GetPhyAddr();
            }
            for (uint32_t n = 0; n < kCube; ++n) s[n] = src[p * bs + srcOff + kCube * n].GetPhyAddr();
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::TransDataTo5HD<T>(d, s, in);
        }
        for (uint32_t p = 0; p < 2; ++p) {
            for (uint32_t q = 0; q < kCube / 2; ++q) {
                d[2 * q] = dst[p * bs * t.alignA3MulA1 + dstOff + t.alignA3MulA1 * q].GetPhyAddr();
                d[2 * q + 1] = dst[p * bs * t.alignA3MulA1 + dstOff + t.alignA3MulA1 * q + bs].GetPhyAddr();
            }
            for (uint32_t n = 0; n < kCube; ++n) s[n] = tmp[p * bs + t.newPopH * n].GetPhyAddr();
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::TransDataTo5HD<T>(d, s, out);
        }
    }
}

template <class T>
void Run0213(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>& temp, bool toNd, const Tiling0213& t) {
    const ApiName api = Named("Transpose");
    const char* type = toNd ? "TRANSPOSE_NZ2ND_0213" : "TRANSPOSE_NZ2NZ_0213";
    if (t.blockSize != kBlockBytes / sizeof(T) || t.newPopSize == 0 || t.newPopSize % kFractal != 0) {
        Misuse(std::string("Transpose (") + type + "): the ConfusionTransposeTiling (blockSize " +
               std::to_string(t.blockSize) + ", newPopSize " + std::to_string(t.newPopSize) +
               ") is not one GetTransposeTilingInfo makes for " + TypeName<T>() + " with a temp of at least the "
               "minimum of GetTransposeMaxMinTmpSize");
        return;
    }
    const uint64_t bytes = uint64_t{t.shapeB} * t.batchOffset * sizeof(T);
    const uint64_t tempBytes = uint64_t{t.newPopSize} * sizeof(T);
    if (!CheckFits(api, "srcTensor", src.SimRef(), bytes) || !CheckFits(api, "dstTensor", dst.SimRef(), bytes)) return;
    if (temp.GetSize() < tempBytes) {
        Misuse(std::string("Transpose (") + type + "): sharedTmpBuffer holds " + std::to_string(temp.GetSize()) +
               " bytes, below the " + std::to_string(tempBytes) + " the tiling was made for (GetTransposeTilingInfo's "
               "stackBufferSize)");
        return;
    }
    const OperandRange dstRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)};
    const OperandRange srcRange{"srcTensor", src.SimRef(), bytes, sizeof(T)};
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), tempBytes, 1};
    CheckDisjoint(api, dstRange, srcRange);
    CheckDisjoint(api, dstRange, tempRange);
    CheckDisjoint(api, srcRange, tempRange);
    const AscendC::LocalTensor<T> tmp = temp.template ReinterpretCast<T>();
    for (uint32_t k = 0; k < t.shapeB; ++k) {
        for (uint32_t i = 0; i < t.shapeA1; ++i) {
            for (uint32_t j = 0; j < t.widthTiling; ++j) {
                const uint32_t srcBase = j * t.needSize + i * t.alignA2MulAlignA3 + k * t.batchOffset;
                const uint32_t dstBase = (toNd ? j * kCube + i * t.alignA3 : j * t.shapeA1BlockCube + i * kCube) +
                                         k * t.batchOffset;
                for (uint32_t m = 0; m < t.mainBlocks; ++m) {
                    Piece(dst, src, tmp, t, t.newPopSize * m + srcBase, t.newPopH * m * t.alignA3MulA1 + dstBase,
                          t.newPopSize / kFractal);
                }
                if (t.tailSize != 0) {
                    Piece(dst, src, tmp, t, t.newPopSize * t.mainBlocks + srcBase, t.mainOffset + dstBase,
                          t.tailSize / kFractal);
                }
            }
        }
    }
}

template <class T>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
         const AscendC::LocalTensor<uint8_t>& temp, AscendC::TransposeType type,
         const AscendC::tiling::ConfusionTransposeTiling& tiling) {
    static_assert(kType<T>, "Transpose (ConfusionTransposeTiling): element type must be int16_t, uint16_t, half, "
                            "int32_t, uint32_t or float on Atlas A2/A3");
    switch (type) {
        case AscendC::TransposeType::TRANSPOSE_NZ2ND_0213:
        case AscendC::TransposeType::TRANSPOSE_NZ2NZ_0213:
            Run0213(dst, src, temp, type == AscendC::TransposeType::TRANSPOSE_NZ2ND_0213, Tiling0213(tiling));
            return;
        default:
            Misuse("Transpose (ConfusionTransposeTiling): transposeType " + std::to_string(static_cast<int>(type)) +
                   " is not modelled by the sim (TRANSPOSE_NZ2ND_0213 and TRANSPOSE_NZ2NZ_0213 are)");
            return;
    }
}

}  // namespace sim::vec::confusion

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                      TransposeType transposeType, ConfusionTransposeTiling& tiling) {
    sim::NoteCallSite();
    sim::vec::confusion::Run(dst, src, sharedTmpBuffer, transposeType, tiling);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      TransposeType transposeType, ConfusionTransposeTiling& tiling) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Transpose"), &stack)) {
        sim::vec::confusion::Run(dst, src, stack, transposeType, tiling);
    }
}

}  // namespace AscendC
