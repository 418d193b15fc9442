// Tiling-data classes of the tiling-data tests, compiled in their host form
// (test_tiling_data.cpp) and in their kernel form (tiling_data_kernel_side.cpp, built with
// ASCENDC_SIM_KERNEL_TILING), into one program: the two forms must not clash.
#pragma once
#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(SimTestInnerTiling)
    TILING_DATA_FIELD_DEF(uint8_t, code);
    TILING_DATA_FIELD_DEF(uint32_t, count);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(SimTestTilingData)
    TILING_DATA_FIELD_DEF(uint8_t, flag);
    TILING_DATA_FIELD_DEF(int64_t, total);
    TILING_DATA_FIELD_DEF(uint16_t, half);
    TILING_DATA_FIELD_DEF_ARR(uint32_t, 3, splits);
    TILING_DATA_FIELD_DEF_STRUCT(SimTestInnerTiling, inner);
    TILING_DATA_FIELD_DEF(float, scale);
    TILING_DATA_FIELD_DEF(int8_t, tail);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SimTestTilingOp, SimTestTilingData)

}  // namespace optiling

// Kernel side (tiling_data_kernel_side.cpp): the fields of the kernel struct read from
// saved bytes as the sim's GET_TILING_DATA reads them.
struct SimTestKernelView {
    uint8_t flag;
    int64_t total;
    uint16_t half;
    uint32_t splits[3];
    uint8_t innerCode;
    uint32_t innerCount;
    float scale;
    int8_t tail;
    size_t bytes;  // sizeof the kernel struct
};
SimTestKernelView SimTestReadAsKernel(const uint8_t* saved);
