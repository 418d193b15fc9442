#include "sim_hooks.h"

#include "call_gate.h"

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/aclnn_call.h"
#include "ascendc_sim/model/profile.h"


namespace lstm_cell_grad::py::sim_hooks {

void RequireSoc(const std::string& soc) { ::sim::FindSoc(soc); }

std::string CurrentSocName() { return ::sim::CurrentSoc().name; }

pybind11::tuple DefaultSoc() {
    if (const std::string bad = ::sim::EnvironmentError(); !bad.empty()) throw std::invalid_argument(bad);
    return pybind11::make_tuple(::sim::CurrentSoc().name, ::sim::CurrentCoreLimit());
}

pybind11::list SocTable() {
    pybind11::list table;
    for (const ::sim::SocSpec& soc : ::sim::SocTable()) {
        pybind11::dict entry;
#define SIM_HOOKS_SOC_ENTRY(type, member, snakeName) entry[#snakeName] = soc.member;
        SIM_SOC_SPEC_FIELDS(SIM_HOOKS_SOC_ENTRY)
#undef SIM_HOOKS_SOC_ENTRY
        table.append(entry);
    }
    return table;
}

pybind11::dict LastLaunch() {
    const ::sim::LaunchResult& r = ::sim::aclnn::LastOpLaunch();
    pybind11::dict launch;
    launch["ok"] = r.ok;
    launch["error"] = r.error;
    launch["kernel"] = r.kernelName;
    launch["block_dim"] = r.blockDim;
    launch["soc"] = r.soc;
    pybind11::list warnings;
    for (const ::sim::WarningSummary& w : r.warnings) {
        warnings.append(pybind11::make_tuple(::sim::CheckName(w.kind), w.count, w.firstMessage));
    }
    launch["warnings"] = warnings;
    pybind11::list cores;
    for (const ::sim::CoreCounters& c : r.cores) {
        pybind11::dict core;
        core["gm_bytes_read"] = c.GmBytesRead();
        core["gm_bytes_written"] = c.GmBytesWritten();
        for (int p = 0; p < ::sim::kPipeCount; ++p) {
            const std::string pipe = ::sim::PipeName(static_cast<::sim::Pipe>(p));
            core[pybind11::str(pipe + "_instructions")] = c.pipes[p].instructions;
        }
        core["syncs"] = c.syncs;
        cores.append(core);
    }
    launch["cores"] = cores;
    return launch;
}

std::string LastProfile(bool timeline) {
    const ::sim::LaunchResult& op = ::sim::aclnn::LastOpLaunch();
    if (op.kernelName.empty()) return ::sim::model::LastProfile().ToJson(timeline);
    return WithoutGil([&] { return ::sim::model::ModelLaunch(op, ::sim::FindSoc(op.soc)).ToJson(timeline); });
}

void ReloadEnvironment() { ::sim::ReloadEnvironment(); }

size_t HostRegisterAlignment() { return ::sim::acl::kHostRegisterAlignment; }

}  // namespace lstm_cell_grad::py::sim_hooks
