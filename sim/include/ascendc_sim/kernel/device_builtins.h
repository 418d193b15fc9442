// The device compiler's scalar min/max: kernel code calls them unqualified and with mixed
// integer types (asc-devkit examples/01_simd_cpp_api/04_advanced_api/01_activation/
// softmaxflashv3/softmaxflashv3.asc: `min(baseM, rowNum)`; ops-nn conv3d_backprop_input_v2's
// arch35 kernel: `min(uint64_t, tiling field)` inside namespace AscendC), with no declaration
// in any CANN header: the Bisheng compiler provides them, as CUDA's does. Here they are
// templates in the global namespace, so that
//  - a kernel's own min/max (a non-template, or in its own namespace) is preferred or hides
//    these, as ops-nn's avg_pool3_d_grad_utils.h defines one;
//  - `using namespace std; min(a, b)` with equal types picks std::min (more specialised);
//  - mixed types get the usual arithmetic conversions, the type of `a < b ? a : b`.
#pragma once
#include <type_traits>

#include "ascendc_sim/numeric/half.h"

namespace sim::builtin {
template <class T>
constexpr bool kScalar = std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;
}  // namespace sim::builtin

template <class T, class U, std::enable_if_t<sim::builtin::kScalar<T> && sim::builtin::kScalar<U>, int> = 0>
inline constexpr auto min(T a, U b) -> std::decay_t<decltype(b < a ? b : a)> {
    return b < a ? b : a;
}

template <class T, class U, std::enable_if_t<sim::builtin::kScalar<T> && sim::builtin::kScalar<U>, int> = 0>
inline constexpr auto max(T a, U b) -> std::decay_t<decltype(a < b ? b : a)> {
    return a < b ? b : a;
}
