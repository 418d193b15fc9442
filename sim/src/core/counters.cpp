#include "ascendc_sim/core/counters.h"

namespace sim {

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
    events.push_back(event);
    switch (event.kind) {
        case EventKind::Dma:
        case EventKind::Vector:
        case EventKind::Scalar: {
            PipeTotals& totals = pipes[static_cast<int>(event.pipe)];
            ++totals.instructions;
            totals.bytes += event.bytes;
            totals.repeats += event.repeats;
            ++instructionsByApi[event.api];
            break;
        }
        default:
            ++syncs;
            break;
    }
}

}  // namespace sim
