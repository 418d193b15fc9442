// The scalar-unit APIs (kernel/scalar_ops.h) and the store-atomic configuration (atomic.h):
// _simtest.scalar_bits(api, values) evaluates GetBitCount<0/1>, CountLeadingZero,
// CountBitsCntSameAsSignBit or GetSFFValue<0/1> (also by their old Scalar* names) on each
// value; _simtest.scalar_cast(kind, values) runs a scalar Cast on each float and returns the
// result's bits (half, bfloat16_t) or value (int32_t, and float for bfloat16_t -> float, whose
// inputs are bf16 bit patterns). The kernels of kernels/scalar_kernels.h are registered for
// simtest.launch.
#include <pybind11/stl.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "registry.h"
#include "scalar_kernels.h"

namespace py = pybind11;

namespace {

int64_t ScalarBits(const std::string& api, uint64_t v) {
    using namespace AscendC;
    if (api == "GetBitCount<0>") return GetBitCount<0>(v);
    if (api == "GetBitCount<1>") return GetBitCount<1>(v);
    if (api == "ScalarGetCountOfValue<1>") return ScalarGetCountOfValue<1>(v);
    if (api == "CountLeadingZero") return CountLeadingZero(v);
    if (api == "ScalarCountLeadingZero") return ScalarCountLeadingZero(v);
    if (api == "CountBitsCntSameAsSignBit") return CountBitsCntSameAsSignBit(static_cast<int64_t>(v));
    if (api == "GetSFFValue<0>") return GetSFFValue<0>(v);
    if (api == "GetSFFValue<1>") return GetSFFValue<1>(v);
    if (api == "ScalarGetSFFValue<1>") return ScalarGetSFFValue<1>(v);
    throw py::value_error("scalar_bits: unknown api " + api);
}

double RunScalarCast(const std::string& kind, double value) {
    using namespace AscendC;
    const float f = static_cast<float>(value);
    auto bits16 = [](auto h) {
        uint16_t b;
        std::memcpy(&b, &h, 2);
        return static_cast<double>(b);
    };
    if (kind == "bf16") return bits16(Cast(f));
    if (kind == "ToBfloat16") return bits16(ToBfloat16(f));
    if (kind == "bf16_to_float") return Cast(bfloat16_t::FromBits(static_cast<uint16_t>(value)));
    if (kind == "half_odd") return bits16(Cast<float, half, RoundMode::CAST_ODD>(f));
    if (kind == "ScalarCast_half_odd") return bits16(ScalarCast<float, half, RoundMode::CAST_ODD>(f));
    if (kind == "int32_round") return Cast<float, int32_t, RoundMode::CAST_ROUND>(f);
    if (kind == "int32_ceil") return Cast<float, int32_t, RoundMode::CAST_CEIL>(f);
    if (kind == "int32_floor") return Cast<float, int32_t, RoundMode::CAST_FLOOR>(f);
    if (kind == "int32_rint") return Cast<float, int32_t, RoundMode::CAST_RINT>(f);
    throw py::value_error("scalar_cast: unknown kind " + kind);
}

}  // namespace

SIMTEST_BINDINGS(scalar) {
    m.def("scalar_bits", [](const std::string& api, const std::vector<uint64_t>& values) {
        std::vector<int64_t> out;
        for (uint64_t v : values) out.push_back(ScalarBits(api, v));
        return out;
    });
    m.def("scalar_cast", [](const std::string& kind, const std::vector<double>& values) {
        std::vector<double> out;
        for (double v : values) out.push_back(RunScalarCast(kind, v));
        return out;
    });
    simtest::RegisterKernel("bypass_copy_int8_t", &bypass_copy_int8_t);
    simtest::RegisterKernel("bypass_copy_uint8_t", &bypass_copy_uint8_t);
    simtest::RegisterKernel("bypass_copy_int16_t", &bypass_copy_int16_t);
    simtest::RegisterKernel("bypass_copy_uint16_t", &bypass_copy_uint16_t);
    simtest::RegisterKernel("bypass_copy_int32_t", &bypass_copy_int32_t);
    simtest::RegisterKernel("bypass_copy_uint32_t", &bypass_copy_uint32_t);
    simtest::RegisterKernel("bypass_copy_int64_t", &bypass_copy_int64_t);
    simtest::RegisterKernel("bypass_copy_uint64_t", &bypass_copy_uint64_t);
    simtest::RegisterKernel("bypass_read_past_end", &bypass_read_past_end);
    simtest::RegisterKernel("store_atomic_config", &store_atomic_config);
}
