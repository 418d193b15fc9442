// CANN's AscendC::Std type traits (asc-devkit include/utils/std/type_traits.h), which kernels use
// in place of <type_traits>. They answer as the standard ones, except where CANN's differ:
//   is_floating_point  also true for `half` (not for bfloat16_t), as CANN lists float, double,
//                      long double and half;
//   is_integral        CANN's list (bool, char, signed/unsigned char, short, int, long,
//                      long long and their unsigned forms; no wchar_t/char8/16/32_t), and true for
//                      an integral_constant.
// CANN has no is_arithmetic, so neither has the sim: a kernel using it would not build with CANN.
#pragma once
#include <type_traits>

#include "ascendc_sim/kernel/utils.h"
#include "ascendc_sim/numeric/half.h"

namespace AscendC {
namespace Std {

template <class T, T v>
using integral_constant = std::integral_constant<T, v>;
template <bool v>
using bool_constant = std::bool_constant<v>;
using true_type = std::true_type;
using false_type = std::false_type;

template <class T, class U> using is_same = std::is_same<T, U>;
template <class T, class U> constexpr bool is_same_v = std::is_same_v<T, U>;
template <class T> using is_void = std::is_void<T>;
template <class T> constexpr bool is_void_v = std::is_void_v<T>;
template <class T> using is_const = std::is_const<T>;
template <class T> constexpr bool is_const_v = std::is_const_v<T>;
template <class T> using is_volatile = std::is_volatile<T>;
template <class T> constexpr bool is_volatile_v = std::is_volatile_v<T>;
template <class T> using is_reference = std::is_reference<T>;
template <class T> constexpr bool is_reference_v = std::is_reference_v<T>;
template <class T> using is_lvalue_reference = std::is_lvalue_reference<T>;
template <class T> using is_rvalue_reference = std::is_rvalue_reference<T>;
template <class T> using is_pointer = std::is_pointer<T>;
template <class T> constexpr bool is_pointer_v = std::is_pointer_v<T>;
template <class T> using is_array = std::is_array<T>;
template <class T> constexpr bool is_array_v = std::is_array_v<T>;

template <class T>
struct is_integral
    : bool_constant<std::is_integral_v<std::remove_cv_t<T>> && !std::is_same_v<std::remove_cv_t<T>, wchar_t> &&
                    !std::is_same_v<std::remove_cv_t<T>, char16_t> && !std::is_same_v<std::remove_cv_t<T>, char32_t>> {};
template <class T, T v>
struct is_integral<std::integral_constant<T, v>> : true_type {};
template <class T> constexpr bool is_integral_v = is_integral<T>::value;

template <class T>
struct is_floating_point
    : bool_constant<std::is_floating_point_v<std::remove_cv_t<T>> || std::is_same_v<std::remove_cv_t<T>, half>> {};
template <class T> constexpr bool is_floating_point_v = is_floating_point<T>::value;

template <class T> using remove_const = std::remove_const<T>;
template <class T> using remove_const_t = std::remove_const_t<T>;
template <class T> using remove_volatile = std::remove_volatile<T>;
template <class T> using remove_volatile_t = std::remove_volatile_t<T>;
template <class T> using remove_cv = std::remove_cv<T>;
template <class T> using remove_cv_t = std::remove_cv_t<T>;
template <class T> using remove_reference = std::remove_reference<T>;
template <class T> using remove_reference_t = std::remove_reference_t<T>;
template <class T> using remove_pointer = std::remove_pointer<T>;
template <class T> using remove_pointer_t = std::remove_pointer_t<T>;
template <class T> using add_const = std::add_const<T>;
template <class T> using add_const_t = std::add_const_t<T>;
template <class T> using add_volatile = std::add_volatile<T>;
template <class T> using add_volatile_t = std::add_volatile_t<T>;
template <class T> using add_cv = std::add_cv<T>;
template <class T> using add_cv_t = std::add_cv_t<T>;
template <class T> using add_pointer = std::add_pointer<T>;
template <class T> using add_pointer_t = std::add_pointer_t<T>;
template <class T> using add_lvalue_reference = std::add_lvalue_reference<T>;
template <class T> using add_lvalue_reference_t = std::add_lvalue_reference_t<T>;
template <class T> using add_rvalue_reference = std::add_rvalue_reference<T>;
template <class T> using add_rvalue_reference_t = std::add_rvalue_reference_t<T>;
template <class T> using decay = std::decay<T>;
template <class T> using decay_t = std::decay_t<T>;
template <bool b, class T = void> using enable_if = std::enable_if<b, T>;
template <bool b, class T = void> using enable_if_t = std::enable_if_t<b, T>;
template <bool b, class T, class F> using conditional = std::conditional<b, T, F>;
template <bool b, class T, class F> using conditional_t = std::conditional_t<b, T, F>;

template <class T, class U> using is_base_of = std::is_base_of<T, U>;
template <class T, class U> constexpr bool is_base_of_v = std::is_base_of_v<T, U>;
template <class T, class U> using is_convertible = std::is_convertible<T, U>;
template <class T, class U> constexpr bool is_convertible_v = std::is_convertible_v<T, U>;
template <class T> using is_class = std::is_class<T>;
template <class T> using is_union = std::is_union<T>;
template <class T> using is_function = std::is_function<T>;
template <class T> using remove_extent = std::remove_extent<T>;
template <class T> using remove_extent_t = std::remove_extent_t<T>;
// C++20's remove_cvref (the sim builds as C++17).
template <class T> struct remove_cvref { using type = std::remove_cv_t<std::remove_reference_t<T>>; };
template <class T> using remove_cvref_t = typename remove_cvref<T>::type;

// CANN's additions: T is one of Candidates; value is one of candidates.
template <class T, class... Candidates>
struct is_one_of : bool_constant<(std::is_same_v<T, Candidates> || ...)> {};
template <class T, class... Candidates>
constexpr bool is_one_of_v = is_one_of<T, Candidates...>::value;
template <class T, T value, T... candidates>
struct is_one_of_value : bool_constant<((value == candidates) || ...)> {};
template <class T, T value, T... candidates>
constexpr bool is_one_of_value_v = is_one_of_value<T, value, candidates...>::value;

}  // namespace Std
}  // namespace AscendC
