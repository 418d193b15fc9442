// run_vector_misc's runner for BilinearInterpolation (vector_bilinear.h).
//   "BilinearInterpolation": dst, src0 (half), src0Offset (uint32), src1 (half), sharedTmpBuffer
//   (uint8); ints [bitwise (1: mask[] = {ints[1], ints[2]}, 0: mask = ints[1]), mask0, mask1,
//   hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat].
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_bilinear.h"
#include "misc_binding.h"
#include "registry.h"

namespace simtest::misc {
namespace {

int64_t At(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("missing ints[" + std::to_string(i) + "]");
    return o.ints[i];
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "BilinearInterpolation") return false;
    const auto h = static_cast<uint8_t>(At(o, 3)), v = static_cast<uint8_t>(At(o, 7));
    const bool mode = At(o, 4) != 0;
    const auto blk = static_cast<uint16_t>(At(o, 5)), vr = static_cast<uint16_t>(At(o, 6));
    if (At(o, 0) != 0) {
        uint64_t mask[2] = {static_cast<uint64_t>(At(o, 1)), static_cast<uint64_t>(At(o, 2))};
        BilinearInterpolation(As<half>(ops, 0), As<half>(ops, 1), As<uint32_t>(ops, 2), As<half>(ops, 3), mask, h, mode,
                              blk, vr, v, As<uint8_t>(ops, 4));
    } else {
        BilinearInterpolation(As<half>(ops, 0), As<half>(ops, 1), As<uint32_t>(ops, 2), As<half>(ops, 3),
                              static_cast<uint64_t>(At(o, 1)), h, mode, blk, vr, v, As<uint8_t>(ops, 4));
    }
    return true;
}

struct Register {
    Register() { ExtraRunners().push_back(&Run); }
} registerBilinear;

}  // namespace
}  // namespace simtest::misc
