// Test hooks for DataCopy / DataCopyPad: run one DMA instruction on one core with numpy
// bytes on the GM side and hand back the whole UB buffer (bytes and defined-ness), so that
// pytest can compare both directions byte for byte with a model of the formulas.
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"
#include "kernel_operator.h"
#include "registry.h"

namespace py = pybind11;

namespace simtest {
py::dict LaunchResultDict(const sim::LaunchResult& r);
}

namespace {

// One DMA as the test describes it. `api` picks the overload:
//   copy_count  DataCopy(dst, src, count)
//   copy_params DataCopy(dst, src, DataCopyParams{params})
//   pad_ext     DataCopyPad(..., DataCopyExtParams{params}[, DataCopyPadExtParams<T>{pad}])
//   pad_old     DataCopyPad(..., DataCopyParams{params}[, DataCopyPadParams{pad, padBits}])
struct DmaRequest {
    std::string api;
    std::array<uint32_t, 4> params{};  // blockCount, blockLen, srcStride, dstStride
    uint32_t count = 0;
    std::string gm;                     // initial GM bytes (the whole allocation)
    uint64_t gmOffset = 0;              // elements from the GlobalTensor's base
    uint32_t gmByteShift = 0;           // bytes from the allocation start to the GlobalTensor's base
    int64_t declared = -1;              // SetGlobalBuffer size in elements (-1: none)
    uint32_t ubBytes = 0;               // the UB buffer's InitBuffer length
    uint32_t ubOffset = 0;              // elements into the UB tensor
    std::string ubInit;                 // initial UB bytes (empty: fresh allocation, poisoned)
    std::string ubInitDefined;          // 1 per defined byte (empty with ubInit: all defined)
    bool isPad = false;
    uint32_t left = 0, right = 0;
    double padValue = 0;                // pad_ext: converted to T
    uint64_t padBits = 0;               // pad_old: raw bits
    bool setPadValue = false;
    double setPadValueTo = 0;
    uint32_t srcOffset = 0;             // UB->UB: elements of the source view
};

struct DmaOutcome {
    std::string ub, defined, gm;
};

// The core's UB bytes of a tensor, read and written behind the kernel API's back.
void PrefillUb(const sim::UbRef& ref, const DmaRequest& req) {
    if (req.ubInit.empty()) return;
    sim::CoreState& core = sim::Core();
    const size_t n = std::min<size_t>(req.ubInit.size(), ref.bytes);
    core.MakeResident(ref.offset, n);
    std::memcpy(core.ub.data() + ref.offset, req.ubInit.data(), n);
    for (size_t i = 0; i < n; ++i) {
        const bool isDefined = req.ubInitDefined.empty() || req.ubInitDefined[i] != 0;
        core.defined[ref.offset + i] = isDefined ? 1 : 0;
    }
}

void CaptureUb(const sim::UbRef& ref, DmaOutcome* out) {
    sim::CoreState& core = sim::Core();
    core.MakeResident(ref.offset, ref.bytes);
    out->ub.assign(reinterpret_cast<const char*>(core.ub.data()) + ref.offset, ref.bytes);
    out->defined.assign(reinterpret_cast<const char*>(core.defined.data()) + ref.offset, ref.bytes);
}

template <class T>
AscendC::GlobalTensor<T> GmTensor(uint8_t* gm, const DmaRequest& req) {
    AscendC::GlobalTensor<T> tensor;
    auto* base = reinterpret_cast<__gm__ T*>(gm + req.gmByteShift);
    if (req.declared >= 0) {
        tensor.SetGlobalBuffer(base, static_cast<uint64_t>(req.declared));
    } else {
        tensor.SetGlobalBuffer(base);
    }
    return tensor[req.gmOffset];
}

AscendC::DataCopyParams OldParams(const DmaRequest& req) {
    return AscendC::DataCopyParams(static_cast<uint16_t>(req.params[0]), static_cast<uint16_t>(req.params[1]),
                                   static_cast<uint16_t>(req.params[2]), static_cast<uint16_t>(req.params[3]));
}
AscendC::DataCopyExtParams ExtParams(const DmaRequest& req) {
    return AscendC::DataCopyExtParams(static_cast<uint16_t>(req.params[0]), req.params[1], req.params[2],
                                      req.params[3], 0);
}

template <class T>
void GmToUbBody(uint8_t* gm, const DmaRequest& req, DmaOutcome* out) {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> queue;
    pipe.InitBuffer(queue, 1, req.ubBytes);
    AscendC::LocalTensor<T> buffer = queue.AllocTensor<T>();
    PrefillUb(buffer.SimRef(), req);
    AscendC::GlobalTensor<T> src = GmTensor<T>(gm, req);
    AscendC::LocalTensor<T> dst = buffer[req.ubOffset];
    if (req.setPadValue) AscendC::SetPadValue(static_cast<T>(req.setPadValueTo));
    if (req.api == "copy_count") {
        AscendC::DataCopy(dst, src, req.count);
    } else if (req.api == "copy_params") {
        AscendC::DataCopy(dst, src, OldParams(req));
    } else if (req.api == "pad_ext") {
        AscendC::DataCopyPadExtParams<T> pad(req.isPad, static_cast<uint8_t>(req.left),
                                             static_cast<uint8_t>(req.right), static_cast<T>(req.padValue));
        AscendC::DataCopyPad(dst, src, ExtParams(req), pad);
    } else if (req.api == "pad_old") {
        AscendC::DataCopyPadParams pad(req.isPad, static_cast<uint8_t>(req.left), static_cast<uint8_t>(req.right),
                                       req.padBits);
        AscendC::DataCopyPad(dst, src, OldParams(req), pad);
    } else {
        throw std::invalid_argument("unknown api '" + req.api + "'");
    }
    CaptureUb(buffer.SimRef(), out);
    queue.FreeTensor(buffer);  // a kernel frees what it allocates (the end-of-kernel queue check)
}

template <class T>
void UbToGmBody(uint8_t* gm, const DmaRequest& req, DmaOutcome* out) {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, req.ubBytes);
    AscendC::LocalTensor<T> buffer = queue.AllocTensor<T>();
    PrefillUb(buffer.SimRef(), req);
    AscendC::GlobalTensor<T> dst = GmTensor<T>(gm, req);
    AscendC::LocalTensor<T> src = buffer[req.ubOffset];
    if (req.api == "copy_count") {
        AscendC::DataCopy(dst, src, req.count);
    } else if (req.api == "copy_params") {
        AscendC::DataCopy(dst, src, OldParams(req));
    } else if (req.api == "pad_ext") {
        AscendC::DataCopyPad(dst, src, ExtParams(req));
    } else if (req.api == "pad_old") {
        AscendC::DataCopyPad(dst, src, OldParams(req));
    } else {
        throw std::invalid_argument("unknown api '" + req.api + "'");
    }
    CaptureUb(buffer.SimRef(), out);
    queue.FreeTensor(buffer);  // a kernel frees what it allocates (the end-of-kernel queue check)
}

template <class T>
void UbToUbBody(uint8_t* gm, const DmaRequest& req, DmaOutcome* out) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, req.ubBytes);
    AscendC::LocalTensor<T> buffer = calc.Get<T>();
    PrefillUb(buffer.SimRef(), req);
    AscendC::LocalTensor<T> dst = buffer[req.ubOffset];
    AscendC::LocalTensor<T> src = buffer[req.srcOffset];
    if (!req.gm.empty()) {  // the source loaded from GM first (count elements), as a kernel does
        AscendC::DataCopy(src, GmTensor<T>(gm, req), req.count);
        AscendC::PipeBarrier<PIPE_ALL>();
    }
    if (req.api == "copy_count") {
        AscendC::DataCopy(dst, src, req.count);
    } else if (req.api == "copy_params") {
        AscendC::DataCopy(dst, src, OldParams(req));
    } else {
        throw std::invalid_argument("UB->UB supports copy_count and copy_params, not '" + req.api + "'");
    }
    CaptureUb(buffer.SimRef(), out);
}

using Body = void (*)(uint8_t*, const DmaRequest&, DmaOutcome*);

template <template <class> class Pick>
Body ForDtype(const std::string& dtype) {
    if (dtype == "float32") return Pick<float>::body;
    if (dtype == "float16") return Pick<half>::body;
    if (dtype == "bfloat16") return Pick<bfloat16_t>::body;
    if (dtype == "int8") return Pick<int8_t>::body;
    if (dtype == "uint8") return Pick<uint8_t>::body;
    if (dtype == "int16") return Pick<int16_t>::body;
    if (dtype == "int32") return Pick<int32_t>::body;
    if (dtype == "int64") return Pick<int64_t>::body;
    throw py::value_error("unsupported dtype '" + dtype + "'");
}
template <class T> struct PickGmToUb { static constexpr Body body = &GmToUbBody<T>; };
template <class T> struct PickUbToGm { static constexpr Body body = &UbToGmBody<T>; };
template <class T> struct PickUbToUb { static constexpr Body body = &UbToUbBody<T>; };

// Runs `body` on one core with the request's GM bytes in a GM allocation named 'x'.
py::dict RunDma(Body body, const DmaRequest& req) {
    DmaOutcome out;
    const size_t gmBytes = std::max<size_t>(req.gm.size(), 1);
    auto* gm = static_cast<uint8_t*>(sim::AllocGm(gmBytes, "dma test GM"));
    std::memcpy(gm, req.gm.data(), req.gm.size());
    sim::LaunchConfig config;
    config.kernelName = "dma_" + req.api;
    config.blockDim = 1;
    config.args = {sim::KernelArg{gm, "x"}};
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        result = sim::RunKernel(config, [&] { body(gm, req, &out); });
    }
    out.gm.assign(reinterpret_cast<const char*>(gm), req.gm.size());
    sim::FreeGm(gm);
    py::dict d = simtest::LaunchResultDict(result);
    d["ub"] = py::bytes(out.ub);
    d["defined"] = py::bytes(out.defined);
    d["gm"] = py::bytes(out.gm);
    return d;
}

DmaRequest MakeRequest(const std::string& api, std::array<uint32_t, 4> params, uint32_t count, const py::bytes& gm,
                       uint64_t gmOffset, int64_t declared, uint32_t ubBytes, uint32_t ubOffset, const py::bytes& ubInit,
                       const py::bytes& ubInitDefined) {
    DmaRequest req;
    req.api = api;
    req.params = params;
    req.count = count;
    req.gm = static_cast<std::string>(gm);
    req.gmOffset = gmOffset;
    req.declared = declared;
    req.ubBytes = ubBytes;
    req.ubOffset = ubOffset;
    req.ubInit = static_cast<std::string>(ubInit);
    req.ubInitDefined = static_cast<std::string>(ubInitDefined);
    return req;
}

}  // namespace

SIMTEST_BINDINGS(datacopy) {
    m.def(
        "dma_gm_to_ub",
        [](const std::string& api, const std::string& dtype, const py::bytes& gm, std::array<uint32_t, 4> params,
           uint32_t count, uint64_t gmOffset, int64_t declared, uint32_t ubBytes, uint32_t ubOffset,
           const py::bytes& ubInit, const py::bytes& ubInitDefined, bool isPad, uint32_t left, uint32_t right,
           double padValue, uint64_t padBits, py::object setPadValue, uint32_t gmByteShift) {
            DmaRequest req = MakeRequest(api, params, count, gm, gmOffset, declared, ubBytes, ubOffset, ubInit,
                                         ubInitDefined);
            req.gmByteShift = gmByteShift;
            req.isPad = isPad;
            req.left = left;
            req.right = right;
            req.padValue = padValue;
            req.padBits = padBits;
            req.setPadValue = !setPadValue.is_none();
            if (req.setPadValue) req.setPadValueTo = setPadValue.cast<double>();
            return RunDma(ForDtype<PickGmToUb>(dtype), req);
        },
        "One GM->UB DataCopy/DataCopyPad on one core; returns the launch result plus the UB buffer "
        "('ub') and its defined-byte mask ('defined')",
        py::arg("api"), py::arg("dtype"), py::arg("gm"), py::arg("params") = std::array<uint32_t, 4>{1, 0, 0, 0},
        py::arg("count") = 0, py::arg("gm_offset") = 0, py::arg("declared") = -1, py::arg("ub_bytes") = 4096,
        py::arg("ub_offset") = 0, py::arg("ub_init") = py::bytes(), py::arg("ub_init_defined") = py::bytes(),
        py::arg("is_pad") = false, py::arg("left") = 0, py::arg("right") = 0, py::arg("pad_value") = 0.0,
        py::arg("pad_bits") = 0, py::arg("set_pad_value") = py::none(), py::arg("gm_byte_shift") = 0);

    m.def(
        "dma_ub_to_gm",
        [](const std::string& api, const std::string& dtype, const py::bytes& gm, std::array<uint32_t, 4> params,
           uint32_t count, uint64_t gmOffset, int64_t declared, uint32_t ubBytes, uint32_t ubOffset,
           const py::bytes& ubInit, const py::bytes& ubInitDefined, uint32_t gmByteShift) {
            DmaRequest req = MakeRequest(api, params, count, gm, gmOffset, declared, ubBytes, ubOffset, ubInit,
                                         ubInitDefined);
            req.gmByteShift = gmByteShift;
            return RunDma(ForDtype<PickUbToGm>(dtype), req);
        },
        "One UB->GM DataCopy/DataCopyPad on one core from a UB buffer filled with 'ub_init'; returns the "
        "launch result plus the GM bytes afterwards ('gm')",
        py::arg("api"), py::arg("dtype"), py::arg("gm"), py::arg("params") = std::array<uint32_t, 4>{1, 0, 0, 0},
        py::arg("count") = 0, py::arg("gm_offset") = 0, py::arg("declared") = -1, py::arg("ub_bytes") = 4096,
        py::arg("ub_offset") = 0, py::arg("ub_init") = py::bytes(), py::arg("ub_init_defined") = py::bytes(),
        py::arg("gm_byte_shift") = 0);

    m.def(
        "dma_ub_to_ub",
        [](const std::string& api, const std::string& dtype, std::array<uint32_t, 4> params, uint32_t count,
           uint32_t ubBytes, uint32_t srcOffset, uint32_t dstOffset, const py::bytes& ubInit,
           const py::bytes& ubInitDefined, const py::bytes& gm) {
            DmaRequest req = MakeRequest(api, params, count, gm, 0, -1, ubBytes, dstOffset, ubInit, ubInitDefined);
            req.srcOffset = srcOffset;
            return RunDma(ForDtype<PickUbToUb>(dtype), req);
        },
        "One UB->UB DataCopy inside one TBuf (source and destination are views at element offsets); "
        "with gm, the source is first loaded from it by DataCopy(count)",
        py::arg("api"), py::arg("dtype"), py::arg("params") = std::array<uint32_t, 4>{1, 0, 0, 0},
        py::arg("count") = 0, py::arg("ub_bytes") = 4096, py::arg("src_offset") = 0, py::arg("dst_offset") = 0,
        py::arg("ub_init") = py::bytes(), py::arg("ub_init_defined") = py::bytes(), py::arg("gm") = py::bytes());
}
