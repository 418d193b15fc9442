// The kernel form of sim_test_tiling_classes.h (ASCENDC_SIM_KERNEL_TILING is set on this
// file by CMake): public fields, read from the bytes the host form saved.
#include <cstring>

#include "sim_test_tiling_classes.h"

static_assert(std::is_trivially_copyable<optiling::SimTestTilingData>::value, "the kernel form is a plain struct");
static_assert(std::is_same<::ascendc_sim_tiling::Default, optiling::SimTestTilingData>::value,
              "REGISTER_TILING_DATA_CLASS inside namespace optiling is visible as ::ascendc_sim_tiling::Default");

SimTestKernelView SimTestReadAsKernel(const uint8_t* saved) {
    ::ascendc_sim_tiling::Default tiling;  // what GET_TILING_DATA declares, then fills
    std::memcpy(&tiling, saved, sizeof(tiling));
    SimTestKernelView view;
    view.flag = tiling.flag;
    view.total = tiling.total;
    view.half = tiling.half;
    for (int i = 0; i < 3; ++i) view.splits[i] = tiling.splits[i];
    view.innerCode = tiling.inner.code;
    view.innerCount = tiling.inner.count;
    view.scale = tiling.scale;
    view.tail = tiling.tail;
    view.bytes = sizeof(tiling);
    return view;
}
