// run_vector's GatherMask and Gatherb (vector_gather_mask.h), and _simtest.gather_mask_state.
// GatherMask: ops dst, src0[, src1Pattern (uint16/uint32)]; scalar = the built-in src1Pattern
// (0: the tensor form with ops[2]); counter_mode = reduceMode; mask_lanes = mask;
// repeat_params = [src0BlockStride, repeatTimes, src0RepeatStride, src1RepeatStride].
// gather_mask_state() then gives what the call left: (rsvdCnt, GetGatherMaskRemainCount(),
// counter mode, mask high, mask low). Gatherb: ops dst, src, offset (uint32); repeat_time;
// repeat_params = [dstBlkStride, dstRepStride].
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

std::tuple<uint64_t, int64_t, bool, uint64_t, uint64_t> g_state;

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    const auto& p = o.repeatParams;
    if constexpr (sim::vec::kGatherMaskType<T>) {
        if (api == "GatherMask") {
            if (p.size() != 4) throw BindingError("GatherMask takes 4 GatherMaskParams values");
            const GatherMaskParams params(p[0], p[1], p[2], p[3]);
            const auto mask = static_cast<uint32_t>(o.maskLanes);
            uint64_t rsvdCnt = 12345;
            const auto mode = static_cast<uint8_t>(o.scalar);
            if (mode != 0 || ops.size() < 3) {
                GatherMask(As<T>(ops, 0), As<T>(ops, 1), mode, o.counterMode, mask, params, rsvdCnt);
            } else if constexpr (sizeof(T) == 2) {
                GatherMask(As<T>(ops, 0), As<T>(ops, 1), As<uint16_t>(ops, 2), o.counterMode, mask, params, rsvdCnt);
            } else {
                GatherMask(As<T>(ops, 0), As<T>(ops, 1), As<uint32_t>(ops, 2), o.counterMode, mask, params, rsvdCnt);
            }
            const sim::VectorMaskRegister& reg = sim::Core().vectorMask;
            g_state = {rsvdCnt, GetGatherMaskRemainCount(), reg.counter, reg.high, reg.low};
            return true;
        }
    }
    if constexpr (sim::vec::kGatherbType<T>) {
        if (api == "Gatherb") {
            if (p.size() != 2) throw BindingError("Gatherb takes [dstBlkStride, dstRepStride]");
            const GatherRepeatParams params(static_cast<uint8_t>(p[0]), static_cast<uint8_t>(p[1]));
            Gatherb(As<T>(ops, 0), As<T>(ops, 1), As<uint32_t>(ops, 2), static_cast<uint8_t>(o.repeatTime), params);
            return true;
        }
    }
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "GatherMask" && api != "Gatherb") return false;
    if (ops.empty()) throw BindingError("no operands");
    const bool ran = std::visit(
        [&](const auto& dst) { return RunFor<typename std::decay_t<decltype(dst)>::PrimType>(api, ops, o); }, ops[0]);
    if (!ran) throw BindingError(api + " has no A2/A3 form for this dtype");
    return true;
}

const RunnerRegistrar registrar(&Run);

}  // namespace
}  // namespace simtest::vector

SIMTEST_BINDINGS(gather_mask) {
    m.def("gather_mask_state", [] { return simtest::vector::g_state; },
          "(rsvdCnt, GetGatherMaskRemainCount(), counter mode, mask high, mask low) after the last GatherMask run.");
}
