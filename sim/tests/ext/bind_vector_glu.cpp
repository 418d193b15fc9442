// run_vector_misc's runner for the GLU activations (vector_glu.h): "SwiGLU", "GeGLU", "ReGlu";
// operands dst, srcTensor0, srcTensor1[, sharedTmpBuffer as uint8]; options scalar (SwiGLU's
// beta), no_temp (the overload without sharedTmpBuffer), reuse_source. "<api>/whole" runs the
// overload without calCount (SwiGLU, GeGLU). "ReGlu/bf16" takes uint16 operands and runs them
// as bfloat16_t. Also glu_tmp_sizes, the host queries.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace simtest::misc {
namespace {

template <bool reuse, class T>
bool RunGlu(const std::string& api, bool whole, const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    LocalTensor<T> dst = As<T>(ops, 0), src0 = As<T>(ops, 1), src1 = As<T>(ops, 2);
    const float beta = static_cast<float>(o.scalar);
    if (api == "SwiGLU") {
        if (o.noTemp) whole ? SwiGLU<T, reuse>(dst, src0, src1, beta) : SwiGLU<T, reuse>(dst, src0, src1, beta, n);
        else if (whole) SwiGLU<T, reuse>(dst, src0, src1, beta, As<uint8_t>(ops, 3));
        else SwiGLU<T, reuse>(dst, src0, src1, beta, As<uint8_t>(ops, 3), n);
        return true;
    }
    if (api == "GeGLU") {
        if (o.noTemp) whole ? GeGLU<T, reuse>(dst, src0, src1) : GeGLU<T, reuse>(dst, src0, src1, n);
        else if (whole) GeGLU<T, reuse>(dst, src0, src1, As<uint8_t>(ops, 3));
        else GeGLU<T, reuse>(dst, src0, src1, As<uint8_t>(ops, 3), n);
        return true;
    }
    if (api == "ReGlu") {
        if (o.noTemp) ReGlu<T, reuse>(dst, src0, src1, n);
        else ReGlu<T, reuse>(dst, src0, src1, As<uint8_t>(ops, 3), n);
        return true;
    }
    return false;
}

template <bool reuse>
bool RunReGluBf16(const std::vector<AnyTensor>& ops, uint32_t n, const Options& o) {
    const auto bf = [&](size_t i) { return As<uint16_t>(ops, i).template ReinterpretCast<bfloat16_t>(); };
    if (o.noTemp) ReGlu<bfloat16_t, reuse>(bf(0), bf(1), bf(2), n);
    else ReGlu<bfloat16_t, reuse>(bf(0), bf(1), bf(2), As<uint8_t>(ops, 3), n);
    return true;
}

bool Run(const std::string& name, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const size_t slash = name.find('/');
    const std::string api = name.substr(0, slash);
    if (api != "SwiGLU" && api != "GeGLU" && api != "ReGlu") return false;
    const std::string form = slash == std::string::npos ? "" : name.substr(slash + 1);
    const auto n = static_cast<uint32_t>(count);
    if (form == "bf16") return o.reuseSource ? RunReGluBf16<true>(ops, n, o) : RunReGluBf16<false>(ops, n, o);
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            if constexpr (sim::vec::kActivationType<T>) {
                return o.reuseSource ? RunGlu<true, T>(api, form == "whole", ops, n, o)
                                     : RunGlu<false, T>(api, form == "whole", ops, n, o);
            }
            return false;
        },
        ops[0]);
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerGlu;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(vector_glu) {
    m.def(
        "glu_tmp_sizes",
        [](const std::string& api, const std::vector<int64_t>& shape, uint32_t typeSize, bool reuse) {
            uint32_t maxValue = 0, minValue = 0, live = 0, extra = 0;
            const ge::Shape s(shape);
            if (api == "SwiGLU") {
                AscendC::GetSwiGLUMaxMinTmpSize(s, typeSize, maxValue, minValue, reuse);
                AscendC::GetSwiGLUTmpBufferFactorSize(typeSize, live, extra);
            } else if (api == "GeGLU") {
                AscendC::GetGeGLUMaxMinTmpSize(s, typeSize, reuse, maxValue, minValue);
                AscendC::GetGeGLUTmpBufferFactorSize(typeSize, live, extra);
            } else if (api == "ReGlu") {
                AscendC::GetReGluMaxMinTmpSize(s, typeSize, reuse, maxValue, minValue);
            }
            return std::make_tuple(maxValue, minValue, live, extra);
        },
        "Get<api>MaxMinTmpSize's (max, min) and Get<api>TmpBufferFactorSize's (maxLiveNodeCount, extraBuf) for "
        "SwiGLU, GeGLU, ReGlu (no factor query: 0, 0).");
}
