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

void CoreCounters::Record(const Event& event, const void* site) {
    // A (1, 8) call logs ~70 events: room for them at once instead of 8 doublings (about 11 KiB per core).
    if (events.empty()) events.reserve(kInitialEventCapacity);
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
        if (IsInstruction(event.kind)) ++byPointer[event.api];
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
