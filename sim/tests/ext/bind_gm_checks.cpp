// Test hook for the end-of-launch GM checks (core/gm_race.h, core/output_check.h) on their
// own, without a kernel: GM accesses recorded per core on a scratch buffer, then both checks'
// reports, so test_gm_checks.py can hold them against a byte-by-byte model.
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "ascendc_sim/core/gm_race.h"
#include "ascendc_sim/core/output_check.h"
#include "registry.h"

namespace py = pybind11;

namespace {

// Ops: ("copy", core, offset, row_bytes, pitch, rows, write) or ("sync_all", core), offsets
// into a GM buffer of `gm_bytes`. Outputs: (offset, bytes, name, shape, element_bytes).
// Returns (gm-race report, unwritten-output report), "" for none; the race report names
// addresses as "gm byte <offset>".
std::tuple<std::string, std::string> GmChecks(
    uint64_t gmBytes, uint32_t cores, const std::vector<py::tuple>& ops,
    const std::vector<std::tuple<uint64_t, uint64_t, std::string, std::vector<int64_t>, uint32_t>>& outputs) {
    std::vector<uint8_t> gm(gmBytes);
    sim::GmRaceTracker tracker(cores);
    for (const py::tuple& op : ops) {
        const std::string name = op[0].cast<std::string>();
        const auto core = op[1].cast<uint32_t>();
        if (name == "sync_all") {
            tracker.SyncAll(core);
        } else if (name == "copy") {
            tracker.Record(core, gm.data() + op[2].cast<uint64_t>(), op[3].cast<uint64_t>(), op[4].cast<uint64_t>(),
                           op[5].cast<uint32_t>(), op[6].cast<bool>(), "DataCopy", nullptr);
        } else {
            throw py::value_error("unknown GM op '" + name + "'");
        }
    }
    std::vector<sim::OutputTensor> tensors;
    for (const auto& [offset, bytes, name, shape, elementBytes] : outputs) {
        tensors.push_back(sim::OutputTensor{gm.data() + offset, bytes, name, shape, elementBytes});
    }
    sim::OutputWatch watch;
    watch.Watch(tensors);
    const auto base = reinterpret_cast<uintptr_t>(gm.data());
    std::string race = tracker.FindRace([&](uintptr_t address) { return "gm byte " + std::to_string(address - base); });
    return {race, watch.FirstUnwritten(tracker)};
}

}  // namespace

SIMTEST_BINDINGS(gm_checks) {
    m.def("gm_checks", &GmChecks, py::arg("gm_bytes"), py::arg("cores"), py::arg("ops"), py::arg("outputs"));
}
