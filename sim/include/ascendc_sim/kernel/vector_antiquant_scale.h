// AscendAntiQuant's PER_CHANNEL form without offset (CANN's include/adv_api/quantization/
// ascend_antiquant.h: dst, src, scale tensor, sharedTmpBuffer, K, shapeInfo), beside the forms of
// vector_quant.h, for Atlas A2/A3 (int8_t -> half, no transpose) as the 2201 implementation runs
// it (asc-devkit impl/adv_api/detail/quantization/antiquant/ascend_antiquant_impl.h): scale is
// [groups, N], from shapeInfo.scaleHeight/scaleWidth when non-zero, else from the scale tensor's
// ShapeInfo; each group of K / groups source rows shares one scale row. Per source row, Counter
// mode with N lanes: Cast<half>(src row) (exact), then Mul by the group's scale row (one half
// rounding). The temp is not read. Checks (ApiMisuse): the groups and N known, K a multiple of
// the groups, src holding K x N, N a multiple of 32 (int8_t rows on 32-byte blocks); dst and scale
// within their tensors, dst disjoint from src and scale. Other types: vector_quant.h's
// static_asserts (bfloat16_t output, isTranspose and int4b_t are not modelled).
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/kernel/shape_info.h"
#include "ascendc_sim/kernel/vector_quant.h"

namespace sim::vec {

inline void AntiQuantScaleRows(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<int8_t>& src,
                               const AscendC::LocalTensor<half>& scale, uint32_t k,
                               const AscendC::AntiQuantShapeInfo& shapeInfo) {
    const ApiName api = Named("AscendAntiQuant");
    const AscendC::ShapeInfo shape = scale.GetShapeInfo();
    const uint32_t groups = shapeInfo.scaleHeight != 0 ? shapeInfo.scaleHeight : shape.shape[0];
    const uint32_t n = shapeInfo.scaleWidth != 0 ? shapeInfo.scaleWidth : shape.shape[1];
    if (groups == 0 || n == 0) {
        QuantMisuse(api, "the scale tensor's [groups, N] is unknown: give shapeInfo.scaleHeight/scaleWidth or the "
                         "scale tensor's ShapeInfo (SetShapeInfo)");
        return;
    }
    if (k == 0 || k % groups != 0) {
        QuantMisuse(api, "K " + std::to_string(k) + " must be a positive multiple of the scale's " +
                             std::to_string(groups) + " groups");
        return;
    }
    if (uint64_t{k} * n != src.GetSize()) {
        QuantMisuse(api, "srcTensor's " + std::to_string(src.GetSize()) + " elements are not K x N = " +
                             std::to_string(k) + " x " + std::to_string(n));
        return;
    }
    if (n % 32 != 0) {  // each row is issued alone: its int8_t source must start on a 32-byte block
        QuantMisuse(api, "a row of N = " + std::to_string(n) +
                             " int8_t elements must be a whole number of 32-byte blocks (N a multiple of 32)");
        return;
    }
    if (!CheckFits(api, "dstTensor", dst.SimRef(), uint64_t{src.GetSize()} * sizeof(half)) ||
        !CheckFits(api, "scale", scale.SimRef(), uint64_t{groups} * n * sizeof(half))) {
        return;
    }
    const OperandRange d{"dstTensor", dst.SimRef(), uint64_t{src.GetSize()} * sizeof(half), sizeof(half)};
    CheckDisjoint(api, d, OperandRange{"scale", scale.SimRef(), uint64_t{groups} * n * sizeof(half), sizeof(half)});
    CheckDisjoint(api, d, OperandRange{"srcTensor", src.SimRef(), src.GetSize(), 1});
    const uint32_t rowsPerGroup = k / groups;
    AscendC::UnaryRepeatParams toHalf;
    toHalf.srcRepStride = AscendC::HALF_DEFAULT_REPEAT_STRIDE;
    const AscendC::BinaryRepeatParams same;
    AscendC::SetMaskCount();
    for (uint32_t g = 0; g < groups; ++g) {
        for (uint32_t r = 0; r < rowsPerGroup; ++r) {
            const uint32_t at = (g * rowsPerGroup + r) * n;
            AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(0, n);
            AscendC::Cast<half, int8_t, false>(dst[at], src[at], AscendC::RoundMode::CAST_NONE, AscendC::MASK_PLACEHOLDER,
                                               1, toHalf);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul<half, false>(dst[at], scale[g * n], dst[at], AscendC::MASK_PLACEHOLDER, 1, same);
            AscendC::PipeBarrier<PIPE_V>();
        }
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

}  // namespace sim::vec

namespace AscendC {

template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void AscendAntiQuant(
    const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src, const LocalTensor<OutputDataType>& scale,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}) {
    sim::vec::AntiQuantTypes<InputDataType, OutputDataType, isTranspose>();
    sim::NoteCallSite();
    (void)sharedTmpBuffer;
    sim::vec::AntiQuantScaleRows(dst, src, scale, k, shapeInfo);
}

}  // namespace AscendC
