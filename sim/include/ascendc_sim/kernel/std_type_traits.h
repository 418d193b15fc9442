// CANN's compile-time type selection that kernels use: AscendC::Conditional<cond, T1, T2>::type
// and ConditionalMulti<c1, c2, T1, T2, T3, T4>::type (asc-devkit
// impl/basic_api/utils/kernel_utils_constants.h): T1 if cond else T2; the 2x2 choice
// (c1 ? (c2 ? T1 : T2) : (c2 ? T3 : T4)). AscendC::Std's traits are utils/std/type_traits.h.
#pragma once
#include <type_traits>

namespace AscendC {

template <bool condition, class T1, class T2>
struct Conditional {
    using type = T1;
};
template <class T1, class T2>
struct Conditional<false, T1, T2> {
    using type = T2;
};

template <bool condition1, bool condition2, class T1, class T2, class T3, class T4>
struct ConditionalMulti {
    using type = typename Conditional<condition1, typename Conditional<condition2, T1, T2>::type,
                                      typename Conditional<condition2, T3, T4>::type>::type;
};

}  // namespace AscendC
