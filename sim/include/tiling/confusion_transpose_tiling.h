// Host-side tiling of the high-level Transpose with a ConfusionTransposeTiling (CANN's
// include/adv_api/transpose/confusion_transpose_tiling.h and confusion_transpose_tilingdata.h;
// numbers as asc-devkit impl/adv_api/tiling/transpose/confusion_transpose_tiling_impl.cpp gives
// them). transposeTypeIn is the TransposeType's value. Modelled: TRANSPOSE_NZ2ND_0213 (1) and
// TRANSPOSE_NZ2NZ_0213 (2), srcShape [B, A1, A2, A3]:
//   GetTransposeMaxMinTmpSize: max = align16(A2) * 16 * typeSize, min = 256 * typeSize.
//   GetTransposeTilingInfo: the 16 params the kernel reads (see vector_confusion_transpose.h),
//   the temp taken in whole 16x16 fractals (newPopSize = stackBufferSize / typeSize rounded
//   down to 256).
// The other types print that the sim does not model them and leave the outputs unchanged.
// GetConfusionTranspose* are the same functions under their older names.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"  // AscendC::tiling::ConfusionTransposeTiling
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ConfusionTransposeTiling)
TILING_DATA_FIELD_DEF(uint32_t, param0);
TILING_DATA_FIELD_DEF(uint32_t, param1);
TILING_DATA_FIELD_DEF(uint32_t, param2);
TILING_DATA_FIELD_DEF(uint32_t, param3);
TILING_DATA_FIELD_DEF(uint32_t, param4);
TILING_DATA_FIELD_DEF(uint32_t, param5);
TILING_DATA_FIELD_DEF(uint32_t, param6);
TILING_DATA_FIELD_DEF(uint32_t, param7);
TILING_DATA_FIELD_DEF(uint32_t, param8);
TILING_DATA_FIELD_DEF(uint32_t, param9);
TILING_DATA_FIELD_DEF(uint32_t, param10);
TILING_DATA_FIELD_DEF(uint32_t, param11);
TILING_DATA_FIELD_DEF(uint32_t, param12);
TILING_DATA_FIELD_DEF(uint32_t, param13);
TILING_DATA_FIELD_DEF(uint32_t, param14);
TILING_DATA_FIELD_DEF(uint32_t, param15);
TILING_DATA_FIELD_DEF(uint32_t, param16);
TILING_DATA_FIELD_DEF(uint32_t, param17);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
#if !defined(ASCENDC_SIM_KERNEL_TILING)
using TensorShape = ge::Shape;  // adv_api/utils/types.h
void GetConfusionTransposeMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                        const uint32_t transposeTypeIn, uint32_t& maxValue, uint32_t& minValue);
void GetTransposeMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                               const uint32_t transposeTypeIn, uint32_t& maxValue, uint32_t& minValue);
void GetConfusionTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const uint32_t transposeTypeIn,
                                     optiling::ConfusionTransposeTiling& tiling);
void GetTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                            optiling::ConfusionTransposeTiling& tiling);
void GetConfusionTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const uint32_t transposeTypeIn,
                                     AscendC::tiling::ConfusionTransposeTiling& tiling);
void GetTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                            AscendC::tiling::ConfusionTransposeTiling& tiling);
#endif
}  // namespace AscendC
