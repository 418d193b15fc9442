// run_vector_misc's runner for SoftmaxGrad and SoftmaxGradFront (vector_softmax_grad.h).
// Operands dst, grad, src[, sharedTmpBuffer] (no_temp: the stack temp). options["ints"]:
//   [srcM, srcK, oriSrcM, oriSrcK, tilingM, tilingK, workSpaceBytes, isBasicBlock, shapeInfoEmpty,
//    isFront, isReuseSource]
// The tiling comes from the host's SoftMaxGradTilingFunc for a tilingM x tilingK shape (isFront
// as given; SoftmaxGradFront: true). Also softmax_grad_tiling, the host functions.
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <tuple>
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

template <class T>
void Call(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    const bool front = api == "SoftmaxGradFront" || Int(o, 9) != 0;
    AscendC::tiling::SoftMaxTiling plain;
    AscendC::SoftMaxGradTilingFunc(ge::Shape({Int(o, 4), Int(o, 5)}), sizeof(T), static_cast<uint32_t>(Int(o, 6)),
                                   plain, front);
    ::SoftMaxTiling tiling;
    std::memcpy(&tiling, &plain, sizeof(tiling));
    AscendC::SoftMaxShapeInfo info;
    if (Int(o, 8) == 0) {
        info = {static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)), static_cast<uint32_t>(Int(o, 2)),
                static_cast<uint32_t>(Int(o, 3))};
    }
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& grad = As<T>(ops, 1);
    const LocalTensor<T>& src = As<T>(ops, 2);
    if (api == "SoftmaxGradFront") {
        const bool basic = Int(o, 7) != 0;
        if (o.noTemp) {
            basic ? SoftmaxGradFront<T, true>(dst, grad, src, tiling, info) : SoftmaxGradFront<T>(dst, grad, src, tiling, info);
        } else if (basic) {
            SoftmaxGradFront<T, true>(dst, grad, src, As<uint8_t>(ops, 3), tiling, info);
        } else {
            SoftmaxGradFront<T>(dst, grad, src, As<uint8_t>(ops, 3), tiling, info);
        }
        return;
    }
    const bool isFront = Int(o, 9) != 0, reuse = o.ints.size() > 10 && Int(o, 10) != 0;
    if (o.noTemp) {
        reuse ? SoftmaxGrad<T, true>(dst, grad, src, tiling, isFront, info) : SoftmaxGrad<T>(dst, grad, src, tiling, isFront, info);
    } else if (reuse) {
        SoftmaxGrad<T, true>(dst, grad, src, As<uint8_t>(ops, 3), tiling, isFront, info);
    } else {
        SoftmaxGrad<T>(dst, grad, src, As<uint8_t>(ops, 3), tiling, isFront, info);
    }
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "SoftmaxGrad" && api != "SoftmaxGradFront") return false;
    if (std::holds_alternative<LocalTensor<half>>(ops.at(0))) Call<half>(api, ops, o);
    else Call<float>(api, ops, o);
    return true;
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerSoftmaxGrad;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(softmax_grad) {
    m.def(
        "softmax_grad_tiling",
        [](const std::vector<int64_t>& shape, uint32_t typeSize, uint32_t workSpace, bool isFront) {
            AscendC::tiling::SoftMaxTiling t;
            AscendC::SoftMaxGradTilingFunc(ge::Shape(shape), typeSize, workSpace, t, isFront);
            const uint32_t* f = reinterpret_cast<const uint32_t*>(&t);
            std::vector<uint32_t> fields(f, f + sizeof(t) / sizeof(uint32_t));
            return std::make_tuple(fields, AscendC::GetSoftMaxGradMaxTmpSize(ge::Shape(shape), typeSize, isFront, false),
                                   AscendC::GetSoftMaxGradMinTmpSize(ge::Shape(shape), typeSize, isFront, false));
        },
        "SoftMaxGradTilingFunc's 16 fields, then GetSoftMaxGradMaxTmpSize and GetSoftMaxGradMinTmpSize.");
}
