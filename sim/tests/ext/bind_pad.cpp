// run_transform: Pad / UnPad (vector_pad.h) and Transpose with a ConfusionTransposeTiling
// (vector_confusion_transpose.h) on numpy data, their tilings made by the host functions
// (tiling/pad_tiling.h, tiling/confusion_transpose_tiling.h); transform_tmp_sizes: the hosts'
// (max, min).
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "kernel_operator.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace py = pybind11;

namespace {
using namespace AscendC;

struct TransformError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Request {
    std::string kind;                 // "pad", "unpad", "transpose_nd", "transpose_nz"
    std::vector<int64_t> shape;       // Pad/UnPad [h, w]; Transpose [B, A1, A2, A3]
    std::vector<int64_t> oriShape;    // Pad only
    uint32_t left = 0, right = 0;
    int32_t padValue = 0;
    uint32_t stackBufferSize = 0;     // for the tiling function
    std::vector<uint32_t> tilingOverride;  // (index, value) pairs applied after the host function
};

template <class Tiling>
void Override(Tiling* t, const std::vector<uint32_t>& pairs) {
    auto* words = reinterpret_cast<uint32_t*>(t);
    for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
        if (pairs[i] >= sizeof(Tiling) / 4) throw TransformError("tiling override index out of range");
        words[pairs[i]] = pairs[i + 1];
    }
}

template <class T>
std::vector<uint32_t> Call(const Request& r, const LocalTensor<uint8_t>& dstBytes, const LocalTensor<uint8_t>& srcBytes,
                           LocalTensor<uint8_t>* tmp) {
    const LocalTensor<T> dst = dstBytes.ReinterpretCast<T>();
    const LocalTensor<T> src = srcBytes.ReinterpretCast<T>();
    std::vector<uint32_t> words;
    auto save = [&](const auto& t) {
        words.resize(sizeof(t) / 4);
        std::memcpy(words.data(), &t, sizeof(t));
    };
    if (r.kind == "pad") {
        AscendC::tiling::PadTiling t;
        PadTilingFunc(ge::Shape(r.shape), ge::Shape(r.oriShape), r.stackBufferSize, sizeof(T), t);
        Override(&t, r.tilingOverride);
        save(t);
        PadParams params(static_cast<uint16_t>(r.left), static_cast<uint16_t>(r.right), r.padValue);
        if (tmp != nullptr) Pad(dst, src, params, *tmp, t);
        else Pad(dst, src, params, t);
    } else if (r.kind == "unpad") {
        AscendC::tiling::UnPadTiling t;
        UnPadTilingFunc(ge::Shape(r.shape), r.stackBufferSize, sizeof(T), t);
        Override(&t, r.tilingOverride);
        save(t);
        UnPadParams params(static_cast<uint16_t>(r.left), static_cast<uint16_t>(r.right));
        if (tmp != nullptr) UnPad(dst, src, params, *tmp, t);
        else UnPad(dst, src, params, t);
    } else if (r.kind == "transpose_nd" || r.kind == "transpose_nz") {
        const uint32_t type = r.kind == "transpose_nd" ? 1 : 2;
        AscendC::tiling::ConfusionTransposeTiling t;
        GetTransposeTilingInfo(ge::Shape(r.shape), r.stackBufferSize, sizeof(T), type, t);
        Override(&t, r.tilingOverride);
        save(t);
        if (tmp != nullptr) Transpose(dst, src, *tmp, static_cast<TransposeType>(type), t);
        else Transpose(dst, src, static_cast<TransposeType>(type), t);
    } else {
        throw TransformError("unknown kind " + r.kind);
    }
    return words;
}

std::vector<uint32_t> Dispatch(const std::string& dtype, const Request& r, const LocalTensor<uint8_t>& dst,
                               const LocalTensor<uint8_t>& src, LocalTensor<uint8_t>* tmp) {
    if (dtype == "float16") return Call<half>(r, dst, src, tmp);
    if (dtype == "float32") return Call<float>(r, dst, src, tmp);
    if (dtype == "int16") return Call<int16_t>(r, dst, src, tmp);
    if (dtype == "uint16") return Call<uint16_t>(r, dst, src, tmp);
    if (dtype == "int32") return Call<int32_t>(r, dst, src, tmp);
    if (dtype == "uint32") return Call<uint32_t>(r, dst, src, tmp);
    throw TransformError("unknown dtype " + dtype);
}

// buffers: (bytes, data); operands: (buffer, byte offset) for dst, src and (unless no_temp)
// sharedTmpBuffer, each viewing its buffer from there to the end.
py::tuple RunTransform(const std::string& dtype, const std::string& kind, const std::vector<int64_t>& shape,
                       const std::vector<int64_t>& oriShape, uint32_t left, uint32_t right, int32_t padValue,
                       uint32_t stackBufferSize, const std::vector<uint32_t>& tilingOverride,
                       const std::vector<std::tuple<uint32_t, py::bytes>>& buffers,
                       const std::vector<std::pair<uint32_t, uint32_t>>& operands, bool noTemp) {
    Request request{kind, shape, oriShape, left, right, padValue, stackBufferSize, tilingOverride};
    std::vector<std::tuple<uint32_t, std::string>> specs;
    for (const auto& [bytes, data] : buffers) specs.emplace_back(bytes, std::string(data));
    if (operands.size() != (noTemp ? 2u : 3u)) throw py::value_error("run_transform: dst, src[, tmp] operands");
    std::vector<std::string> contents(specs.size());
    std::vector<uint32_t> tilingWords;
    std::string error;
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        sim::LaunchConfig config;
        config.kernelName = "run_transform(" + kind + ", " + dtype + ")";
        config.blockDim = 1;
        result = sim::RunKernel(config, [&] {
            sim::CoreState& core = sim::Core();
            TPipe pipe;
            std::vector<TBuf<TPosition::VECCALC>> bufs(specs.size());
            for (size_t i = 0; i < specs.size(); ++i) {
                const auto& [bytes, data] = specs[i];
                pipe.InitBuffer(bufs[i], bytes);
                const sim::UbRef ref = bufs[i].Get<uint8_t>().SimRef();
                core.MakeResident(ref.offset, ref.bytes);
                std::memcpy(core.ub.data() + ref.offset, data.data(), std::min<size_t>(data.size(), ref.bytes));
                for (size_t b = 0; b < data.size() && b < ref.bytes; ++b) core.defined[ref.offset + b] = 1;
            }
            try {
                auto view = [&](size_t k) {
                    const auto [buffer, offset] = operands[k];
                    if (buffer >= bufs.size()) throw TransformError("operand refers to a missing buffer");
                    return bufs[buffer].Get<uint8_t>()[offset];
                };
                const LocalTensor<uint8_t> dst = view(0), src = view(1);
                LocalTensor<uint8_t> tmp;
                if (!noTemp) tmp = view(2);
                tilingWords = Dispatch(dtype, request, dst, src, noTemp ? nullptr : &tmp);
            } catch (const TransformError& e) {
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
    if (!error.empty()) throw py::value_error("run_transform: " + error);
    py::list outs;
    for (const auto& c : contents) outs.append(result.ok ? py::object(py::bytes(c)) : py::object(py::none()));
    return py::make_tuple(outs, simtest::LaunchResultDict(result), tilingWords);
}

std::tuple<uint32_t, uint32_t> TmpSizes(const std::string& kind, const std::vector<int64_t>& shape, uint32_t typeSize) {
    uint32_t maxValue = 0xFFFFFFFFu, minValue = 0xFFFFFFFFu;
    if (kind == "pad") {
        GetPadMaxMinTmpSize(ge::Shape(shape), typeSize, maxValue, minValue);
    } else if (kind == "unpad") {
        GetUnPadMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance(), ge::Shape(shape), typeSize,
                              maxValue, minValue);
    } else if (kind == "transpose_nd" || kind == "transpose_nz") {
        GetTransposeMaxMinTmpSize(ge::Shape(shape), typeSize, kind == "transpose_nd" ? 1 : 2, maxValue, minValue);
    } else {
        throw py::value_error("transform_tmp_sizes: unknown kind " + kind);
    }
    return {maxValue, minValue};
}

}  // namespace

SIMTEST_BINDINGS(pad) {
    m.def("run_transform", &RunTransform, py::arg("dtype"), py::arg("kind"), py::arg("shape"), py::arg("ori_shape"),
          py::arg("left"), py::arg("right"), py::arg("pad_value"), py::arg("stack_buffer_size"),
          py::arg("tiling_override"), py::arg("buffers"), py::arg("operands"), py::arg("no_temp") = false,
          "Pad / UnPad / Transpose(ConfusionTransposeTiling) on UB buffers, the tiling from the host function; "
          "returns (contents, result, tiling words).");
    m.def("transform_tmp_sizes", &TmpSizes, py::arg("kind"), py::arg("shape"), py::arg("type_size"),
          "(max, min) of GetPadMaxMinTmpSize / GetUnPadMaxMinTmpSize / GetTransposeMaxMinTmpSize.");
}
