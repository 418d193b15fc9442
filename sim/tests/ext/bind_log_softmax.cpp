// run_vector_misc's runner for LogSoftMax (vector_log_softmax.h). Operands dst, sum, max, src,
// sharedTmpBuffer. options["ints"]: [srcM, srcK, oriSrcM, oriSrcK, tilingM, tilingK,
// workSpaceBytes, 0, shapeInfoEmpty, isReuseSource]; the tiling from the host's
// LogSoftMaxTilingFunc. Also log_softmax_tiling, the host functions.
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

int64_t Int(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("options[\"ints\"] needs " + std::to_string(i + 1) + " values");
    return o.ints[i];
}

template <class T>
void Call(const std::vector<AnyTensor>& ops, const Options& o) {
    AscendC::tiling::LogSoftMaxTiling tiling;
    AscendC::LogSoftMaxTilingFunc(ge::Shape({Int(o, 4), Int(o, 5)}), sizeof(T), static_cast<uint32_t>(Int(o, 6)),
                                  tiling);
    AscendC::SoftMaxShapeInfo info;
    if (Int(o, 8) == 0) {
        info = {static_cast<uint32_t>(Int(o, 0)), static_cast<uint32_t>(Int(o, 1)), static_cast<uint32_t>(Int(o, 2)),
                static_cast<uint32_t>(Int(o, 3))};
    }
    const bool reuse = o.ints.size() > 9 && Int(o, 9) != 0;
    if (reuse) {
        LogSoftMax<T, true>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<uint8_t>(ops, 4), tiling, info);
    } else {
        LogSoftMax<T>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), As<T>(ops, 3), As<uint8_t>(ops, 4), tiling, info);
    }
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "LogSoftMax") return false;
    if (std::holds_alternative<LocalTensor<half>>(ops.at(0))) Call<half>(ops, o);
    else Call<float>(ops, o);
    return true;
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerLogSoftmax;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(log_softmax) {
    m.def(
        "log_softmax_tiling",
        [](const std::vector<int64_t>& shape, uint32_t typeSize, uint32_t workSpace) {
            AscendC::tiling::LogSoftMaxTiling t;
            AscendC::LogSoftMaxTilingFunc(ge::Shape(shape), typeSize, workSpace, t);
            const uint32_t* f = reinterpret_cast<const uint32_t*>(&t);
            std::vector<uint32_t> fields(f, f + sizeof(t) / sizeof(uint32_t));
            return std::make_tuple(fields, AscendC::GetLogSoftMaxMaxTmpSize(ge::Shape(shape), typeSize, false),
                                   AscendC::GetLogSoftMaxMinTmpSize(ge::Shape(shape), typeSize, false));
        },
        "LogSoftMaxTilingFunc's 16 fields, then GetLogSoftMaxMaxTmpSize and GetLogSoftMaxMinTmpSize.");
}
