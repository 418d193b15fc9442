// Test hook for the pipe-hazard tracker (core/hazard.h) on its own, without a kernel: a
// trace of instructions, UB accesses and syncs is replayed on one tracker and what it answers
// comes back, so test_hazard_tracker.py can hold it against a block-by-block model.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "ascendc_sim/core/hazard.h"
#include "registry.h"

namespace py = pybind11;

namespace {

sim::Pipe PipeAt(const py::tuple& op, size_t i) { return static_cast<sim::Pipe>(op[i].cast<int>()); }

// Ops: ("issue", pipe) -> seq; ("access", pipe, seq, offset, bytes, write) -> (would_race,
// kind, block_start, other_pipe, other_seq) with kind 0 for none (Race::Kind otherwise),
// answered by WouldRace and Access or by AccessIfOrdered and Access, access by access;
// ("set" | "wait", from, to, id) -> ok; ("observe", from, to) -> None (a queue token from
// `from` observed by `to`); ("barrier",) -> None; ("reset",) -> None; ("runs",) -> the
// tracker's run count.
py::list HazardTrace(uint64_t ubBytes, const std::vector<py::tuple>& ops) {
    sim::HazardTracker tracker(ubBytes);
    py::list answers;
    uint64_t accesses = 0;
    for (const py::tuple& op : ops) {
        const std::string name = op[0].cast<std::string>();
        if (name == "issue") {
            answers.append(tracker.Issue(PipeAt(op, 1)));
        } else if (name == "access") {
            const sim::Pipe pipe = PipeAt(op, 1);
            const auto seq = op[2].cast<uint64_t>(), offset = op[3].cast<uint64_t>(), bytes = op[4].cast<uint64_t>();
            const bool write = op[5].cast<bool>();
            // Every other access goes through AccessIfOrdered, then (when it refuses) Access, as
            // CoreState::AccessRows and its per-row fallback do: the answers must be the same,
            // so a refused access must have recorded nothing.
            bool would;
            sim::Race race;
            if (++accesses % 2 == 0) {
                would = tracker.WouldRace(pipe, offset, bytes, write);
                race = tracker.Access(pipe, seq, offset, bytes, write);
            } else {
                would = !tracker.AccessIfOrdered(pipe, seq, offset, bytes, write);
                if (would) race = tracker.Access(pipe, seq, offset, bytes, write);
            }
            answers.append(py::make_tuple(would, static_cast<int>(race.kind), race.blockStart,
                                          static_cast<int>(race.other), race.otherSeq));
        } else if (name == "set" || name == "wait") {
            std::string problem;
            const sim::Pipe from = PipeAt(op, 1), to = PipeAt(op, 2);
            const auto id = op[3].cast<int32_t>();
            answers.append(name == "set" ? tracker.SetFlag(from, to, id, &problem)
                                         : tracker.WaitFlag(from, to, id, &problem));
        } else if (name == "observe") {
            tracker.Observe(PipeAt(op, 2), tracker.Snapshot(PipeAt(op, 1)));
            answers.append(py::none());
        } else if (name == "barrier") {
            tracker.BarrierAll();
            answers.append(py::none());
        } else if (name == "runs") {
            answers.append(tracker.RunCount());
        } else if (name == "reset") {
            tracker.Reset();
            answers.append(py::none());
        } else {
            throw py::value_error("unknown hazard op '" + name + "'");
        }
    }
    return answers;
}

}  // namespace

SIMTEST_BINDINGS(hazard) {
    m.def("hazard_trace", &HazardTrace, py::arg("ub_bytes"), py::arg("ops"));
}
