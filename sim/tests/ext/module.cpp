#include <pybind11/stl.h>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/soc.h"
#include "registry.h"

namespace py = pybind11;

namespace {

// Launch results as dicts, so tests can assert on errors, warnings and counters.
py::dict ResultToDict(const sim::LaunchResult& r) {
    py::dict d;
    d["ok"] = r.ok;
    d["error"] = r.error;
    d["error_kind"] = r.ok ? std::string() : std::string(sim::CheckName(r.errorKind));
    py::list warnings;
    for (const auto& w : r.warnings) {
        py::dict item;
        item["kind"] = std::string(sim::CheckName(w.kind));
        item["count"] = w.count;
        item["first"] = w.firstMessage;
        warnings.append(item);
    }
    d["warnings"] = warnings;
    py::list cores;
    for (const auto& c : r.cores) {
        py::dict core;
        core["gm_read"] = c.GmBytesRead();
        core["gm_written"] = c.GmBytesWritten();
        core["syncs"] = c.syncs;
        py::dict pipes;
        for (int p = 0; p < sim::kPipeCount; ++p) {
            py::dict totals;
            totals["instructions"] = c.pipes[p].instructions;
            totals["bytes"] = c.pipes[p].bytes;
            totals["repeats"] = c.pipes[p].repeats;
            pipes[sim::PipeName(static_cast<sim::Pipe>(p))] = totals;
        }
        core["pipes"] = pipes;
        core["by_api"] = c.InstructionsByApi();
        core["events"] = c.events.size();
        cores.append(core);
    }
    d["cores"] = cores;
    d["report"] = r.Report();
    return d;
}

}  // namespace

namespace simtest {
py::dict LaunchResultDict(const sim::LaunchResult& r) { return ResultToDict(r); }
}  // namespace simtest

PYBIND11_MODULE(_simtest, m) {
    m.doc() = "Test hooks into the Ascend C CPU stand-in (sim/)";
    m.def("set_severity", [](const std::string& kind, const std::string& severity) {
        std::string error;
        if (!sim::ApplySeverities(kind + "=" + severity, &error)) throw py::value_error(error);
    });
    m.def("reset_severities", &sim::ResetSeverities);
    m.def("reload_environment", &sim::ReloadEnvironment,
          "Reads the ASCEND_SIM_* variables again (the GIL is held: no Python thread edits os.environ meanwhile).");
    m.def("socs", [] {
        std::vector<std::string> names;
        for (const auto& s : sim::SocTable()) names.push_back(s.name);
        return names;
    });
    for (auto& bind : simtest::Binders()) bind(m);
}
