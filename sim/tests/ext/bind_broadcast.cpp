// run_broadcast: Broadcast<T, dim, axis> (vector_broadcast.h) on numpy data, and
// broadcast_tmp_sizes: GetBroadCastMaxMinTmpSize (tiling/broadcast_tiling.h); the sync kernels of
// broadcast_sync.h.
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "broadcast_sync.h"
#include "kernel_operator.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace py = pybind11;

namespace {
using namespace AscendC;

struct BroadcastError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

template <class T, int32_t dim, int32_t axis>
void Call(const LocalTensor<uint8_t>& dst, const LocalTensor<uint8_t>& src, LocalTensor<uint8_t>* tmp,
          const std::vector<uint32_t>& dstShape, const std::vector<uint32_t>& srcShape) {
    uint32_t d[2] = {dstShape[0], dim == 2 ? dstShape[1] : 0};
    uint32_t s[2] = {srcShape[0], dim == 2 ? srcShape[1] : 0};
    const LocalTensor<T> out = dst.ReinterpretCast<T>();
    const LocalTensor<T> in = src.ReinterpretCast<T>();
    if (tmp != nullptr) Broadcast<T, dim, axis>(out, in, d, s, *tmp);
    else Broadcast<T, dim, axis>(out, in, d, s);
}

template <class T>
void CallFor(int dim, int axis, const LocalTensor<uint8_t>& dst, const LocalTensor<uint8_t>& src,
             LocalTensor<uint8_t>* tmp, const std::vector<uint32_t>& dstShape, const std::vector<uint32_t>& srcShape) {
    if (dim == 1) Call<T, 1, 0>(dst, src, tmp, dstShape, srcShape);
    else if (axis == 0) Call<T, 2, 0>(dst, src, tmp, dstShape, srcShape);
    else Call<T, 2, 1>(dst, src, tmp, dstShape, srcShape);
}

void Dispatch(const std::string& dtype, int dim, int axis, const LocalTensor<uint8_t>& dst,
              const LocalTensor<uint8_t>& src, LocalTensor<uint8_t>* tmp, const std::vector<uint32_t>& dstShape,
              const std::vector<uint32_t>& srcShape) {
    if (dtype == "int8") CallFor<int8_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "uint8") CallFor<uint8_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "float16") CallFor<half>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "float32") CallFor<float>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "bfloat16") CallFor<bfloat16_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "int16") CallFor<int16_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "uint16") CallFor<uint16_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "int32") CallFor<int32_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else if (dtype == "uint32") CallFor<uint32_t>(dim, axis, dst, src, tmp, dstShape, srcShape);
    else throw BroadcastError("unknown dtype " + dtype);
}

// buffers: (bytes, data, defined flags per byte or empty); operands: (buffer, byte offset) for
// dst, src and (unless no_temp) sharedTmpBuffer, each viewing its buffer from there to the end.
py::tuple RunBroadcast(const std::string& dtype, int dim, int axis, const std::vector<uint32_t>& dstShape,
                       const std::vector<uint32_t>& srcShape,
                       const std::vector<std::tuple<uint32_t, py::bytes, py::bytes>>& buffers,
                       const std::vector<std::pair<uint32_t, uint32_t>>& operands, bool noTemp) {
    std::vector<std::tuple<uint32_t, std::string, std::string>> specs;
    for (const auto& [bytes, data, flags] : buffers) specs.emplace_back(bytes, std::string(data), std::string(flags));
    if (operands.size() != (noTemp ? 2u : 3u)) throw py::value_error("run_broadcast: dst, src[, tmp] operands");
    if (dstShape.size() != static_cast<size_t>(dim) || srcShape.size() != static_cast<size_t>(dim)) {
        throw py::value_error("run_broadcast: shapes must have dim entries");
    }
    std::vector<std::string> contents(specs.size());
    std::string error;
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        sim::LaunchConfig config;
        config.kernelName = "run_broadcast(" + dtype + ")";
        config.blockDim = 1;
        result = sim::RunKernel(config, [&] {
            sim::CoreState& core = sim::Core();
            TPipe pipe;
            std::vector<TBuf<TPosition::VECCALC>> bufs(specs.size());
            for (size_t i = 0; i < specs.size(); ++i) {
                const auto& [bytes, data, flags] = specs[i];
                pipe.InitBuffer(bufs[i], bytes);
                const sim::UbRef ref = bufs[i].Get<uint8_t>().SimRef();
                core.MakeResident(ref.offset, ref.bytes);
                std::memcpy(core.ub.data() + ref.offset, data.data(), std::min<size_t>(data.size(), ref.bytes));
                for (size_t b = 0; b < data.size() && b < ref.bytes; ++b) {
                    core.defined[ref.offset + b] = flags.empty() || flags[b] != 0 ? 1 : 0;
                }
            }
            try {
                auto view = [&](size_t k) {
                    const auto [buffer, offset] = operands[k];
                    if (buffer >= bufs.size()) throw BroadcastError("operand refers to a missing buffer");
                    return bufs[buffer].Get<uint8_t>()[offset];
                };
                const LocalTensor<uint8_t> dst = view(0), src = view(1);
                LocalTensor<uint8_t> tmp;
                if (!noTemp) tmp = view(2);
                Dispatch(dtype, dim, axis, dst, src, noTemp ? nullptr : &tmp, dstShape, srcShape);
            } catch (const BroadcastError& e) {
                error = e.what();
                return;
            }
            for (size_t i = 0; i < specs.size(); ++i) {
                const sim::UbRef ref = bufs[i].Get<uint8_t>().SimRef();
                core.MakeResident(ref.offset, ref.bytes);
                contents[i].assign(reinterpret_cast<const char*>(core.ub.data() + ref.offset), ref.bytes);
            }
        });
    }
    if (!error.empty()) throw py::value_error("run_broadcast: " + error);
    py::list outs;
    for (const auto& c : contents) outs.append(result.ok ? py::object(py::bytes(c)) : py::object(py::none()));
    return py::make_tuple(outs, simtest::LaunchResultDict(result));
}

}  // namespace

SIMTEST_BINDINGS(broadcast) {
    simtest::RegisterKernel("broadcast_after_dma_synced", &broadcast_after_dma_synced);
    simtest::RegisterKernel("broadcast_missing_mte2_v_sync", &broadcast_missing_mte2_v_sync);
    m.def("run_broadcast", &RunBroadcast, py::arg("dtype"), py::arg("dim"), py::arg("axis"), py::arg("dst_shape"),
          py::arg("src_shape"), py::arg("buffers"), py::arg("operands"), py::arg("no_temp") = false,
          "Broadcast<T, dim, axis>(dst, src, dstShape, srcShape[, tmp]) on UB buffers; returns (contents, result).");
    m.def(
        "broadcast_tmp_sizes",
        [](const std::vector<int64_t>& src, const std::vector<int64_t>& dst, uint32_t typeSize) {
            uint32_t maxValue = 0xFFFFFFFFu, minValue = 0xFFFFFFFFu;
            AscendC::GetBroadCastMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance(), ge::Shape(src),
                                               ge::Shape(dst), typeSize, false, maxValue, minValue);
            return std::make_tuple(maxValue, minValue);
        },
        "GetBroadCastMaxMinTmpSize's (max, min); 0xFFFFFFFF where an error left an output unchanged.");
}
