// BilinearInterpolation (ISASI), CANN's include/basic_api/kernel_operator_vec_bilinearinterpolation_intf.h,
// both mask forms (bit-wise uint64_t[2], continuous uint64_t), half, as Atlas A2/A3 runs it: a software
// composition of four instructions (asc-devkit impl/basic_api/dav_c220/
// kernel_operator_vec_bilinearinterpolation_impl.h; the page 基础API/Memory矢量计算/基础算术/
// BilinearInterpolation(ISASI).md describes the same steps), each issued through the sim's own
// instruction so the checks and the model time (Gatherb, Brcb, Mul, Add, Adds) apply:
//   1. Gatherb: hRepeat * vRepeat repeats of 8 src0 blocks (offsets in bytes from src0Offset) into
//      the temp, 128 halves per repeat;
//   2. Brcb: src1.GetSize() / 8 repeats broadcasting each src1 element over one 32-byte block,
//      after the gathered data;
//   3. Mul (Counter mode, hRepeat * vRepeat * 128 elements): gathered *= broadcast; repeatMode
//      false: one src1 element per repeat (broadcast block stride 0, repeat stride 1 block);
//      true: one per block;
//   4. per vertical repeat, Add (the call's mask) hRepeat - 1 repeats accumulating the horizontal
//      repeats into the first (dst and src1 repeat stride 0);
//   5. Adds 0 (the call's mask, vRepeat repeats): the sums to dst, dst blocks dstBlkStride apart,
//      vertical repeats vROffset elements apart.
// The mask register ends as step 5 left it (Normal mode, the call's mask).
// Checks (the CPU-debug asserts of kernel_operator_vec_bilinearinterpolation_intf_impl.h and the
// page's constraints, ApiMisuse naming the argument): hRepeat and vRepeat in [1, 255] and their
// product within the implementation's uint8_t repeat count; vROffset in [128, 65535) and a whole
// number of 32-byte blocks; sharedTmpBuffer of at least (src0.GetSize() + src1.GetSize()) * 32
// bytes; src0, src1 and src0Offset pairwise disjoint. Gatherb checks the offsets (32-byte
// multiples inside src0), the instructions the alignment of every operand.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace sim::vec::bilinear {

inline bool Misuse(const std::string& what) {
    Violation(Check::ApiMisuse, "BilinearInterpolation: " + what);
    return false;
}

template <class T>
bool Valid(const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<uint32_t>& src0Offset,
           const AscendC::LocalTensor<T>& src1, uint8_t hRepeat, uint16_t vROffset, uint8_t vRepeat,
           const AscendC::LocalTensor<uint8_t>& temp) {
    if (hRepeat == 0) return Misuse("hRepeat is 0, it must be in [1, 255]");
    if (vRepeat == 0) return Misuse("vRepeat is 0, it must be in [1, 255]");
    if (uint32_t{hRepeat} * vRepeat > 255) {
        return Misuse("hRepeat * vRepeat = " + std::to_string(uint32_t{hRepeat} * vRepeat) +
                      " exceeds 255 (the implementation issues them as one uint8_t repeat count)");
    }
    if (vROffset < 128 || vROffset == 65535) {
        return Misuse("vROffset " + std::to_string(vROffset) + " must be in [128, 65535)");
    }
    if (vROffset * sizeof(T) % kBlockBytes != 0) {
        return Misuse("vROffset " + std::to_string(vROffset) + " * sizeof(T) must be a multiple of 32 bytes");
    }
    const uint64_t need = (uint64_t{src0.GetSize()} + src1.GetSize()) * kBlockBytes;
    if (temp.GetSize() < need) {
        return Misuse("sharedTmpBuffer has " + std::to_string(temp.GetSize()) + " bytes, it needs (src0.GetSize() + "
                      "src1.GetSize()) * 32 = " + std::to_string(need));
    }
    const ApiName api = Named("BilinearInterpolation");
    const OperandRange a{"src0", src0.SimRef(), uint64_t{src0.GetSize()} * sizeof(T), sizeof(T)};
    const OperandRange b{"src1", src1.SimRef(), uint64_t{src1.GetSize()} * sizeof(T), sizeof(T)};
    const OperandRange c{"src0Offset", src0Offset.SimRef(), uint64_t{src0Offset.GetSize()} * 4, 4};
    CheckDisjoint(api, a, b);
    CheckDisjoint(api, a, c);
    CheckDisjoint(api, b, c);
    return true;
}

// Mask: uint64_t (continuous) or uint64_t* (bit-wise).
template <class T, class Mask>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
         const AscendC::LocalTensor<uint32_t>& src0Offset, const AscendC::LocalTensor<T>& src1, Mask mask,
         uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
         const AscendC::LocalTensor<uint8_t>& temp) {
    if (!Valid(src0, src0Offset, src1, hRepeat, vROffset, vRepeat, temp)) return;
    const AscendC::LocalTensor<T> tmp = temp.template ReinterpretCast<T>();
    const uint8_t repeats = static_cast<uint8_t>(hRepeat * vRepeat);
    constexpr uint32_t perRepeat = kRepeatBytes / sizeof(T);
    AscendC::Gatherb<uint16_t>(tmp.template ReinterpretCast<uint16_t>(), src0.template ReinterpretCast<uint16_t>(),
                               src0Offset, repeats, AscendC::GatherRepeatParams{});
    const uint32_t brcbAt = uint32_t{repeats} * perRepeat;
    AscendC::Brcb(tmp[brcbAt], src1, static_cast<uint8_t>(src1.GetSize() / 8), AscendC::BrcbRepeatParams{});
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::BinaryRepeatParams mul;
    if (!repeatMode) {
        mul.src0RepStride = 1;
        mul.src0BlkStride = 0;
    }
    AscendC::SetMaskCount();
    AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(0, uint64_t{repeats} * perRepeat);
    AscendC::Mul<T, false>(tmp, tmp[brcbAt], tmp, AscendC::MASK_PLACEHOLDER, repeats, mul);
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::BinaryRepeatParams add;
    add.dstRepStride = 0;
    add.src1RepStride = 0;
    for (uint32_t v = 0; v < vRepeat && hRepeat > 1; ++v) {
        const uint32_t row = v * hRepeat * perRepeat;
        AscendC::Add(tmp[row], tmp[row + perRepeat], tmp[row], mask, static_cast<uint8_t>(hRepeat - 1), add);
    }
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::UnaryRepeatParams out;
    out.srcRepStride = static_cast<uint8_t>(hRepeat * AscendC::DEFAULT_REPEAT_STRIDE);
    out.dstBlkStride = dstBlkStride;
    out.dstRepStride = static_cast<uint8_t>(vROffset * sizeof(T) / kBlockBytes);
    AscendC::Adds(dst, tmp, T(0), mask, vRepeat, out);
}

}  // namespace sim::vec::bilinear

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BilinearInterpolation(
    const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
    const LocalTensor<T>& src1, uint64_t mask[], uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
    uint16_t vROffset, uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(std::is_same_v<T, half>, "BilinearInterpolation: T must be half on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::bilinear::Run<T, uint64_t*>(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode, dstBlkStride,
                                                vROffset, vRepeat, sharedTmpBuffer);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void BilinearInterpolation(
    const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
    const LocalTensor<T>& src1, uint64_t mask, uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
    uint16_t vROffset, uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(std::is_same_v<T, half>, "BilinearInterpolation: T must be half on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::bilinear::Run<T, uint64_t>(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode, dstBlkStride,
                                         vROffset, vRepeat, sharedTmpBuffer);
}

}  // namespace AscendC
