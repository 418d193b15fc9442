// Test hook for the end-of-launch GM checks (core/gm_race.h, core/output_check.h) on their
// own, without a kernel: GM accesses recorded per core on a scratch buffer, then both checks'
// reports, so test_gm_checks.py can hold them against a byte-by-byte model. The cores may
// finish (GmRaceTracker::CoreFinished) on several threads in a given order, as in a launch.
#include <pybind11/stl.h>

#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/gm_race.h"
#include "ascendc_sim/core/output_check.h"
#include "registry.h"

namespace py = pybind11;

namespace {

using FinishOrder = std::vector<std::vector<uint32_t>>;

// Ops: ("copy", core, offset, row_bytes, pitch, rows, write[, value]) or ("sync_all", core),
// offsets into `gm`; a write fills its rows with `value` first (default core + 1). Then each list of `finish` on its own thread calls CoreFinished for its cores in
// its order (none: the end-of-launch checks sort every write themselves).
void Replay(sim::GmRaceTracker& tracker, std::vector<uint8_t>& gm, const std::vector<py::tuple>& ops,
            const FinishOrder& finish) {
    for (const py::tuple& op : ops) {
        const std::string name = op[0].cast<std::string>();
        const auto core = op[1].cast<uint32_t>();
        if (name == "sync_all") {
            tracker.SyncAll(core);
        } else if (name == "copy") {
            const auto offset = op[2].cast<uint64_t>(), rowBytes = op[3].cast<uint64_t>(), pitch = op[4].cast<uint64_t>();
            const auto rows = op[5].cast<uint32_t>();
            const bool write = op[6].cast<bool>();
            if (write) {  // the bytes a write leaves: its value (default: the core's number + 1)
                const auto value = static_cast<uint8_t>(op.size() > 7 ? op[7].cast<uint32_t>() : core + 1);
                for (uint32_t row = 0; row < rows; ++row) std::memset(gm.data() + offset + row * pitch, value, rowBytes);
            }
            tracker.Record(core, gm.data() + offset, rowBytes, pitch, rows, write, "DataCopy", nullptr);
        } else {
            throw py::value_error("unknown GM op '" + name + "'");
        }
    }
    py::gil_scoped_release released;
    std::vector<std::thread> threads;
    for (const std::vector<uint32_t>& cores : finish) {
        threads.emplace_back([&tracker, &cores] {
            for (uint32_t core : cores) tracker.CoreFinished(core);
        });
    }
    for (std::thread& thread : threads) thread.join();
}

// Ops and `finish` as for Replay, on a GM buffer of `gm_bytes`. Outputs: (offset, bytes, name,
// shape, element_bytes). Returns (gm-race report, unwritten-output report), "" for none; the
// race report names addresses as "gm byte <offset>".
std::tuple<std::string, std::string> GmChecks(
    uint64_t gmBytes, uint32_t cores, const std::vector<py::tuple>& ops,
    const std::vector<std::tuple<uint64_t, uint64_t, std::string, std::vector<int64_t>, uint32_t>>& outputs,
    const FinishOrder& finish) {
    std::vector<uint8_t> gm(gmBytes);
    sim::GmRaceTracker tracker(cores);
    Replay(tracker, gm, ops, finish);
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

// The write intervals the end-of-launch checks read (WriteRows), then the same built by one
// serial sort of every core's writes (WriteRowsBySort), each as (begin offset, end offset,
// core, epoch, record address): the record address tells records apart that share the rest.
using Row = std::tuple<uint64_t, uint64_t, uint32_t, uint32_t, uintptr_t>;
std::tuple<std::vector<Row>, std::vector<Row>> GmWriteRows(uint64_t gmBytes, uint32_t cores,
                                                           const std::vector<py::tuple>& ops,
                                                           const FinishOrder& finish) {
    std::vector<uint8_t> gm(gmBytes);
    sim::GmRaceTracker tracker(cores);
    Replay(tracker, gm, ops, finish);
    const auto base = reinterpret_cast<uintptr_t>(gm.data());
    auto rows = [&](const std::vector<sim::GmRaceTracker::Interval>& intervals) {
        std::vector<Row> out;
        for (const auto& i : intervals) {
            out.emplace_back(i.begin - base, i.end - base, i.core, i.epoch, reinterpret_cast<uintptr_t>(i.access));
        }
        return out;
    };
    return {rows(tracker.WriteRows()), rows(tracker.WriteRowsBySort())};
}

// Registers and unregisters random regions of a scratch buffer (some inside others, some
// registered again at once with another size, as the caching allocator does) for `steps`
// steps; after each, this thread and one other look up random addresses. FindGmExtent (which
// searches a copy of the registry without its lock) must give what FindGm (the registry under
// its lock) gives. `crowd` more one-byte regions are registered elsewhere throughout (past
// kMaxCopiedGmExtents, the registry is searched itself). Returns the disagreements, as text.
std::vector<std::string> GmExtentChurn(uint32_t seed, int steps, size_t crowd) {
    constexpr size_t kScratch = 1 << 16;
    std::vector<uint8_t> crowded(crowd);
    for (size_t i = 0; i < crowd; ++i) sim::RegisterGm(crowded.data() + i, 1, "crowd");
    std::vector<uint8_t> scratch(kScratch);
    const uint8_t* base = scratch.data();
    std::mt19937 rng(seed);
    std::vector<std::string> mismatches;
    std::mutex mutex;
    auto lookUp = [&](std::mt19937& r, const char* who, int step) {
        for (int i = 0; i < 40; ++i) {
            const uint8_t* p = base + r() % kScratch;
            uintptr_t extentBase = 0;
            size_t extentBytes = 0;
            const bool found = sim::FindGmExtent(p, &extentBase, &extentBytes);
            const auto reference = sim::FindGm(p);
            if (found != reference.has_value() ||
                (found && (extentBase != reference->base || extentBytes != reference->bytes))) {
                std::lock_guard<std::mutex> lock(mutex);
                mismatches.push_back(std::string(who) + " step " + std::to_string(step) + " offset " +
                                     std::to_string(p - base) + ": cached " + (found ? std::to_string(extentBytes) : "none") +
                                     ", registry " + (reference ? std::to_string(reference->bytes) : "none"));
            }
        }
    };
    // The other thread looks up while this one waits, step by step, so its answers kept from
    // earlier steps must follow the changes this thread made.
    std::condition_variable turn;
    int otherStep = -1;  // the step the other thread is to look up in (-2: stop)
    bool otherDone = true;
    std::thread other([&] {
        std::mt19937 r(seed + 1);
        for (;;) {
            std::unique_lock<std::mutex> lock(mutex);
            turn.wait(lock, [&] { return !otherDone || otherStep == -2; });
            if (otherStep == -2) return;
            const int step = otherStep;
            lock.unlock();
            lookUp(r, "other thread", step);
            lock.lock();
            otherDone = true;
            turn.notify_all();
        }
    });
    std::vector<std::pair<size_t, size_t>> live;  // (offset, bytes)
    py::gil_scoped_release released;
    for (int step = 0; step < steps; ++step) {
        const uint32_t action = rng() % 4;
        if (action == 0 && !live.empty()) {
            const size_t k = rng() % live.size();
            sim::UnregisterGm(base + live[k].first);
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
        } else if (action == 1 && !live.empty()) {  // the same start, another size
            const size_t k = rng() % live.size();
            sim::UnregisterGm(base + live[k].first);
            live[k].second = 1 + rng() % 4096;
            sim::RegisterGm(base + live[k].first, live[k].second, "again");
        } else {
            const size_t offset = rng() % (kScratch - 4096), bytes = 1 + rng() % 4096;
            bool taken = false;
            for (const auto& region : live) taken |= region.first == offset;
            if (!taken) {
                sim::RegisterGm(base + offset, bytes, "region");
                live.emplace_back(offset, bytes);
            }
        }
        lookUp(rng, "this thread", step);
        std::unique_lock<std::mutex> lock(mutex);
        otherStep = step;
        otherDone = false;
        turn.notify_all();
        turn.wait(lock, [&] { return otherDone; });
    }
    {
        std::lock_guard<std::mutex> lock(mutex);
        otherStep = -2;
        turn.notify_all();
    }
    other.join();
    for (const auto& region : live) sim::UnregisterGm(base + region.first);
    for (size_t i = 0; i < crowd; ++i) sim::UnregisterGm(crowded.data() + i);
    return mismatches;
}

}  // namespace

SIMTEST_BINDINGS(gm_checks) {
    m.def("gm_extent_churn", &GmExtentChurn, py::arg("seed"), py::arg("steps"), py::arg("crowd") = 0);
    m.attr("MAX_COPIED_GM_EXTENTS") = sim::kMaxCopiedGmExtents;
    m.def("gm_checks", &GmChecks, py::arg("gm_bytes"), py::arg("cores"), py::arg("ops"), py::arg("outputs"),
          py::arg("finish") = FinishOrder{});
    m.def("gm_write_rows", &GmWriteRows, py::arg("gm_bytes"), py::arg("cores"), py::arg("ops"), py::arg("finish"));
}
