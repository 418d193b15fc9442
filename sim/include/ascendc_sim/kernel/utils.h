// Small helpers of static tensor programming: InitSocState and integer ceil division.
#pragma once
#include <type_traits>

#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

// Resets the core's global state (masks, atomic mode, ...) at kernel start on the NPU; the
// sim starts every core from a clean state already.
__aicore__ inline void InitSocState() {}

// ceil(a / b) for integers (b > 0).
template <class T, class U>
__aicore__ inline constexpr std::common_type_t<T, U> DivCeil(T a, U b) {
    using R = std::common_type_t<T, U>;
    return (static_cast<R>(a) + static_cast<R>(b) - 1) / static_cast<R>(b);
}

namespace Std {
// utils/std/cmath.h: ceil(a / b) for integers (b > 0).
template <class T, class U>
__aicore__ inline constexpr std::common_type_t<T, U> ceil_div(T a, U b) {
    return DivCeil(a, b);
}
}  // namespace Std

}  // namespace AscendC
