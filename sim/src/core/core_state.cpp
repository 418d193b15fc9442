#include "ascendc_sim/core/core_state.h"

#include <algorithm>
#include <cstring>

#include "ascendc_sim/core/launch.h"

namespace sim {
namespace {
thread_local CoreState* t_core = nullptr;
constexpr uint8_t kPoison = 0xFF;  // 0xFFFF / 0xFFFFFFFF are NaN in fp16 / fp32
}  // namespace

namespace detail {
void SetCurrentCore(CoreState* core) { t_core = core; }
}  // namespace detail

CoreState* CurrentCoreOrNull() { return t_core; }

CoreState& Core() {
    if (t_core == nullptr) {
        throw std::logic_error("Ascend C kernel API called outside a kernel launch (use ICPU_RUN_KF or an aclnn call)");
    }
    if (t_core->launch->Aborted()) throw LaunchAborted{};
    return *t_core;
}

CoreState::CoreState(LaunchState* launchState, uint32_t idx, uint32_t num, const SocSpec& socSpec)
    : launch(launchState), blockIdx(idx), blockNum(num), soc(socSpec), ub(socSpec.ubBytes, kPoison),
      defined(socSpec.ubBytes, 0), hazard(socSpec.ubBytes) {}

std::string CoreState::Describe(const UbRef& ref, uint64_t byteOffset, uint64_t bytes) const {
    std::string owner = "LocalTensor";
    uint64_t inBuffer = ref.offset + byteOffset;
    if (ref.buffer >= 0 && static_cast<size_t>(ref.buffer) < buffers.size()) {
        owner = buffers[ref.buffer].name;
        inBuffer -= buffers[ref.buffer].offset;
    } else if (ref.buffer < 0) {
        owner = "an unallocated LocalTensor";
    }
    uint64_t ubStart = ref.offset + byteOffset;
    return owner + " bytes [" + std::to_string(inBuffer) + ", " + std::to_string(inBuffer + bytes) + ") (UB [" +
           std::to_string(ubStart) + ", " + std::to_string(ubStart + bytes) + "))";
}

uint64_t CoreState::Issue(const Event& event) {
    counters.Record(event);
    return hazard.Issue(event.pipe);
}

uint8_t* CoreState::Operand(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                            uint64_t bytes, Pipe pipe, uint64_t seq, Access access, bool requireAligned) {
    if (ref.buffer < 0) {
        Violation(Check::ApiMisuse, std::string(api) + ": operand " + operand +
                                        " is a LocalTensor that was never allocated (AllocTensor/DeQue/TBuf::Get)");
        return nullptr;
    }
    uint64_t start = ref.offset + byteOffset;
    if (requireAligned && start % 32 != 0) {
        // Misalignment is not memory-unsafe in the sim: the instruction runs if downgraded.
        Violation(Check::UbAlignment, std::string(api) + ": operand " + operand + " starts at " +
                                          Describe(ref, byteOffset, 0) + ", not 32-byte aligned (UB address % 32 = " +
                                          std::to_string(start % 32) + ")");
    }
    if (byteOffset + bytes > ref.bytes) {
        Violation(Check::OperandBounds,
                  std::string(api) + ": operand " + operand + " needs " + Describe(ref, byteOffset, bytes) +
                      " but the tensor holds only " + std::to_string(ref.bytes) + " bytes (" +
                      std::to_string(byteOffset + bytes - ref.bytes) + " bytes past its end)");
        if (start + bytes > ub.size()) return nullptr;  // outside UB itself: drop
    }
    if (start + bytes > ub.size()) return nullptr;
    std::string race = hazard.Access(pipe, seq, start, bytes, access == Access::Write);
    if (!race.empty()) {
        Violation(Check::PipeHazard, std::string(api) + " (pipe " + PipeName(pipe) + "), operand " + operand + " " +
                                         Describe(ref, byteOffset, bytes) + ": " + race);
    }
    return ub.data() + start;
}

bool CoreState::AllDefined(uint32_t ubOffset, uint64_t bytes) const {
    if (ubOffset + bytes > defined.size()) return false;
    const uint8_t* p = defined.data() + ubOffset;
    return std::memchr(p, 0, bytes) == nullptr;
}

void CoreState::MarkDefined(uint32_t ubOffset, uint64_t bytes, bool isDefined) {
    if (ubOffset >= defined.size()) return;
    bytes = std::min<uint64_t>(bytes, defined.size() - ubOffset);
    std::memset(defined.data() + ubOffset, isDefined ? 1 : 0, bytes);
}

void CoreState::RequireDefined(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                               uint64_t bytes, const char* what) {
    uint64_t start = ref.offset + byteOffset;
    if (start + bytes > defined.size() || AllDefined(static_cast<uint32_t>(start), bytes)) return;
    const uint8_t* p = defined.data() + start;
    uint64_t firstBad = static_cast<const uint8_t*>(std::memchr(p, 0, bytes)) - p;
    uint64_t end = firstBad;
    while (end < bytes && p[end] == 0) ++end;
    Violation(Check::UninitializedRead,
              std::string(api) + ": operand " + operand + " " + what + " " + Describe(ref, byteOffset + firstBad, end - firstBad) +
                  " that hold no data: never written since the buffer was allocated (or computed from such bytes)");
}

void CoreState::Poison(uint32_t ubOffset, uint64_t bytes) {
    if (ubOffset >= ub.size()) return;
    bytes = std::min<uint64_t>(bytes, ub.size() - ubOffset);
    std::memset(ub.data() + ubOffset, kPoison, bytes);
    std::memset(defined.data() + ubOffset, 0, bytes);
}

}  // namespace sim
