// The kernels of sim/tests/kernels/filter_math_apis.h (DropOut, Select with a byte mask, CumSum,
// GroupBarrier) registered for simtest.launch, and the host temp-size functions of Silu/Swish,
// Sort, DropOut, Select and CumSum as bindings (each returns (max, min)).
#include <pybind11/stl.h>

#include <cstdint>
#include <vector>

#include "filter_math_apis.h"
#include "registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

namespace {

ge::Shape Shape(const std::vector<int64_t>& dims) { return ge::Shape(dims); }

}  // namespace

SIMTEST_BINDINGS(filter_math) {
    simtest::RegisterKernel("dropout_f32", &dropout_f32);
    simtest::RegisterKernel("dropout_f16", &dropout_f16);
    simtest::RegisterKernel("select_bytes_f32", &select_bytes_f32);
    simtest::RegisterKernel("select_bytes_f16", &select_bytes_f16);
    simtest::RegisterKernel("cumsum_first_f32", &cumsum_first_f32);
    simtest::RegisterKernel("cumsum_first_f16", &cumsum_first_f16);
    simtest::RegisterKernel("cumsum_last_f32", &cumsum_last_f32);
    simtest::RegisterKernel("cumsum_last_f16", &cumsum_last_f16);
    simtest::RegisterKernel("barrier_gather", &barrier_gather);
    m.def("silu_tmp_size", [](const std::vector<int64_t>& shape, uint32_t typeSize) {
        uint32_t mx = 7, mn = 7;
        AscendC::GetSiluTmpSize(Shape(shape), typeSize, false, mx, mn);
        uint32_t sx = 7, sn = 7;
        AscendC::GetSwishTmpSize(Shape(shape), typeSize, false, sx, sn);
        return std::vector<uint32_t>{mx, mn, sx, sn};
    });
    m.def("sort_tmp_sizes", [](uint32_t elemCount, uint32_t typeSize) {
        auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
        uint32_t mx = 7, mn = 7;
        AscendC::SortConfig config;
        AscendC::GetSortMaxMinTmpSize(Shape({elemCount}), ge::DT_FLOAT, ge::DT_UINT32, false, config, mx, mn);
        return std::vector<uint32_t>{AscendC::GetConcatTmpSize(*platform, elemCount, typeSize),
                                     AscendC::GetSortTmpSize(*platform, elemCount, typeSize), mx, mn};
    });
    m.def("dropout_tmp_size", [](const std::vector<int64_t>& shape, uint32_t typeSize, bool reuse) {
        uint32_t mx = 7, mn = 7;
        AscendC::GetDropOutMaxMinTmpSize(Shape(shape), typeSize, reuse, mx, mn);
        return std::vector<uint32_t>{mx, mn, AscendC::GetDropOutMaxTmpSize(Shape(shape), typeSize, reuse),
                                     AscendC::GetDropOutMinTmpSize(Shape(shape), typeSize, reuse)};
    });
    m.def("select_tmp_size", [](const std::vector<int64_t>& src0, const std::vector<int64_t>& src1, uint32_t srcTypeSize,
                                const std::vector<int64_t>& mask, uint32_t maskTypeSize, bool reuseMask) {
        uint32_t mx = 7, mn = 7;
        AscendC::GetSelectWithBytesMaskMaxMinTmpSize(Shape(src0), Shape(src1), srcTypeSize, Shape(mask), maskTypeSize,
                                                     reuseMask, mx, mn);
        return std::vector<uint32_t>{mx, mn};
    });
    m.def("cumsum_tmp_size", [](const std::vector<int64_t>& shape, uint32_t typeSize, bool lastAxis) {
        uint32_t mx = 7, mn = 7;
        AscendC::GetCumSumMaxMinTmpSize(Shape(shape), typeSize, lastAxis, false, mx, mn);
        return std::vector<uint32_t>{mx, mn};
    });
}
