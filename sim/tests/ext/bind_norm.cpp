// run_vector_misc's runner for the normalization APIs (vector_rmsnorm.h, ...), and their host
// tiling functions as bindings.
//   RmsNorm: operands dst, src, gamma[, sharedTmpBuffer] (no_temp: the stack temp); scalar
//   epsilon; options["ints"] [b, s, h, originalH, stackBufferByteSize, isBasicBlock]: the tiling
//   from GetRmsNormTilingInfo for that shape and buffer size.
//   WelfordUpdate: operands outputMean, outputVariance, inputMean, inputVariance, inputX[,
//   sharedTmpBuffer]; scalar nRec; options["ints"] [rnLength, abLength, abComputeLength,
//   isReuseSource, isInplace].
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace simtest::misc {
namespace {

int64_t Int(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("options[\"ints\"] needs " + std::to_string(i + 1) + " values");
    return o.ints[i];
}

template <class T, bool basic>
void CallRmsNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::RmsNormTiling tiling;
    AscendC::GetRmsNormTilingInfo(ge::Shape({Int(o, 0), Int(o, 1), Int(o, 2)}), ge::Shape({Int(o, 0), Int(o, 1), Int(o, 3)}),
                                  static_cast<uint32_t>(Int(o, 4)), sizeof(T), tiling, basic);
    const T eps = sim::vec::ScalarAs<T>(o.scalar);
    if (o.noTemp) RmsNorm<T, basic>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), eps, tiling);
    else RmsNorm<T, basic>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<uint8_t>(ops, 3), eps, tiling);
}

template <class T>
void DispatchRmsNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    if (Int(o, 5) != 0) CallRmsNorm<T, true>(ops, o);
    else CallRmsNorm<T, false>(ops, o);
}

constexpr AscendC::WelfordUpdateConfig kInplace = {true};

template <class T, bool reuse, const AscendC::WelfordUpdateConfig& config>
void CallWelford(const std::vector<AnyTensor>& ops, const Options& o) {
    const AscendC::WelfordUpdateParam para{static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)),
                                           static_cast<uint32_t>(Int(o, 2)), static_cast<float>(o.scalar)};
    const auto& om = As<float>(ops, 0);
    const auto& ov = As<float>(ops, 1);
    const auto& im = As<float>(ops, 2);
    const auto& iv = As<float>(ops, 3);
    if (o.noTemp) WelfordUpdate<T, float, reuse, config>(om, ov, im, iv, As<T>(ops, 4), para);
    else WelfordUpdate<T, float, reuse, config>(om, ov, im, iv, As<T>(ops, 4), As<uint8_t>(ops, 5), para);
}

template <class T>
void DispatchWelford(const std::vector<AnyTensor>& ops, const Options& o) {
    const bool reuse = Int(o, 3) != 0, inplace = Int(o, 4) != 0;
    if (reuse && inplace) CallWelford<T, true, kInplace>(ops, o);
    else if (reuse) CallWelford<T, true, AscendC::WFUPDATE_DEFAULT_CFG>(ops, o);
    else if (inplace) CallWelford<T, false, kInplace>(ops, o);
    else CallWelford<T, false, AscendC::WFUPDATE_DEFAULT_CFG>(ops, o);
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api == "WelfordUpdate") {
        if (std::holds_alternative<LocalTensor<float>>(ops.at(4))) DispatchWelford<float>(ops, o);
        else DispatchWelford<half>(ops, o);
        return true;
    }
    if (api != "RmsNorm") return false;
    if (std::holds_alternative<LocalTensor<float>>(ops.at(0))) DispatchRmsNorm<float>(ops, o);
    else DispatchRmsNorm<half>(ops, o);
    return true;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerNorm;

template <class Plain>
std::vector<uint32_t> Words(const Plain& t) {
    std::vector<uint32_t> w(sizeof(t) / 4);
    std::memcpy(w.data(), &t, sizeof(t));
    return w;
}

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(norm) {
    m.def(
        "rmsnorm_tiling",
        [](const std::vector<int64_t>& shape, const std::vector<int64_t>& origin, uint32_t stackBytes, uint32_t typeSize,
           bool basic) {
            AscendC::tiling::RmsNormTiling t;
            const bool ok = AscendC::GetRmsNormTilingInfo(ge::Shape(shape), ge::Shape(origin), stackBytes, typeSize, t, basic);
            uint32_t maxV = 0, minV = 0;
            const bool sizes = AscendC::GetRmsNormMaxMinTmpSize(ge::Shape(shape), typeSize, maxV, minV, basic);
            return std::make_tuple(ok, simtest::misc::Words(t), sizes, maxV, minV);
        },
        "GetRmsNormTilingInfo's ok and 12 words, GetRmsNormMaxMinTmpSize's ok, max, min.");
    m.def(
        "welford_update_tmp_size",
        [](const std::vector<int64_t>& shape, uint32_t sizeT, uint32_t sizeU, bool reuse, bool inplace) {
            uint32_t maxV = 7, minV = 7;
            AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape(shape), sizeT, sizeU, reuse, inplace, maxV, minV);
            return std::make_tuple(maxV, minV);
        },
        "GetWelfordUpdateMaxMinTmpSize's max and min (7, 7: left unchanged).");
}
