// CANN's small compile-time type utilities that kernels use (defined by asc-devkit
// impl/basic_api/utils/kernel_utils_ceil_oom_que.h): BoolInst, TrueType/FalseType,
// IsSameType<T, U>::value, Tuple<...> and SupportType<T, Candidates...>() (true when T is one
// of the candidates; Tuple<...> compares type pairs, as in SupportType<Tuple<D, S>,
// Tuple<half, half>, Tuple<float, half>>()).
#pragma once
#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

template <bool b>
struct BoolInst {
    using Type = BoolInst<b>;
    static constexpr bool value = b;
};
using TrueType = BoolInst<true>;
using FalseType = BoolInst<false>;

template <typename T, typename U>
struct IsSameType : FalseType {};
template <typename T>
struct IsSameType<T, T> : TrueType {};

template <typename... Arg>
struct Tuple {};

template <typename T, typename U, typename... Args>
__aicore__ constexpr bool SupportType() {
    return IsSameType<T, U>::value || (IsSameType<T, Args>::value || ...);
}

}  // namespace AscendC
