// The high-level Axpy (CANN's include/adv_api/math/axpy.h: Axpy<T, U, isReuseSource>(dst, src,
// scalar, sharedTmpBuffer, calCount), dst = scalar * src + dst), step by step as the Atlas A2/A3
// implementation runs it (asc-devkit impl/adv_api/detail/math/axpy/axpy_common_impl.h), each
// step one count-form instruction of the sim:
//   (float, float): the basic Axpy (one fused multiply-add) over all calCount elements; the temp
//     is unused;
//   (half, half): per chunk of tmpBytes / 4 / 2 / 32 * 32 elements, float pieces a, b:
//     a = Cast(src), b = Cast(dst) (CAST_NONE, exact); a = Muls(a, float(scalar)); b = a + b;
//     dst = Cast(b) (CAST_NONE: to nearest even) -- two float roundings and the half one, where
//     the basic Axpy rounds once;
//   (float, half): per chunk of tmpBytes / 4 / 32 * 32 elements, float piece a: a = Cast(src);
//     a = Muls(a, float(scalar)); dst = a + dst.
// Checks as CANN's (api_check/kernel_check/math/axpy): (T, U) one of (half, half), (float,
// float), (float, half) (compile time); isReuseSource reserved (must be false); calCount within
// dst and src; dst and src disjoint, a used temp disjoint from both (the page forbids the
// overlaps), one 32-element chunk at least; dst's elements defined (it is read).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_compound.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_math_steps.h"

namespace sim::vec {

template <class T, class U, bool isReuseSource>
void HighLevelAxpyImpl(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& src, U scalar,
                       const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount) {
    static_assert(kMulAddPair<T, U>,
                  "Axpy (high-level): (dst, src) element types must be (half, half), (float, float) or (float, half) on "
                  "Atlas A2/A3");
    const MathSteps steps{"Axpy"};
    const ApiName api = steps.Whole();
    if (!CheckReservedReuse(api, isReuseSource) || calCount == 0) return;
    const uint64_t dstBytes = uint64_t{calCount} * sizeof(T), srcBytes = uint64_t{calCount} * sizeof(U);
    if (!CheckFits(api, "dstTensor", dst.SimRef(), dstBytes) || !CheckFits(api, "srcTensor", src.SimRef(), srcBytes)) {
        return;
    }
    const OperandRange dstRange{"dstTensor", dst.SimRef(), dstBytes, sizeof(T)};
    const OperandRange srcRange{"srcTensor", src.SimRef(), srcBytes, sizeof(U)};
    CheckDisjoint(api, dstRange, srcRange);
    if constexpr (std::is_same_v<U, float>) {
        if (!CheckAccumulator(api, dst.SimRef(), dstBytes)) return;
        Elementwise(steps("Axpy"), dst, calCount, AxpyOp<T, U>{scalar}, ElementwiseOptions{}, src, dst);
    } else {
        constexpr uint32_t pieces = std::is_same_v<T, half> ? 2 : 1;
        const uint64_t chunk = temp.GetSize() / sizeof(float) / pieces / kBlockBytes * kBlockBytes;
        if (!CheckChunk(api, temp.SimRef(), chunk, uint64_t{kBlockBytes} * sizeof(float) * pieces,
                        "GetAxpyMaxMinTmpSize")) {
            return;
        }
        const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), chunk * sizeof(float) * pieces, 1};
        CheckDisjoint(api, dstRange, tempRange);
        CheckDisjoint(api, srcRange, tempRange);
        const float s = static_cast<float>(scalar);
        const AscendC::LocalTensor<float> a = TempPiece(temp, chunk, 0);
        ForEachChunk(calCount, chunk, [&](uint32_t offset, int64_t n) {
            steps.Widen(a, src[offset], n);
            if constexpr (std::is_same_v<T, half>) {
                const AscendC::LocalTensor<float> b = TempPiece(temp, chunk, 1);
                steps.Widen(b, dst[offset], n);
                Scalar<MulOp>(steps("Muls"), a, a, s, n);
                Binary<AddOp>(steps("Add"), b, a, b, n);
                steps.Narrow(dst[offset], b, n);
            } else {
                Scalar<MulOp>(steps("Muls"), a, a, s, n);
                Binary<AddOp>(steps("Add"), dst[offset], a, dst[offset], n);
            }
        });
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, typename U, bool isReuseSource = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor,
                                                 const U scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                 const uint32_t calCount) {
    sim::NoteCallSite();
    sim::vec::HighLevelAxpyImpl<T, U, isReuseSource>(dstTensor, srcTensor, scalarValue, sharedTmpBuffer, calCount);
}

}  // namespace AscendC
