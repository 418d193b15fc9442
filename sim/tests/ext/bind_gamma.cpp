// run_vector_misc's runner for Digamma and Lgamma (vector_math_digamma.h, vector_math_lgamma.h)
// and the host temp-size queries.
//   "Digamma", "Lgamma": ops dst, src (half or float)[, sharedTmpBuffer (uint8)]; count = calCount;
//   options reuse_source (isReuseSource), no_temp (the framework-temp form).
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_math_digamma.h"
#include "ascendc_sim/kernel/vector_math_lgamma.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/gamma_tiling.h"

namespace simtest::misc {
namespace {

template <class T, bool reuse>
void CallDigamma(const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    if (o.noTemp) {
        Digamma<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), n);
    } else {
        LocalTensor<uint8_t> tmp = As<uint8_t>(ops, 2);
        Digamma<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), tmp, n);
    }
}

template <class T, bool reuse>
void CallLgamma(const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    if (o.noTemp) Lgamma<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), n);
    else Lgamma<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<uint8_t>(ops, 2), n);
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const auto n = static_cast<uint32_t>(count);
    if (api == "Lgamma") {
        if (std::holds_alternative<LocalTensor<half>>(ops.at(0))) CallLgamma<half, false>(ops, n, o);
        else if (o.reuseSource) CallLgamma<float, true>(ops, n, o);
        else CallLgamma<float, false>(ops, n, o);
        return true;
    }
    if (api != "Digamma") return false;
    if (std::holds_alternative<LocalTensor<half>>(ops.at(0))) {
        CallDigamma<half, false>(ops, n, o);
    } else if (o.reuseSource) {
        CallDigamma<float, true>(ops, n, o);
    } else {
        CallDigamma<float, false>(ops, n, o);
    }
    return true;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerGamma;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(gamma) {
    m.def(
        "gamma_tmp_sizes",
        [](const std::string& api, const std::vector<int64_t>& shape, uint32_t typeSize, bool reuse) {
            uint32_t maxV = 7, minV = 7, live = 7, extra = 7;
            if (api == "Digamma") {
                AscendC::GetDigammaMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, maxV, minV);
                AscendC::GetDigammaTmpBufferFactorSize(typeSize, live, extra);
            } else {
                AscendC::GetLgammaMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, maxV, minV);
                AscendC::GetLgammaTmpBufferFactorSize(typeSize, live, extra);
            }
            return std::make_tuple(maxV, minV, live, extra);
        },
        "Get<api>MaxMinTmpSize's (max, min) and Get<api>TmpBufferFactorSize's (maxLiveNodeCount, extraBuffer) for "
        "Digamma and Lgamma (7: left unchanged).");
}
