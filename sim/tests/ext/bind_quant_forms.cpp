// run_vector_misc's runner for AscendAntiQuant's scale-tensor-only form (vector_quant.h).
//   "AscendAntiQuant.scaleRows": dst (half), src (uint8 bytes read as int8_t), scale (half),
//   sharedTmpBuffer; ints [K, shapeInfo.scaleHeight, shapeInfo.scaleWidth, tensor groups, tensor
//   N] (the last two, when non-zero, set the scale tensor's ShapeInfo {groups, N}).
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_antiquant_scale.h"
#include "misc_binding.h"
#include "registry.h"

namespace simtest::misc {
namespace {

int64_t At(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("missing ints[" + std::to_string(i) + "]");
    return o.ints[i];
}

bool RunScaleRows(const std::vector<AnyTensor>& ops, const Options& o) {
    const LocalTensor<half>& dst = As<half>(ops, 0);
    const LocalTensor<int8_t> src = As<uint8_t>(ops, 1).ReinterpretCast<int8_t>();
    LocalTensor<half> scale = As<half>(ops, 2);
    const auto k = static_cast<uint32_t>(At(o, 0));
    AntiQuantShapeInfo info;
    info.scaleHeight = static_cast<uint32_t>(At(o, 1));
    info.scaleWidth = static_cast<uint32_t>(At(o, 2));
    if (At(o, 3) != 0) {
        const uint32_t shape[2] = {static_cast<uint32_t>(At(o, 3)), static_cast<uint32_t>(At(o, 4))};
        scale.SetShapeInfo(ShapeInfo(2, shape));
    }
    AscendAntiQuant<int8_t, half, false>(dst, src, scale, As<uint8_t>(ops, 3), k, info);
    return true;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api == "AscendAntiQuant.scaleRows") return RunScaleRows(ops, o);
    return false;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerQuantForms;

}  // namespace
}  // namespace simtest::misc
