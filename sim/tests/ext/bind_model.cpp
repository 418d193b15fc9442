// Test hooks for the time model: launch the kernels of add_static.h / model_streams.h / tile_copy_in.h /
// validation_kernels.h on
// zero-filled GM of given sizes (no copies through Python: the published-sample check moves
// 384 MiB) and return the launch result with the model's profile JSON.
#include <pybind11/stl.h>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "add_static.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/model/profile.h"
#include "ascendc_sim/model/soc_timing.h"
#include "model_streams.h"
#include "tile_copy_in.h"
#include "validation_kernels.h"
#include "registry.h"

namespace py = pybind11;

namespace {

using simtest::RegisterKernel;

// Launches `name` with one zero-filled GM allocation per size and `params` as the last
// argument; returns the result dict plus "profile" (ToJson(timeline)) of this launch.
py::dict ModelLaunch(const std::string& name, uint32_t blockDim, const std::vector<uint64_t>& sizes,
                     const py::bytes& params, const std::optional<std::string>& soc, bool timeline, bool tables) {
    const std::string paramBytes = params;
    std::vector<void*> gm;
    sim::LaunchConfig config;
    config.blockDim = blockDim;
    if (soc) config.soc = &sim::FindSoc(*soc);
    for (size_t i = 0; i < sizes.size(); ++i) {
        void* p = sim::AllocGm(std::max<uint64_t>(sizes[i], 1), "model arg " + std::to_string(i));
        if (p == nullptr) throw std::runtime_error("out of host memory for GM");
        std::memset(p, 0, sizes[i]);
        gm.push_back(p);
    }
    void* paramGm = sim::AllocGm(std::max<size_t>(paramBytes.size(), 1), "params");
    std::memcpy(paramGm, paramBytes.data(), paramBytes.size());
    gm.push_back(paramGm);
    sim::LaunchResult result;
    std::string profile, lines, instructions, trace, traceAll;
    {
        py::gil_scoped_release release;
        result = sim::LaunchKernel(name, config, gm);
        const sim::model::Profile& prof = sim::model::LastProfile();
        profile = prof.ToJson(timeline);
        if (tables) {  // only when asked: naming lines runs addr2line, a big launch's trace is large
            const sim::LaunchResult& last = sim::LastLaunch();
            lines = sim::model::LineTableCsv(prof, last);
            instructions = sim::model::InstructionTableCsv(prof, last);
            trace = sim::model::TraceJson(prof, last, false);
            traceAll = sim::model::TraceJson(prof, last, true);
        }
    }
    for (void* p : gm) sim::FreeGm(p);
    py::dict d = simtest::LaunchResultDict(result);
    d["profile"] = profile;
    d["lines_csv"] = lines;
    d["instructions_csv"] = instructions;
    d["trace"] = trace;
    d["trace_all_cores"] = traceAll;
    return d;
}

}  // namespace

SIMTEST_BINDINGS(model) {
    RegisterKernel("add_static", &add_static);
    RegisterKernel("copy_compute", &copy_compute);
    RegisterKernel("dma_stream", &dma_stream);
    RegisterKernel("vector_bank", &vector_bank);
    RegisterKernel("static_missing_wait", &static_missing_wait);
    RegisterKernel("tile_copy_in", &tile_copy_in);
    RegisterKernel("repeat_copy_in", &repeat_copy_in);
    RegisterKernel("nd2nz_standin", &nd2nz_standin);
    RegisterKernel("sync_uneven", &sync_uneven);
    RegisterKernel("scalar_add_loop", &scalar_add_loop);
    m.def(
        "last_profile",
        [](bool timeline) { return sim::model::LastProfile().ToJson(timeline); }, py::arg("timeline") = true,
        "the modeled profile (ToJson) of the calling thread's last launch");
    m.def("model_launch", &ModelLaunch, py::arg("name"), py::arg("block_dim"), py::arg("sizes"), py::arg("params"),
          py::arg("soc") = py::none(), py::arg("timeline") = false, py::arg("tables") = false,
          "Launch a model test kernel on zero-filled GM allocations of `sizes` bytes (+ params); returns the "
          "result dict with 'profile' (the time model's JSON for this launch); tables=True adds 'lines_csv', "
          "'instructions_csv', 'trace' and 'trace_all_cores'");
    m.def("vector_cycles", [](const std::string& api, uint32_t elementBytes, uint32_t repeats, double bank) {
              return sim::model::timing::VectorCycles(api.c_str(), elementBytes, repeats, bank);
          }, py::arg("api"), py::arg("element_bytes"), py::arg("repeats"), py::arg("bank_factor") = 1.0,
          "soc_timing.h: cycles of one vector instruction");
    m.def("bank_factor", &sim::model::timing::BankFactor, py::arg("sources"), py::arg("dst"), py::arg("src0"),
          py::arg("src1") = 0, "soc_timing.h: the cycles-per-repeat factor of a vector instruction's UB accesses");
    m.def("timing_constants", [] {
              py::dict d;
              d["issue_cycles"] = sim::model::timing::kIssueCycles;
              d["sync_all_us"] = sim::model::timing::kSyncAllUs;
              d["scalar_ub_cycles"] = sim::model::timing::kScalarUbCycles;
              d["barrier_cycles"] = sim::model::timing::kBarrierCycles;
              return d;
          }, "soc_timing.h: the fixed costs the profile's figures are built from");
    m.def("dma_micros", &sim::model::timing::DmaMicros, py::arg("to_ub"), py::arg("bursts"), py::arg("burst_bytes"),
          py::arg("gm_start") = 0, py::arg("gm_pitch") = 0,
          "soc_timing.h: modeled microseconds of one DMA on an idle chip, alone");
    m.def(
        "dma_pipe_micros",
        [](bool toUb, uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch, const std::string& soc) {
            return sim::model::timing::DmaPipeMicros(toUb, bursts, burstBytes, gmStart, gmPitch,
                                                     sim::model::timing::FindSocTiming(soc.c_str()).clockGHz);
        },
        py::arg("to_ub"), py::arg("bursts"), py::arg("burst_bytes"), py::arg("gm_start") = 0, py::arg("gm_pitch") = 0,
        py::arg("soc") = "Ascend910B1",
        "soc_timing.h: modeled microseconds a DMA holds its pipe when DMAs stream back to back");
}
