// What bind_vector.cpp (run_vector) shares with the bindings of other vector API families
// (bind_vector_masked.cpp): the operand variant, the call options, and typed access.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "kernel_operator.h"

namespace simtest::vector {
using namespace AscendC;

using AnyTensor = std::variant<LocalTensor<float>, LocalTensor<half>, LocalTensor<bfloat16_t>, LocalTensor<int32_t>,
                               LocalTensor<int16_t>, LocalTensor<uint16_t>, LocalTensor<uint32_t>, LocalTensor<uint8_t>>;

// Everything an API call can need besides its tensors.
struct Options {
    double scalar = 0.0;
    std::string scalarType = "native";  // type of the scalar argument: native (= T), float, double, int, half
    int roundMode = 0;
    int32_t mask = 0;
    std::vector<uint64_t> bitMask;      // non-empty: the bit-mask overload
    int32_t repeatTime = 0, dstRepStride = 0, srcBlkStride = 0, srcRepStride = 0;
    bool noTemp = false;                // Tanh/Sigmoid: use the overload without sharedTmpBuffer
    // Mask/repeat forms (bind_vector_masked.cpp): `masked` picks them; maskLanes (continuous) or
    // bitMask (uint64_t mask[]); repeatParams in CANN's constructor order; isSetMask false reads
    // the register, which setMask/setLen/counterMode prepare before the call (countFormFirst: a
    // count-form call of count 0 in between, which resets the register as on CANN).
    bool masked = false;
    uint64_t maskLanes = 0;
    std::vector<int> repeatParams;
    bool isSetMask = true;
    std::vector<uint64_t> setMask;      // {high, low}: SetVectorMask<T>(high, low)
    int64_t setLen = -1;                // >= 0: SetVectorMask<T>(len) (counterMode: MaskMode::COUNTER)
    bool counterMode = false;           // SetMaskCount() before the call, SetMaskNorm() after
    bool countFormFirst = false;
    int order = 0;                      // WholeReduceMax/Min: ReduceOrder
    bool calIndex = false;              // ReduceMax/Min
    bool roundEn = false;               // ShiftRight's mask forms
    int cmpMode = 0;                    // Compare/Compares: CMPMODE value
    int selMode = 0;                    // Select: SELMODE value
};

// Raised for mistakes in the test itself (unknown API, wrong operand types), not for
// violations the sim reports.
struct BindingError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

template <class T>
const LocalTensor<T>& As(const std::vector<AnyTensor>& ops, size_t index) {
    if (index >= ops.size()) throw BindingError("missing operand " + std::to_string(index));
    const auto* t = std::get_if<LocalTensor<T>>(&ops[index]);
    if (t == nullptr) throw BindingError("operand " + std::to_string(index) + " must be " + sim::vec::TypeName<T>());
    return *t;
}

// Calls a scalar-form API with the scalar passed as the requested C++ type.
template <class T, class Call>
void WithScalar(const Options& o, Call call) {
    if (o.scalarType == "native") call(sim::vec::ScalarAs<T>(o.scalar));
    else if (o.scalarType == "float") call(static_cast<float>(o.scalar));
    else if (o.scalarType == "double") call(o.scalar);
    else if (o.scalarType == "int") call(static_cast<int>(o.scalar));
    else if (o.scalarType == "half") call(half(static_cast<float>(o.scalar)));
    else throw BindingError("unknown scalar type " + o.scalarType);
}

// The RepeatParams of a mask/repeat call (CANN's constructor order), and the mask argument.
inline BinaryRepeatParams Binary(const Options& o) {
    const auto& p = o.repeatParams;
    if (p.empty()) return BinaryRepeatParams{};
    if (p.size() != 6) throw BindingError("BinaryRepeatParams takes 6 values");
    return BinaryRepeatParams(p[0], p[1], p[2], p[3], p[4], p[5]);
}

inline UnaryRepeatParams Unary(const Options& o) {
    const auto& p = o.repeatParams;
    if (p.empty()) return UnaryRepeatParams{};
    if (p.size() != 4) throw BindingError("UnaryRepeatParams takes 4 values");
    return UnaryRepeatParams(p[0], p[1], p[2], p[3]);
}

// Calls call(mask) with the continuous or bit-array mask, for isSetMask true or false.
template <class Call>
void WithMask(const Options& o, Call call) {
    uint64_t bits[2] = {0, 0};
    for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
    auto run = [&](auto setMask) {
        if (o.bitMask.empty()) call(setMask, o.maskLanes);
        else call(setMask, static_cast<uint64_t*>(bits));
    };
    if (o.isSetMask) run(std::true_type{});
    else run(std::false_type{});
}

// API families bound in files of their own (bind_vector_cmpsel.cpp) register a runner, tried
// before run_vector's own APIs; it returns false for an API it does not know.
using Runner = bool (*)(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o);
inline std::vector<Runner>& Runners() {
    static std::vector<Runner> runners;
    return runners;
}
struct RunnerRegistrar {
    explicit RunnerRegistrar(Runner runner) { Runners().push_back(runner); }
};

// The mask/repeat forms; false when `api` is not one of them for this dst type.
bool RunMasked(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o);

}  // namespace simtest::vector
