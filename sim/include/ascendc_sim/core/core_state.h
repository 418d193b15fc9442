// The state of one emulated AIV core during a launch, and the checked access to its UB
// that every kernel API goes through.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ascendc_sim/core/byte_ranges.h"
#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/counters.h"
#include "ascendc_sim/core/hazard.h"
#include "ascendc_sim/core/origins.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/core/source_location.h"

namespace sim {

class LaunchState;

// The kinds of UbBuffer that are not a TQue's or TBuf's (static text, compared by address).
extern const char* const kStackBufferKind;   // "stack buffer (UB left after InitBuffer)"
extern const char* const kStaticTensorKind;  // "static LocalTensor": named with its UB range

// One InitBuffer'd UB region, named in the kernel's terms for error messages.
struct UbBuffer {
    uint32_t offset;
    uint32_t bytes;
    BufferName name;  // "TQue<VECIN>#0 buffer 1", "TBuf<VECCALC>#2", "stack buffer ..."
    const void* createdAt = nullptr;  // the kernel's InitBuffer call, a return address (reports name
                                      // the kernel's member from its line)
    // The name as text (for reports): a static tensor's names its UB range.
    std::string Name() const;
};

// What a LocalTensor holds: a byte range of its core's UB and the buffer it came from.
struct UbRef {
    uint32_t offset = 0;   // byte offset in UB
    uint32_t bytes = 0;    // bytes from offset to the end of the tensor
    int32_t buffer = -1;   // index into CoreState::buffers, -1 for a default-constructed tensor
    uint8_t position = 0;  // AscendC::TPosition value
};

// Overwrite: a write that stores every byte of its range and then sets every definedness flag
// there (MarkDefined or Poison), so poison still pending in the range need not be written out
// first (it would be overwritten at once). Masked or strided writes that skip bytes use Write.
enum class Access : uint8_t { Read, Write, Overwrite };

// One of a core's four UB access-exception registers (CheckLocalMemoryIA): an access of a
// kind it watches to a byte in (from, to] traps. `kinds` holds UbWatch::Kind bits.
struct UbWatch {
    enum Kind : uint8_t { ScalarRead = 1, ScalarWrite = 2, VectorRead = 4, VectorWrite = 8, MteRead = 16, MteWrite = 32 };
    bool enabled = false;
    uint64_t from = 0;  // bytes: the range excludes `from`, includes `to`
    uint64_t to = 0;
    uint8_t kinds = 0;
};

// A core's pad-value register (SetPadValue, or DataCopyPad with isPad).
struct PadRegister {
    bool set = false;
    uint64_t bits = 0;
};

// A core's DMA atomic register (SetAtomicAdd<T> / SetAtomicMax<T> / SetAtomicMin<T> /
// SetAtomicType<T> / DisableDmaAtomic): while `enabled`, a UB->GM DMA combines its elements of
// type `type` with GM by `op` (add, max or min) instead of storing them (kernel/atomic.h,
// src/kernel/atomic.cpp). Per core, reset by each launch's CoreState.
struct AtomicRegister {
    bool enabled = false;
    uint8_t type = 0;  // sim::atomic::ElementType
    uint8_t op = 0;    // sim::atomic::Operation
};

// A core's DEQSCALE register (SetDeqScale; kernel/vector_deq_basic.h): the scale CastDequant
// and AddDeqRelu read, or vdeq's address; and the half scale the implementation keeps for
// AddDeqRelu (g_deqValue). Reset by each launch's CoreState to half 1.0, as the kernel init does.
struct DeqScaleRegister {
    uint64_t value = 0x3C00;        // half 1.0
    bool vector = false;            // value is vdeq's address (SetDeqScale(vdeq, vdeqInfo))
    UbRef vdeq;
    uint16_t deqValueBits = 0x3C00;  // g_deqValue, half 1.0
};

// A core's vector mask register and its mode (SetVectorMask, SetMaskCount/SetMaskNorm; the
// count-form APIs leave it in Normal mode with every lane set, as CANN's implementations do).
// Normal mode: bit l of {low, high} enables lane l of every repeat. Counter mode: `low` is the
// number of elements of the whole instruction.
struct VectorMaskRegister {
    bool counter = false;
    uint64_t high = ~uint64_t{0};
    uint64_t low = ~uint64_t{0};
};

// A core's 128-bit CMPMASK register: what Compare (results in the register) and SetCmpMask
// write, and Select reads (the bits of mode 0, the scalar of mode 1, the selMask address of
// mode 2; kernel/vector_compare.h, vector_select.h). Bit i is bit i % 64 of bits[i / 64].
struct CmpMaskRegister {
    uint64_t bits[2] = {0, 0};
};

// A core's reduction special registers: MAX_MIN_CNT (the value in the low 32 bits, the index
// in the high 32, as asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_reduce_impl.h reads
// it) written by the max/min reductions, ACC_VAL written by the accumulating sum (ReduceSum's
// count form); GetReduceRepeatMaxMinSpr / GetReduceRepeatSumSpr read them (kernel/
// vector_reduce_type.h). `*Set` is false until an instruction has written the register.
struct ReduceSprRegister {
    uint64_t maxMinCnt = 0;
    int64_t accVal = 0;
    bool maxMinSet = false;
    bool accSet = false;
};

// The storage of one emulated core's UB state, kept by a worker thread across launches so
// that a launch neither allocates nor page-faults it. The state is lazy, as byte ranges:
// `stale` holds the ranges whose logical contents are the poison pattern and "undefined"
// while `ub` and `defined` still hold old bytes there (written out where an instruction first
// touches them, so a launch costs what its kernel touches, not the UB size). Outside
// `maybeUndefined` every byte is known defined and its `defined` flag is not kept (marking a
// result defined is a range update, not a write per byte); inside it (and outside `stale`)
// the flags are exact. Read flags only through CoreState, which keeps that straight.
struct CoreArena {
    explicit CoreArena(uint64_t ubBytes);
    // A new launch: everything poisoned (lazily), no access or sync recorded.
    void Reset();

    std::vector<uint8_t> ub;
    std::vector<uint8_t> defined;
    HazardTracker hazard;
    ByteRanges stale;
    ByteRanges maybeUndefined;  // a superset of the undefined bytes; contains `stale`
    // Per launch, emptied by Reset; kept here so that their storage outlives the launch.
    std::vector<UbBuffer> buffers;
    UndefinedOrigins origins;
};

class CoreState {
public:
    // `arena` must be Reset for this launch and sized for `soc`.
    CoreState(LaunchState* launch, uint32_t blockIdx, uint32_t blockNum, const SocSpec& soc, CoreArena& arena);

    LaunchState* launch;
    uint32_t blockIdx;
    uint32_t blockNum;
    const SocSpec& soc;
    std::vector<uint8_t>& ub;      // the UB bytes (call MakeResident before touching them directly)
    std::vector<uint8_t>& defined; // per UB byte, 1 if written since allocation: exact only inside
                                   // the maybe-undefined ranges (ForEachFlagged, MakeResident)
    HazardTracker& hazard;
    CoreCounters counters;
    std::vector<UbBuffer>& buffers;   // the arena's: empty at the start of a launch
    void* currentPipe = nullptr;   // AscendC::TPipe* created by the kernel (GetTPipePtr)
    uint8_t* sysWorkspace = nullptr;  // SetSysWorkspace's address (GetSysWorkSpacePtr)
    std::string unfreedQueueTensor;  // the first queue buffer left allocated at the kernel's end (TQue)
    UndefinedOrigins& origins;     // where undefined UB bytes came from (reports only; the arena's)
    const void* callSite = nullptr;    // return address into the kernel of the API call running
                                       // (kernel/call_site.h); every instruction records it
    PadRegister padRegister;           // per core, not per thread: cores are fibers sharing threads
    std::array<UbWatch, 4> ubWatch{};  // CheckLocalMemoryIA's exception registers 0..3
    bool ubWatchArmed = false;         // any of them enabled: every UB access is held against them
    AtomicRegister atomicRegister;     // likewise
    DeqScaleRegister deqScale;         // likewise
    VectorMaskRegister vectorMask;     // per core, as padRegister
    CmpMaskRegister cmpMask;           // per core, as padRegister
    int64_t gatherMaskRemain = 0;      // the elements the last GatherMask kept (its rsvdCnt,
                                       // GetGatherMaskRemainCount); per core, as padRegister
    uint64_t mrgSortResult = 0;        // VMS4_SR: proposals MrgSort took from each of its 4 queues,
                                       // 16 bits each (GetMrgSortResult); per core, as padRegister
    ReduceSprRegister reduceSpr;       // per core, as padRegister
    int32_t ubAllocatorTiles = -1;     // LocalMemAllocator<UB>: -1 none created yet, else tiles handed out

    // "TQue<VECIN>#0 buffer 1 bytes [64, 128) (UB [8256, 8320))"
    std::string Describe(const UbRef& ref, uint64_t byteOffset, uint64_t bytes) const;

    // Issues an instruction: counts it on its pipe and in the log; returns its sequence number.
    uint64_t Issue(const Event& event);

    // Checks one UB operand of an instruction and records the access for race detection:
    // the start is 32-byte aligned (if required), [byteOffset, byteOffset+bytes) lies in
    // the tensor. Returns the host address of the first byte, or nullptr when the check
    // failed at warn/off and the instruction must be dropped.
    // Every instruction runs this per operand: the operand that passes its checks, with no
    // poison pending in its range, is handled here inline; OperandChecked (out of line) does
    // the same checks again and reports what fails.
    // `knownDefined` (optional): set to whether every byte of the operand was known defined
    // before the access (then AllDefined is true there and MarkDefined(..., true) a no-op, and
    // stay so while only those two run), so that the caller need not ask again.
    uint8_t* Operand(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                     uint64_t bytes, Pipe pipe, uint64_t seq, Access access, bool requireAligned = true,
                     bool* knownDefined = nullptr) {
        const uint64_t start = ref.offset + byteOffset;
        if (ref.buffer < 0 || (requireAligned && start % 32 != 0) || byteOffset + bytes > ref.bytes ||
            start + bytes > ub.size()) {
            if (knownDefined != nullptr) *knownDefined = false;
            return OperandChecked(api, operand, ref, byteOffset, bytes, pipe, seq, access, requireAligned);
        }
        if (ubWatchArmed) CheckWatchedAccess(api, operand, ref, byteOffset, bytes, pipe, access);
        if (Race race = hazard.Access(pipe, seq, start, bytes, access != Access::Read)) {
            ReportRace(api, operand, ref, byteOffset, bytes, pipe, race);
        }
        // Pending poison lies inside the maybe-undefined ranges: outside them there is none to
        // write out or drop.
        const bool known = KnownDefined(start, bytes);
        if (!known) MakeReady(start, bytes, access);
        if (knownDefined != nullptr) *knownDefined = known;
        return ub.data() + start;
    }

    // The UB operand of a multi-row instruction (a DMA): `rows` rows of `rowBytes`, `pitch`
    // apart, from ref.offset. When the rows form one run of blocks, start aligned, inside the
    // tensor and UB, and race with nothing, records the accesses of every row at once (as
    // Operand per row would, silently) and returns true; otherwise records nothing and returns
    // false, and the caller calls Operand row by row (which reports what is wrong, per row).
    bool AccessRows(const UbRef& ref, uint64_t rows, uint64_t pitch, uint64_t rowBytes, Pipe pipe, uint64_t seq,
                    Access access);

    // Uninitialized-data tracking (memcheck style: undefinedness flows through vector
    // instructions and is reported where it escapes to GM, a scalar, or a reduction).
    // Both answer inline where the range lies outside every maybe-undefined range (the
    // common case: results of earlier instructions), out of line otherwise.
    bool AllDefined(uint32_t ubOffset, uint64_t bytes) {
        if (ubOffset + bytes > defined.size()) return false;
        return KnownDefined(ubOffset, bytes) || AllDefinedExactly(ubOffset, bytes);
    }
    void MarkDefined(uint32_t ubOffset, uint64_t bytes, bool isDefined) {
        if (isDefined && KnownDefined(ubOffset, bytes)) return;  // known defined already
        MarkDefinedExactly(ubOffset, bytes, isDefined);
    }
    // Reports UninitializedRead if any byte is undefined; `what` says where it escapes.
    void RequireDefined(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                        uint64_t bytes, const char* what);
    // Calls piece(from, to) for each part of [ubOffset, +bytes) whose `defined` flags are kept
    // (may hold 0); every byte outside those parts is defined. Call AllDefined first (it
    // writes out pending poison in the range).
    template <class Piece>
    void ForEachFlagged(uint64_t ubOffset, uint64_t bytes, Piece piece) const {
        maybeUndefined_.ForEachIn(ubOffset, std::min<uint64_t>(ubOffset + bytes, defined.size()), piece);
    }
    // Fills [ubOffset, +bytes) with the poison pattern (0xFF: a NaN in fp16/fp32) and marks it
    // undefined (lazily: the bytes are written when first touched). `origin`: an UndefinedOrigins id.
    void Poison(uint32_t ubOffset, uint64_t bytes, uint32_t origin = 0);
    // For code that reads or writes `ub`/`defined` directly (the kernel APIs go through
    // Operand, AllDefined and MarkDefined): writes out pending poison in [ubOffset, +bytes),
    // so that both arrays hold the logical contents there (every flag exact), and forgets that
    // the range was known defined (the caller may clear flags in it).
    void MakeResident(uint64_t ubOffset, uint64_t bytes);

private:
    // Whether [ubOffset, +bytes) lies outside every maybe-undefined range: then every byte is
    // defined, no flag is kept there and no poison is pending.
    bool KnownDefined(uint64_t ubOffset, uint64_t bytes) const {
        return !maybeUndefined_.Intersects(ubOffset, ubOffset + bytes);
    }
    uint8_t* OperandChecked(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                            uint64_t bytes, Pipe pipe, uint64_t seq, Access access, bool requireAligned);
    // KernelAssert when the access meets an enabled CheckLocalMemoryIA register watching its kind.
    void CheckWatchedAccess(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset,
                            uint64_t bytes, Pipe pipe, Access access);
    // PipeHazard for an operand whose access made `race`.
    void ReportRace(const char* api, const char* operand, const UbRef& ref, uint64_t byteOffset, uint64_t bytes,
                    Pipe pipe, const Race& race);
    bool AllDefinedExactly(uint32_t ubOffset, uint64_t bytes);
    void MarkDefinedExactly(uint32_t ubOffset, uint64_t bytes, bool isDefined);
    void Materialize(uint64_t ubOffset, uint64_t bytes);  // pending poison written out
    // Pending poison in the range dropped unwritten: for an Access::Overwrite only.
    void Discard(uint64_t ubOffset, uint64_t bytes);
    // Materialize, or Discard for an Access::Overwrite.
    void MakeReady(uint64_t ubOffset, uint64_t bytes, Access access);

    ByteRanges& stale_;
    ByteRanges& maybeUndefined_;
};

// Thrown in a core thread when another core has failed: unwinds this core quietly.
struct LaunchAborted {};

// The calling thread's core. Throws std::logic_error outside a launch and LaunchAborted
// when the launch has already failed on another core.
CoreState& Core();
CoreState* CurrentCoreOrNull();

namespace detail {
void SetCurrentCore(CoreState* core);
}

}  // namespace sim
