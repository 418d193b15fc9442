#include "ascendc_sim/kernel/sync.h"

#include <cstdarg>
#include <cstdio>

#include "ascendc_sim/core/check.h"

namespace sim {
namespace {

Pipe ToPipe(pipe_t pipe, bool* ok) {
    *ok = true;
    switch (pipe) {
        case PIPE_S: return Pipe::S;
        case PIPE_V: return Pipe::V;
        case PIPE_MTE2: return Pipe::MTE2;
        case PIPE_MTE3: return Pipe::MTE3;
        default: *ok = false; return Pipe::S;
    }
}

constexpr int32_t kMaxEventId = 7;  // HW event IDs 0-7 per HardEvent

}  // namespace

void SetFlagImpl(AscendC::HardEvent event, int32_t id, const char* name) {
    CoreState& core = Core();
    core.callSite = __builtin_return_address(0);  // the kernel's SetFlag/WaitFlag line
    Pipe from, to;
    if (!EventPipes(event, &from, &to)) return;  // cube / fixpipe events: nothing on an AIV
    if (id < 0 || id > kMaxEventId) {
        Violation(Check::SyncMisuse, std::string(name) + ": event ID " + std::to_string(id) + " outside 0..7");
        return;
    }
    core.Issue(Event{EventKind::SetFlag, from, to, name, 0, 0, 0, 0, 0, id});
    if (from == to) return;
    std::string problem;
    if (!core.hazard.SetFlag(from, to, id, &problem)) Violation(Check::SyncMisuse, std::string(name) + ": " + problem);
}

void WaitFlagImpl(AscendC::HardEvent event, int32_t id, const char* name) {
    CoreState& core = Core();
    core.callSite = __builtin_return_address(0);  // the kernel's SetFlag/WaitFlag line
    Pipe from, to;
    if (!EventPipes(event, &from, &to)) return;
    if (id < 0 || id > kMaxEventId) {
        Violation(Check::SyncMisuse, std::string(name) + ": event ID " + std::to_string(id) + " outside 0..7");
        return;
    }
    core.Issue(Event{EventKind::WaitFlag, to, from, name, 0, 0, 0, 0, 0, id});
    if (from == to) return;
    std::string problem;
    if (!core.hazard.WaitFlag(from, to, id, &problem)) Violation(Check::SyncMisuse, std::string(name) + ": " + problem);
}

void PipeBarrierImpl(pipe_t pipe) {
    CoreState& core = Core();
    core.callSite = __builtin_return_address(0);  // the kernel's PipeBarrier line (the profile's line table)
    if (pipe == PIPE_ALL) {
        core.Issue(Event{EventKind::Barrier, Pipe::S, Pipe::S, "PipeBarrier<PIPE_ALL>"});
        core.hazard.BarrierAll();
        return;
    }
    bool ok;
    Pipe p = ToPipe(pipe, &ok);
    if (ok) core.Issue(Event{EventKind::Barrier, p, p, "PipeBarrier"});
}

std::string AssertMessage(const char* condition, const char* file, int line, const char* format, ...) {
    std::string text = std::string("ascendc_assert(") + condition + ") failed at " + file + ":" + std::to_string(line);
    if (format != nullptr) {
        char buffer[512];
        va_list args;
        va_start(args, format);
        std::vsnprintf(buffer, sizeof buffer, format, args);
        va_end(args);
        text += ": ";
        text += buffer;
    }
    return text;
}

void SyncAllImpl() {
    CoreState& core = Core();
    core.callSite = __builtin_return_address(0);  // the kernel's SyncAll line (the profile's line table)
    if (core.launch->waveMode) {
        Violation(Check::SyncMisuse, "SyncAll in a launch of " + std::to_string(core.blockNum) + " blocks on " +
                                         core.soc.name + " with " + std::to_string(core.soc.aivCores) +
                                         " AIV cores: all blocks must be resident at once (hangs on hardware)");
        return;
    }
    core.Issue(Event{EventKind::SyncAll, Pipe::S, Pipe::S, "SyncAll"});
    core.hazard.BarrierAll();  // SyncAll waits on PIPE_ALL by default
    core.launch->gmRaces.SyncAll(core.blockIdx);
    core.launch->SyncAll();
}

}  // namespace sim
