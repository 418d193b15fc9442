// run_vector's Copy (CopyRepeatParams), Brcb, CreateVecIndex and Gather (vector_copy.h,
// vector_index.h, vector_gather.h). Gather: ops dst, src, srcOffset (uint32); scalar =
// srcBaseAddr; the count form, or masked with repeat_time and repeat_params = [dstRepStride].
// Copy: masked with mask_lanes or bit_mask, repeat_time, repeat_params = CopyRepeatParams.
// Brcb: repeat_time, repeat_params = [dstBlkStride, dstRepStride]. CreateVecIndex: scalar =
// firstValue; the count form, or masked with repeat_time and repeat_params = [dstBlkStride,
// dstRepStride].
#include <string>
#include <vector>

#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const auto repeat = static_cast<uint8_t>(o.repeatTime);
    const auto& p = o.repeatParams;
    if constexpr (sim::vec::kCopyType<T>) {
        if (api == "Copy") {
            if (p.size() != 4) throw BindingError("Copy takes 4 CopyRepeatParams values");
            const CopyRepeatParams params(p[0], p[1], p[2], p[3]);
            WithMask(o, [&](auto setMask, auto mask) {
                Copy<T, decltype(setMask)::value>(As<T>(ops, 0), As<T>(ops, 1), mask, repeat, params);
            });
            return true;
        }
        if (api == "Brcb") {
            if (p.size() != 2) throw BindingError("Brcb takes [dstBlkStride, dstRepStride]");
            Brcb(As<T>(ops, 0), As<T>(ops, 1), repeat, BrcbRepeatParams(p[0], p[1]));
            return true;
        }
    }
    if constexpr (sim::vec::kGatherType<T>) {
        if (api == "Gather") {
            const auto base = static_cast<uint32_t>(o.scalar);
            const auto& offsets = As<uint32_t>(ops, 2);
            if (!o.masked) {
                Gather(As<T>(ops, 0), As<T>(ops, 1), offsets, base, static_cast<uint32_t>(count));
            } else {
                if (p.size() != 1) throw BindingError("Gather takes [dstRepStride]");
                uint64_t bits[2] = {0, 0};
                for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
                const auto rep = static_cast<uint16_t>(p[0]);
                if (o.bitMask.empty()) Gather(As<T>(ops, 0), As<T>(ops, 1), offsets, base, o.maskLanes, repeat, rep);
                else Gather(As<T>(ops, 0), As<T>(ops, 1), offsets, base, bits, repeat, rep);
            }
            return true;
        }
    }
    if constexpr (sim::vec::kVecIndexType<T>) {
        if (api == "CreateVecIndex") {
            LocalTensor<T> dst = As<T>(ops, 0);
            const T first = sim::vec::ScalarAs<T>(o.scalar);
            if (!o.masked) {
                CreateVecIndex(dst, first, static_cast<uint32_t>(count));
            } else {
                if (p.size() != 2) throw BindingError("CreateVecIndex takes [dstBlkStride, dstRepStride]");
                uint64_t bits[2] = {0, 0};
                for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
                if (o.bitMask.empty()) CreateVecIndex(dst, first, o.maskLanes, repeat, p[0], p[1]);
                else CreateVecIndex(dst, first, bits, repeat, p[0], p[1]);
            }
            return true;
        }
    }
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (api != "Copy" && api != "Brcb" && api != "CreateVecIndex" && api != "Gather") return false;
    if (ops.empty()) throw BindingError("no operands");
    const bool ran = std::visit(
        [&](const auto& dst) { return RunFor<typename std::decay_t<decltype(dst)>::PrimType>(api, ops, count, o); },
        ops[0]);
    if (!ran) throw BindingError(api + " has no A2/A3 form for this dtype");
    return true;
}

const RunnerRegistrar registrar(&Run);

}  // namespace
}  // namespace simtest::vector
