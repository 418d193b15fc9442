// _simtest.run_vector: runs ONE vector API of the sim on numpy data in a one-core launch.
//
// Each buffer becomes a TBuf<VECCALC> of the pipe (in order, so UB offsets are predictable);
// its bytes are written straight into UB (a test back door: no DMA) and marked defined per
// byte as the caller says. Operands are views of those buffers (dtype, element offset,
// optional length as in TBuf::Get<T>(len)). After the call every buffer is read back.
#include <pybind11/stl.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/core/launch.h"
#include "registry.h"
#include "vector_binding.h"

namespace py = pybind11;
using namespace AscendC;

namespace simtest {
py::dict LaunchResultDict(const sim::LaunchResult& r);
}

namespace {
using namespace simtest::vector;

struct BufferSpec {
    uint32_t bytes;
    std::string data;     // initial content (may be shorter than bytes: the rest stays poisoned)
    std::string defined;  // one flag per byte of data; empty = all of data defined
};

struct OperandSpec {
    size_t buffer;
    uint32_t offset;      // elements
    std::string dtype;
    int64_t length;       // elements for TBuf::Get<T>(len); < 0 = the whole buffer
};

template <class T>
AnyTensor MakeView(TBuf<TPosition::VECCALC>& buf, uint32_t offset, int64_t length) {
    LocalTensor<T> whole = length < 0 ? buf.Get<T>() : buf.Get<T>(static_cast<uint32_t>(length));
    return whole[offset];
}

AnyTensor View(TBuf<TPosition::VECCALC>& buf, const OperandSpec& op) {
    if (op.dtype == "float32") return MakeView<float>(buf, op.offset, op.length);
    if (op.dtype == "float16") return MakeView<half>(buf, op.offset, op.length);
    if (op.dtype == "bfloat16") return MakeView<bfloat16_t>(buf, op.offset, op.length);
    if (op.dtype == "int32") return MakeView<int32_t>(buf, op.offset, op.length);
    if (op.dtype == "int16") return MakeView<int16_t>(buf, op.offset, op.length);
    if (op.dtype == "uint16") return MakeView<uint16_t>(buf, op.offset, op.length);
    if (op.dtype == "uint32") return MakeView<uint32_t>(buf, op.offset, op.length);
    if (op.dtype == "uint8") return MakeView<uint8_t>(buf, op.offset, op.length);
    throw BindingError("unknown dtype " + op.dtype);
}

template <class T>
bool RunSameType(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    auto t = [&](size_t i) -> const LocalTensor<T>& { return As<T>(ops, i); };
    const int32_t n = static_cast<int32_t>(count);
    if constexpr (sim::vec::kArithmeticType<T>) {
        if (api == "Add") return Add(t(0), t(1), t(2), n), true;
        if (api == "Sub") return Sub(t(0), t(1), t(2), n), true;
        if (api == "Mul") return Mul(t(0), t(1), t(2), n), true;
        if (api == "Max") return Max(t(0), t(1), t(2), n), true;
        if (api == "Min") return Min(t(0), t(1), t(2), n), true;
        if (api == "Adds") return WithScalar<T>(o, [&](auto s) { Adds(t(0), t(1), s, n); }), true;
        if (api == "Muls") return WithScalar<T>(o, [&](auto s) { Muls(t(0), t(1), s, n); }), true;
        if (api == "Maxs") return WithScalar<T>(o, [&](auto s) { Maxs(t(0), t(1), s, n); }), true;
        if (api == "Mins") return WithScalar<T>(o, [&](auto s) { Mins(t(0), t(1), s, n); }), true;
    }
    if constexpr (sim::vec::kFloatType<T>) {
        if (api == "Div") return Div(t(0), t(1), t(2), n), true;
        if (api == "Exp") return Exp(t(0), t(1), n), true;
        if (api == "Ln") return Ln(t(0), t(1), n), true;
        if (api == "Abs") return Abs(t(0), t(1), n), true;
        if (api == "Sqrt") return Sqrt(t(0), t(1), n), true;
        if (api == "Reciprocal") return Reciprocal(t(0), t(1), n), true;
        const auto calCount = static_cast<uint32_t>(count);
        if (api == "Tanh") {
            if (o.noTemp) Tanh(t(0), t(1), calCount);
            else Tanh(t(0), t(1), As<uint8_t>(ops, 2), calCount);
            return true;
        }
        if (api == "Sigmoid") {
            if (o.noTemp) Sigmoid(t(0), t(1), calCount);
            else Sigmoid(t(0), t(1), As<uint8_t>(ops, 2), calCount);
            return true;
        }
        if (api == "ReduceSum") return ReduceSum(t(0), t(1), t(2), n), true;
        if (api == "ReduceMax") return ReduceMax(t(0), t(1), t(2), n, o.calIndex), true;
        if (api == "ReduceMin") return ReduceMin(t(0), t(1), t(2), n, o.calIndex), true;
        if (api == "WholeReduceMax" || api == "WholeReduceMin" || api == "BlockReduceMax" || api == "BlockReduceMin") {
            uint64_t bits[2] = {0, 0};
            for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
            const auto order = static_cast<ReduceOrder>(o.order);
            auto call = [&](auto mask) {
                if (api == "WholeReduceMax") {
                    WholeReduceMax<T>(t(0), t(1), mask, o.repeatTime, o.dstRepStride, o.srcBlkStride, o.srcRepStride, order);
                } else if (api == "WholeReduceMin") {
                    WholeReduceMin<T>(t(0), t(1), mask, o.repeatTime, o.dstRepStride, o.srcBlkStride, o.srcRepStride, order);
                } else if (api == "BlockReduceMax") {
                    BlockReduceMax<T>(t(0), t(1), o.repeatTime, mask, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
                } else {
                    BlockReduceMin<T>(t(0), t(1), o.repeatTime, mask, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
                }
            };
            if (o.bitMask.empty()) call(o.mask);
            else call(static_cast<const uint64_t*>(bits));
            return true;
        }
        if (api == "WholeReduceSum" || api == "BlockReduceSum") {
            uint64_t bits[2] = {0, 0};
            for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
            const bool whole = api == "WholeReduceSum";
            if (o.bitMask.empty() && whole) {
                WholeReduceSum<T>(t(0), t(1), o.mask, o.repeatTime, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
            } else if (whole) {
                WholeReduceSum<T>(t(0), t(1), bits, o.repeatTime, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
            } else if (o.bitMask.empty()) {
                BlockReduceSum<T>(t(0), t(1), o.repeatTime, o.mask, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
            } else {
                BlockReduceSum<T>(t(0), t(1), o.repeatTime, bits, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
            }
            return true;
        }
    }
    if constexpr (sim::vec::kReluType<T>) {
        if (api == "Relu") return Relu(t(0), t(1), n), true;
    }
    if constexpr (sim::vec::kDuplicateType<T>) {
        if (api == "Duplicate") return WithScalar<T>(o, [&](auto s) { Duplicate(t(0), s, n); }), true;
    }
    return false;
}

void RunCast(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (ops.size() != 2) throw BindingError("Cast takes dst and src");
    const auto mode = static_cast<RoundMode>(o.roundMode);
    const auto n = static_cast<uint32_t>(count);
    std::visit(
        [&](const auto& dst, const auto& src) {
            using D = typename std::decay_t<decltype(dst)>::PrimType;
            using S = typename std::decay_t<decltype(src)>::PrimType;
            if constexpr (sim::vec::CastModes<D, S>() != 0) {
                Cast(dst, src, mode, n);
            } else {
                throw BindingError(std::string("no Cast from ") + sim::vec::TypeName<S>() + " to " + sim::vec::TypeName<D>());
            }
        },
        ops[0], ops[1]);
}

void Dispatch(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    for (Runner run : Runners()) {
        if (run(api, ops, count, o)) return;
    }
    if (o.masked) {
        if (!RunMasked(api, ops, o)) throw BindingError(api + " has no mask/repeat form for these operand dtypes");
        return;
    }
    if (api == "Cast") return RunCast(ops, count, o);
    if (ops.empty()) throw BindingError("no operands");
    const bool ran = std::visit(
        [&](const auto& dst) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            return RunSameType<T>(api, ops, count, o);
        },
        ops[0]);
    if (!ran) throw BindingError(api + " is not available for this dst dtype");
}

template <class T>
T Get(const py::dict& d, const char* key, T fallback) {
    return d.contains(key) ? d[key].cast<T>() : fallback;
}

}  // namespace

SIMTEST_BINDINGS(vector) {
    m.def(
        "run_vector",
        [](const std::string& api, const std::vector<std::tuple<uint32_t, py::bytes, py::bytes>>& bufferArgs,
           const std::vector<std::tuple<size_t, uint32_t, std::string, int64_t>>& operandArgs, int64_t count,
           const py::dict& options) {
            std::vector<BufferSpec> buffers;
            for (const auto& [bytes, data, defined] : bufferArgs) buffers.push_back({bytes, data, defined});
            std::vector<OperandSpec> operands;
            for (const auto& [buffer, offset, dtype, length] : operandArgs) {
                if (buffer >= buffers.size()) throw py::value_error("operand refers to buffer " + std::to_string(buffer));
                operands.push_back({buffer, offset, dtype, length});
            }
            Options o;
            o.scalar = Get<double>(options, "scalar", 0.0);
            o.scalarType = Get<std::string>(options, "scalar_type", "native");
            o.roundMode = Get<int>(options, "round_mode", 0);
            o.mask = Get<int32_t>(options, "mask", 0);
            o.bitMask = Get<std::vector<uint64_t>>(options, "bit_mask", {});
            o.repeatTime = Get<int32_t>(options, "repeat_time", 0);
            o.dstRepStride = Get<int32_t>(options, "dst_rep_stride", 0);
            o.srcBlkStride = Get<int32_t>(options, "src_blk_stride", 0);
            o.srcRepStride = Get<int32_t>(options, "src_rep_stride", 0);
            o.noTemp = Get<bool>(options, "no_temp", false);
            o.masked = Get<bool>(options, "masked", false);
            o.maskLanes = Get<uint64_t>(options, "mask_lanes", 0);
            o.repeatParams = Get<std::vector<int>>(options, "repeat_params", {});
            o.isSetMask = Get<bool>(options, "is_set_mask", true);
            o.setMask = Get<std::vector<uint64_t>>(options, "set_mask", {});
            o.setLen = Get<int64_t>(options, "set_len", -1);
            o.counterMode = Get<bool>(options, "counter_mode", false);
            o.countFormFirst = Get<bool>(options, "count_form_first", false);
            o.order = Get<int>(options, "order", 0);
            o.calIndex = Get<bool>(options, "cal_index", false);
            o.roundEn = Get<bool>(options, "round_en", false);
            o.cmpMode = Get<int>(options, "cmp_mode", 0);
            o.selMode = Get<int>(options, "sel_mode", 0);

            std::vector<std::string> contents(buffers.size()), definedOut(buffers.size());
            std::string bindingError;
            sim::LaunchResult result;
            {
                py::gil_scoped_release release;
                sim::LaunchConfig config;
                config.kernelName = "run_vector(" + api + ")";
                config.blockDim = 1;
                result = sim::RunKernel(config, [&] {
                    sim::CoreState& core = sim::Core();
                    TPipe pipe;
                    std::vector<TBuf<TPosition::VECCALC>> bufs(buffers.size());
                    for (size_t i = 0; i < buffers.size(); ++i) {
                        pipe.InitBuffer(bufs[i], buffers[i].bytes);
                        const sim::UbRef ref = bufs[i].Get<uint8_t>().SimRef();
                        const std::string& data = buffers[i].data;
                        core.MakeResident(ref.offset, ref.bytes);
                        std::memcpy(core.ub.data() + ref.offset, data.data(), std::min<size_t>(data.size(), ref.bytes));
                        for (size_t b = 0; b < data.size() && b < ref.bytes; ++b) {
                            const bool isDefined = buffers[i].defined.empty() || buffers[i].defined[b] != 0;
                            core.defined[ref.offset + b] = isDefined ? 1 : 0;
                        }
                    }
                    std::vector<AnyTensor> views;
                    for (const auto& op : operands) views.push_back(View(bufs[op.buffer], op));
                    try {
                        Dispatch(api, views, count, o);
                    } catch (const BindingError& e) {
                        bindingError = e.what();
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
            if (!bindingError.empty()) throw py::value_error("run_vector(" + api + "): " + bindingError);
            py::list outs, defs;
            for (size_t i = 0; i < buffers.size(); ++i) {
                outs.append(result.ok ? py::object(py::bytes(contents[i])) : py::object(py::none()));
                defs.append(result.ok ? py::object(py::bytes(definedOut[i])) : py::object(py::none()));
            }
            return py::make_tuple(outs, defs, simtest::LaunchResultDict(result));
        },
        py::arg("api"), py::arg("buffers"), py::arg("operands"), py::arg("count"), py::arg("options") = py::dict(),
        "Runs one vector API in a one-core launch. buffers: [(bytes, data, defined_flags)], operands: "
        "[(buffer, element_offset, dtype, length or -1)]. Returns (contents, defined_flags, launch result dict).");
}
