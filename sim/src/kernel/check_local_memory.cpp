// CheckLocalMemoryIA (kernel/check_local_memory.h): sets a register of the calling core; the
// accesses are held against it in CoreState::Operand.
#include "ascendc_sim/kernel/check_local_memory.h"

#include <string>

#include "ascendc_sim/core/core_state.h"

namespace sim {

void ArmUbWatch(const AscendC::CheckLocalMemoryIAParam& checkParams) {
    sim::CoreState& core = sim::Core();
    core.Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "CheckLocalMemoryIA", 0});
    constexpr uint32_t kMaxAddress = 65535;  // the fields' documented range, in 32-byte units
    if (checkParams.enableBit > 3) {
        sim::Violation(sim::Check::ApiMisuse, "CheckLocalMemoryIA: enableBit " + std::to_string(checkParams.enableBit) +
                                                  " names no register (0 to 3)");
        return;
    }
    if (checkParams.startAddr > kMaxAddress || checkParams.endAddr > kMaxAddress) {
        sim::Violation(sim::Check::ApiMisuse, "CheckLocalMemoryIA: startAddr " + std::to_string(checkParams.startAddr) +
                                                  " / endAddr " + std::to_string(checkParams.endAddr) +
                                                  " outside [0, 65535] (32-byte units)");
        return;
    }
    sim::UbWatch& watch = core.ubWatch[checkParams.enableBit];
    watch.enabled = checkParams.isEnable;
    watch.from = uint64_t(checkParams.startAddr) * 32;
    watch.to = uint64_t(checkParams.endAddr) * 32;
    watch.kinds = (checkParams.isScalarRead ? sim::UbWatch::ScalarRead : 0) |
                  (checkParams.isScalarWrite ? sim::UbWatch::ScalarWrite : 0) |
                  (checkParams.isVectorRead ? sim::UbWatch::VectorRead : 0) |
                  (checkParams.isVectorWrite ? sim::UbWatch::VectorWrite : 0) |
                  (checkParams.isMteRead ? sim::UbWatch::MteRead : 0) |
                  (checkParams.isMteWrite ? sim::UbWatch::MteWrite : 0);
    core.ubWatchArmed = false;
    for (const sim::UbWatch& each : core.ubWatch) core.ubWatchArmed = core.ubWatchArmed || each.enabled;
}

}  // namespace sim
