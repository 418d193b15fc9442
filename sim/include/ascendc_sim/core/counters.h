// Per-core instruction log: every DMA, vector instruction, scalar UB access and sync in
// the order the core issued it, so a cost model can lay them on a per-pipe timeline.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sim {

// The AIV pipes. Instructions on one pipe complete in order; pipes run in parallel and
// are ordered only by syncs.
enum class Pipe : uint8_t { S = 0, V = 1, MTE2 = 2, MTE3 = 3 };
constexpr int kPipeCount = 4;
const char* PipeName(Pipe pipe);  // "S", "V", "MTE2", "MTE3"

enum class EventKind : uint8_t {
    Dma,        // MTE2 (GM->UB) or MTE3 (UB->GM)
    Vector,     // one vector instruction (count form or high-dimension form)
    Scalar,     // GetValue/SetValue on UB or GM
    SetFlag,    // pipe signals peer (also the implicit Set of EnQue/FreeTensor)
    WaitFlag,   // pipe waits for peer (also the implicit Wait of DeQue/AllocTensor)
    Barrier,    // PipeBarrier<pipe>
    SyncAll,    // cross-core barrier
    CoreSignal, // a cross-core flag raised (IBSet, NotifyNextBlock): gmAddress names the flag, repeats its sequence number
    CoreWait,   // a cross-core flag awaited (IBWait, WaitPreBlock): waits for the CoreSignal of the same flag and number
};

// One logged instruction or sync: 80 bytes (every emulated instruction appends one, so its
// size is memory traffic on the hot path). Counts that fit a core's UB are 32-bit; fields are
// ordered so that none needs padding. Built as Event{kind, pipe, peer, api, bytes, bursts,
// burstBytes, elements, repeats, eventId} (any suffix left out) and then by field name.
struct Event {
    Event() = default;
    Event(EventKind eventKind, Pipe eventPipe, Pipe eventPeer = Pipe::S, const char* apiName = nullptr,
          uint64_t byteCount = 0, uint32_t burstCount = 0, uint32_t bytesPerBurst = 0, uint64_t elementCount = 0,
          uint32_t repeatCount = 0, int32_t id = -1)
        : kind(eventKind), pipe(eventPipe), peer(eventPeer), api(apiName), bytes(Count32(byteCount)),
          bursts(burstCount), burstBytes(bytesPerBurst), elements(Count32(elementCount)), repeats(repeatCount),
          eventId(id) {}

    EventKind kind = EventKind::Barrier;
    Pipe pipe = Pipe::S;         // the pipe that executes it (the waiting pipe for WaitFlag)
    Pipe peer = Pipe::S;         // SetFlag/WaitFlag: the other side

    // ---- what the time model needs (ascendc_sim/model); plain values, set where issued ----
    uint8_t elementBytes = 0;    // vector: sizeof the destination type; DMA: sizeof(T)
    uint8_t srcElementBytes = 0; // vector: sizeof the (first) source type (differs for Cast)
    uint8_t cacheMode = 0;       // DMA: the GlobalTensor's AscendC::CacheMode (0 = NORMAL)
    uint8_t sources = 0;         // vector: number of UB source operands (0..2)

    const char* api = nullptr;   // "DataCopyPad", "Mul", "EnQue", ...
    const char* object = nullptr; // queue events: "TQue<VECIN>" etc. (static text), with eventId = queue number
    uint64_t gmAddress = 0;      // DMA: address of the first GM byte (allocations are 512-B aligned)
    uint64_t gmPitch = 0;        // DMA: GM bytes from one burst's start to the next's
    uint32_t bytes = 0;          // DMA: bytes moved; vector: bytes of the destination (at most UB's size
                                 // once the operands pass their checks)
    uint32_t bursts = 0;         // DMA: blockCount
    uint32_t burstBytes = 0;     // DMA: bytes of one burst
    uint32_t elements = 0;       // vector: elements computed
    uint32_t repeats = 0;        // vector: 256-byte repeats; scalar: the accesses folded into this one
                                 // beyond the first (CoreCounters::Record), see ScalarAccesses
    int32_t eventId = -1;        // SetFlag/WaitFlag: the event ID; queue events: the queue's number
    uint32_t ubDst = 0;          // vector: UB byte offset of dst
    uint32_t ubSrc0 = 0;         // vector: UB byte offset of src0 (if sources >= 1)
    uint32_t ubSrc1 = 0;         // vector: UB byte offset of src1 (if sources == 2)
    int32_t slot = -1;           // AllocTensor/FreeTensor: the queue buffer (UB buffer index)

    // A count as logged: an instruction whose operands pass their checks moves at most UB's
    // size; one that fails them (logged before its checks) saturates instead of wrapping.
    static uint32_t Count32(uint64_t count) {
        return count > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(count);
    }
};

// The scalar accesses an EventKind::Scalar event stands for (a loop of GetValue/SetValue folds
// into a few events), 1 for every other instruction.
inline uint64_t ScalarAccesses(const Event& e) {
    return e.kind == EventKind::Scalar ? uint64_t{e.repeats} + 1 : 1;
}
static_assert(sizeof(Event) == 80, "Event: keep the log's record small (see the field order)");

struct PipeTotals {
    uint64_t instructions = 0;
    uint64_t bytes = 0;
    uint64_t repeats = 0;
};

struct CoreCounters {
    std::vector<Event> events;
    // Per event, the kernel's call site of the API that issued it (a return address into the
    // kernel, CoreState::callSite; nullptr when unknown): the profile's line table resolves
    // them to file:line. Kept apart from Event so that the log's record stays 80 bytes.
    std::vector<const void*> sites;
    PipeTotals pipes[kPipeCount];
    uint64_t syncs = 0;

    // Counts only: the log is appended to, nothing is looked up or allocated per event
    // beyond the log's own amortised growth.
    void Record(const Event& event, const void* site = nullptr);
    // Instructions (DMA, vector, scalar) per API name, computed from the log on demand.
    std::map<std::string, uint64_t> InstructionsByApi() const;
    uint64_t GmBytesRead() const { return pipes[static_cast<int>(Pipe::MTE2)].bytes; }
    uint64_t GmBytesWritten() const { return pipes[static_cast<int>(Pipe::MTE3)].bytes; }
};

// The instruction logs of one launch's cores, read-only once the launch has finished. Every
// copy of its LaunchResult (the caller's, LastLaunch's, the aclnn layer's LastOpLaunch) shares
// them instead of copying each core's log. When the last copy goes, the logs' storage (not
// their contents) is kept for later launches: see TakeCoreCounters.
class CoreLogs {
public:
    CoreLogs() = default;
    explicit CoreLogs(std::vector<CoreCounters> cores);
    size_t size() const { return cores_ ? cores_->size() : 0; }
    bool empty() const { return size() == 0; }
    const CoreCounters& operator[](size_t core) const { return (*cores_)[core]; }
    std::vector<CoreCounters>::const_iterator begin() const { return All().begin(); }
    std::vector<CoreCounters>::const_iterator end() const { return All().end(); }

private:
    const std::vector<CoreCounters>& All() const;
    std::shared_ptr<const std::vector<CoreCounters>> cores_;
};

// Counters for `count` cores of a new launch: zero totals and empty logs, each log with the
// capacity a finished launch's log left behind when its last LaunchResult went (up to a bound
// on the memory kept), so that a log does not grow from empty, reallocating, in every launch.
std::vector<CoreCounters> TakeCoreCounters(uint32_t count);

}  // namespace sim
