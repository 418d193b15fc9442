// run_vector's mask/repeat forms (options masked=True): the elementwise APIs with
// uint64_t mask[] / uint64_t mask, repeatTime and Binary/UnaryRepeatParams, with the mask
// register prepared as the options say (SetMaskCount, SetVectorMask, isSetMask = false).
#include <type_traits>

#include "masked_sync.h"
#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

template <class T>
void PrepareRegister(const LocalTensor<T>& dst, const Options& o) {
    if (o.counterMode) SetMaskCount();
    if (o.setMask.size() == 2) SetVectorMask<T>(o.setMask[0], o.setMask[1]);
    if (o.setLen >= 0) {
        if (o.counterMode) SetVectorMask<T, MaskMode::COUNTER>(static_cast<int32_t>(o.setLen));
        else SetVectorMask<T>(static_cast<int32_t>(o.setLen));
    }
    if (o.countFormFirst) {
        if constexpr (sim::vec::kDuplicateType<T>) Duplicate(dst, T{}, 0);
        else throw BindingError("count_form_first needs a Duplicate type");
    }
}

template <class T>
bool RunSameType(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    auto t = [&](size_t i) -> const LocalTensor<T>& { return As<T>(ops, i); };
    const auto repeat = static_cast<uint8_t>(o.repeatTime);
#define SIMTEST_MASKED_BINARY(Name)                                                                         \
    if (api == #Name) {                                                                                     \
        WithMask(o, [&](auto setMask, auto mask) { Name<T, decltype(setMask)::value>(t(0), t(1), t(2), mask, repeat, Binary(o)); }); \
        return true;                                                                                        \
    }
#define SIMTEST_MASKED_UNARY(Name)                                                                          \
    if (api == #Name) {                                                                                     \
        WithMask(o, [&](auto setMask, auto mask) { Name<T, decltype(setMask)::value>(t(0), t(1), mask, repeat, Unary(o)); }); \
        return true;                                                                                        \
    }
#define SIMTEST_MASKED_SCALAR(Name)                                                                         \
    if (api == #Name) {                                                                                     \
        WithMask(o, [&](auto setMask, auto mask) {                                                          \
            WithScalar<T>(o, [&](auto s) { Name<T, decltype(setMask)::value>(t(0), t(1), s, mask, repeat, Unary(o)); }); \
        });                                                                                                 \
        return true;                                                                                        \
    }
    if constexpr (sim::vec::kArithmeticType<T>) {
        SIMTEST_MASKED_BINARY(Add)
        SIMTEST_MASKED_BINARY(Sub)
        SIMTEST_MASKED_BINARY(Mul)
        SIMTEST_MASKED_BINARY(Max)
        SIMTEST_MASKED_BINARY(Min)
        SIMTEST_MASKED_SCALAR(Adds)
        SIMTEST_MASKED_SCALAR(Muls)
        SIMTEST_MASKED_SCALAR(Maxs)
        SIMTEST_MASKED_SCALAR(Mins)
    }
    if constexpr (sim::vec::kFloatType<T>) {
        SIMTEST_MASKED_BINARY(Div)
        SIMTEST_MASKED_UNARY(Exp)
        SIMTEST_MASKED_UNARY(Ln)
        SIMTEST_MASKED_UNARY(Abs)
        SIMTEST_MASKED_UNARY(Sqrt)
        SIMTEST_MASKED_UNARY(Reciprocal)
    }
    if constexpr (sim::vec::kReluType<T>) {
        SIMTEST_MASKED_UNARY(Relu)
    }
    if constexpr (sim::vec::kBitwise16Type<T>) {
        SIMTEST_MASKED_BINARY(And)
        SIMTEST_MASKED_BINARY(Or)
        SIMTEST_MASKED_UNARY(Not)
    }
    if constexpr (sim::vec::kShiftType<T>) {
        if (api == "ShiftLeft" || api == "ShiftRight") {
            const T bits = static_cast<T>(o.scalar);
            WithMask(o, [&](auto setMask, auto mask) {
                constexpr bool kSet = decltype(setMask)::value;
                if (api == "ShiftLeft") ShiftLeft<T, kSet>(t(0), t(1), bits, mask, repeat, Unary(o));
                else ShiftRight<T, kSet>(t(0), t(1), bits, mask, repeat, Unary(o), o.roundEn);
            });
            return true;
        }
    }
    if constexpr (sim::vec::kAddReluType<T>) {
        SIMTEST_MASKED_BINARY(AddRelu)
        SIMTEST_MASKED_BINARY(SubRelu)
    }
    if constexpr (sim::vec::kFloatType<T>) {
        SIMTEST_MASKED_UNARY(Rsqrt)
        SIMTEST_MASKED_SCALAR(LeakyRelu)
        SIMTEST_MASKED_BINARY(FusedMulAdd)
        SIMTEST_MASKED_BINARY(MulAddRelu)
        SIMTEST_MASKED_BINARY(FusedMulAddRelu)
        if (api == "MulAddDst") {
            WithMask(o, [&](auto setMask, auto mask) {
                MulAddDst<T, T, decltype(setMask)::value>(t(0), t(1), t(2), mask, repeat, Binary(o));
            });
            return true;
        }
        if (api == "Axpy") {
            const T scalar = sim::vec::ScalarAs<T>(o.scalar);
            WithMask(o, [&](auto setMask, auto mask) {
                Axpy<T, T, decltype(setMask)::value>(t(0), t(1), scalar, mask, repeat, Unary(o));
            });
            return true;
        }
    }
    if constexpr (std::is_same_v<T, float>) {
        // float dst, half sources
        if (api == "MulAddDstMixed") {
            WithMask(o, [&](auto setMask, auto mask) {
                MulAddDst<float, half, decltype(setMask)::value>(t(0), As<half>(ops, 1), As<half>(ops, 2), mask, repeat,
                                                                 Binary(o));
            });
            return true;
        }
        if (api == "AxpyMixed") {
            const half scalar(static_cast<float>(o.scalar));
            WithMask(o, [&](auto setMask, auto mask) {
                Axpy<float, half, decltype(setMask)::value>(t(0), As<half>(ops, 1), scalar, mask, repeat, Unary(o));
            });
            return true;
        }
    }
#undef SIMTEST_MASKED_BINARY
#undef SIMTEST_MASKED_UNARY
#undef SIMTEST_MASKED_SCALAR
    if constexpr (sim::vec::kDuplicateType<T>) {
        if (api == "Duplicate") {
            const auto& p = o.repeatParams;
            const uint16_t blk = p.size() == 2 ? static_cast<uint16_t>(p[0]) : 1;
            const uint8_t rep = p.size() == 2 ? static_cast<uint8_t>(p[1]) : 8;
            WithMask(o, [&](auto setMask, auto mask) {
                WithScalar<T>(o, [&](auto s) { Duplicate<T, decltype(setMask)::value>(t(0), s, mask, repeat, blk, rep); });
            });
            return true;
        }
    }
    return false;
}

bool RunCast(const std::vector<AnyTensor>& ops, const Options& o) {
    if (ops.size() != 2) throw BindingError("Cast takes dst and src");
    const auto mode = static_cast<RoundMode>(o.roundMode);
    const auto repeat = static_cast<uint8_t>(o.repeatTime);
    return std::visit(
        [&](const auto& dst, const auto& src) {
            using D = typename std::decay_t<decltype(dst)>::PrimType;
            using S = typename std::decay_t<decltype(src)>::PrimType;
            if constexpr (sim::vec::CastModes<D, S>() != 0) {
                WithMask(o, [&](auto setMask, auto mask) {
                    Cast<D, S, decltype(setMask)::value>(dst, src, mode, mask, repeat, Unary(o));
                });
                return true;
            } else {
                return false;
            }
        },
        ops[0], ops[1]);
}

}  // namespace

bool RunMasked(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    if (ops.empty()) throw BindingError("no operands");
    std::visit([&](const auto& dst) { PrepareRegister(dst, o); }, ops[0]);
    bool ran = false;
    if (api == "Cast") {
        ran = RunCast(ops, o);
    } else {
        ran = std::visit(
            [&](const auto& dst) {
                using T = typename std::decay_t<decltype(dst)>::PrimType;
                return RunSameType<T>(api, ops, o);
            },
            ops[0]);
    }
    if (o.counterMode) SetMaskNorm();
    return ran;
}

}  // namespace simtest::vector

SIMTEST_BINDINGS(vector_masked) {
    (void)m;
    simtest::RegisterKernel("masked_read_skips_dma_block", &masked_read_skips_dma_block);
    simtest::RegisterKernel("masked_read_missing_mte2_v_sync", &masked_read_missing_mte2_v_sync);
}
