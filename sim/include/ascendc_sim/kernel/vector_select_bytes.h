// High-level Select with a byte mask, SelectWithBytesMask (CANN's include/adv_api/select/
// selectwithbytesmask.h, SelectWithBytesMaskShapeInfo of impl/basic_api/utils/
// kernel_utils_struct_norm_sort.h), as Atlas A2/A3 (dav-2201) runs it (asc-devkit
// impl/adv_api/detail/select/selectwithbytesmask/selectwithbytesmask_impl.h, _common_impl.h and
// _v220_impl.h). dst[i] = mask[i] != 0 ? scalar : tensor[i] (the scalar-first form: mask[i] != 0
// ? tensor[i] : scalar), each step one sim vector instruction in Counter mode:
//   Duplicate the scalar over the temp's first 256 B, SetCmpMask from it (Select mode 1's scalar);
//   when srcLastAxis != maskLastAxis, GatherMask (pattern 7, uint16) packs each mask row to its
//   first srcLastAxis elements: in place with isReuseMask, else into the temp's first
//   AlignUp(srcSize * sizeof(U), 32) bytes;
//   then in pieces of loop = min((tmp - that - 256) / 2 / 32 * 32, 255 * 256 / 2) elements over
//   the tensor's GetSize(): Cast the mask piece to half (u8/int16 CAST_NONE, 4-byte U as float
//   CAST_ODD), CompareScalar with 0 (EQ; NE for the scalar-first form) into bits (behind the
//   half piece, where CANN overwrites its start: see Run), Select mode 1 (the tensor where the bit is 1, else the scalar).
// Checks: T half or float, U bool, uint8_t, int16_t, uint16_t, int32_t or uint32_t (compile
// time); the temp 1024 bytes at least (plus the packed mask without isReuseMask); the operands
// hold what the shape says; the temp shares no byte with dst, the tensor or the mask.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_gather_mask.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_select.h"

namespace AscendC {

#ifndef ASCC_STRUCT_SELECTWITHBYTESMASKSHAPEINFO
#define ASCC_STRUCT_SELECTWITHBYTESMASKSHAPEINFO
struct SelectWithBytesMaskShapeInfo {
    __aicore__ SelectWithBytesMaskShapeInfo() {}
    uint32_t firstAxis = 0;
    uint32_t srcLastAxis = 0;
    uint32_t maskLastAxis = 0;
};
#endif

}  // namespace AscendC

namespace sim::vec::select_bytes {

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

template <class U>
void MaskToHalf(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<U>& mask) {
    using namespace AscendC;
    if constexpr (sizeof(U) == 4) {
        Cast<half, float, false>(dst, mask.template ReinterpretCast<float>(), RoundMode::CAST_ODD, MASK_PLACEHOLDER, 1,
                                 {1, 1, DEFAULT_REPEAT_STRIDE / 2, DEFAULT_REPEAT_STRIDE});
    } else if constexpr (sizeof(U) == 2) {
        Cast<half, int16_t, false>(dst, mask.template ReinterpretCast<int16_t>(), RoundMode::CAST_NONE,
                                   MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
    } else {
        Cast<half, uint8_t, false>(dst, mask.template ReinterpretCast<uint8_t>(), RoundMode::CAST_NONE,
                                   MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE / 2});
    }
}

template <class T, class U, bool isReuseMask, bool reverse>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& tensor, T scalar,
         const AscendC::LocalTensor<U>& mask, const AscendC::LocalTensor<uint8_t>& tmp,
         const AscendC::SelectWithBytesMaskShapeInfo& info) {
    using namespace AscendC;
    const ApiName api = Named("Select (SelectWithBytesMask)");
    constexpr uint32_t kMinTemp = 1024, kReserved = 256, kMaxPerLoop = 255 * 256 / sizeof(half);
    const uint32_t srcSize = tensor.GetSize();
    uint32_t tmpBytes = tmp.GetSize();
    const uint64_t rows = uint64_t{info.firstAxis} * info.srcLastAxis;
    if (info.firstAxis == 0 || info.srcLastAxis == 0 || info.srcLastAxis > info.maskLastAxis) {
        return (void)Misuse("Select (SelectWithBytesMask): info is {firstAxis " + std::to_string(info.firstAxis) +
                            ", srcLastAxis " + std::to_string(info.srcLastAxis) + ", maskLastAxis " +
                            std::to_string(info.maskLastAxis) + "}: both axes must be > 0 and srcLastAxis <= "
                            "maskLastAxis");
    }
    if (rows != srcSize) {
        return (void)Misuse("Select (SelectWithBytesMask): the source tensor holds " + std::to_string(srcSize) +
                            " elements, info says firstAxis x srcLastAxis = " + std::to_string(rows));
    }
    const uint64_t maskBytes = uint64_t{info.firstAxis} * info.maskLastAxis * sizeof(U);
    if (!CheckFits(api, "dst", dst.SimRef(), rows * sizeof(T)) || !CheckFits(api, "mask", mask.SimRef(), maskBytes)) {
        return;
    }
    if (info.srcLastAxis != info.maskLastAxis && info.maskLastAxis * sizeof(U) % 32 != 0) {
        return (void)Misuse("Select (SelectWithBytesMask): info.maskLastAxis x sizeof(mask type) (" +
                            std::to_string(info.maskLastAxis * sizeof(U)) + " bytes) must be 32-byte aligned");
    }
    if (tmpBytes < kMinTemp) {
        return (void)Misuse("Select (SelectWithBytesMask): sharedTmpBuffer holds " + std::to_string(tmpBytes) +
                            " bytes, below 1024 (size it with GetSelectMaxMinTmpSize)");
    }
    LocalTensor<U> packed = mask;
    uint32_t tmpOffset = 0;
    if (!isReuseMask && info.srcLastAxis != info.maskLastAxis) {
        const uint32_t maskTemp = (srcSize * sizeof(U) + 31) / 32 * 32;
        if (tmpBytes < kMinTemp + maskTemp) {
            return (void)Misuse("Select (SelectWithBytesMask): sharedTmpBuffer holds " + std::to_string(tmpBytes) +
                                " bytes; with isReuseMask false and unaligned axes it needs " +
                                std::to_string(kMinTemp + maskTemp) + " (size it with GetSelectMaxMinTmpSize)");
        }
        packed = tmp.ReinterpretCast<U>();
        packed.SetSize(maskTemp / sizeof(U));
        tmpBytes -= maskTemp;
        tmpOffset = maskTemp;
    }
    const OperandRange tmpRange{"sharedTmpBuffer", tmp.SimRef(), tmp.GetSize(), 1};
    CheckDisjoint(api, OperandRange{"dst", dst.SimRef(), rows * sizeof(T), sizeof(T)}, tmpRange);
    CheckDisjoint(api, OperandRange{"src", tensor.SimRef(), rows * sizeof(T), sizeof(T)}, tmpRange);
    CheckDisjoint(api, OperandRange{"mask", mask.SimRef(), maskBytes, sizeof(U)}, tmpRange);

    PipeBarrier<PIPE_V>();
    uint32_t loop = (tmpBytes - kReserved) / sizeof(half) / ONE_BLK_SIZE * ONE_BLK_SIZE;
    if (loop > kMaxPerLoop) loop = kMaxPerLoop;
    SetMaskCount();
    // Select mode 1 takes its scalar from CMPMASK.
    LocalTensor<T> scalarTmp = tmp.ReinterpretCast<T>();
    SetVectorMask<half, MaskMode::COUNTER>(0, 256 / sizeof(T));
    Duplicate<T, false>(scalarTmp, scalar, MASK_PLACEHOLDER, 1, 1, 8);
    PipeBarrier<PIPE_V>();
    SetCmpMask(scalarTmp);
    PipeBarrier<PIPE_V>();
    if (info.srcLastAxis != info.maskLastAxis) {
        LocalTensor<uint16_t> to = packed.template ReinterpretCast<uint16_t>();
        LocalTensor<uint16_t> from = mask.template ReinterpretCast<uint16_t>();
        uint64_t kept = 0;
        GatherMask<uint16_t>(to, from, 7, true, info.srcLastAxis * sizeof(U) / sizeof(uint16_t),
                             {1, static_cast<uint16_t>(info.firstAxis),
                              static_cast<uint16_t>(info.maskLastAxis * sizeof(U) / ONE_BLK_SIZE), 0},
                             kept);
        SetMaskCount();
        PipeBarrier<PIPE_V>();
    }
    // CANN writes the compare bits over the start of the half mask they come from (in order, each
    // repeat's 16 bytes over bytes it has already read); the sim's overlap check accepts a dst
    // over a src only at the same start with the same element size, so the bits go right behind
    // the half piece instead, the piece shrunk (never below 32 elements) when the temp has no
    // room for them. The results are the same: every element is selected on its own.
    while (loop > 32 && uint64_t{loop} * sizeof(half) + (loop / 8 + 31) / 32 * 32 > tmpBytes) loop -= 32;
    LocalTensor<uint8_t> work = tmp[tmpOffset];
    LocalTensor<half> maskHalf = work.ReinterpretCast<half>();
    LocalTensor<uint8_t> bits = work[loop * sizeof(half)];
    for (uint32_t offset = 0; offset < srcSize; offset += loop) {
        const uint32_t n = offset + loop > srcSize ? srcSize - offset : loop;
        SetVectorMask<half, MaskMode::COUNTER>(0, n);
        MaskToHalf<U>(maskHalf, packed[offset]);
        PipeBarrier<PIPE_V>();
        UnaryRepeatParams unary;
        const uint8_t repeats = static_cast<uint8_t>((n + 127) / 128);
        CompareScalar<half, uint8_t, false>(bits, maskHalf, static_cast<half>(0), reverse ? CMPMODE::NE : CMPMODE::EQ,
                                            MASK_PLACEHOLDER, repeats, unary);
        PipeBarrier<PIPE_V>();
        BinaryRepeatParams binary;
        Select(dst[offset], bits, tensor[offset], 1, binary);
        PipeBarrier<PIPE_V>();
    }
    SetMaskNorm();
    ResetMask();
}

}  // namespace sim::vec::select_bytes

namespace AscendC {

#define ASCENDC_SIM_SELECT_BYTES_TYPES()                                                                         \
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,                                           \
                  "Select (SelectWithBytesMask): T must be half or float on Atlas A2/A3");                       \
    static_assert(std::is_same_v<U, bool> || std::is_same_v<U, uint8_t> || std::is_same_v<U, int16_t> ||         \
                      std::is_same_v<U, uint16_t> || std::is_same_v<U, int32_t> || std::is_same_v<U, uint32_t>,  \
                  "Select (SelectWithBytesMask): the mask type U must be bool, uint8_t, int16_t, uint16_t, "     \
                  "int32_t or uint32_t on Atlas A2/A3")

template <typename T, typename U, bool isReuseMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1,
                                                   const LocalTensor<U>& mask,
                                                   const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                   const SelectWithBytesMaskShapeInfo& info) {
    ASCENDC_SIM_SELECT_BYTES_TYPES();
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    sim::vec::select_bytes::Run<T, U, isReuseMask, false>(dst, src0, src1, mask, sharedTmpBuffer, info);
}

template <typename T, typename U, bool isReuseMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1,
                                                   const LocalTensor<U>& mask,
                                                   const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                   const SelectWithBytesMaskShapeInfo& info) {
    ASCENDC_SIM_SELECT_BYTES_TYPES();
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    sim::vec::select_bytes::Run<T, U, isReuseMask, true>(dst, src1, src0, mask, sharedTmpBuffer, info);
}

template <typename T, typename U, bool isReuseMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SelectWithBytesMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                                                T src1, const LocalTensor<U>& mask,
                                                                const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                                const SelectWithBytesMaskShapeInfo& info) {
    ASCENDC_SIM_SELECT_BYTES_TYPES();
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    sim::vec::select_bytes::Run<T, U, isReuseMask, false>(dst, src0, src1, mask, sharedTmpBuffer, info);
}

template <typename T, typename U, bool isReuseMask = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SelectWithBytesMask(const LocalTensor<T>& dst, T src0,
                                                                const LocalTensor<T>& src1,
                                                                const LocalTensor<U>& mask,
                                                                const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                                const SelectWithBytesMaskShapeInfo& info) {
    ASCENDC_SIM_SELECT_BYTES_TYPES();
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    sim::vec::select_bytes::Run<T, U, isReuseMask, true>(dst, src1, src0, mask, sharedTmpBuffer, info);
}

#undef ASCENDC_SIM_SELECT_BYTES_TYPES

}  // namespace AscendC
