// LocalTensor's operator overloads (asc-devkit include/basic_api/kernel_tensor.h, "symbol
// override"): `dst = a + b` runs Add(dst, a, b, dst.GetSize()), and likewise -, *, /, | and &
// (Sub, Mul, Div, Or, And); `dst = a < b` runs the count form of Compare with CMPMODE LT over
// a.GetSize() elements, and >, !=, ==, <=, >= with GT, NE, EQ, LE, GE. The operator builds an
// expression holding its operands; the assignment issues the one instruction, so each is checked
// and timed as the API it stands for and reported under that API's name at the kernel's line.
// On Atlas A2/A3 a comparison's operands are float or half (the two assignments CANN declares).
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_compare.h"

namespace AscendC {

// a op b for op in + - * / | &: the operands by reference, as the full expression `dst = a op b` keeps them alive.
template <typename T, sim_detail::SymbolOp op>
class SymbolOverrideBinary {
public:
    __aicore__ inline SymbolOverrideBinary(const LocalTensor<T>& src0, const LocalTensor<T>& src1)
        : src0_(src0), src1_(src1) {}
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Process(const LocalTensor<T>& dst) const {
        const int32_t count = static_cast<int32_t>(dst.GetSize());
        if constexpr (op == sim_detail::SymbolOp::Add) Add(dst, src0_, src1_, count);
        else if constexpr (op == sim_detail::SymbolOp::Sub) Sub(dst, src0_, src1_, count);
        else if constexpr (op == sim_detail::SymbolOp::Mul) Mul(dst, src0_, src1_, count);
        else if constexpr (op == sim_detail::SymbolOp::Div) Div(dst, src0_, src1_, count);
        else if constexpr (op == sim_detail::SymbolOp::Or) Or(dst, src0_, src1_, count);
        else And(dst, src0_, src1_, count);
    }

private:
    const LocalTensor<T>& src0_;
    const LocalTensor<T>& src1_;
};

template <typename T>
class SymbolOverrideCompare {
public:
    __aicore__ inline SymbolOverrideCompare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode)
        : src0_(src0), src1_(src1), cmpMode_(cmpMode) {}
    template <typename U>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Process(const LocalTensor<U>& dst) const {
        Compare(dst, src0_, src1_, cmpMode_, src0_.GetSize());
    }

private:
    const LocalTensor<T> src0_;
    const LocalTensor<T> src1_;
    CMPMODE cmpMode_;
};

// CANN's names for the expressions.
template <typename T>
using SymbolOverrideAdd = SymbolOverrideBinary<T, sim_detail::SymbolOp::Add>;
template <typename T>
using SymbolOverrideSub = SymbolOverrideBinary<T, sim_detail::SymbolOp::Sub>;
template <typename T>
using SymbolOverrideMul = SymbolOverrideBinary<T, sim_detail::SymbolOp::Mul>;
template <typename T>
using SymbolOverrideDiv = SymbolOverrideBinary<T, sim_detail::SymbolOp::Div>;
template <typename T>
using SymbolOverrideOr = SymbolOverrideBinary<T, sim_detail::SymbolOp::Or>;
template <typename T>
using SymbolOverrideAnd = SymbolOverrideBinary<T, sim_detail::SymbolOp::And>;

}  // namespace AscendC
