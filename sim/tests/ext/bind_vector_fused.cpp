// _simtest.run_vector_fused: runs ONE of AddReluCast, SubReluCast, MulCast
// (vector_fused_cast.h) on numpy data in a one-core launch, with run_vector's protocol
// (bind_vector.cpp): buffers become TBuf<VECCALC>s in order, operands (dst, src0, src1) are
// views (dtype, element offset, optional length), every buffer is read back. Options: masked
// (the mask/repeat forms) with mask_lanes or bit_mask, repeat_time, repeat_params (Binary, in
// CANN's constructor order), is_set_mask.
#include <pybind11/stl.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "kernel_operator.h"
#include "ascendc_sim/core/launch.h"
#include "fused_cast_sync.h"
#include "registry.h"

namespace py = pybind11;
using namespace AscendC;

namespace {

using AnyTensor = std::variant<LocalTensor<float>, LocalTensor<half>, LocalTensor<int16_t>, LocalTensor<int8_t>,
                               LocalTensor<uint8_t>>;

struct FusedError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct FusedOptions {
    bool masked = false;
    uint64_t maskLanes = 0;
    std::vector<uint64_t> bitMask;
    int repeatTime = 0;
    std::vector<int> repeatParams;
    bool isSetMask = true;
};

template <class T>
AnyTensor MakeView(TBuf<TPosition::VECCALC>& buf, uint32_t offset, int64_t length) {
    LocalTensor<T> whole = length < 0 ? buf.Get<T>() : buf.Get<T>(static_cast<uint32_t>(length));
    return whole[offset];
}

AnyTensor View(TBuf<TPosition::VECCALC>& buf, const std::string& dtype, uint32_t offset, int64_t length) {
    if (dtype == "float32") return MakeView<float>(buf, offset, length);
    if (dtype == "float16") return MakeView<half>(buf, offset, length);
    if (dtype == "int16") return MakeView<int16_t>(buf, offset, length);
    if (dtype == "int8") return MakeView<int8_t>(buf, offset, length);
    if (dtype == "uint8") return MakeView<uint8_t>(buf, offset, length);
    throw FusedError("unknown dtype " + dtype);
}

template <class T, class U, class Call>
void Forms(const FusedOptions& o, Call call) {
    BinaryRepeatParams p;
    if (!o.repeatParams.empty()) {
        if (o.repeatParams.size() != 6) throw FusedError("repeat_params takes 6 values");
        const auto& r = o.repeatParams;
        p = BinaryRepeatParams(r[0], r[1], r[2], r[3], r[4], r[5]);
    }
    uint64_t bits[2] = {0, 0};
    for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
    auto run = [&](auto setMask) {
        if (o.bitMask.empty()) call(setMask, o.maskLanes, p);
        else call(setMask, static_cast<uint64_t*>(bits), p);
    };
    if (o.isSetMask) run(std::true_type{});
    else run(std::false_type{});
}

void Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const FusedOptions& o) {
    if (ops.size() != 3) throw FusedError(api + " takes dst, src0, src1");
    std::visit(
        [&](const auto& dst, const auto& src0, const auto& src1) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            using U = typename std::decay_t<decltype(src0)>::PrimType;
            using V = typename std::decay_t<decltype(src1)>::PrimType;
            if constexpr (!std::is_same_v<U, V>) {
                throw FusedError(api + ": src0 and src1 differ in dtype");
            } else {
                const uint32_t n = static_cast<uint32_t>(count);
                auto go = [&](auto fn, auto masked) {
                    if (!o.masked) fn(n);
                    else Forms<T, U>(o, masked);
                };
                if constexpr (sim::vec::kReluCastPair<T, U>) {
                    if (api == "AddReluCast") {
                        return go([&](uint32_t c) { AddReluCast(dst, src0, src1, c); },
                                  [&](auto setMask, auto mask, const BinaryRepeatParams& p) {
                                      AddReluCast<T, U, decltype(setMask)::value>(dst, src0, src1, mask,
                                                                                 uint8_t(o.repeatTime), p);
                                  });
                    }
                    if (api == "SubReluCast") {
                        return go([&](uint32_t c) { SubReluCast(dst, src0, src1, c); },
                                  [&](auto setMask, auto mask, const BinaryRepeatParams& p) {
                                      SubReluCast<T, U, decltype(setMask)::value>(dst, src0, src1, mask,
                                                                                 uint8_t(o.repeatTime), p);
                                  });
                    }
                }
                if constexpr (sim::vec::kMulCastPair<T, U>) {
                    if (api == "MulCast") {
                        return go([&](uint32_t c) { MulCast(dst, src0, src1, c); },
                                  [&](auto setMask, auto mask, const BinaryRepeatParams& p) {
                                      MulCast<T, U, decltype(setMask)::value>(dst, src0, src1, mask,
                                                                             uint8_t(o.repeatTime), p);
                                  });
                    }
                }
                throw FusedError(api + ": no A2/A3 form for these dtypes");
            }
        },
        ops[0], ops[1], ops[2]);
}

}  // namespace

SIMTEST_BINDINGS(vector_fused) {
    simtest::RegisterKernel("mul_cast_synced", &mul_cast_synced);
    simtest::RegisterKernel("mul_cast_missing_mte2_v_sync", &mul_cast_missing_mte2_v_sync);
    m.def(
        "run_vector_fused",
        [](const std::string& api, const std::vector<std::tuple<uint32_t, py::bytes, py::bytes>>& bufferArgs,
           const std::vector<std::tuple<size_t, uint32_t, std::string, int64_t>>& operandArgs, int64_t count,
           const py::dict& options) {
            std::vector<std::pair<uint32_t, std::string>> buffers;
            std::vector<std::string> flags;
            for (const auto& [bytes, data, defined] : bufferArgs) {
                buffers.emplace_back(bytes, std::string(data));
                flags.emplace_back(std::string(defined));
            }
            FusedOptions o;
            if (options.contains("masked")) o.masked = options["masked"].cast<bool>();
            if (options.contains("mask_lanes")) o.maskLanes = options["mask_lanes"].cast<uint64_t>();
            if (options.contains("bit_mask")) o.bitMask = options["bit_mask"].cast<std::vector<uint64_t>>();
            if (options.contains("repeat_time")) o.repeatTime = options["repeat_time"].cast<int>();
            if (options.contains("repeat_params")) o.repeatParams = options["repeat_params"].cast<std::vector<int>>();
            if (options.contains("is_set_mask")) o.isSetMask = options["is_set_mask"].cast<bool>();
            std::vector<std::string> contents(buffers.size()), definedOut(buffers.size());
            std::string error;
            sim::LaunchResult result;
            {
                py::gil_scoped_release release;
                sim::LaunchConfig config;
                config.kernelName = "run_vector_fused(" + api + ")";
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
                    try {
                        std::vector<AnyTensor> views;
                        for (const auto& [buffer, offset, dtype, length] : operandArgs) {
                            if (buffer >= bufs.size()) throw FusedError("operand refers to a missing buffer");
                            views.push_back(View(bufs[buffer], dtype, offset, length));
                        }
                        Run(api, views, count, o);
                    } catch (const FusedError& e) {
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
            if (!error.empty()) throw py::value_error("run_vector_fused(" + api + "): " + error);
            py::list outs, defs;
            for (size_t i = 0; i < buffers.size(); ++i) {
                outs.append(result.ok ? py::object(py::bytes(contents[i])) : py::object(py::none()));
                defs.append(result.ok ? py::object(py::bytes(definedOut[i])) : py::object(py::none()));
            }
            return py::make_tuple(outs, defs, simtest::LaunchResultDict(result));
        },
        py::arg("api"), py::arg("buffers"), py::arg("operands"), py::arg("count"), py::arg("options") = py::dict(),
        "run_vector's protocol for AddReluCast, SubReluCast and MulCast (bind_vector_fused.cpp).");
}
