// run_vector_misc's runner for the high-level Asin, Acos (vector_math_asin.h), Atan (vector_math_atan.h),
// Asinh, Acosh, Atanh (vector_math_inv_hyperbolic.h), Erfc (vector_math_erfc.h), Sign (vector_math_sign.h),
// Xor and Fmod (vector_math_xor_fmod.h: operands dst, src0, src1[, sharedTmpBuffer]) and the other APIs
// of tiling/math_tiling_arc.h as they are added: operands dst, src[, sharedTmpBuffer as uint8];
// options no_temp (the overload without sharedTmpBuffer), reuse_source (isReuseSource = true);
// the name "<api>/whole" runs the overload without calCount. Also math_tmp_sizes_arc, the host
// queries of those APIs.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_math_asin.h"  // also wired in vector.h
#include "ascendc_sim/kernel/vector_math_atan.h"
#include "ascendc_sim/kernel/vector_math_inv_hyperbolic.h"
#include "ascendc_sim/kernel/vector_math_erfc.h"
#include "ascendc_sim/kernel/vector_math_xor_fmod.h"
#include "ascendc_sim/kernel/vector_math_sign.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"
#include "tiling/math_tiling_arc.h"  // also wired in tiling_api.h

namespace simtest::misc {
namespace {

template <bool isReuseSource, class T>
bool RunUnary(const std::string& name, const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src = As<T>(ops, 1);
    const size_t slash = name.find('/');
    const bool whole = slash != std::string::npos;
    const std::string api = name.substr(0, slash);
#define SIMTEST_ARC_UNARY(Name)                                                                 \
    if (api == #Name) {                                                                         \
        if (o.noTemp) whole ? Name<T, isReuseSource>(dst, src) : Name<T, isReuseSource>(dst, src, n); \
        else if (whole) Name<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2));                  \
        else Name<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2), n);                          \
        return true;                                                                            \
    }
    SIMTEST_ARC_UNARY(Asin)
    SIMTEST_ARC_UNARY(Acos)
    SIMTEST_ARC_UNARY(Atan)
    SIMTEST_ARC_UNARY(Asinh)
    SIMTEST_ARC_UNARY(Acosh)
    SIMTEST_ARC_UNARY(Atanh)
    SIMTEST_ARC_UNARY(Erfc)
    SIMTEST_ARC_UNARY(Sign)
#undef SIMTEST_ARC_UNARY
    return false;
}

// Xor, Fmod: operands dst, src0, src1[, sharedTmpBuffer as uint8].
template <bool isReuseSource, class T>
bool RunBinary(const std::string& name, const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src0 = As<T>(ops, 1);
    const LocalTensor<T>& src1 = As<T>(ops, 2);
    const size_t slash = name.find('/');
    const bool whole = slash != std::string::npos;
    const std::string api = name.substr(0, slash);
#define SIMTEST_ARC_BINARY(Name)                                                                \
    if (api == #Name) {                                                                         \
        if (o.noTemp) whole ? Name<T, isReuseSource>(dst, src0, src1) : Name<T, isReuseSource>(dst, src0, src1, n); \
        else if (whole) Name<T, isReuseSource>(dst, src0, src1, As<uint8_t>(ops, 3));           \
        else Name<T, isReuseSource>(dst, src0, src1, As<uint8_t>(ops, 3), n);                   \
        return true;                                                                            \
    }
    if constexpr (sim::vec::kIsOneOf<T, int16_t, uint16_t>) {
        SIMTEST_ARC_BINARY(Xor)
    } else {
        SIMTEST_ARC_BINARY(Fmod)
    }
#undef SIMTEST_ARC_BINARY
    return false;
}

bool IsArcApi(const std::string& name) {
    const std::string api = name.substr(0, name.find('/'));
    for (const char* known : {"Asin", "Acos", "Atan", "Asinh", "Acosh", "Atanh", "Erfc", "Sign", "Xor", "Fmod"}) {
        if (api == known) return true;
    }
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (!IsArcApi(api)) return false;
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            const auto n = static_cast<uint32_t>(count);
            const std::string base = api.substr(0, api.find('/'));
            if constexpr (sim::vec::kIsOneOf<T, int16_t, uint16_t, half, float>) {
                if (base == "Xor" || base == "Fmod") {
                    return o.reuseSource ? RunBinary<true, T>(api, ops, n, o) : RunBinary<false, T>(api, ops, n, o);
                }
            }
            if constexpr (sim::vec::kActivationType<T>) {
                return o.reuseSource ? RunUnary<true, T>(api, ops, n, o) : RunUnary<false, T>(api, ops, n, o);
            }
            return false;
        },
        ops[0]);
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerArc;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(vector_math_arc) {
    m.def(
        "math_tmp_sizes_arc",
        [](const std::string& api, const std::vector<int64_t>& shape, uint32_t typeSize) {
            uint32_t maxValue = 0, minValue = 0, live = 0, extra = 0;
            const ge::Shape s(shape);
#define SIMTEST_ARC_QUERY(Name)                                                                \
    if (api == #Name) {                                                                        \
        AscendC::Get##Name##MaxMinTmpSize(s, typeSize, false, maxValue, minValue);             \
        AscendC::Get##Name##TmpBufferFactorSize(typeSize, live, extra);                        \
    }
            SIMTEST_ARC_QUERY(Asin)
            SIMTEST_ARC_QUERY(Acos)
            SIMTEST_ARC_QUERY(Atan)
            SIMTEST_ARC_QUERY(Asinh)
            SIMTEST_ARC_QUERY(Acosh)
            SIMTEST_ARC_QUERY(Atanh)
            SIMTEST_ARC_QUERY(Erfc)
            SIMTEST_ARC_QUERY(Sign)
            SIMTEST_ARC_QUERY(Xor)
            SIMTEST_ARC_QUERY(Fmod)
#undef SIMTEST_ARC_QUERY
            return std::make_tuple(maxValue, minValue, live, extra);
        },
        "Get<api>MaxMinTmpSize's (max, min) and Get<api>TmpBufferFactorSize's (maxLiveNodeCount, extraBuf) for "
        "Asin, Acos, Atan, Asinh, Acosh, Atanh, Erfc, Sign, Xor, Fmod.");
}
