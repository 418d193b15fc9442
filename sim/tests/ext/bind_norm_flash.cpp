// run_vector_misc's runners for BatchNorm, GroupNorm (vector_batchnorm.h, vector_groupnorm.h) and
// SoftmaxFlash (vector_softmaxflash.h), and their host tiling functions as bindings.
//   BatchNorm: operands output, outputMean, outputVariance, inputX, gamm, beta[, sharedTmpBuffer]
//   (no_temp: the stack temp); scalar epsilon; options["ints"] [B, s, h, stackBufferByteSize,
//   isBasicBlock]: the tiling from GetBatchNormNDTilingInfo for [B, s, h].
//   GroupNorm: the same operands; ints [n, c, h, w, groupNum, stackBufferSize, isReuseSource]:
//   the tiling from GetGroupNormNDTilingInfo.
//   SoftmaxFlash: operands dst, sum, max, src, expMax, inSum, inMax[, sharedTmpBuffer]; ints
//   [m, k, localWorkSpaceSize, isUpdate, isBasicBlock, tilingTypeSize, shapeInfo]: the tiling
//   from SoftMaxFlashTilingFunc([m, k], tilingTypeSize, localWorkSpaceSize, isUpdate); shapeInfo 1
//   passes {m, k, m, k} as softmaxShapeInfo, 0 leaves it {}.
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

#include "ascendc_sim/kernel/vector_batchnorm.h"
#include "ascendc_sim/kernel/vector_groupnorm.h"
#include "ascendc_sim/kernel/vector_softmaxflash.h"
#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/batchnorm_tiling.h"
#include "tiling/groupnorm_tiling.h"
#include "tiling/softmax_flash_tiling.h"
#include "tiling/tiling_api.h"

namespace simtest::misc {
namespace {

int64_t Int(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("options[\"ints\"] needs " + std::to_string(i + 1) + " values");
    return o.ints[i];
}

template <class T, bool basic>
void CallBatchNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::BatchNormTiling tiling;
    const ge::Shape shape({Int(o, 0), Int(o, 1), Int(o, 2)});
    AscendC::GetBatchNormNDTilingInfo(shape, shape, static_cast<uint32_t>(Int(o, 3)), sizeof(T), false, tiling, basic);
    const T eps = sim::vec::ScalarAs<T>(o.scalar);
    if (o.noTemp) {
        BatchNorm<T, false, basic>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4),
                                   As<T>(ops, 5), eps, tiling);
    } else {
        BatchNorm<T, false, basic>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4),
                                   As<T>(ops, 5), As<uint8_t>(ops, 6), eps, tiling);
    }
}

template <class T, bool reuse>
void CallGroupNorm(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::GroupNormTiling tiling;
    const ge::Shape shape({Int(o, 0), Int(o, 1), Int(o, 2), Int(o, 3)});
    AscendC::GetGroupNormNDTilingInfo(shape, static_cast<uint32_t>(Int(o, 5)), sizeof(T), reuse,
                                      static_cast<uint32_t>(Int(o, 4)), tiling);
    const T eps = sim::vec::ScalarAs<T>(o.scalar);
    if (o.noTemp) {
        GroupNorm<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4), As<T>(ops, 5),
                            eps, tiling);
    } else {
        GroupNorm<T, reuse>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<T>(ops, 4), As<T>(ops, 5),
                            As<uint8_t>(ops, 6), eps, tiling);
    }
}

template <class T1, class T2, bool basic>
void CallFlash(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::SoftMaxTiling tiling;
    const uint32_t m = static_cast<uint32_t>(Int(o, 0)), k = static_cast<uint32_t>(Int(o, 1));
    const bool update = Int(o, 3) != 0;
    AscendC::SoftMaxFlashTilingFunc(ge::Shape({Int(o, 0), Int(o, 1)}), static_cast<uint32_t>(Int(o, 5)),
                                    static_cast<uint32_t>(Int(o, 2)), tiling, update);
    AscendC::SoftMaxShapeInfo info;
    if (Int(o, 6) != 0) info = AscendC::SoftMaxShapeInfo(m, k, m, k);
    const auto& dst = As<T1>(ops, 0);
    const auto& sum = As<T2>(ops, 1);
    const auto& max = As<T2>(ops, 2);
    const auto& src = As<T1>(ops, 3);
    const auto& expMax = As<T1>(ops, 4);
    const auto& inSum = As<T2>(ops, 5);
    const auto& inMax = As<T2>(ops, 6);
    if (o.noTemp) SoftmaxFlash<T1, false, basic>(dst, sum, max, src, expMax, inSum, inMax, tiling, update, info);
    else SoftmaxFlash<T1, false, basic>(dst, sum, max, src, expMax, inSum, inMax, As<uint8_t>(ops, 7), tiling, update, info);
}

template <class T1, class T2>
void DispatchFlash(const std::vector<AnyTensor>& ops, const Options& o) {
    if (Int(o, 4) != 0) CallFlash<T1, T2, true>(ops, o);
    else CallFlash<T1, T2, false>(ops, o);
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    const bool isFloat = std::holds_alternative<LocalTensor<float>>(ops.at(0));
    if (api == "BatchNorm") {
        const bool basic = Int(o, 4) != 0;
        if (isFloat) basic ? CallBatchNorm<float, true>(ops, o) : CallBatchNorm<float, false>(ops, o);
        else basic ? CallBatchNorm<half, true>(ops, o) : CallBatchNorm<half, false>(ops, o);
        return true;
    }
    if (api == "GroupNorm") {
        const bool reuse = Int(o, 6) != 0;
        if (isFloat) reuse ? CallGroupNorm<float, true>(ops, o) : CallGroupNorm<float, false>(ops, o);
        else CallGroupNorm<half, false>(ops, o);
        return true;
    }
    if (api == "SoftmaxFlash") {
        const bool sumFloat = std::holds_alternative<LocalTensor<float>>(ops.at(1));
        if (isFloat) DispatchFlash<float, float>(ops, o);
        else if (sumFloat) DispatchFlash<half, float>(ops, o);
        else DispatchFlash<half, half>(ops, o);
        return true;
    }
    return false;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerNormFlash;

template <class Plain>
std::vector<uint32_t> Words(const Plain& t) {
    std::vector<uint32_t> w(sizeof(t) / 4);
    std::memcpy(w.data(), &t, sizeof(t));
    return w;
}

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(norm_flash) {
    m.def(
        "batchnorm_tiling",
        [](const std::vector<int64_t>& shape, const std::vector<int64_t>& origin, uint32_t stackBytes, uint32_t typeSize,
           bool basic) {
            AscendC::tiling::BatchNormTiling t;
            const bool ok = AscendC::GetBatchNormNDTilingInfo(ge::Shape(shape), ge::Shape(origin), stackBytes, typeSize,
                                                              false, t, basic);
            uint32_t maxV = 0, minV = 0;
            const bool sizes =
                AscendC::GetBatchNormMaxMinTmpSize(ge::Shape(shape), ge::Shape(origin), typeSize, false, maxV, minV, basic);
            return std::make_tuple(ok, simtest::misc::Words(t), sizes, maxV, minV);
        },
        "GetBatchNormNDTilingInfo's ok and 20 words, GetBatchNormMaxMinTmpSize's ok, max, min.");
    m.def(
        "groupnorm_tiling",
        [](const std::vector<int64_t>& shape, uint32_t stackBytes, uint32_t typeSize, bool reuse, uint32_t groups) {
            AscendC::tiling::GroupNormTiling t;
            AscendC::GetGroupNormNDTilingInfo(ge::Shape(shape), stackBytes, typeSize, reuse, groups, t);
            uint32_t maxV = 0, minV = 0;
            AscendC::GetGroupNormMaxMinTmpSize(ge::Shape(shape), typeSize, reuse, groups, maxV, minV);
            return std::make_tuple(simtest::misc::Words(t), maxV, minV);
        },
        "GetGroupNormNDTilingInfo's 30 words (smallShape the low byte of the last), GetGroupNormMaxMinTmpSize's max, min.");
    m.def(
        "softmaxflash_tiling",
        [](const std::vector<int64_t>& shape, uint32_t typeSize, uint32_t workspace, bool update) {
            AscendC::tiling::SoftMaxTiling t;
            AscendC::SoftMaxFlashTilingFunc(ge::Shape(shape), typeSize, workspace, t, update);
            const uint32_t maxV = AscendC::GetSoftMaxFlashMaxTmpSize(ge::Shape(shape), typeSize, update, false);
            const uint32_t minV = AscendC::GetSoftMaxFlashMinTmpSize(ge::Shape(shape), typeSize, update, false);
            return std::make_tuple(simtest::misc::Words(t), maxV, minV);
        },
        "SoftMaxFlashTilingFunc's 16 words, GetSoftMaxFlashMaxTmpSize, GetSoftMaxFlashMinTmpSize.");
}
