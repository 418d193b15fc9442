// The syncs CANN's compiler inserts around LocalTensor scalar access (--cce-auto-sync=on, the
// default of <<<>>> builds, kernel-launch and custom-operator projects): asc-devkit
// docs/zh/api/SIMD-API/基础API/同步控制/核内同步/关键特性说明.md, table 3 (2201 AIV): PIPE_S
// <-> PIPE_V/MTE2/MTE3 in both directions, for GetValue/SetValue/operator().
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/kernel/tensor.h"

namespace sim {
namespace {
// The event ID the inserted flags use: FetchEventID hands out 0..6, so they never pair with
// the kernel's own flags.
constexpr int32_t kAutoSyncEventId = 7;
}  // namespace

void ScalarAutoSyncBefore(const UbRef& ref, uint64_t byteOffset, uint64_t bytes, bool write, const char* api) {
    if (!Environment().scalarAutoSync || ref.buffer < 0) return;
    CoreState& core = Core();
    const uint64_t start = ref.offset + byteOffset;
    // One SetFlag<X_S>/WaitFlag<X_S> per pipe X whose unobserved access the scalar one would
    // race with, as the compiler inserts them before the access: the scalar unit stalls until X
    // has done it (the wait is charged in the time model).
    for (int round = 0; round < kPipeCount; ++round) {
        const Race race = core.hazard.FirstUnordered(Pipe::S, start, bytes, write);
        if (!race || race.other == Pipe::S) return;
        core.Issue(Event{EventKind::SetFlag, race.other, Pipe::S, api, 0, 0, 0, 0, 0, kAutoSyncEventId});
        core.Issue(Event{EventKind::WaitFlag, Pipe::S, race.other, api, 0, 0, 0, 0, 0, kAutoSyncEventId});
        core.hazard.Observe(Pipe::S, core.hazard.Snapshot(race.other));
    }
}

void ScalarAutoSyncAfter() {
    if (!Environment().scalarAutoSync) return;
    // S -> V/MTE2/MTE3: the compiler orders the next instruction of those pipes that touches
    // what the scalar access touched after it; the scalar pipe issues them in order anyway, so
    // no time is charged. Only S's own instructions are passed on (not what S has observed).
    CoreState& core = Core();
    VectorClock token{};
    token[static_cast<int>(Pipe::S)] = core.hazard.Snapshot(Pipe::S)[static_cast<int>(Pipe::S)];
    core.hazard.Observe(Pipe::V, token);
    core.hazard.Observe(Pipe::MTE2, token);
    core.hazard.Observe(Pipe::MTE3, token);
}

}  // namespace sim
