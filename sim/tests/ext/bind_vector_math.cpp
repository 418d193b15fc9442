// run_vector_misc's runner for the high-level math APIs: Floor, Ceil, Round, Trunc, Frac
// (vector_math_round.h), Log, Log2, Log10 (vector_math_log.h), Sinh, Cosh
// (vector_math_hyperbolic.h), Erf (vector_math_erf.h), Tan (vector_math_tan.h), Tanh's four forms (vector_activation.h):
// operands dst, src[, sharedTmpBuffer as uint8]; ClampMax, ClampMin (vector_math_clamp.h): the
// same, options scalar; the high-level Exp (vector_math_exp.h) as "HighExp<taylorExpandLevel>"
// (levels 0, 3, 10, 15); the high-level Axpy (vector_math_axpy.h) as "HighAxpy": dst (T), src (U),
// sharedTmpBuffer, options scalar. Options no_temp (the overload without sharedTmpBuffer),
// reuse_source (isReuseSource = true); the name "<api>/whole" runs the overload without calCount,
// where the page has one. Also math_tmp_sizes, the host queries of those APIs.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

namespace simtest::misc {
namespace {

// The high-level Exp for the levels the tests use.
template <bool isReuseSource, class T>
bool RunExp(int level, const LocalTensor<T>& dst, const LocalTensor<T>& src, const std::vector<AnyTensor>& ops,
            uint32_t n, const Options& o) {
#define SIMTEST_EXP_LEVEL(L)                                                                    \
    if (level == L) {                                                                           \
        if (o.noTemp) Exp<T, L, isReuseSource>(dst, src, n);                                    \
        else Exp<T, L, isReuseSource>(dst, src, As<uint8_t>(ops, 2), n);                        \
        return true;                                                                            \
    }
    SIMTEST_EXP_LEVEL(0)
    SIMTEST_EXP_LEVEL(3)
    SIMTEST_EXP_LEVEL(10)
    SIMTEST_EXP_LEVEL(15)
#undef SIMTEST_EXP_LEVEL
    throw MiscError("HighExp: level " + std::to_string(level) + " is not built into the test module");
}

template <bool isReuseSource, class T>
bool RunMath(const std::string& name, const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src = As<T>(ops, 1);
    const size_t slash = name.find('/');
    const bool whole = slash != std::string::npos;
    const std::string api = name.substr(0, slash);
    const T scalar = sim::vec::ScalarAs<T>(o.scalar);
    if (api.rfind("HighExp", 0) == 0) {  // "HighExp<taylorExpandLevel>"
        const int level = std::stoi(api.substr(7));
        return RunExp<isReuseSource, T>(level, dst, src, ops, n, o);
    }
    if (api == "ClampMax" || api == "ClampMin") {
        const bool isMax = api == "ClampMax";
        if (o.noTemp) isMax ? ClampMax<T, isReuseSource>(dst, src, scalar, n) : ClampMin<T, isReuseSource>(dst, src, scalar, n);
        else if (isMax) ClampMax<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2), scalar, n);
        else ClampMin<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2), scalar, n);
        return true;
    }
#define SIMTEST_MATH_TEMP(Name)                                                                 \
    if (api == #Name) {                                                                         \
        if (o.noTemp) Name<T, isReuseSource>(dst, src, n);                                      \
        else Name<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2), n);                          \
        return true;                                                                            \
    }
#define SIMTEST_MATH_TEMP_WHOLE(Name)                                                           \
    if (api == #Name) {                                                                         \
        if (o.noTemp) whole ? Name<T, isReuseSource>(dst, src) : Name<T, isReuseSource>(dst, src, n); \
        else if (whole) Name<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2));                  \
        else Name<T, isReuseSource>(dst, src, As<uint8_t>(ops, 2), n);                          \
        return true;                                                                            \
    }
#define SIMTEST_MATH_PLAIN(Name)                                                                \
    if (api == #Name) {                                                                         \
        whole ? Name<T, isReuseSource>(dst, src) : Name<T, isReuseSource>(dst, src, n);         \
        return true;                                                                            \
    }
    SIMTEST_MATH_TEMP(Floor)
    SIMTEST_MATH_TEMP(Ceil)
    SIMTEST_MATH_TEMP(Round)
    SIMTEST_MATH_TEMP_WHOLE(Trunc)
    SIMTEST_MATH_TEMP_WHOLE(Frac)
    SIMTEST_MATH_TEMP_WHOLE(Log2)
    SIMTEST_MATH_TEMP_WHOLE(Tanh)
    SIMTEST_MATH_TEMP_WHOLE(Sinh)
    SIMTEST_MATH_TEMP_WHOLE(Cosh)
    SIMTEST_MATH_TEMP_WHOLE(Erf)
    SIMTEST_MATH_TEMP_WHOLE(Tan)
    SIMTEST_MATH_PLAIN(Log)
    SIMTEST_MATH_PLAIN(Log10)
#undef SIMTEST_MATH_PLAIN
#undef SIMTEST_MATH_TEMP_WHOLE
#undef SIMTEST_MATH_TEMP
    return false;
}

// The high-level Axpy: "HighAxpy", operands dst (T), src (U), sharedTmpBuffer; options scalar.
template <class T>
bool RunAxpy(const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    if (ops.size() < 3) throw MiscError("HighAxpy: operands dst, src, sharedTmpBuffer");
    return std::visit(
        [&](const auto& src) {
            using U = typename std::decay_t<decltype(src)>::PrimType;
            if constexpr (sim::vec::kMulAddPair<T, U>) {
                Axpy<T, U>(As<T>(ops, 0), src, sim::vec::ScalarAs<U>(o.scalar), As<uint8_t>(ops, 2), n);
                return true;
            }
            return false;
        },
        ops[1]);
}

bool IsMathApi(const std::string& name) {
    const std::string api = name.substr(0, name.find('/'));
    for (const char* known : {"Floor", "Ceil", "Round", "Trunc", "Frac", "Log", "Log2", "Log10", "ClampMax", "ClampMin",
                              "Tanh", "Sinh", "Cosh", "Erf", "Tan"}) {
        if (api == known) return true;
    }
    if (api.rfind("HighExp", 0) == 0 || api == "HighAxpy") return true;
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (!IsMathApi(api)) return false;
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            if constexpr (sim::vec::kActivationType<T>) {
                const auto n = static_cast<uint32_t>(count);
                if (api == "HighAxpy") return RunAxpy<T>(ops, n, o);
                return o.reuseSource ? RunMath<true, T>(api, ops, n, o) : RunMath<false, T>(api, ops, n, o);
            }
            return false;
        },
        ops[0]);
}

// First in the list: the Gelu runner (bind_vector_adv.cpp) reads operand 1 as dst's type before it
// looks at the name, which a mixed-type Axpy would fail; this one only takes its own names.
struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerMath;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(vector_math) {
    m.def(
        "math_tmp_sizes",
        [](const std::string& api, const std::vector<int64_t>& shape, uint32_t typeSize) {
            uint32_t maxValue = 0, minValue = 0, live = 0, extra = 0;
            const ge::Shape s(shape);
#define SIMTEST_MATH_QUERY(Name)                                                               \
    if (api == #Name) {                                                                        \
        AscendC::Get##Name##MaxMinTmpSize(s, typeSize, false, maxValue, minValue);             \
        AscendC::Get##Name##TmpBufferFactorSize(typeSize, live, extra);                        \
    }
            SIMTEST_MATH_QUERY(Floor)
            SIMTEST_MATH_QUERY(Ceil)
            SIMTEST_MATH_QUERY(Trunc)
            SIMTEST_MATH_QUERY(Frac)
            SIMTEST_MATH_QUERY(Log)
            SIMTEST_MATH_QUERY(Log2)
            SIMTEST_MATH_QUERY(Log10)
            SIMTEST_MATH_QUERY(Clamp)
            SIMTEST_MATH_QUERY(Tanh)
            SIMTEST_MATH_QUERY(Axpy)
            SIMTEST_MATH_QUERY(Sinh)
            SIMTEST_MATH_QUERY(Cosh)
            SIMTEST_MATH_QUERY(Erf)
            SIMTEST_MATH_QUERY(Tan)
#undef SIMTEST_MATH_QUERY
            if (api == "Exp" || api == "Exp/reuse") {
                AscendC::GetExpMaxMinTmpSize(s, typeSize, api == "Exp/reuse", maxValue, minValue);
                AscendC::GetExpTmpBufferFactorSize(typeSize, live, extra);
            }
            if (api == "Round") {
                const platform_ascendc::PlatformAscendC& platform = *platform_ascendc::PlatformAscendCManager::GetInstance();
                AscendC::GetRoundMaxMinTmpSize(platform, s, typeSize, false, maxValue, minValue);
                AscendC::GetRoundTmpBufferFactorSize(platform, typeSize, live, extra);
            }
            return std::make_tuple(maxValue, minValue, live, extra);
        },
        "Get<api>MaxMinTmpSize's (max, min) and Get<api>TmpBufferFactorSize's (maxLiveNodeCount, extraBuf) for "
        "Floor, Ceil, Round, Trunc, Frac, Log, Log2, Log10, Clamp, Tanh, Axpy, Sinh, Cosh, Erf, Tan, Exp (\"Exp/reuse\": isReuseSource).");
}
