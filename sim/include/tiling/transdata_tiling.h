// Host-side temp size of the high-level TransData (CANN's include/adv_api/transpose/
// transdata_tiling.h; the numbers as asc-devkit impl/adv_api/tiling/transpose/transdata_tiling.cpp
// gives them, max = min), with hw = AlignUp(h * w, 16), c1 = ceil(c/16), n1 = ceil(n/16), 2-byte
// elements:
//   NCDHW -> NDC1HWC0      d*hw*2 + d*c1*16*hw*2
//   NDC1HWC0 -> NCDHW      d*c1*16*hw*2 + 512
//   NCDHW -> FRACTAL_Z_3D  max(c*d*hw*2, d*h*w*n1*16*2) + n1*16*d*c1*16*hw*2
//   FRACTAL_Z_3D -> NCDHW  n1*16*c1*16*d*hw*2, twice that when c or n is not a multiple of 16
// Checks as CANN's (a message and false): dataType DT_FLOAT16, DT_BF16, DT_UINT16 or DT_INT16; one
// of those four format pairs; shapes of rank 5 (NCDHW), 6 (NDC1HWC0: n, d, c1, h, w, c0) or 7
// (FRACTAL_Z_3D: d, c1, h, w, n1, n0, c0) whose n, d, h, w agree and whose c1 / n1 cover c / n with
// c0 = n0 = 16. (The sim models Atlas A2/A3 only, so the platform's NPU arch is not asked.)
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/transdata_config.h"
#include "graph/tensor.h"
#include "graph/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

using TensorShape = ge::Shape;        // adv_api/utils/types.h
using TensorDataType = ge::DataType;  // adv_api/utils/types.h

bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& platform, const AscendC::TensorShape& srcShape,
                               const AscendC::TensorShape& dstShape, const AscendC::TensorDataType dataType,
                               const TransDataConfig& config, uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
