// What run_vector_misc (bind_vector_misc.cpp) shares with the files that add further APIs to
// it (bind_vector_adv.cpp): the operand variant, the options, typed access, and the list of
// extra runners it tries after its own APIs.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "kernel_operator.h"

namespace simtest::misc {
using namespace AscendC;

using AnyTensor = std::variant<LocalTensor<float>, LocalTensor<half>, LocalTensor<int32_t>, LocalTensor<int16_t>,
                               LocalTensor<uint16_t>, LocalTensor<uint32_t>, LocalTensor<uint8_t>>;

struct MiscError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

template <class T>
const LocalTensor<T>& As(const std::vector<AnyTensor>& ops, size_t index) {
    if (index >= ops.size()) throw MiscError("missing operand " + std::to_string(index));
    const auto* t = std::get_if<LocalTensor<T>>(&ops[index]);
    if (t == nullptr) throw MiscError("operand " + std::to_string(index) + " must be " + sim::vec::TypeName<T>());
    return *t;
}

struct Options {
    double scalar = 0.0;
    bool noTemp = false;           // the overload without sharedTmpBuffer
    bool highPrecision = false;    // Gelu family template flags
    bool highPerformance = false;
    bool reuseSource = false;      // isReuseSource (Sin, Cos)
    std::vector<int64_t> ints;     // API-specific integers (SoftMax: shape, tiling, flags)
};

// An extra runner: true when it ran `api` (operands as run_vector_misc got them).
using Runner = bool (*)(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o);
inline std::vector<Runner>& ExtraRunners() {
    static std::vector<Runner> runners;
    return runners;
}

}  // namespace simtest::misc
