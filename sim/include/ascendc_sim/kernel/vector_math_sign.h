// The high-level Sign (CANN's include/adv_api/math/sign.h), as the Atlas A2/A3 implementation runs
// it (asc-devkit impl/adv_api/detail/math/sign/sign_common_impl.h): per chunk of
// tmpBytes / sizeof(T) / 3 / 32 * 32 elements, through the sim's own basic APIs with the same mask
// modes, so each instruction is checked and timed as that API:
//   Counter mode (n): dst = Duplicate(0);
//   Normal mode, full mask, ceil(n sizeof(T) / 256) repeats: lt = Compare(x < dst), gt =
//     Compare(x > dst) into bit masks (these read whole repeats of x and dst, as the hardware
//     does: where src or dst ends before the last chunk's repeat does, the sim reports the read
//     past the tensor (operand-bounds) instead of inventing the bytes beyond it; tensors that
//     reach the end of the last chunk's last repeat avoid it);
//   Counter mode (n): t3 = Duplicate(1), SetCmpMask(t3), t4 = Select(lt ? dst : 1) (mode 1);
//     t3 = Duplicate(-1), SetCmpMask(t3), dst = Select(gt ? dst : -1); dst = t4 + dst.
//   So y = 1 (x > 0), -1 (x < 0), 0 (x = 0 or NaN). The mask is left Normal and full.
// The temp: lt at 0, gt at AlignUp(chunk / 8, 32) bytes, then t3 and t4 (chunk elements each).
// Checks as CANN's (api_check/kernel_check/math/sign): T half or float (compile time);
// isReuseSource reserved (must be false); calCount within dst and src; dst, src and the temp
// pairwise disjoint (the page forbids the overlaps); one 32-element chunk at least
// (GetSignMaxMinTmpSize).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"
#include "ascendc_sim/kernel/vector_select.h"

namespace sim::vec {

template <class T>
void SignChunk(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::LocalTensor<uint8_t>& lt, const AscendC::LocalTensor<uint8_t>& gt,
               const AscendC::LocalTensor<T>& t3, const AscendC::LocalTensor<T>& t4, uint32_t n, uint8_t repeats) {
    using namespace AscendC;
    const BinaryRepeatParams binary;
    Duplicate<T, false>(dst, static_cast<T>(0), MASK_PLACEHOLDER, 1, 1, 8);
    SetMaskNorm();
    ResetMask();
    Compare<T, uint8_t, false>(lt, src, dst, CMPMODE::LT, MASK_PLACEHOLDER, repeats, binary);
    Compare<T, uint8_t, false>(gt, src, dst, CMPMODE::GT, MASK_PLACEHOLDER, repeats, binary);
    SetMaskCount();
    SetVectorMask<T, MaskMode::COUNTER>(0, n);
    Duplicate<T, false>(t3, static_cast<T>(1), MASK_PLACEHOLDER, 1, 1, 8);
    SetCmpMask<T>(t3);
    Select<T, uint8_t>(t4, lt, dst, 1, binary);
    Duplicate<T, false>(t3, static_cast<T>(-1), MASK_PLACEHOLDER, 1, 1, 8);
    SetCmpMask<T>(t3);
    Select<T, uint8_t>(dst, gt, dst, 1, binary);
    Add<T, false>(dst, t4, dst, MASK_PLACEHOLDER, 1, binary);
}

template <class T, bool isReuseSource>
void SignImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
              const AscendC::LocalTensor<uint8_t>* temp, uint32_t calCount) {
    static_assert(kActivationType<T>, "Sign: element type must be half or float on Atlas A2/A3");
    const ApiName api = Named("Sign");
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0 || !CheckMathOperands(api, dst, src, calCount, true)) {
        return;
    }
    AscendC::LocalTensor<uint8_t> stack;
    if (temp == nullptr) {
        if (!StackTemp(api, &stack)) return;
        temp = &stack;
    }
    const uint32_t chunk = temp->GetSize() / sizeof(T) / 3 / kBlockBytes * kBlockBytes;
    if (!CheckChunk(api, temp->SimRef(), chunk, uint64_t{kBlockBytes} * sizeof(T) * 3, "GetSignMaxMinTmpSize")) return;
    const uint32_t bitBytes = (chunk / 8 + kBlockBytes - 1) / kBlockBytes * kBlockBytes;
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    const OperandRange used{"sharedTmpBuffer", temp->SimRef(), 2ull * bitBytes + 2ull * chunk * sizeof(T), 1};
    CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)}, used);
    CheckDisjoint(api, OperandRange{"srcTensor", src.SimRef(), bytes, sizeof(T)}, used);
    const AscendC::LocalTensor<uint8_t> lt = *temp, gt = (*temp)[bitBytes];
    const AscendC::LocalTensor<T> t3 = (*temp)[2 * bitBytes].template ReinterpretCast<T>(), t4 = t3[chunk];
    AscendC::SetMaskCount();
    ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
        const auto count = static_cast<uint32_t>(n);
        AscendC::SetVectorMask<T, AscendC::MaskMode::COUNTER>(0, count);
        const auto repeats = static_cast<uint8_t>((count * sizeof(T) + kRepeatBytes - 1) / kRepeatBytes);
        SignChunk(dst[offset], src[offset], lt, gt, t3, t4, count, repeats);
    });
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::SignImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer) {
    sim::NoteCallSite();
    sim::vec::SignImpl<T, isReuseSource>(dstTensor, srcTensor, &sharedTmpBuffer, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::SignImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sign(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    sim::NoteCallSite();
    sim::vec::SignImpl<T, isReuseSource>(dstTensor, srcTensor, nullptr, srcTensor.GetSize());
}

}  // namespace AscendC
