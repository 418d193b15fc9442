#include "ascendc_sim/core/counters.h"

#include <cstddef>
#include <utility>

#include "ascendc_sim/core/kept_storage.h"

namespace sim {
namespace {
constexpr size_t kInitialEventCapacity = 128;
// Log storage kept for later launches, at most. A (64, 1024) call's 48 logs (about 300 events
// each) hold 2.3 MiB; a (4096, 1023) call's (about 4,700 each) 36 MiB, of which the part past
// this bound is freed as before.
constexpr size_t kKeptLogBytes = size_t{32} << 20;

bool IsInstruction(EventKind kind) {
    return kind == EventKind::Dma || kind == EventKind::Vector || kind == EventKind::Scalar;
}

// Empty logs with capacity, left by launches whose last LaunchResult has gone.
KeptVectors<Event>& KeptLogs() { return TheKeptVectors<Event, kKeptLogBytes>(); }
[[maybe_unused]] const bool g_keptMade = (KeptLogs(), true);

}  // namespace

const char* PipeName(Pipe pipe) {
    switch (pipe) {
        case Pipe::S: return "S";
        case Pipe::V: return "V";
        case Pipe::MTE2: return "MTE2";
        case Pipe::MTE3: return "MTE3";
    }
    return "?";
}

namespace {

// A scalar access joins an equal one (same API, same kernel line) among the last few events
// when only scalar accesses came since: the scalar unit runs them in program order either way,
// so the model's time is the same, and a kernel that adds 8192 x 8192 elements with GetValue and
// SetValue (asc-devkit add_high_performance case 0) logs a few events per loop instead of 200
// million. Its bytes add up; repeats counts the folded accesses (ScalarAccesses).
constexpr size_t kScalarFoldWindow = 4;

bool FoldScalar(std::vector<Event>& events, const std::vector<const void*>& sites, const Event& event,
                const void* site) {
    if (event.kind != EventKind::Scalar || event.api == nullptr) return false;
    for (size_t back = 1; back <= kScalarFoldWindow && back <= events.size(); ++back) {
        Event& earlier = events[events.size() - back];
        if (earlier.kind != EventKind::Scalar) return false;
        if (earlier.api == event.api && sites[events.size() - back] == site && earlier.repeats < UINT32_MAX) {
            ++earlier.repeats;
            earlier.bytes = Event::Count32(uint64_t{earlier.bytes} + event.bytes);
            return true;
        }
    }
    return false;
}

}  // namespace

void CoreCounters::Record(const Event& event, const void* site) {
    // A (1, 8) call logs ~70 events: room for them at once instead of 8 doublings (about 11 KiB per core).
    if (events.empty()) events.reserve(kInitialEventCapacity);
    if (FoldScalar(events, sites, event, site)) {
        PipeTotals& totals = pipes[static_cast<int>(event.pipe)];
        ++totals.instructions;
        totals.bytes += event.bytes;
        return;
    }
    if (sites.capacity() < events.capacity()) sites.reserve(events.capacity());
    events.push_back(event);
    sites.push_back(site);
    if (!IsInstruction(event.kind)) {
        ++syncs;
        return;
    }
    PipeTotals& totals = pipes[static_cast<int>(event.pipe)];
    ++totals.instructions;
    totals.bytes += event.bytes;
    totals.repeats += event.repeats;
}

std::map<std::string, uint64_t> CoreCounters::InstructionsByApi() const {
    // API names are string literals: count by pointer first, then merge equal texts.
    std::map<const char*, uint64_t> byPointer;
    for (const Event& event : events) {
        if (IsInstruction(event.kind)) byPointer[event.api] += ScalarAccesses(event);
    }
    std::map<std::string, uint64_t> byName;
    for (const auto& [api, count] : byPointer) byName[api] += count;
    return byName;
}

CoreLogs::CoreLogs(std::vector<CoreCounters> cores) {
    // The deleter gets the pointer as created (not const): the logs' storage is handed on.
    auto* owned = new std::vector<CoreCounters>(std::move(cores));
    cores_ = std::shared_ptr<const std::vector<CoreCounters>>(owned, [](std::vector<CoreCounters>* logs) {
        for (CoreCounters& core : *logs) KeptLogs().Keep(core.events);
        delete logs;
    });
}

const std::vector<CoreCounters>& CoreLogs::All() const {
    static const std::vector<CoreCounters> kNone;
    return cores_ ? *cores_ : kNone;
}

std::vector<CoreCounters> TakeCoreCounters(uint32_t count) {
    std::vector<CoreCounters> cores(count);
    for (CoreCounters& core : cores) core.events = KeptLogs().Take();
    return cores;
}

}  // namespace sim
