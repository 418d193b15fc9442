// _simtest.run_vector_misc: runs ONE of the bitwise, compound or high-level vector APIs
// (vector_bitwise.h, vector_compound.h, vector_highlevel.h) on numpy data in a one-core
// launch. The protocol is run_vector's (bind_vector.cpp): buffers become TBuf<VECCALC>s in
// order, operands are views (dtype, element offset, optional length), every buffer is read
// back after the call; options: scalar, no_temp, high_precision, high_performance,
// reuse_source. Further APIs join through misc_binding.h's ExtraRunners (bind_vector_adv.cpp).
#include <pybind11/stl.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/core/launch.h"
#include "misc_binding.h"
#include "registry.h"

namespace py = pybind11;
using namespace AscendC;

namespace {

using namespace simtest::misc;

template <class T>
AnyTensor MakeView(TBuf<TPosition::VECCALC>& buf, uint32_t offset, int64_t length) {
    LocalTensor<T> whole = length < 0 ? buf.Get<T>() : buf.Get<T>(static_cast<uint32_t>(length));
    return whole[offset];
}

AnyTensor View(TBuf<TPosition::VECCALC>& buf, const std::string& dtype, uint32_t offset, int64_t length) {
    if (dtype == "float32") return MakeView<float>(buf, offset, length);
    if (dtype == "float16") return MakeView<half>(buf, offset, length);
    if (dtype == "int32") return MakeView<int32_t>(buf, offset, length);
    if (dtype == "int16") return MakeView<int16_t>(buf, offset, length);
    if (dtype == "uint16") return MakeView<uint16_t>(buf, offset, length);
    if (dtype == "uint32") return MakeView<uint32_t>(buf, offset, length);
    if (dtype == "uint8") return MakeView<uint8_t>(buf, offset, length);
    throw MiscError("unknown dtype " + dtype);
}

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    auto t = [&](size_t i) -> const LocalTensor<T>& { return As<T>(ops, i); };
    const auto n = static_cast<int32_t>(count);
    if constexpr (sim::vec::kAndOrType<T>) {
        if (api == "And") return And(t(0), t(1), t(2), n), true;
        if (api == "Or") return Or(t(0), t(1), t(2), n), true;
    }
    if constexpr (sim::vec::kBitwise16Type<T>) {
        if (api == "Not") return Not(t(0), t(1), n), true;
    }
    if constexpr (sim::vec::kShiftType<T>) {
        if (api == "ShiftLeft") return ShiftLeft(t(0), t(1), static_cast<T>(o.scalar), n), true;
        if (api == "ShiftRight") return ShiftRight(t(0), t(1), static_cast<T>(o.scalar), n), true;
    }
    if constexpr (sim::vec::kAddReluType<T>) {
        if (api == "AddRelu") return AddRelu(t(0), t(1), t(2), n), true;
        if (api == "SubRelu") return SubRelu(t(0), t(1), t(2), n), true;
    }
    if constexpr (sim::vec::kFloatType<T>) {
        const T scalar = sim::vec::ScalarAs<T>(o.scalar);
        if (api == "FusedMulAdd") return FusedMulAdd(t(0), t(1), t(2), n), true;
        if (api == "LeakyRelu") return LeakyRelu(t(0), t(1), scalar, n), true;
        if (api == "Rsqrt") return Rsqrt(t(0), t(1), n), true;
        if (api == "Axpy") return Axpy(t(0), t(1), scalar, n), true;
        if (api == "MulAddDst") return MulAddDst(t(0), t(1), t(2), n), true;
    }
    if constexpr (std::is_same_v<T, float>) {
        // float dst, half sources
        if (api == "AxpyMixed") return Axpy(t(0), As<half>(ops, 1), half(static_cast<float>(o.scalar)), n), true;
        if (api == "MulAddDstMixed") return MulAddDst(t(0), As<half>(ops, 1), As<half>(ops, 2), n), true;
    }
#if __has_include("ascendc_sim/kernel/vector_highlevel.h")
    if constexpr (sim::vec::kActivationType<T>) {
        const auto size = static_cast<uint32_t>(count);
        if (api == "Silu") return Silu(t(0), t(1), size), true;
        if (api == "Swish") return Swish(t(0), t(1), size, sim::vec::ScalarAs<T>(o.scalar)), true;
    }
#endif
    return false;
}

}  // namespace

SIMTEST_BINDINGS(vector_misc) {
    m.def(
        "run_vector_misc",
        [](const std::string& api, const std::vector<std::tuple<uint32_t, py::bytes, py::bytes>>& bufferArgs,
           const std::vector<std::tuple<size_t, uint32_t, std::string, int64_t>>& operandArgs, int64_t count,
           const py::dict& options) {
            std::vector<std::pair<uint32_t, std::string>> buffers;
            std::vector<std::string> flags;
            for (const auto& [bytes, data, defined] : bufferArgs) {
                buffers.emplace_back(bytes, std::string(data));
                flags.emplace_back(std::string(defined));
            }
            Options o;
            if (options.contains("scalar")) o.scalar = options["scalar"].cast<double>();
            if (options.contains("no_temp")) o.noTemp = options["no_temp"].cast<bool>();
            if (options.contains("high_precision")) o.highPrecision = options["high_precision"].cast<bool>();
            if (options.contains("high_performance")) o.highPerformance = options["high_performance"].cast<bool>();
            if (options.contains("reuse_source")) o.reuseSource = options["reuse_source"].cast<bool>();
            if (options.contains("ints")) o.ints = options["ints"].cast<std::vector<int64_t>>();
            std::vector<std::string> contents(buffers.size()), definedOut(buffers.size());
            std::string error;
            sim::LaunchResult result;
            {
                py::gil_scoped_release release;
                sim::LaunchConfig config;
                config.kernelName = "run_vector_misc(" + api + ")";
                config.blockDim = 1;
                result = sim::RunKernel(config, [&] {
                    sim::CoreState& core = sim::Core();
                    TPipe pipe;
                    std::vector<TBuf<TPosition::VECCALC>> bufs(buffers.size());
                    for (size_t i = 0; i < buffers.size(); ++i) {
                        pipe.InitBuffer(bufs[i], buffers[i].first);
                        const sim::UbRef ref = bufs[i].Get<uint8_t>().SimRef();
                        const std::string& data = buffers[i].second;
                        core.MakeResident(ref.offset, ref.bytes);
                        std::memcpy(core.ub.data() + ref.offset, data.data(), std::min<size_t>(data.size(), ref.bytes));
                        for (size_t b = 0; b < data.size() && b < ref.bytes; ++b) {
                            core.defined[ref.offset + b] = flags[i].empty() || flags[i][b] != 0 ? 1 : 0;
                        }
                    }
                    std::vector<AnyTensor> views;
                    try {
                        for (const auto& [buffer, offset, dtype, length] : operandArgs) {
                            if (buffer >= bufs.size()) throw MiscError("operand refers to a missing buffer");
                            views.push_back(View(bufs[buffer], dtype, offset, length));
                        }
                        if (views.empty()) throw MiscError("no operands");
                        const bool ran = std::visit(
                            [&](const auto& dst) {
                                using T = typename std::decay_t<decltype(dst)>::PrimType;
                                return RunFor<T>(api, views, count, o);
                            },
                            views[0]);
                        bool extra = false;
                        for (Runner runner : ExtraRunners()) {
                            if (!ran && !extra) extra = runner(api, views, count, o);
                        }
                        if (!ran && !extra) throw MiscError(api + " is not available for this dst dtype");
                    } catch (const MiscError& e) {
                        error = e.what();
                        return;
                    }
                    for (size_t i = 0; i < buffers.size(); ++i) {
                        const sim::UbRef ref = bufs[i].Get<uint8_t>().SimRef();
                        core.MakeResident(ref.offset, ref.bytes);
                        contents[i].assign(reinterpret_cast<const char*>(core.ub.data() + ref.offset), ref.bytes);
                        definedOut[i].assign(reinterpret_cast<const char*>(core.defined.data() + ref.offset), ref.bytes);
                    }
                });
            }
            if (!error.empty()) throw py::value_error("run_vector_misc(" + api + "): " + error);
            py::list outs, defs;
            for (size_t i = 0; i < buffers.size(); ++i) {
                outs.append(result.ok ? py::object(py::bytes(contents[i])) : py::object(py::none()));
                defs.append(result.ok ? py::object(py::bytes(definedOut[i])) : py::object(py::none()));
            }
            return py::make_tuple(outs, defs, simtest::LaunchResultDict(result));
        },
        py::arg("api"), py::arg("buffers"), py::arg("operands"), py::arg("count"), py::arg("options") = py::dict(),
        "run_vector's protocol for the bitwise, compound and high-level APIs (bind_vector_misc.cpp).");
}
