// What the extension asks of the sim that ACL and aclnn have no call for: which chip a call
// emulates, the SoC table, the op's tiling with explicit choices (plan() and tune), and the
// last launch's checks, counters and modeled profile.
// Everything else reaches the device as a host program would, through ACL and aclnn
// (run_backward, device_mirror, acl_session); this file is the one seam to the sim.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "ascendc_sim/core/memory_overlap.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/aclnn_call.h"
#include "exe_graph/runtime/tiling_context.h"
#include "lstm_cell_grad_compute_tiling.h"

namespace lstm_cell_grad::py::sim_hooks {

// Emulates a SoC (at most `coreLimit` AIV cores; 0: all) on the calling thread while it
// lives. Throws std::invalid_argument naming the known SoCs for an unknown name.
using SocScope = ::sim::SocScope;

// The op's tensors for one shape, as tiling sees them on an aclnn call.
struct OpShape {
    int64_t batch = 0;
    int64_t hidden = 0;
    IoDtype dtype = kIoFloat32;
    bool hasGradHy = true;
    bool hasGradC = true;
    bool hasBias = true;
};

// The tiling context the aclnn layer builds for a call of that shape on `soc` (at most
// `coreLimit` AIV cores; 0: all): what plan() runs the op's tiling adapter on. Throws
// std::invalid_argument for an unknown SoC.
std::unique_ptr<gert::TilingContext> OpTilingContext(const OpShape& shape, const std::string& soc, uint32_t coreLimit);

// While it lives, the calling thread's aclnn calls of the op tile through the op's adapter
// (lstm_cell_grad::TilingFromContext) with `overrides`, in place of its TilingFunc (which
// runs it with none): how tune launches the op with a plan of its choosing.
class OverriddenTiling {
public:
    explicit OverriddenTiling(const TilingOverrides& overrides);

private:
    ::sim::aclnn::ScopedTilingFunction scope_;
};
// The overlap rules the aclnn layer applies (ascendc_sim/core/memory_overlap.h), for the
// device mirror and for the Python API's checks on the caller's own arrays.
using ::sim::ElementsShareMemory;
using ::sim::MemoryView;
using ::sim::ViewsOverlap;
// None when the outputs keep the rules, else the message: each argument is None or
// (name, address of element 0, shape, byte strides, item size).
pybind11::object OutputOverlapError(const pybind11::list& inputs, const pybind11::list& outputs);

// Throws std::invalid_argument naming the known SoCs when `soc` is not one of them.
void RequireSoc(const std::string& soc);
// The SoC the calling thread emulates.
std::string CurrentSocName();
// (name, core cap) the calling thread emulates by default (ASCEND_SIM_SOC and
// ASCEND_SIM_MAX_CORES); std::invalid_argument when either is malformed.
pybind11::tuple DefaultSoc();
// The SoC table, one dict per SoC (SocInfo's fields).
pybind11::list SocTable();
// The calling thread's last op launch: ok, error, checks' warnings, per-core counters.
pybind11::dict LastLaunch();
// JSON of the performance model's profile of that launch (modeled figures).
std::string LastProfile(bool timeline);
// The same launch's profile JSON (no timeline), code-line and instruction tables (CSV), the
// top `topLines` lines as text and, when `trace`, its Perfetto trace (every core in full with
// `allCores`), modeled once: {"profile", "lines_csv", "instructions_csv", "lines_text", "trace"}.
pybind11::dict LastReport(bool trace, bool allCores, size_t topLines);
// Reads the ASCEND_SIM_* variables again (the sim reads them once, when it is loaded).
void ReloadEnvironment();
// The alignment the sim's aclrtHostRegister requires of host memory (a page): what a fresh
// output must have for the cores to write it in place.
size_t HostRegisterAlignment();

}  // namespace lstm_cell_grad::py::sim_hooks
