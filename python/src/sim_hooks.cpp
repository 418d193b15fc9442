#include "sim_hooks.h"

#include <tuple>
#include <vector>

#include <pybind11/stl.h>

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

pybind11::object OutputOverlapError(const pybind11::list& inputs, const pybind11::list& outputs) {
    std::vector<::sim::MemoryView> views;
    views.reserve(inputs.size() + outputs.size());
    std::vector<::sim::NamedView> named[2];
    const pybind11::list* sides[2] = {&inputs, &outputs};
    for (int side = 0; side < 2; ++side) {
        for (const pybind11::handle& arg : *sides[side]) {
            if (arg.is_none()) {
                named[side].push_back(::sim::NamedView{});
                continue;
            }
            const auto [name, address, shape, strides, itemBytes] =
                arg.cast<std::tuple<std::string, uintptr_t, std::vector<int64_t>, std::vector<int64_t>, int64_t>>();
            if (shape.size() != strides.size()) throw std::invalid_argument(name + ": shape and strides differ in rank");
            views.push_back(::sim::MemoryView{address, shape, strides, itemBytes});
            named[side].push_back(::sim::NamedView{name, &views.back()});
        }
    }
    const std::string error = ::sim::OutputOverlapError(named[0], named[1]);
    if (error.empty()) return pybind11::none();
    return pybind11::str(error);
}

void ReloadEnvironment() { ::sim::ReloadEnvironment(); }

size_t HostRegisterAlignment() { return ::sim::acl::kHostRegisterAlignment; }

}  // namespace lstm_cell_grad::py::sim_hooks
