// run_transdata: the high-level TransData (vector_transdata.h) on numpy data, both forms;
// transdata_tmp_size: the host's GetTransDataMaxMinTmpSize; run_nd2nz / run_nz2nd: DataCopy with
// Nd2NzParams (GM -> UB) and Nz2NdParamsFull (UB -> GM) (data_copy_nd2nz.h).
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/kernel/data_copy_nd2nz.h"
#include "ascendc_sim/kernel/vector_broadcast_dynamic.h"
#include "ascendc_sim/kernel/vector_transdata.h"
#include "kernel_operator.h"
#include "registry.h"
#include "tiling/transdata_tiling.h"

namespace py = pybind11;

namespace simtest {
py::dict LaunchResultDict(const sim::LaunchResult& r);
}

namespace {
using namespace AscendC;

constexpr TransDataConfig kToFractal = {DataFormat::NCDHW, DataFormat::FRACTAL_Z_3D};
constexpr TransDataConfig kFromFractal = {DataFormat::FRACTAL_Z_3D, DataFormat::NCDHW};
constexpr TransDataConfig kTo6hd = {DataFormat::NCDHW, DataFormat::NDC1HWC0};
constexpr TransDataConfig kFrom6hd = {DataFormat::NDC1HWC0, DataFormat::NCDHW};

struct ToFractal { static constexpr const TransDataConfig& value = kToFractal; };
struct FromFractal { static constexpr const TransDataConfig& value = kFromFractal; };
struct To6hd { static constexpr const TransDataConfig& value = kTo6hd; };
struct From6hd { static constexpr const TransDataConfig& value = kFrom6hd; };

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// ncdhw: n, c, d, h, w; other: the 6 (NDC1HWC0) or 7 (FRACTAL_Z_3D) dims of the other layout.
template <class T>
void Call(const std::string& kind, const std::vector<int32_t>& ncdhw, const std::vector<int32_t>& other,
          const LocalTensor<uint8_t>& dstBytes, const LocalTensor<uint8_t>& srcBytes, const LocalTensor<uint8_t>* tmp) {
    const LocalTensor<T> dst = dstBytes.ReinterpretCast<T>(), src = srcBytes.ReinterpretCast<T>();
    const auto& a = ncdhw;
    const auto& o = other;
    auto nc = MakeLayout(MakeShape(a[0], a[1], a[2], a[3], a[4]), MakeStride());
    auto run = [&](const auto& params, auto config) {
        constexpr const TransDataConfig& cfg = decltype(config)::value;
        if (tmp != nullptr) TransData<cfg>(dst, src, *tmp, params);
        else TransData<cfg>(dst, src, params);
    };
    if (kind == "to_fractal" || kind == "from_fractal") {
        if (o.size() != 7) throw Failure("FRACTAL_Z_3D takes 7 dims");
        auto fz = MakeLayout(MakeShape(o[0], o[1], o[2], o[3], o[4], o[5], o[6]), MakeStride());
        if (kind == "to_fractal") run(TransDataParams<decltype(nc), decltype(fz)>{nc, fz}, ToFractal{});
        else run(TransDataParams<decltype(fz), decltype(nc)>{fz, nc}, FromFractal{});
    } else if (kind == "to_6hd" || kind == "from_6hd") {
        if (o.size() != 6) throw Failure("NDC1HWC0 takes 6 dims");
        auto hd = MakeLayout(MakeShape(o[0], o[1], o[2], o[3], o[4], o[5]), MakeStride());
        if (kind == "to_6hd") run(TransDataParams<decltype(nc), decltype(hd)>{nc, hd}, To6hd{});
        else run(TransDataParams<decltype(hd), decltype(nc)>{hd, nc}, From6hd{});
    } else {
        throw Failure("unknown kind " + kind);
    }
}

void Dispatch(const std::string& dtype, const std::string& kind, const std::vector<int32_t>& ncdhw,
              const std::vector<int32_t>& other, const LocalTensor<uint8_t>& dst, const LocalTensor<uint8_t>& src,
              const LocalTensor<uint8_t>* tmp) {
    if (dtype == "float16") return Call<half>(kind, ncdhw, other, dst, src, tmp);
    if (dtype == "bfloat16") return Call<bfloat16_t>(kind, ncdhw, other, dst, src, tmp);
    if (dtype == "int16") return Call<int16_t>(kind, ncdhw, other, dst, src, tmp);
    if (dtype == "uint16") return Call<uint16_t>(kind, ncdhw, other, dst, src, tmp);
    throw Failure("unknown dtype " + dtype);
}

// buffers: (bytes, data); operands: (buffer, byte offset, bytes or 0 for the rest of the buffer) for dst,
// src and (unless no_temp) sharedTmpBuffer.
py::tuple RunTransData(const std::string& dtype, const std::string& kind, const std::vector<int32_t>& ncdhw,
                       const std::vector<int32_t>& other, const std::vector<std::tuple<uint32_t, py::bytes>>& buffers,
                       const std::vector<std::tuple<uint32_t, uint32_t, uint32_t>>& operands, bool noTemp) {
    std::vector<std::tuple<uint32_t, std::string>> specs;
    for (const auto& [bytes, data] : buffers) specs.emplace_back(bytes, std::string(data));
    if (operands.size() != (noTemp ? 2u : 3u)) throw py::value_error("run_transdata: dst, src[, tmp] operands");
    std::vector<std::string> contents(specs.size());
    std::string error;
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        sim::LaunchConfig config;
        config.kernelName = "run_transdata(" + kind + ", " + dtype + ")";
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
                    const auto [buffer, offset, bytes] = operands[k];
                    if (buffer >= bufs.size()) throw Failure("operand refers to a missing buffer");
                    return bytes == 0 ? bufs[buffer].Get<uint8_t>()[offset]
                                      : bufs[buffer].Get<uint8_t>(offset + bytes)[offset];
                };
                const LocalTensor<uint8_t> dst = view(0), src = view(1);
                LocalTensor<uint8_t> tmp;
                if (!noTemp) tmp = view(2);
                Dispatch(dtype, kind, ncdhw, other, dst, src, noTemp ? nullptr : &tmp);
            } catch (const Failure& e) {
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
    if (!error.empty()) throw py::value_error("run_transdata: " + error);
    py::list outs;
    for (const auto& c : contents) outs.append(result.ok ? py::object(py::bytes(c)) : py::object(py::none()));
    return py::make_tuple(outs, simtest::LaunchResultDict(result));
}

std::tuple<bool, uint32_t, uint32_t> TmpSize(const std::string& kind, const std::vector<int64_t>& src,
                                             const std::vector<int64_t>& dst, const std::string& dtype) {
    const TransDataConfig config = kind == "to_fractal"     ? kToFractal
                                   : kind == "from_fractal" ? kFromFractal
                                   : kind == "to_6hd"       ? kTo6hd
                                   : kind == "from_6hd"     ? kFrom6hd
                                                            : TransDataConfig{DataFormat::ND, DataFormat::NZ};
    const ge::DataType type = dtype == "float16" ? ge::DT_FLOAT16 : dtype == "bfloat16" ? ge::DT_BF16
                              : dtype == "int16" ? ge::DT_INT16 : dtype == "uint16" ? ge::DT_UINT16 : ge::DT_FLOAT;
    uint32_t maxValue = 0xFFFFFFFFu, minValue = 0xFFFFFFFFu;
    const bool ok = GetTransDataMaxMinTmpSize(*platform_ascendc::PlatformAscendCManager::GetInstance(), ge::Shape(src),
                                              ge::Shape(dst), type, config, maxValue, minValue);
    return {ok, maxValue, minValue};
}

// ---- DataCopy with Nd2NzParams / Nz2NdParamsFull ----

struct LayoutCopy {
    std::string gm;                 // GM bytes (the whole allocation)
    uint64_t gmOffset = 0;          // elements from the allocation start
    int64_t declared = -1;          // SetGlobalBuffer size in elements (-1: none)
    uint32_t ubBytes = 0;
    uint32_t ubOffset = 0;          // bytes into the UB buffer
    std::string ubInit;             // UB bytes before the copy (empty: poisoned)
    std::vector<uint32_t> params;   // the struct's fields in order
};

template <class T>
GlobalTensor<T> Gm(uint8_t* gm, const LayoutCopy& r) {
    GlobalTensor<T> t;
    if (r.declared >= 0) t.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm), static_cast<uint64_t>(r.declared));
    else t.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm));
    return t[r.gmOffset];
}

template <class T>
void Nd2NzBody(uint8_t* gm, const LayoutCopy& r, std::string* ub, std::string* defined) {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> queue;
    pipe.InitBuffer(queue, 1, r.ubBytes);
    LocalTensor<uint8_t> buffer = queue.AllocTensor<uint8_t>();
    const auto& p = r.params;
    Nd2NzParams params(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
    DataCopy(buffer[r.ubOffset].ReinterpretCast<T>(), Gm<T>(gm, r), params);
    PipeBarrier<PIPE_ALL>();
    sim::CoreState& core = sim::Core();
    const sim::UbRef ref = buffer.SimRef();
    core.MakeResident(ref.offset, ref.bytes);
    ub->assign(reinterpret_cast<const char*>(core.ub.data()) + ref.offset, ref.bytes);
    defined->assign(reinterpret_cast<const char*>(core.defined.data()) + ref.offset, ref.bytes);
    queue.FreeTensor(buffer);
}

template <class T>
void Nz2NdBody(uint8_t* gm, const LayoutCopy& r, std::string*, std::string*) {
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, r.ubBytes);
    LocalTensor<uint8_t> buffer = queue.AllocTensor<uint8_t>();
    sim::CoreState& core = sim::Core();
    const sim::UbRef ref = buffer.SimRef();
    core.MakeResident(ref.offset, ref.bytes);
    const size_t n = std::min<size_t>(r.ubInit.size(), ref.bytes);
    std::memcpy(core.ub.data() + ref.offset, r.ubInit.data(), n);
    for (size_t i = 0; i < n; ++i) core.defined[ref.offset + i] = 1;
    const auto& p = r.params;
    Nz2NdParamsFull params(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
    DataCopy(Gm<T>(gm, r), buffer[r.ubOffset].ReinterpretCast<T>(), params);
    PipeBarrier<PIPE_ALL>();
    queue.FreeTensor(buffer);
}

using Body = void (*)(uint8_t*, const LayoutCopy&, std::string*, std::string*);

template <template <class> class Pick>
Body ForDtype(const std::string& dtype) {
    if (dtype == "float32") return Pick<float>::body;
    if (dtype == "float16") return Pick<half>::body;
    if (dtype == "bfloat16") return Pick<bfloat16_t>::body;
    if (dtype == "int16") return Pick<int16_t>::body;
    if (dtype == "uint16") return Pick<uint16_t>::body;
    if (dtype == "int32") return Pick<int32_t>::body;
    if (dtype == "uint32") return Pick<uint32_t>::body;
    return nullptr;
}
template <class T> struct PickNz2Nd { static constexpr Body body = &Nz2NdBody<T>; };
template <class T> struct PickNd2Nz { static constexpr Body body = &Nd2NzBody<T>; };

Body Nd2NzFor(const std::string& dtype) {
    if (dtype == "int8") return &Nd2NzBody<int8_t>;
    if (dtype == "uint8") return &Nd2NzBody<uint8_t>;
    return ForDtype<PickNd2Nz>(dtype);
}

py::dict RunLayoutCopy(Body body, const LayoutCopy& r, const char* name) {
    if (body == nullptr) throw py::value_error("unsupported dtype");
    std::string ub, defined;
    auto* gm = static_cast<uint8_t*>(sim::AllocGm(std::max<size_t>(r.gm.size(), 1), "layout copy GM"));
    std::memcpy(gm, r.gm.data(), r.gm.size());
    sim::LaunchConfig config;
    config.kernelName = name;
    config.blockDim = 1;
    config.args = {sim::KernelArg{gm, "x"}};
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        result = sim::RunKernel(config, [&] { body(gm, r, &ub, &defined); });
    }
    std::string after(reinterpret_cast<const char*>(gm), r.gm.size());
    sim::FreeGm(gm);
    py::dict d = simtest::LaunchResultDict(result);
    d["ub"] = py::bytes(ub);
    d["defined"] = py::bytes(defined);
    d["gm"] = py::bytes(after);
    return d;
}

// The Ascend-950-only Broadcast forms, called as a kernel would ("tiling" or "broadcast").
py::dict RunBroadcastDynamic(const std::string& form) {
    sim::LaunchConfig config;
    config.kernelName = "run_broadcast_dynamic";
    config.blockDim = 1;
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        result = sim::RunKernel(config, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 1024);
            const LocalTensor<float> dst = buf.Get<float>(), src = dst[128];
            uint32_t dstShape[2] = {4, 16}, srcShape[2] = {4, 1};
            BroadcastTiling tiling;
            if (form == "tiling") GetBroadcastTilingInfo<float>(2, dstShape, srcShape, false, tiling);
            else Broadcast<float>(dst, src, dstShape, srcShape, &tiling);
        });
    }
    return simtest::LaunchResultDict(result);
}

}  // namespace

SIMTEST_BINDINGS(transdata) {
    m.def("run_broadcast_dynamic", &RunBroadcastDynamic, py::arg("form"),
          "GetBroadcastTilingInfo (form 'tiling') or the BroadcastTiling Broadcast ('broadcast') on one core.");
    m.def("run_transdata", &RunTransData, py::arg("dtype"), py::arg("kind"), py::arg("ncdhw"), py::arg("other"),
          py::arg("buffers"), py::arg("operands"), py::arg("no_temp") = false,
          "TransData (kind to_fractal / from_fractal / to_6hd / from_6hd) on UB buffers; returns (contents, result).");
    m.def("transdata_tmp_size", &TmpSize, py::arg("kind"), py::arg("src_shape"), py::arg("dst_shape"),
          py::arg("dtype"), "(ok, max, min) of GetTransDataMaxMinTmpSize.");
    m.def(
        "run_nd2nz",
        [](const std::string& dtype, const py::bytes& gm, std::vector<uint32_t> params, uint32_t ubBytes,
           uint32_t ubOffset, uint64_t gmOffset, int64_t declared) {
            if (params.size() != 8) throw py::value_error("Nd2NzParams has 8 fields");
            LayoutCopy r{std::string(gm), gmOffset, declared, ubBytes, ubOffset, "", params};
            return RunLayoutCopy(Nd2NzFor(dtype), r, "run_nd2nz");
        },
        py::arg("dtype"), py::arg("gm"), py::arg("params"), py::arg("ub_bytes") = 4096, py::arg("ub_offset") = 0,
        py::arg("gm_offset") = 0, py::arg("declared") = -1,
        "DataCopy(LocalTensor, GlobalTensor, Nd2NzParams) on one core; returns the result plus 'ub' and 'defined'.");
    m.def(
        "run_nz2nd",
        [](const std::string& dtype, const py::bytes& ub, std::vector<uint32_t> params, uint32_t gmBytes,
           uint32_t ubBytes, uint32_t ubOffset, uint64_t gmOffset, int64_t declared) {
            if (params.size() != 7) throw py::value_error("Nz2NdParamsFull has 7 fields");
            LayoutCopy r{std::string(gmBytes, '\0'), gmOffset, declared, ubBytes, ubOffset, std::string(ub), params};
            return RunLayoutCopy(ForDtype<PickNz2Nd>(dtype), r, "run_nz2nd");
        },
        py::arg("dtype"), py::arg("ub"), py::arg("params"), py::arg("gm_bytes"), py::arg("ub_bytes") = 4096,
        py::arg("ub_offset") = 0, py::arg("gm_offset") = 0, py::arg("declared") = -1,
        "DataCopy(GlobalTensor, LocalTensor, Nz2NdParamsFull) on one core; returns the result plus 'gm'.");
}
