// CANN's AscendC::Std::tuple (asc-devkit include/utils/std/tuple.h), which the kernel-side
// Layout's Shape and Stride are made of. The sim takes the standard tuple under CANN's names:
// tuple, tuple_size, tuple_element, make_tuple, tie and get behave as CANN declares them, and
// is_tuple / is_tuple_v (CANN's type_traits) answer whether a type is one.
#pragma once
#include <cstddef>
#include <tuple>
#include <type_traits>

namespace AscendC {
namespace Std {

template <typename... Tps>
using tuple = std::tuple<Tps...>;

template <typename T>
using tuple_size = std::tuple_size<T>;
template <typename T>
constexpr size_t tuple_size_v = std::tuple_size<T>::value;

template <size_t N, typename T>
using tuple_element = std::tuple_element<N, T>;

using std::get;
using std::make_tuple;
using std::tie;

template <typename T>
struct is_tuple : std::false_type {};
template <typename... Tps>
struct is_tuple<std::tuple<Tps...>> : std::true_type {};
template <typename T>
constexpr bool is_tuple_v = is_tuple<std::remove_cv_t<T>>::value;

}  // namespace Std
}  // namespace AscendC
