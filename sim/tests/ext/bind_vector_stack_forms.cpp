// run_vector_misc's runner for the framework-temp forms of vector_stack_temp_forms.h:
// "SigmoidWhole" (dst, src[, sharedTmpBuffer]: Sigmoid(dst, src, tmp) or, no_temp, Sigmoid(dst,
// src)); "SumStack", "MeanStack", "MeanFloatAccStack" (dst, src; ints [outter, inner, n]).
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"

namespace simtest::misc {
namespace {

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "SigmoidWhole" && api != "SumStack" && api != "MeanStack" && api != "MeanFloatAccStack") return false;
    return std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            if constexpr (sim::vec::kActivationType<T>) {
                const LocalTensor<T>& src = As<T>(ops, 1);
                if (api == "SigmoidWhole") {
                    if (o.noTemp) Sigmoid(dst, src);
                    else Sigmoid(dst, src, As<uint8_t>(ops, 2));
                    return true;
                }
                if (o.ints.size() != 3) throw MiscError(api + " takes ints [outter, inner, n]");
                const auto outter = static_cast<uint32_t>(o.ints[0]), inner = static_cast<uint32_t>(o.ints[1]),
                           n = static_cast<uint32_t>(o.ints[2]);
                if (api == "SumStack") {
                    Sum(dst, src, SumParams{outter, inner, n});
                } else if (api == "MeanStack") {
                    Mean(dst, src, MeanParams{outter, inner, n});
                } else if constexpr (std::is_same_v<T, half>) {
                    Mean<half, float>(dst, src, MeanParams{outter, inner, n});
                } else {
                    throw MiscError("MeanFloatAccStack is for half");
                }
                return true;
            }
            return false;
        },
        ops[0]);
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerStackForms;

}  // namespace
}  // namespace simtest::misc
