// CANN's compile-time type selection and traits that kernels use:
//  - AscendC::Conditional<cond, T1, T2>::type and ConditionalMulti<c1, c2, T1, T2, T3, T4>::type
//    (asc-devkit impl/basic_api/utils/kernel_utils_constants.h): T1 if cond else T2; the 2x2
//    choice (c1 ? (c2 ? T1 : T2) : (c2 ? T3 : T4));
//  - AscendC::Std::* (include/utils/std/type_traits.h): the standard traits under CANN's
//    namespace (the kernel compiler has no <type_traits>; the CPU build does, so they are the
//    standard ones here), and Std::is_one_of / is_one_of_value.
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

namespace Std {
using std::add_const;
using std::add_cv;
using std::add_lvalue_reference;
using std::add_pointer;
using std::add_rvalue_reference;
using std::add_volatile;
using std::bool_constant;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::enable_if;
using std::enable_if_t;
using std::false_type;
using std::integral_constant;
using std::is_array;
using std::is_base_of;
using std::is_base_of_v;
using std::is_class;
using std::is_const;
using std::is_convertible;
using std::is_convertible_v;
using std::is_floating_point;
using std::is_floating_point_v;
using std::is_function;
using std::is_integral;
using std::is_integral_v;
using std::is_pointer;
using std::is_reference;
using std::is_same;
using std::is_same_v;
using std::is_union;
using std::is_void;
using std::remove_const;
using std::remove_cv;
using std::remove_extent;
using std::remove_pointer;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::true_type;

// C++20's remove_cvref (the sim builds as C++17).
template <typename T>
struct remove_cvref {
    using type = std::remove_cv_t<std::remove_reference_t<T>>;
};
template <typename T>
using remove_cvref_t = typename remove_cvref<T>::type;

template <typename T, typename... Candidates>
struct is_one_of : bool_constant<(is_same_v<T, Candidates> || ...)> {};
template <typename T, typename... Candidates>
inline constexpr bool is_one_of_v = is_one_of<T, Candidates...>::value;

template <typename T, T value, T... candidates>
struct is_one_of_value : bool_constant<((value == candidates) || ...)> {};
template <typename T, T value, T... candidates>
inline constexpr bool is_one_of_value_v = is_one_of_value<T, value, candidates...>::value;
}  // namespace Std

}  // namespace AscendC
