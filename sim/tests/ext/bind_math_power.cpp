// run_vector_misc's runner for the high-level Power (vector_math_power.h): "PowerTT" (operands
// dst, src0, src1[, sharedTmpBuffer]), "PowerTS" (dst, src0[, sharedTmpBuffer]; options scalar:
// the exponent), "PowerST" (dst, src1[, sharedTmpBuffer]; scalar: the base). Options no_temp (the
// framework-temp overloads); the suffix "/whole" runs the overloads without calCount. Also
// power_tmp_sizes, the host queries GetPowerMaxMinTmpSize and GetPowerTmpBufferFactorSize.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace simtest::misc {
namespace {

template <class T>
bool RunPower(const std::string& form, bool whole, const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& a = As<T>(ops, 1);
    const T scalar = sim::vec::ScalarAs<T>(o.scalar);
    if (form == "TT") {
        const LocalTensor<T>& b = As<T>(ops, 2);
        if (o.noTemp) whole ? Power(dst, a, b) : Power(dst, a, b, n);
        else if (whole) Power(dst, a, b, As<uint8_t>(ops, 3));
        else Power(dst, a, b, As<uint8_t>(ops, 3), n);
    } else if (form == "TS") {
        if (o.noTemp) whole ? Power(dst, a, scalar) : Power(dst, a, scalar, n);
        else if (whole) Power(dst, a, scalar, As<uint8_t>(ops, 2));
        else Power(dst, a, scalar, As<uint8_t>(ops, 2), n);
    } else {
        if (o.noTemp) whole ? Power(dst, scalar, a) : Power(dst, scalar, a, n);
        else if (whole) Power(dst, scalar, a, As<uint8_t>(ops, 2));
        else Power(dst, scalar, a, As<uint8_t>(ops, 2), n);
    }
    return true;
}

bool Run(const std::string& name, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const size_t slash = name.find('/');
    const std::string api = name.substr(0, slash);
    if (api != "PowerTT" && api != "PowerTS" && api != "PowerST") return false;
    const bool whole = slash != std::string::npos;
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int32_t>) {
                return RunPower<T>(api.substr(5), whole, ops, static_cast<uint32_t>(count), o);
            }
            return false;
        },
        ops[0]);
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerPower;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(math_power) {
    m.def(
        "power_tmp_sizes",
        [](const std::vector<int64_t>& shape1, const std::vector<int64_t>& shape2, bool typeIsInt, uint32_t typeSize) {
            uint32_t maxValue = 0, minValue = 0, live = 0, extra = 0;
            AscendC::GetPowerMaxMinTmpSize(ge::Shape(shape1), ge::Shape(shape2), typeIsInt, typeSize, false, maxValue,
                                           minValue);
            const auto isTensor = [](const std::vector<int64_t>& s) { return !(s.size() == 1 && s[0] == 1); };
            AscendC::GetPowerTmpBufferFactorSize(isTensor(shape1), isTensor(shape2), typeIsInt, typeSize, live, extra);
            return std::make_tuple(maxValue, minValue, live, extra);
        },
        "GetPowerMaxMinTmpSize's (max, min) and GetPowerTmpBufferFactorSize's (maxLiveNodeCount, extraBuffer).");
}
