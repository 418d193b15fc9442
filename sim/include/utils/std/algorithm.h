// CANN's AscendC::Std::min / max (asc-devkit include/utils/std/algorithm.h), which kernels use in
// place of <algorithm>'s: two arguments of possibly different types, compared with < and >, the
// result of the conditional expression (their common type), usable in constant expressions.
#pragma once

namespace AscendC {
namespace Std {

template <typename T, typename U>
inline constexpr auto min(const T& src0, const U& src1) {
    return (src0 < src1) ? src0 : src1;
}

template <typename T, typename U>
inline constexpr auto max(const T& src0, const U& src1) {
    return (src0 > src1) ? src0 : src1;
}

}  // namespace Std
}  // namespace AscendC
