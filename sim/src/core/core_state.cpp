#include "ascendc_sim/core/core_state.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "ascendc_sim/core/launch.h"

namespace sim {
namespace {
thread_local CoreState* t_core = nullptr;
constexpr uint8_t kPoison = 0xFF;  // 0xFFFF / 0xFFFFFFFF are NaN in fp16 / fp32
}  // namespace

CoreArena::CoreArena(uint64_t ubBytes) : ub(ubBytes, kPoison), defined(ubBytes, 0), hazard(ubBytes) {
    stale.Reserve(64);
    maybeUndefined.Reserve(64);
}

void CoreArena::Reset() {
    hazard.Reset();
    buffers.clear();
    origins.Clear();
    stale.Clear();
    stale.Add(0, static_cast<uint32_t>(ub.size()));
    maybeUndefined.Clear();
    maybeUndefined.Add(0, static_cast<uint32_t>(ub.size()));
}

const char* const kStackBufferKind = "stack buffer (UB left after InitBuffer)";
const char* const kStaticTensorKind = "static LocalTensor";

std::string UbBuffer::Name() const {
    if (name.kind == kStaticTensorKind) {
        return std::string(kStaticTensorKind) + " UB [" + std::to_string(offset) + ", " +
               std::to_string(offset + bytes) + ")";
    }
    return name.Text();
}

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

CoreState::CoreState(LaunchState* launchState, uint32_t idx, uint32_t num, const SocSpec& socSpec, CoreArena& arena)
    : launch(launchState), blockIdx(idx), blockNum(num), soc(socSpec), ub(arena.ub),
      defined(arena.defined), hazard(arena.hazard), buffers(arena.buffers), origins(arena.origins), stale_(arena.stale), maybeUndefined_(arena.maybeUndefined) {}

inline void CoreState::Materialize(uint64_t ubOffset, uint64_t bytes) {
    if (stale_.Empty()) return;
    stale_.Remove(ubOffset, std::min<uint64_t>(ubOffset + bytes, ub.size()), [&](uint32_t from, uint32_t to) {
        std::memset(ub.data() + from, kPoison, to - from);
        std::memset(defined.data() + from, 0, to - from);
    });
}

inline void CoreState::Discard(uint64_t ubOffset, uint64_t bytes) {
    if (stale_.Empty()) return;
    stale_.Remove(ubOffset, std::min<uint64_t>(ubOffset + bytes, ub.size()), [](uint32_t, uint32_t) {});
}

void CoreState::MakeReady(uint64_t ubOffset, uint64_t bytes, Access access) {
    if (access == Access::Overwrite) {
        Discard(ubOffset, bytes);
    } else {
        Materialize(ubOffset, bytes);
    }
}

void CoreState::MakeResident(uint64_t ubOffset, uint64_t bytes) {
    const uint64_t end = std::min<uint64_t>(ubOffset + bytes, ub.size());
    if (end <= ubOffset) return;
    Materialize(ubOffset, bytes);
    // Known-defined bytes keep no flags: write them out before the range's flags become exact.
    maybeUndefined_.ForEachGapIn(ubOffset, end, [&](uint32_t from, uint32_t to) {
        std::memset(defined.data() + from, 1, to - from);
    });
    maybeUndefined_.Add(static_cast<uint32_t>(ubOffset), static_cast<uint32_t>(end));  // the caller may clear flags
}

std::string CoreState::Describe(const UbRef& ref, uint64_t byteOffset, uint64_t bytes) const {
    std::string owner = "LocalTensor", origin;
    uint64_t inBuffer = ref.offset + byteOffset;
    if (ref.buffer >= 0 && static_cast<size_t>(ref.buffer) < buffers.size()) {
        owner = buffers[ref.buffer].Name();
        origin = BufferOrigin(CallSiteStack(buffers[ref.buffer].createdAt));
        inBuffer -= buffers[ref.buffer].offset;
    } else if (ref.buffer < 0) {
        owner = "an unallocated LocalTensor";
    }
    uint64_t ubStart = ref.offset + byteOffset;
    return owner + " bytes [" + std::to_string(inBuffer) + ", " + std::to_string(inBuffer + bytes) + ") (UB [" +
           std::to_string(ubStart) + ", " + std::to_string(ubStart + bytes) + "))" + (origin.empty() ? "" : " " + origin);
}

uint64_t CoreState::Issue(const Event& event) {
    counters.Record(event, callSite);
    return hazard.Issue(event.pipe, callSite);
}

uint8_t* CoreState::OperandChecked(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                                   uint64_t bytes, Pipe pipe, uint64_t seq, Access access, bool requireAligned) {
    if (ref.buffer < 0) {
        Violation(Check::ApiMisuse, std::string(api) + ": operand " + operand +
                                        " is a LocalTensor that was never allocated (AllocTensor/DeQue/TBuf::Get)");
        return nullptr;
    }
    uint64_t start = ref.offset + byteOffset;
    if (requireAligned && start % 32 != 0) {
        // Misalignment is not memory-unsafe in the sim: the instruction runs if downgraded.
        Violation(Check::UbAlignment, std::string(api) + ": operand " + operand + " at " +
                                          Describe(ref, byteOffset, bytes) + " is not 32-byte aligned (UB address % 32 = " +
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
    if (ubWatchArmed) CheckWatchedAccess(api, operand, ref, byteOffset, bytes, pipe, access);
    if (Race race = hazard.Access(pipe, seq, start, bytes, access != Access::Read)) {
        ReportRace(api, operand, ref, byteOffset, bytes, pipe, race);
    }
    MakeReady(start, bytes, access);
    return ub.data() + start;
}

void CoreState::CheckWatchedAccess(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                                   uint64_t bytes, Pipe pipe, Access access) {
    const bool write = access != Access::Read;
    const uint8_t kind = pipe == Pipe::S ? (write ? UbWatch::ScalarWrite : UbWatch::ScalarRead)
                         : pipe == Pipe::V ? (write ? UbWatch::VectorWrite : UbWatch::VectorRead)
                                           : (write ? UbWatch::MteWrite : UbWatch::MteRead);
    const uint64_t start = ref.offset + byteOffset;
    for (size_t i = 0; i < ubWatch.size(); ++i) {
        const UbWatch& watch = ubWatch[i];
        // Bytes [start, start + bytes) against (from, to]: the first watched byte is from + 1.
        if (!watch.enabled || (watch.kinds & kind) == 0 || bytes == 0 || start > watch.to || start + bytes <= watch.from + 1) {
            continue;
        }
        const char* what = pipe == Pipe::S ? "scalar" : pipe == Pipe::V ? "vector" : "MTE";
        Violation(Check::KernelAssert,
                  std::string(api) + ": a " + what + (write ? " write" : " read") + " of operand " + operand + " " +
                      Describe(ref, byteOffset, bytes) + " meets CheckLocalMemoryIA register " + std::to_string(i) +
                      ", which watches UB bytes (" + std::to_string(watch.from) + ", " + std::to_string(watch.to) +
                      "] (an AI Core exception on hardware, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION)");
        return;
    }
}

void CoreState::ReportRace(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                           uint64_t bytes, Pipe pipe, const Race& race) {
    Violation(Check::PipeHazard, std::string(api) + " (pipe " + PipeName(pipe) + "), operand " + operand + " " +
                                     Describe(ref, byteOffset, bytes) + ": " + race.Describe(pipe));
}

bool CoreState::AccessRows(const UbRef& ref, uint64_t rows, uint64_t pitch, uint64_t rowBytes, Pipe pipe,
                           uint64_t seq, Access access) {
    constexpr uint64_t kBlock = 32;
    if (ref.buffer < 0 || rows == 0 || rowBytes == 0 || ref.offset % kBlock != 0 || pitch % kBlock != 0) return false;
    // Rows starting on blocks leave no untouched block between them when pitch <= rowBytes rounded up.
    if (rows > 1 && pitch > (rowBytes + kBlock - 1) / kBlock * kBlock) return false;
    const uint64_t span = (rows - 1) * pitch + rowBytes;
    if (span > ref.bytes || ref.offset + span > ub.size()) return false;
    const bool write = access != Access::Read;
    if (ubWatchArmed) return false;  // row by row through Operand, which holds each row against the registers
    if (!hazard.AccessIfOrdered(pipe, seq, ref.offset, span, write)) return false;
    if (access != Access::Overwrite || pitch <= rowBytes) {
        MakeReady(ref.offset, span, access);
    } else {
        // Only the rows are overwritten: the gaps between them keep their pending poison.
        for (uint64_t row = 0; row < rows; ++row) Discard(ref.offset + row * pitch, rowBytes);
    }
    return true;
}

// The first byte in [ubOffset, +bytes) whose kept flag is 0, or ubOffset + bytes (poison in the
// range written out first).
static uint64_t FirstUndefined(const std::vector<uint8_t>& defined, const ByteRanges& maybeUndefined,
                               uint64_t ubOffset, uint64_t bytes) {
    uint64_t first = ubOffset + bytes;
    maybeUndefined.ForEachIn(ubOffset, ubOffset + bytes, [&](uint32_t from, uint32_t to) {
        if (first != ubOffset + bytes) return;
        const void* zero = std::memchr(defined.data() + from, 0, to - from);
        if (zero != nullptr) first = static_cast<uint64_t>(static_cast<const uint8_t*>(zero) - defined.data());
    });
    return first;
}

bool CoreState::AllDefinedExactly(uint32_t ubOffset, uint64_t bytes) {
    Materialize(ubOffset, bytes);
    if (FirstUndefined(defined, maybeUndefined_, ubOffset, bytes) != ubOffset + bytes) return false;
    maybeUndefined_.Remove(ubOffset, ubOffset + bytes, [](uint32_t, uint32_t) {});  // known defined now
    return true;
}

void CoreState::MarkDefinedExactly(uint32_t ubOffset, uint64_t bytes, bool isDefined) {
    if (ubOffset >= defined.size()) return;
    bytes = std::min<uint64_t>(bytes, defined.size() - ubOffset);
    if (bytes == 0) return;
    if (isDefined) {  // (MarkDefined returned already for a range known defined)
        // The bytes were written by the caller, so no poison is pending here; were some left,
        // writing it out keeps `ub` right. Known-defined bytes keep no flags: nothing to set.
        Materialize(ubOffset, bytes);
        maybeUndefined_.Remove(ubOffset, ubOffset + bytes, [](uint32_t, uint32_t) {});
    } else {
        Materialize(ubOffset, bytes);
        std::memset(defined.data() + ubOffset, 0, bytes);
        maybeUndefined_.Add(ubOffset, static_cast<uint32_t>(ubOffset + bytes));
    }
}

void CoreState::RequireDefined(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                               uint64_t bytes, const char* what) {
    uint64_t start = ref.offset + byteOffset;
    if (start + bytes > defined.size() || AllDefined(static_cast<uint32_t>(start), bytes)) return;  // (resident now)
    const uint64_t firstBad = FirstUndefined(defined, maybeUndefined_, start, bytes);
    // The undefined run ends at a defined flag or where the kept flags end.
    uint64_t end = firstBad;
    maybeUndefined_.ForEachIn(firstBad, start + bytes, [&](uint32_t from, uint32_t to) {
        if (from != end) return;
        while (end < to && defined[end] == 0) ++end;
    });
    const std::string origin = origins.Describe(origins.At(static_cast<uint32_t>(firstBad)));
    Violation(Check::UninitializedRead,
              std::string(api) + ": operand " + operand + " " + what + " " +
                  Describe(ref, firstBad - ref.offset, end - firstBad) +
                  " that hold no data: never written since the buffer was allocated (or computed from such bytes)" +
                  (origin.empty() ? "" : "\n    " + origin));
}

void CoreState::Poison(uint32_t ubOffset, uint64_t bytes, uint32_t origin) {
    if (ubOffset >= ub.size()) return;
    const uint32_t end = static_cast<uint32_t>(ubOffset + std::min<uint64_t>(bytes, ub.size() - ubOffset));
    if (end == ubOffset) return;
    origins.Tag(ubOffset, end - ubOffset, origin);
    stale_.Add(ubOffset, end);
    maybeUndefined_.Add(ubOffset, end);
}

}  // namespace sim
