// High-level Broadcast (CANN's include/adv_api/pad/broadcast.h; page docs/zh/api/SIMD-API/
// 高阶API/张量变换/Broadcast.md), step by step as the Atlas A2/A3 (2201) implementation runs it
// (asc-devkit impl/adv_api/detail/pad/broadcast/broadcast_common_impl.h, broadcast_v220_impl.h,
// broadcast_common_utils.h). The forms: Broadcast<T, dim, axis, isReuseSource>(dst, src,
// dstShape, srcShape[, sharedTmpBuffer]); without sharedTmpBuffer the UB left after InitBuffer
// is the temp (PopStackBuffer). The dynamic-shape form and GetBroadcastTilingInfo are
// Ascend 950 only (the page): vector_broadcast_dynamic.h declares them and reports their use.
// Steps (W = T; for a 1-byte T, W = half: Cast T->half of srcSize elements into the temp, the
// steps below on half in the temp, Cast half->T of dstSize elements; the temp then starts with
// align16(srcSize) + align16(dstSize) halves of the casts):
//   srcSize == dstSize: one Copy of srcSize elements (Counter mode).
//   srcSize == 1: V->S sync, src.GetValue(0), S->V sync, Duplicate(dst, value, dstSize).
//   dim 2, axis 1 ([m,1] -> [m,k]), in chunks of rows = tmpElements / minimum * blockElements:
//     Brcb (each row's value into one 32-B block; up to 254 (2-byte W) / 255 repeats of 8 rows
//     each); Copy in Counter mode, one repeat per row (255 rows per instruction): the row's
//     block copied over k elements (k 32-B aligned: straight into dst), or over k' = align(k)
//     into the temp behind the Brcb blocks, and then GatherMask (pattern 7, reduce mode, k
//     elements per row) packs the rows into dst. minimum = blockElements^2 (aligned k) or
//     blockElements^2 + blockElements * k' elements (unaligned).
//   dim 2, axis 0 ([1,k] -> [m,k], k 32-B aligned): Duplicate of a zero block (16 uint16) in
//     the temp, then dst = src | 0 as uint16 lanes: Or in Normal mode, 8 rows per instruction
//     (dstBlkStride = the row's blocks, one repeat per block of the row), or, for rows of 255
//     repeats or more, one Counter-mode Or per row.
// The Copy and GatherMask forms these steps issue (Copy's Counter mode counts elements per
// repeat, as the Copy page says; GatherMask is not an API of the sim) run as instructions of
// their kinds here; Brcb runs here too, because its last repeat reads up to 7 elements past the
// rows (their values land in blocks nothing reads, so they need not be defined).
// Checks as CANN's (api_check/kernel_check/pad/broadcast, the page's constraints): T one of the
// types below (compile time), dim 1 or 2 and axis 0 or 1 (compile time), dim 2 / axis 0 needs
// srcShape[1] * sizeof(T) a multiple of 32 B; shapes that do not broadcast (srcShape[i] neither
// dstShape[i] nor 1, or a dim-1 shape other than [1]) are ApiMisuse (CANN's host tiling asserts
// it; the kernel would compute garbage); dst and src within their tensors, no two of dst, src
// and the temp sharing bytes, the temp at least one chunk (GetBroadCastMaxMinTmpSize's min).
// Types: the page lists int8_t, uint8_t, half, float for A2/A3; the 2201 implementation issues
// the steps for any 1-, 2- or 4-byte type its instructions take, and asc-devkit's
// add_broadcast sample instantiates bfloat16_t, int16_t and int32_t, so the sim takes those
// too (and uint16_t, uint32_t); other types do not compile.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace sim::vec {

template <class T>
constexpr bool kBroadcastType =
    kIsOneOf<T, int8_t, uint8_t, half, float, bfloat16_t, int16_t, uint16_t, int32_t, uint32_t>;

// One piece of a UB->UB move: dst bytes [dstByte, dstByte + dstBytes) take the src pattern
// [srcByte, srcByte + patternBytes) repeated (dstBytes a multiple of patternBytes).
struct MoveRun {
    uint64_t dstByte;
    uint64_t srcByte;
    uint32_t patternBytes;
    uint64_t dstBytes;
};

// One vector instruction of kind api.kind that moves `runs` from src to dst (elementBytes per
// element; `repeats` 256-B repeats for the model). Checks as every vector instruction: both
// operands 32-B aligned, inside their tensors, at VECIN/VECCALC/VECOUT, hazards on PIPE_V, dst
// and src not sharing bytes; definedness flows element by element.
void MoveInstruction(const ApiName& api, const UbRef& dst, const UbRef& src, const std::vector<MoveRun>& runs,
                     uint32_t elementBytes, uint64_t elements, uint32_t repeats);

constexpr uint32_t kBrcbMaxRepeatsB16 = 254;  // BRCB_HALF_MAX_REPEATE_TIMES
constexpr uint32_t kBrcbMaxRepeatsB32 = 255;  // BRCB_FLOAT_MAX_REPEATE_TIMES
constexpr uint32_t kCopyMaxRepeats = 255;     // MAX_REPEAT_TIMES
constexpr uint32_t kOrRowsPerInstruction = 8; // ONE_VOR_BLOCK_DIM

inline uint32_t RepeatsOfBytes(uint64_t bytes) { return static_cast<uint32_t>((bytes + kRepeatBytes - 1) / kRepeatBytes); }

// Brcb(tmp, src, rows) in pieces of 254/255 repeats: block i of tmp = src[i] (i < ceil8(rows)).
template <class W>
void BroadcastBrcb(const AscendC::LocalTensor<W>& tmp, const AscendC::LocalTensor<W>& src, uint32_t rows) {
    constexpr uint32_t maxRepeats = sizeof(W) == 4 ? kBrcbMaxRepeatsB32 : kBrcbMaxRepeatsB16;
    const uint32_t repeats = (rows + 7) / 8;
    for (uint32_t done = 0; done < repeats; done += maxRepeats) {
        const uint32_t n = std::min(maxRepeats, repeats - done);
        std::vector<MoveRun> runs;
        runs.reserve(n * 8);
        const uint64_t first = uint64_t{done} * 8;
        for (uint64_t i = 0; i < uint64_t{n} * 8; ++i) {
            runs.push_back(MoveRun{i * kBlockBytes, i * sizeof(W), sizeof(W), kBlockBytes});
        }
        MoveInstruction(ApiName{"Brcb", "Broadcast (Brcb step)"}, tmp[static_cast<uint32_t>(first * kBlockBytes / sizeof(W))].SimRef(),
                        src[static_cast<uint32_t>(first)].SimRef(), runs, sizeof(W), uint64_t{n} * 8 * kBlockBytes / sizeof(W), n);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

// Copy in Counter mode, `perRow` elements per repeat, srcStride 0: row r of dst (rowElements
// apart) = block r of tmp repeated; 255 rows per instruction.
template <class W>
void BroadcastRowCopy(const AscendC::LocalTensor<W>& dst, const AscendC::LocalTensor<W>& tmp, uint32_t rows,
                      uint32_t perRow, uint32_t rowElements) {
    constexpr uint32_t blockElements = kBlockBytes / sizeof(W);
    const uint32_t blocks = (perRow + blockElements - 1) / blockElements;
    for (uint32_t done = 0; done < rows; done += kCopyMaxRepeats) {
        const uint32_t n = std::min(kCopyMaxRepeats, rows - done);
        std::vector<MoveRun> runs;
        runs.reserve(n);
        for (uint64_t r = 0; r < n; ++r) {
            runs.push_back(MoveRun{r * rowElements * sizeof(W), r * kBlockBytes, kBlockBytes, uint64_t{perRow} * sizeof(W)});
        }
        MoveInstruction(ApiName{"Copy", "Broadcast (Copy step)"}, dst[done * rowElements].SimRef(),
                        tmp[done * blockElements].SimRef(), runs, sizeof(W), uint64_t{n} * perRow,
                        n * ((blocks + 7) / 8));
    }
    AscendC::PipeBarrier<PIPE_V>();
}

template <class W>
uint32_t BroadcastMinTempElements(uint32_t rowElements) {
    constexpr uint32_t blockElements = kBlockBytes / sizeof(W);
    const uint32_t aligned = (rowElements + blockElements - 1) / blockElements * blockElements;
    return blockElements * blockElements + (aligned == rowElements ? 0 : blockElements * aligned);
}

// [m, 1] -> [m, k] (TwoDimBroadCastLastDim).
template <class W>
void BroadcastLastDim(const ApiName& api, const AscendC::LocalTensor<W>& dst, const AscendC::LocalTensor<W>& src,
                      uint32_t m, uint32_t k, const AscendC::LocalTensor<W>& tmp) {
    constexpr uint32_t blockElements = kBlockBytes / sizeof(W);
    const uint32_t minimum = BroadcastMinTempElements<W>(k);
    if (tmp.GetSize() < minimum) {
        CheckChunk(api, tmp.SimRef(), 0, uint64_t{minimum} * sizeof(W), "GetBroadCastMaxMinTmpSize");
        return;
    }
    const uint32_t chunkRows = tmp.GetSize() / minimum * blockElements;
    const bool aligned = k % blockElements == 0;
    const uint32_t kAligned = (k + blockElements - 1) / blockElements * blockElements;
    for (uint32_t row = 0; row < m; row += chunkRows) {
        const uint32_t rows = std::min(chunkRows, m - row);
        BroadcastBrcb(tmp, src[row], rows);
        if (aligned) {
            BroadcastRowCopy(dst[row * k], tmp, rows, k, k);
            continue;
        }
        const AscendC::LocalTensor<W> copyTmp = tmp[rows * blockElements];
        BroadcastRowCopy(copyTmp, tmp, rows, kAligned, kAligned);
        std::vector<MoveRun> runs;
        runs.reserve(rows);
        for (uint64_t r = 0; r < rows; ++r) {
            runs.push_back(MoveRun{r * k * sizeof(W), r * kAligned * sizeof(W), k * uint32_t{sizeof(W)},
                                   uint64_t{k} * sizeof(W)});
        }
        MoveInstruction(ApiName{"GatherMask", "Broadcast (GatherMask step)"}, dst[row * k].SimRef(), copyTmp.SimRef(),
                        runs, sizeof(W), uint64_t{rows} * k, rows * RepeatsOfBytes(uint64_t{k} * sizeof(W)));
        AscendC::PipeBarrier<PIPE_V>();
    }
}

// [1, k] -> [m, k] (TwoDimBroadCastFirstDim): dst = src | 0 on uint16 lanes.
template <class W>
void BroadcastFirstDim(const AscendC::LocalTensor<W>& dst, const AscendC::LocalTensor<W>& src, uint32_t m,
                       uint32_t k, const AscendC::LocalTensor<W>& tmp) {
    constexpr uint32_t blockElements = kBlockBytes / sizeof(W);
    constexpr uint32_t lanesPerElement = sizeof(W) / sizeof(uint16_t);
    if (tmp.GetSize() * sizeof(W) < kBlockBytes) {  // the zero block
        CheckChunk(Named("Broadcast"), tmp.SimRef(), 0, kBlockBytes, "GetBroadCastMaxMinTmpSize");
        return;
    }
    const AscendC::LocalTensor<uint16_t> zero = tmp.template ReinterpretCast<uint16_t>();
    Fill(ApiName{"Duplicate", "Broadcast (Duplicate 0 step)"}, zero, uint16_t{0}, kBlockBytes / sizeof(uint16_t));
    AscendC::PipeBarrier<PIPE_V>();
    const AscendC::LocalTensor<uint16_t> in = src.template ReinterpretCast<uint16_t>();
    const ApiName orStep{"Or", "Broadcast (Or step)"};
    const uint32_t rowBlocks = k / blockElements;
    if (k >= kCopyMaxRepeats * blockElements) {  // FIRST_DIM_LOOP_LIMITE: one Counter-mode Or per row
        AscendC::SetMaskCount();
        AscendC::SetVectorMask<W, AscendC::MaskMode::COUNTER>(static_cast<int32_t>(k * lanesPerElement));
        for (uint32_t r = 0; r < m; ++r) {
            MaskedBinary<OrOp, false>(orStep, dst[r * k].template ReinterpretCast<uint16_t>(), in, zero, MaskArg{}, 1,
                                      AscendC::BinaryRepeatParams(1, 1, 0, 8, 8, 0));
        }
        AscendC::PipeBarrier<PIPE_V>();
        return;
    }
    AscendC::SetMaskNorm();
    const AscendC::BinaryRepeatParams params(static_cast<uint8_t>(rowBlocks), 0, 0, 1, 1, 0);
    for (uint32_t r = 0; r < m; r += kOrRowsPerInstruction) {
        const uint32_t rows = std::min(kOrRowsPerInstruction, m - r);
        AscendC::SetVectorMask<uint16_t, AscendC::MaskMode::NORMAL>(static_cast<int32_t>(rows * 16));
        MaskedBinary<OrOp, false>(orStep, dst[r * k].template ReinterpretCast<uint16_t>(), in, zero, MaskArg{},
                                  static_cast<uint8_t>(rowBlocks), params);
    }
    AscendC::PipeBarrier<PIPE_V>();
}

// BroadCastCompute on W (all checks done).
template <class W, int32_t dim, int32_t axis>
void BroadcastCompute(const ApiName& api, const AscendC::LocalTensor<W>& dst, const AscendC::LocalTensor<W>& src,
                      const uint32_t* dstShape, uint64_t srcSize, uint64_t dstSize, const AscendC::LocalTensor<W>& tmp) {
    if (srcSize == dstSize) {
        MoveInstruction(ApiName{"Copy", "Broadcast (Copy step)"}, dst.SimRef(), src.SimRef(),
                        {MoveRun{0, 0, static_cast<uint32_t>(srcSize * sizeof(W)), srcSize * sizeof(W)}}, sizeof(W),
                        srcSize, RepeatsOfBytes(srcSize * sizeof(W)));
        AscendC::PipeBarrier<PIPE_V>();
    } else if (srcSize == 1) {
        AscendC::TPipe* pipe = ::GetTPipePtr();
        const auto vs = static_cast<int32_t>(pipe->FetchEventID(AscendC::HardEvent::V_S));
        AscendC::SetFlag<AscendC::HardEvent::V_S>(vs);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(vs);
        const W value = src.GetValue(0);
        const auto sv = static_cast<int32_t>(pipe->FetchEventID(AscendC::HardEvent::S_V));
        AscendC::SetFlag<AscendC::HardEvent::S_V>(sv);
        AscendC::WaitFlag<AscendC::HardEvent::S_V>(sv);
        Fill(ApiName{"Duplicate", "Broadcast (Duplicate step)"}, dst, value, static_cast<int64_t>(dstSize));
        AscendC::PipeBarrier<PIPE_V>();
    } else if constexpr (dim == 2 && axis == 1) {
        BroadcastLastDim(api, dst, src, dstShape[0], dstShape[1], tmp);
    } else if constexpr (dim == 2) {
        BroadcastFirstDim(dst, src, dstShape[0], dstShape[1], tmp);
    }
    AscendC::SetMaskCount();
}

// Int8/uint8 <-> half, the Casts of the 1-byte path (exact both ways: the values are the bytes').
template <class D, class S>
struct BroadcastCastOp {
    D operator()(S v) const {
        if constexpr (std::is_same_v<D, half>) return half(static_cast<float>(v));
        else return static_cast<D>(static_cast<int>(static_cast<float>(v)));
    }
};

bool CheckBroadcastShapes(const ApiName& api, int32_t dim, int32_t axis, const uint32_t* dstShape,
                          const uint32_t* srcShape, uint32_t typeBytes);

template <class T, int32_t dim, int32_t axis>
void BroadcastImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const uint32_t* dstShape,
                   const uint32_t* srcShape, const AscendC::LocalTensor<uint8_t>& temp) {
    static_assert(kBroadcastType<T>, "Broadcast: element type must be int8_t, uint8_t, half or float (or bfloat16_t, "
                                     "int16_t, uint16_t, int32_t, uint32_t, which the 2201 implementation also "
                                     "runs) on Atlas A2/A3");
    static_assert(dim == 1 || dim == 2, "Broadcast: dim must be 1 or 2 on Atlas A2/A3");
    static_assert(axis == 0 || axis == 1, "Broadcast: axis must be 0 or 1");
    const ApiName api = Named("Broadcast");
    if (!CheckBroadcastShapes(api, dim, axis, dstShape, srcShape, sizeof(T))) return;
    uint64_t srcSize = 1, dstSize = 1;
    for (int32_t i = 0; i < dim; ++i) {
        srcSize *= srcShape[i];
        dstSize *= dstShape[i];
    }
    if (!CheckFits(api, "dstLocal", dst.SimRef(), dstSize * sizeof(T)) ||
        !CheckFits(api, "srcLocal", src.SimRef(), srcSize * sizeof(T))) {
        return;
    }
    const OperandRange dstRange{"dstLocal", dst.SimRef(), dstSize * sizeof(T), sizeof(T)};
    const OperandRange srcRange{"srcLocal", src.SimRef(), srcSize * sizeof(T), sizeof(T)};
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), temp.SimRef().bytes, 1};
    CheckDisjoint(api, dstRange, srcRange);
    CheckDisjoint(api, dstRange, tempRange);
    CheckDisjoint(api, srcRange, tempRange);
    if constexpr (sizeof(T) == 1) {
        constexpr uint32_t halfBlock = kBlockBytes / sizeof(half);
        const uint64_t castBytes = ((srcSize + halfBlock - 1) / halfBlock + (dstSize + halfBlock - 1) / halfBlock) *
                                   halfBlock * sizeof(half);
        if (castBytes > temp.GetSize()) {
            CheckChunk(api, temp.SimRef(), 0, castBytes + kBlockBytes, "GetBroadCastMaxMinTmpSize");
            return;
        }
        const AscendC::LocalTensor<half> h = temp.template ReinterpretCast<half>();
        const uint32_t alignSrc = static_cast<uint32_t>((srcSize + halfBlock - 1) / halfBlock * halfBlock);
        const uint32_t alignDst = static_cast<uint32_t>((dstSize + halfBlock - 1) / halfBlock * halfBlock);
        const AscendC::LocalTensor<half> srcHalf = h;
        const AscendC::LocalTensor<half> dstHalf = h[alignSrc];
        const AscendC::LocalTensor<half> work = dstHalf[alignDst];
        AscendC::SetMaskCount();
        AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(static_cast<int32_t>(srcSize));
        MaskedUnaryWith<false>(ApiName{"Cast", "Broadcast (Cast to half step)"}, BroadcastCastOp<half, T>{}, srcHalf,
                               src, MaskArg{}, 1, AscendC::UnaryRepeatParams(1, 1, 8, 4));
        AscendC::PipeBarrier<PIPE_V>();
        BroadcastCompute<half, dim, axis>(api, dstHalf, srcHalf, dstShape, srcSize, dstSize, work);
        AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(static_cast<int32_t>(dstSize));
        MaskedUnaryWith<false>(ApiName{"Cast", "Broadcast (Cast from half step)"}, BroadcastCastOp<T, half>{}, dst,
                               dstHalf, MaskArg{}, 1, AscendC::UnaryRepeatParams(1, 1, 4, 8));
        AscendC::PipeBarrier<PIPE_V>();
    } else {
        AscendC::SetMaskCount();
        BroadcastCompute<T, dim, axis>(api, dst, src, dstShape, srcSize, dstSize, temp.template ReinterpretCast<T>());
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                      const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                                                      LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::BroadcastImpl<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                      const uint32_t dstShape[dim], const uint32_t srcShape[dim]) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Broadcast"), &stack)) {
        sim::vec::BroadcastImpl<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, stack);
    }
}

// BroadCast: the name the A2/A3 implementation defines (asc-devkit impl/adv_api/detail/pad/
// broadcast/broadcast_common_impl.h) and Broadcast forwards to; ops-nn kernels call it directly.
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                      const uint32_t dstShape[dim], const uint32_t srcShape[dim],
                                                      LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::BroadcastImpl<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                                                      const uint32_t dstShape[dim], const uint32_t srcShape[dim]) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("Broadcast"), &stack)) {
        sim::vec::BroadcastImpl<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, stack);
    }
}

}  // namespace AscendC
