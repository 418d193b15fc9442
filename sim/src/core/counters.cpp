#include "ascendc_sim/core/counters.h"

#include <cstddef>

namespace sim {
namespace {
constexpr size_t kInitialEventCapacity = 128;
bool IsInstruction(EventKind kind) {
    return kind == EventKind::Dma || kind == EventKind::Vector || kind == EventKind::Scalar;
}
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

void CoreCounters::Record(const Event& event) {
    // A (1, 8) call logs ~70 events: room for them at once instead of 8 doublings (about 11 KiB per core).
    if (events.empty()) events.reserve(kInitialEventCapacity);
    events.push_back(event);
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

}  // namespace sim
