// run_vector_misc's runner for LayerNorm (vector_layernorm.h), WelfordFinalize (vector_welford.h)
// and DeepNorm (vector_deepnorm.h), and their host tiling functions as bindings.
//   LayerNorm: operands output, outputMean, outputVariance, inputX, gamma, beta[, sharedTmpBuffer];
//   scalar epsilon; options["ints"] [b, s, h, originalH, stackBufferSize, isReuseSource]: the
//   tiling from GetLayerNormNDTilingInfo for that shape and buffer size.
//   LayerNormPara (the LayerNormPara / LayerNormSeparateTiling form): operands output, outputMean,
//   outputRstd, inputX, gamma, beta[, sharedTmpBuffer]; scalar epsilon; options["ints"] [aLength,
//   rLength, rLengthWithPadding, stackBufferSize, isNoBeta, isNoGamma].
//   LayerNormGrad: operands outputPdX, resForGamma, inputDy, inputX, inputVariance, inputMean,
//   inputGamma[, sharedTmpBuffer]; scalar epsilon; options["ints"] [b, s, h, originalH,
//   stackBufferSize, isReuseSource]. LayerNormGradBeta: operands outputPdGamma, outputPdBeta,
//   resForGamma, inputDy[, sharedTmpBuffer]; the same ints.
//   WelfordFinalize: operands outputMean, outputVariance, inputMean, inputVariance[, counts]
//   [, sharedTmpBuffer]; options["ints"] [rnLength, abLength, headCount, headCountLength,
//   tailCount, tailCountLength, withCounts, abRec bits, rRec bits].
//   DeepNorm: operands dst, mean, rstd, src, gx, beta, gamma[, sharedTmpBuffer]; scalar epsilon;
//   options["ints"] [b, s, h, originalH, stackBufferSize, isReuseSrc, isBasicBlock, alpha bits].
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

#include "ascendc_sim/kernel/vector_deepnorm.h"
#include "ascendc_sim/kernel/vector_layernorm.h"
#include "ascendc_sim/kernel/vector_layernorm_grad.h"
#include "ascendc_sim/kernel/vector_welford.h"
#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/deepnorm_tiling.h"
#include "tiling/layernorm_grad_beta_tiling.h"
#include "tiling/layernorm_grad_tiling.h"
#include "tiling/layernorm_tiling.h"
#include "tiling/tiling_api.h"
#include "tiling/welfordfinalize_tiling.h"

namespace simtest::misc {
namespace {

int64_t Int(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("options[\"ints\"] needs " + std::to_string(i + 1) + " values");
    return o.ints[i];
}

float Bits(const Options& o, size_t i) {
    const uint32_t w = static_cast<uint32_t>(Int(o, i));
    float f;
    std::memcpy(&f, &w, 4);
    return f;
}

template <class T, bool reuse>
void CallLayerNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::LayerNormTiling tiling;
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({Int(o, 0), Int(o, 1), Int(o, 2), Int(o, 3)}),
                                      static_cast<uint32_t>(Int(o, 4)), sizeof(T), reuse, tiling);
    const T eps = sim::vec::ScalarAs<T>(o.scalar);
    if (o.noTemp) {
        LayerNorm<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4), As<T>(ops, 5),
                            eps, tiling);
    } else {
        LayerNorm<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4), As<T>(ops, 5),
                            As<uint8_t>(ops, 6), eps, tiling);
    }
}

template <class T>
void DispatchLayerNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    if (Int(o, 5) != 0) CallLayerNorm<T, true>(ops, o);
    else CallLayerNorm<T, false>(ops, o);
}

constexpr AscendC::LayerNormConfig kNoBeta{true, false, false, true};
constexpr AscendC::LayerNormConfig kNoGamma{false, true, false, true};

template <class U, class T, const AscendC::LayerNormConfig& config>
void CallLayerNormPara(const std::vector<AnyTensor>& ops, const Options& o) {
    const AscendC::LayerNormPara para{static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)),
                                      static_cast<uint32_t>(Int(o, 2))};
    AscendC::tiling::LayerNormSeparateTiling tiling;
    AscendC::GetLayerNormNDTilingInfo(ge::Shape({Int(o, 0), Int(o, 1)}), static_cast<uint32_t>(Int(o, 3)), sizeof(T),
                                      false, true, tiling);
    const float eps = static_cast<float>(o.scalar);
    if (o.noTemp) {
        LayerNorm<U, T, false, config>(As<T>(ops, 0), As<float>(ops, 1), As<float>(ops, 2), As<T>(ops, 3),
                                       As<U>(ops, 4), As<U>(ops, 5), eps, para, tiling);
    } else {
        LayerNorm<U, T, false, config>(As<T>(ops, 0), As<float>(ops, 1), As<float>(ops, 2), As<T>(ops, 3),
                                       As<U>(ops, 4), As<U>(ops, 5), eps, As<uint8_t>(ops, 6), para, tiling);
    }
}

template <class U, class T>
void DispatchLayerNormPara(const std::vector<AnyTensor>& ops, const Options& o) {
    if (Int(o, 4) != 0) CallLayerNormPara<U, T, kNoBeta>(ops, o);
    else if (Int(o, 5) != 0) CallLayerNormPara<U, T, kNoGamma>(ops, o);
    else CallLayerNormPara<U, T, AscendC::LNCFG_NORM>(ops, o);
}

template <class T, bool reuse>
void CallLayerNormGrad(const std::vector<AnyTensor>& ops, const Options& o, bool beta) {
    const ge::Shape shape({Int(o, 0), Int(o, 1), Int(o, 2), Int(o, 3)});
    const uint32_t stack = static_cast<uint32_t>(Int(o, 4));
    if (beta) {
        AscendC::tiling::LayerNormGradBetaTiling tiling;
        AscendC::GetLayerNormGradBetaNDTilingInfo(shape, stack, sizeof(T), reuse, tiling);
        if (o.noTemp) LayerNormGradBeta<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), tiling);
        else LayerNormGradBeta<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<uint8_t>(ops, 4), tiling);
        return;
    }
    AscendC::tiling::LayerNormGradTiling tiling;
    AscendC::GetLayerNormGradNDTilingInfo(shape, stack, sizeof(T), reuse, tiling);
    const T eps = sim::vec::ScalarAs<T>(o.scalar);
    if (o.noTemp) {
        LayerNormGrad<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4), As<T>(ops, 5),
                                As<T>(ops, 6), eps, tiling);
    } else {
        LocalTensor<uint8_t> temp = As<uint8_t>(ops, 7);
        LayerNormGrad<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4), As<T>(ops, 5),
                                As<T>(ops, 6), temp, eps, tiling);
    }
}

template <class T>
void DispatchLayerNormGrad(const std::vector<AnyTensor>& ops, const Options& o, bool beta) {
    if (Int(o, 5) != 0) CallLayerNormGrad<T, true>(ops, o, beta);
    else CallLayerNormGrad<T, false>(ops, o, beta);
}

void CallWelfordFinalize(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::WelfordFinalizePara para{static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)),
                                      static_cast<uint32_t>(Int(o, 2)), static_cast<uint32_t>(Int(o, 3)),
                                      static_cast<uint32_t>(Int(o, 4)), static_cast<uint32_t>(Int(o, 5)),
                                      Bits(o, 7), Bits(o, 8), 1.0f};
    const auto& om = As<float>(ops, 0);
    const auto& ov = As<float>(ops, 1);
    const auto& im = As<float>(ops, 2);
    const auto& iv = As<float>(ops, 3);
    if (Int(o, 6) != 0) {
        if (o.noTemp) WelfordFinalize(om, ov, im, iv, As<int32_t>(ops, 4), para);
        else WelfordFinalize(om, ov, im, iv, As<int32_t>(ops, 4), As<uint8_t>(ops, 5), para);
    } else {
        if (o.noTemp) WelfordFinalize(om, ov, im, iv, para);
        else WelfordFinalize(om, ov, im, iv, As<uint8_t>(ops, 4), para);
    }
}

template <class T, bool reuse, bool basic>
void CallDeepNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::DeepNormTiling tiling;
    AscendC::GetDeepNormTilingInfo(ge::Shape({Int(o, 0), Int(o, 1), Int(o, 2)}),
                                   ge::Shape({Int(o, 0), Int(o, 1), Int(o, 3)}), static_cast<uint32_t>(Int(o, 4)),
                                   sizeof(T), reuse, basic, tiling);
    const T eps = sim::vec::ScalarAs<T>(o.scalar);
    const T alpha = sim::vec::ScalarAs<T>(Bits(o, 7));
    if (o.noTemp) {
        DeepNorm<T, reuse, basic>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4),
                                  As<T>(ops, 5), As<T>(ops, 6), alpha, eps, tiling);
    } else {
        DeepNorm<T, reuse, basic>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4),
                                  As<T>(ops, 5), As<T>(ops, 6), As<uint8_t>(ops, 7), alpha, eps, tiling);
    }
}

template <class T>
void DispatchDeepNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    const bool reuse = Int(o, 5) != 0, basic = Int(o, 6) != 0;
    if (reuse && basic) CallDeepNorm<T, true, true>(ops, o);
    else if (reuse) CallDeepNorm<T, true, false>(ops, o);
    else if (basic) CallDeepNorm<T, false, true>(ops, o);
    else CallDeepNorm<T, false, false>(ops, o);
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    const bool isFloat = std::holds_alternative<LocalTensor<float>>(ops.at(0));
    if (api == "LayerNorm") {
        if (isFloat) DispatchLayerNorm<float>(ops, o);
        else DispatchLayerNorm<half>(ops, o);
        return true;
    }
    if (api == "LayerNormPara") {
        const bool uFloat = std::holds_alternative<LocalTensor<float>>(ops.at(4));
        if (isFloat) DispatchLayerNormPara<float, float>(ops, o);
        else if (uFloat) DispatchLayerNormPara<float, half>(ops, o);
        else DispatchLayerNormPara<half, half>(ops, o);
        return true;
    }
    if (api == "LayerNormGrad" || api == "LayerNormGradBeta") {
        const bool beta = api == "LayerNormGradBeta";
        if (isFloat) DispatchLayerNormGrad<float>(ops, o, beta);
        else DispatchLayerNormGrad<half>(ops, o, beta);
        return true;
    }
    if (api == "WelfordFinalize") {
        CallWelfordFinalize(ops, o);
        return true;
    }
    if (api == "DeepNorm") {
        if (isFloat) DispatchDeepNorm<float>(ops, o);
        else DispatchDeepNorm<half>(ops, o);
        return true;
    }
    return false;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerLayerNorm;

template <class Plain>
std::vector<uint32_t> Words(const Plain& t) {
    std::vector<uint32_t> w(sizeof(t) / 4);
    std::memcpy(w.data(), &t, sizeof(t));
    return w;
}

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(layernorm) {
    m.def(
        "layernorm_tiling",
        [](const std::vector<int64_t>& shape, uint32_t stackBytes, uint32_t typeSize, bool reuse) {
            AscendC::tiling::LayerNormTiling t;
            AscendC::GetLayerNormNDTilingInfo(ge::Shape(shape), stackBytes, typeSize, reuse, t);
            uint32_t maxV = 7, minV = 7;
            AscendC::GetLayerNormMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, maxV, minV);
            return std::make_tuple(simtest::misc::Words(t), maxV, minV);
        },
        "GetLayerNormNDTilingInfo's 26 words, GetLayerNormMaxMinTmpSize's max and min.");
    m.def(
        "layernorm_separate_tiling",
        [](const std::vector<int64_t>& shape, uint32_t stackBytes, uint32_t typeSize) {
            AscendC::tiling::LayerNormSeparateTiling t;
            AscendC::GetLayerNormNDTilingInfo(ge::Shape(shape), stackBytes, typeSize, false, true, t);
            uint32_t maxV = 7, minV = 7, maxN = 7, minN = 7;
            AscendC::GetLayerNormMaxMinTmpSize(ge::Shape(shape), typeSize, false, true, false, maxV, minV);
            AscendC::GetNormalizeMaxMinTmpSize(ge::Shape(shape), typeSize, typeSize, false, true, false, maxN, minN);
            return std::make_tuple(simtest::misc::Words(t), maxV, minV, maxN, minN);
        },
        "The LayerNormSeparateTiling words, the LayerNormPara form's max/min and Normalize's max/min.");
    m.def(
        "deepnorm_tiling",
        [](const std::vector<int64_t>& shape, const std::vector<int64_t>& origin, uint32_t stackBytes,
           uint32_t typeSize, bool reuse, bool basic) {
            AscendC::tiling::DeepNormTiling t;
            const bool ok =
                AscendC::GetDeepNormTilingInfo(ge::Shape(shape), ge::Shape(origin), stackBytes, typeSize, reuse, basic, t);
            uint32_t maxV = 7, minV = 7;
            const bool sizes = AscendC::GetDeepNormMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, basic, maxV, minV);
            return std::make_tuple(ok, simtest::misc::Words(t), sizes, maxV, minV);
        },
        "GetDeepNormTilingInfo's ok and 26 words, GetDeepNormMaxMinTmpSize's ok, max, min.");
    m.def(
        "layernorm_grad_tiling",
        [](const std::vector<int64_t>& shape, uint32_t stackBytes, uint32_t typeSize, bool reuse) {
            AscendC::tiling::LayerNormGradTiling g;
            AscendC::tiling::LayerNormGradBetaTiling b;
            AscendC::GetLayerNormGradNDTilingInfo(ge::Shape(shape), stackBytes, typeSize, reuse, g);
            AscendC::GetLayerNormGradBetaNDTilingInfo(ge::Shape(shape), stackBytes, typeSize, reuse, b);
            uint32_t gMax = 7, gMin = 7, bMax = 7, bMin = 7;
            AscendC::GetLayerNormGradMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, gMax, gMin);
            AscendC::GetLayerNormGradBetaMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, bMax, bMin);
            return std::make_tuple(simtest::misc::Words(g), simtest::misc::Words(b), gMax, gMin, bMax, bMin);
        },
        "LayerNormGrad's and LayerNormGradBeta's tiling words and max/min temp sizes.");
    m.def(
        "welford_finalize_tmp_size",
        [](const std::vector<int64_t>& shape) {
            uint32_t maxV = 7, minV = 7;
            AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape(shape), 4, false, maxV, minV);
            return std::make_tuple(maxV, minV);
        },
        "GetWelfordFinalizeMaxMinTmpSize's max and min (7, 7: left unchanged).");
}
