// The kernel-side Layout of CANN's basic API (asc-devkit impl/basic_api/kernel_operator_layout.h,
// reached from kernel_operator.h): Shape and Stride are Std::tuple's, Layout<Shape, Stride> holds
// one of each, MakeShape / MakeStride / MakeLayout build them, is_layout / is_layout_v recognise
// one. The high-level TransData takes its source and destination layouts in this form
// (AscendC::MakeLayout(AscendC::MakeShape(n, c, d, h, w), AscendC::MakeStride())).
//
// GetSize() is CANN's: for a two-level shape ((rows, cols), strides) the larger of rows * rowStride
// and cols * colStride; for a four-level one ((( , rowNum), ( , colNum)), ...) the same with the
// outer numbers and strides; otherwise uint32_t(-1). The static `size` is that value when every
// leaf is a compile-time constant (Std::integral_constant), else 0.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/markers.h"
#include "utils/std/tuple.h"
#include "utils/std/type_traits.h"

namespace AscendC {

template <typename... Shapes>
using Shape = Std::tuple<Shapes...>;

template <typename... Strides>
using Stride = Std::tuple<Strides...>;

// Leaves count 1, a tuple the sum of its elements, the empty tuple 0.
template <typename T>
struct nesting_depth {
    static constexpr size_t value = 1;
};
template <typename... Args>
struct nesting_depth<Std::tuple<Args...>> {
    static constexpr size_t value = (size_t{0} + ... + nesting_depth<Args>::value);
};
template <typename T>
constexpr size_t nesting_depth_v = nesting_depth<T>::value;

namespace layout_detail {

template <typename T>
struct AllStatic : std::false_type {};
template <typename V, V v>
struct AllStatic<std::integral_constant<V, v>> : std::true_type {};
template <typename... Args>
struct AllStatic<Std::tuple<Args...>> : std::bool_constant<(true && ... && AllStatic<Args>::value)> {};

template <typename T, typename U>
constexpr uint32_t SizeOf(const T& shape, const U& stride) {
    if constexpr (nesting_depth_v<T> == 4) {
        const auto size1 = Std::get<1>(Std::get<0>(shape)) * Std::get<1>(Std::get<0>(stride));
        const auto size2 = Std::get<1>(Std::get<1>(shape)) * Std::get<1>(Std::get<1>(stride));
        return static_cast<uint32_t>(size1 > size2 ? size1 : size2);
    } else if constexpr (nesting_depth_v<T> == 2) {
        const auto size1 = Std::get<0>(shape) * Std::get<0>(stride);
        const auto size2 = Std::get<1>(shape) * Std::get<1>(stride);
        return static_cast<uint32_t>(size1 > size2 ? size1 : size2);
    } else {
        return static_cast<uint32_t>(-1);
    }
}

template <typename T, typename U>
constexpr size_t StaticSize() {
    if constexpr ((nesting_depth_v<T> == 4 || nesting_depth_v<T> == 2) && AllStatic<T>::value && AllStatic<U>::value) {
        return SizeOf(T{}, U{});
    } else {
        return 0;
    }
}

}  // namespace layout_detail

template <typename... Ts>
__aicore__ inline constexpr Shape<Ts...> MakeShape(const Ts&... t) {
    return {t...};
}

template <typename... Ts>
__aicore__ inline constexpr Stride<Ts...> MakeStride(const Ts&... t) {
    return {t...};
}

template <typename T, typename U>
struct Layout : private Std::tuple<T, U> {
    static constexpr auto size = layout_detail::StaticSize<T, U>();

    __aicore__ inline constexpr Layout(const T& shape = {}, const U& stride = {}) : Std::tuple<T, U>(shape, stride) {
        static_assert(Std::is_tuple_v<T> && Std::is_tuple_v<U>, "Shape or Stride is not tuple!");
    }

    __aicore__ inline constexpr decltype(auto) GetSize() const {
        return layout_detail::SizeOf(GetShape(), GetStride());
    }
    __aicore__ inline constexpr decltype(auto) layout() { return *this; }
    __aicore__ inline constexpr decltype(auto) layout() const { return *this; }

    // GetShape<I...>() / GetStride<I...>(): the whole tuple, or a tuple of the chosen elements.
    template <size_t... I>
    __aicore__ inline constexpr decltype(auto) GetShape() const {
        return Pick<0, I...>();
    }
    template <size_t... I>
    __aicore__ inline constexpr decltype(auto) GetStride() const {
        return Pick<1, I...>();
    }

private:
    template <size_t part, size_t... I>
    constexpr decltype(auto) Pick() const {
        const auto& whole = Std::get<part>(static_cast<const Std::tuple<T, U>&>(*this));
        if constexpr (sizeof...(I) == 0) {
            return whole;
        } else {
            return Std::make_tuple(Std::get<I>(whole)...);
        }
    }
};

template <typename T, typename U>
__aicore__ inline constexpr auto MakeLayout(const T& shape, const U& stride) {
    static_assert(Std::is_tuple_v<T> && Std::is_tuple_v<U>, "Shape or Stride is not tuple!");
    return Layout<T, U>(shape, stride);
}

template <typename T>
struct is_layout : Std::false_type {};
template <typename T, typename U>
struct is_layout<Layout<T, U>> : Std::true_type {};
template <typename T>
constexpr bool is_layout_v = is_layout<T>::value;

}  // namespace AscendC
