#include "sim_hooks.h"

#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include <pybind11/stl.h>

#include "call_gate.h"

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/aclnn_call.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "ascendc_sim/model/profile.h"
#include "lstm_cell_grad_tiling_context.h"

namespace lstm_cell_grad::py::sim_hooks {

namespace {
constexpr const char* kOpType = "ThnnFusedLstmCellBackward";  // the OpDef's name
}  // namespace

std::unique_ptr<gert::TilingContext> OpTilingContext(const OpShape& shape, const std::string& soc, uint32_t coreLimit) {
    using ::sim::host::TensorSpec;
    const ge::DataType dtype = shape.dtype == kIoFloat32 ? ge::DT_FLOAT : shape.dtype == kIoBfloat16 ? ge::DT_BF16
                                                                                                    : ge::DT_FLOAT16;
    // 4H wraps for a hidden size past 2^61: the argument checks refuse cx's size first.
    const int64_t gates = static_cast<int64_t>(static_cast<uint64_t>(shape.hidden) * kGates);
    const TensorSpec small = TensorSpec::Nd({shape.batch, shape.hidden}, dtype);
    const TensorSpec wide = TensorSpec::Nd({shape.batch, gates}, dtype);
    auto optional = [](bool present, const TensorSpec& spec) {
        return present ? std::optional<TensorSpec>(spec) : std::nullopt;
    };
    // OpDef order: gradHy, gradC, cx, cy, storage; gradGates, gradCx, gradBias; hasBias.
    return ::sim::host::TilingContextBuilder(kOpType)
        .Soc(soc, coreLimit)
        .Input(optional(shape.hasGradHy, small))
        .Input(optional(shape.hasGradC, small))
        .Input(small)
        .Input(small)
        .Input(wide)
        .Output(wide)
        .Output(small)
        .Output(optional(shape.hasBias, TensorSpec::Nd({gates}, dtype)))
        .Attr(shape.hasBias)
        .Build();
}

OverriddenTiling::OverriddenTiling(const TilingOverrides& overrides)
    : scope_(kOpType, [overrides](gert::TilingContext* context) {
          TilingPlan plan;
          std::string error;
          // Thrown, the message reaches the aclnn call's error (the sim's RunTiling catches it).
          if (TilingFromContext(context, overrides, &plan, &error) != ge::GRAPH_SUCCESS) {
              throw std::invalid_argument(error);
          }
          return ge::GRAPH_SUCCESS;
      }) {}

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

pybind11::dict LastReport(bool trace, bool allCores, size_t topLines) {
    const ::sim::LaunchResult& op = ::sim::aclnn::LastOpLaunch();
    const ::sim::LaunchResult& launch = op.kernelName.empty() ? ::sim::LastLaunch() : op;
    std::string profile, lines, instrs, text, traceJson;
    WithoutGil([&] {
        const ::sim::model::Profile prof = ::sim::model::ModelLaunch(launch, ::sim::FindSoc(launch.soc));
        profile = prof.ToJson(false);
        lines = ::sim::model::LineTableCsv(prof, launch);
        instrs = ::sim::model::InstructionTableCsv(prof, launch);
        text = ::sim::model::LineTableText(prof, launch, topLines);
        if (trace) traceJson = ::sim::model::TraceJson(prof, launch, allCores);
        return 0;
    });
    pybind11::dict report;
    report["profile"] = profile;
    report["lines_csv"] = lines;
    report["instructions_csv"] = instrs;
    report["lines_text"] = text;
    report["trace"] = pybind11::bytes(traceJson);
    return report;
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
