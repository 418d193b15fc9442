// run_cast_b8: the count form of Cast between half and int8_t/uint8_t (vector_cast.h) on numpy data.
#include <pybind11/stl.h>

#include <cstring>
#include <string>

#include "kernel_operator.h"
#include "registry.h"

namespace py = pybind11;

namespace {
using namespace AscendC;

template <class D, class S>
void CastAt(const LocalTensor<uint8_t>& dst, const LocalTensor<uint8_t>& src, int mode, uint32_t n) {
    Cast(dst.ReinterpretCast<D>(), src.ReinterpretCast<S>(), static_cast<RoundMode>(mode), n);
}

// pair: "int8->half", "uint8->half", "half->int8", "half->uint8"; returns (dst bytes, result).
py::tuple RunCastB8(const std::string& pair, int mode, const py::bytes& srcBytes, uint32_t n) {
    const std::string src = srcBytes;
    std::string out;
    std::string error;
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        sim::LaunchConfig config;
        config.kernelName = "run_cast_b8(" + pair + ")";
        config.blockDim = 1;
        result = sim::RunKernel(config, [&] {
            sim::CoreState& core = sim::Core();
            TPipe pipe;
            TBuf<TPosition::VECCALC> dstBuf, srcBuf;
            pipe.InitBuffer(dstBuf, n * 2 + 32);
            pipe.InitBuffer(srcBuf, src.size() + 32);
            const LocalTensor<uint8_t> dst = dstBuf.Get<uint8_t>(), in = srcBuf.Get<uint8_t>();
            core.MakeResident(in.SimRef().offset, in.SimRef().bytes);
            std::memcpy(core.ub.data() + in.SimRef().offset, src.data(), src.size());
            core.MarkDefined(in.SimRef().offset, src.size(), true);
            if (pair == "int8->half") CastAt<half, int8_t>(dst, in, mode, n);
            else if (pair == "uint8->half") CastAt<half, uint8_t>(dst, in, mode, n);
            else if (pair == "half->int8") CastAt<int8_t, half>(dst, in, mode, n);
            else if (pair == "half->uint8") CastAt<uint8_t, half>(dst, in, mode, n);
            else {
                error = "unknown pair " + pair;
                return;
            }
            core.MakeResident(dst.SimRef().offset, dst.SimRef().bytes);
            out.assign(reinterpret_cast<const char*>(core.ub.data() + dst.SimRef().offset), dst.SimRef().bytes);
        });
    }
    if (!error.empty()) throw py::value_error("run_cast_b8: " + error);
    return py::make_tuple(result.ok ? py::object(py::bytes(out)) : py::object(py::none()),
                          simtest::LaunchResultDict(result));
}

}  // namespace

SIMTEST_BINDINGS(cast_b8) {
    m.def("run_cast_b8", &RunCastB8, py::arg("pair"), py::arg("mode"), py::arg("src"), py::arg("count"),
          "Cast(dst, src, RoundMode(mode), count) for half <-> int8_t/uint8_t; returns (dst bytes, result).");
}
