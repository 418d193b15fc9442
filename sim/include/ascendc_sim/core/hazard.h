// Cross-pipe ordering of UB accesses, with vector clocks.
//
// Each pipe counts the instructions it has issued; each pipe also knows how far it has
// observed every other pipe (advanced only by syncs: SetFlag/WaitFlag, the implicit
// events of EnQue/DeQue/AllocTensor/FreeTensor, PipeBarrier<PIPE_ALL>, SyncAll). A UB
// access by pipe R to a 32-byte block last written by pipe W != R is a race unless R has
// observed that write (read-after-write, write-after-write); a write by P to a block
// that pipe R read is a race unless P has observed that read (write-after-read).
// Same-pipe order is left to the pipe itself (the compiler's auto-sync handles V->V).
//
// The per-block state is kept as runs of consecutive blocks with equal state: an
// instruction touches its whole operand range at once, so a check and an update cost one
// step per run the range covers (usually one), not one per block or element. Runs split
// where instructions touch part of one (a row at a time) and join again when a later
// access leaves neighbours equal. A run's record sits at its first block's index in an
// array with a slot per block, and a bitmap marks which blocks start a run: the run holding
// a block is the nearest set bit at or below it (a word scan: one word unless the access
// starts deep inside a long run), and a split or a join sets or clears one bit and relinks
// two records, so nothing is moved or searched per run. The array costs 32 bytes per UB
// block (as much memory as the UB itself), touched only where runs start.
//
// Sequence numbers are counted per launch; a run stores them in 32 bits (a record of 32
// bytes, a state compared as three words), and a pipe issuing more than 2^32 - 1
// instructions in one launch fails the launch rather than wrap (it would need the 32 GiB
// of call sites kept per instruction first).
//
// Each instruction's call site in the kernel (a return address, see kernel/call_site.h) is
// kept per pipe by sequence number, so a race names the line of the earlier access too; the
// address is turned into file:line only when the race is reported.
#pragma once
#include <cstdint>
#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/core/counters.h"

namespace sim {

using VectorClock = std::array<uint64_t, kPipeCount>;

// An unordered access found by HazardTracker::Access; the text is built only to report it.
struct Race {
    enum Kind : uint8_t { None, ReadAfterWrite, WriteAfterWrite, WriteAfterRead } kind = None;
    uint64_t blockStart = 0;  // UB byte offset of the first racing 32-byte block
    Pipe other = Pipe::S;     // the pipe whose unobserved access it races with
    uint64_t otherSeq = 0;    // that access's instruction number on its pipe
    const void* otherSite = nullptr;  // that access's call site in the kernel (nullptr: unknown)

    explicit operator bool() const { return kind != None; }
    // "read-after-write: UB bytes [64, 96) were written by pipe MTE2 (instruction 3 ...) at
    // kernel.h:42 in F ...": the other access's line, when its call site is known.
    std::string Describe(Pipe pipe) const;
};

class HazardTracker {
public:
    explicit HazardTracker(uint64_t ubBytes);
    // Back to the state of a new tracker (no access, no sync), keeping its storage.
    void Reset();

    // Counts one instruction on `pipe` issued from `site` (a return address into the kernel,
    // nullptr if unknown); returns its sequence number (1-based).
    uint64_t Issue(Pipe pipe, const void* site = nullptr);
    // Records the access; returns the first race it makes (by block order), if any.
    Race Access(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write);
    // Whether Access would find a race, without recording anything.
    bool WouldRace(Pipe pipe, uint64_t ubOffset, uint64_t bytes, bool write) const;
    // The first race Access would find (its `other` names the pipe to sync with), recording nothing.
    Race FirstUnordered(Pipe pipe, uint64_t ubOffset, uint64_t bytes, bool write) const;
    // Access when it finds no race (returns true); otherwise records nothing and returns false,
    // in one pass over the runs (not WouldRace and then Access).
    bool AccessIfOrdered(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write);

    // Explicit flags: the token carries what `from` has issued so far (the SetFlag itself is
    // the last instruction issued on `from`). Returns false (with *problem set) on misuse: Set
    // twice without Wait, Wait with nothing set.
    bool SetFlag(Pipe from, Pipe to, int32_t id, std::string* problem);
    bool WaitFlag(Pipe from, Pipe to, int32_t id, std::string* problem);
    // Anonymous tokens for queue buffers (EnQue/DeQue, FreeTensor/AllocTensor).
    VectorClock Snapshot(Pipe from) const;
    void Observe(Pipe to, const VectorClock& token);
    void BarrierAll();  // PipeBarrier<PIPE_ALL> and SyncAll

    // How many runs the blocks form now (for tests: equal neighbours are joined whenever an
    // access could have made them equal, so this is the number of maximal spans of equal state).
    size_t RunCount() const;

private:
    // A sequence number as a run stores it; Issue refuses to count past its largest value.
    using Seq = uint32_t;
    // State{} is a block nothing has accessed; trivial, so the per-block array is zeroed in
    // bulk when made. Compared field by field, not as bytes: a run's state is compared with its
    // neighbours' right after Update stores it field by field, and loads wider than those
    // stores (a memcmp's) cannot take their data from the store buffer and wait for the
    // stores to retire, on every access.
    struct State {
        Seq writeSeq;
        Seq readSeq[kPipeCount];
        Seq writer;
        bool operator==(const State& other) const {
            bool equal = writeSeq == other.writeSeq && writer == other.writer;
            for (int r = 0; r < kPipeCount; ++r) equal &= readSeq[r] == other.readSeq[r];
            return equal;
        }
    };
    // The run starting at a block: blocks [that block, end) share `state`; `prev` is the
    // start of the run before it (unused for the run at block 0).
    struct Run {
        uint32_t end;
        uint32_t prev;
        State state;
    };
    // The start of the run holding `block` (< blockCount_).
    uint32_t RunStart(uint32_t block) const;
    // Whether an access by pipe `me` races with blocks in state `run`, and if so, the race
    // (RaceWith: its text needs the other access's call site).
    bool Unordered(const State& run, int me, bool write) const {
        const VectorClock& seen = observed_[me];
        if (run.writeSeq != 0 && run.writer != static_cast<Seq>(me) && seen[run.writer] < run.writeSeq) return true;
        if (!write) return false;
        for (int r = 0; r < kPipeCount; ++r) {
            if (r != me && run.readSeq[r] > seen[r]) return true;
        }
        return false;
    }
    Race RaceWith(const State& run, int me, bool write, uint64_t blockStart) const;
    // A block's state after an access by pipe `me` (its instruction `seq`).
    static void Update(State& state, int me, Seq seq, bool write);
    // Update of the run starting at `head`, then its joins with equal neighbours.
    void UpdateRun(uint32_t head, int me, Seq seq, bool write);
    // The blocks the latest instruction of a pipe has accessed so far, as one span [lo, hi)
    // (a bound: it may hold blocks between its operands). After an access by instruction `seq`
    // of pipe `me`, a block's state holds `seq` (as its write, or as me's latest read), and a
    // block no access of that instruction touched holds it in neither place: a neighbour run
    // can equal the updated run only if its block next to the access lies in that span. So
    // UpdateRun reads a neighbour's record (a cache line the access would not touch otherwise,
    // usually cold, since 48 cores' state takes turns in the caches) only when it may join.
    // Skipping a join never changes an answer: runs with equal states side by side are only
    // slower to walk.
    struct Touched {
        Seq seq;
        uint32_t lo;
        uint32_t hi;
    };
    Touched touched_[kPipeCount] = {};
    bool MayHoldSameInstruction(int me, Seq seq, uint32_t block) const {
        const Touched& t = touched_[me];
        return t.seq == seq && block >= t.lo && block < t.hi;
    }
    void NoteTouched(int me, Seq seq, uint32_t first, uint32_t end) {
        Touched& t = touched_[me];
        if (t.seq != seq) {
            t = Touched{seq, first, end};
        } else {
            t.lo = std::min(t.lo, first);
            t.hi = std::max(t.hi, end);
        }
    }
    // Access and AccessIfOrdered: with !evenIfRacing, a race returns before anything changes.
    Race Record(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write, bool evenIfRacing);
    // The first race the runs from `head` (holding block `first`) up to block `end` hold
    // for an access by `pipe` of blocks [first, end).
    Race FirstRace(uint32_t head, uint32_t first, uint32_t end, Pipe pipe, bool write) const;
    // Makes a run start at `block`, splitting the run starting at `head` that holds it.
    void SplitAt(uint32_t head, uint32_t block);
    // Joins the run starting at `next` to the run before it, starting at `kept`.
    void Join(uint32_t kept, uint32_t next);
    // Joins each run starting in (from, to] to the run before it when their states are equal.
    void JoinFrom(uint32_t from, uint32_t to);

    uint32_t blockCount_;
    // runs_[b] is meaningful where bit b of starts_ is set; bit 0 always is (the runs cover
    // [0, blockCount_)). Both keep their storage across launches: no access allocates.
    std::vector<Run> runs_;
    std::vector<uint64_t> starts_;
    uint64_t issued_[kPipeCount] = {0, 0, 0, 0};
    // Per pipe, the call site of instruction seq at [seq - 1]; capacity kept across launches.
    std::vector<const void*> sites_[kPipeCount];
    const void* SiteOf(int pipe, uint64_t seq) const;
    VectorClock observed_[kPipeCount] = {};
    // Set flags not yet waited for, per (from, to) pipe pair and event ID: the token and the
    // SetFlag's call site (a second SetFlag names the first one's line).
    struct PendingFlag {
        VectorClock token;
        const void* site;
    };
    std::map<std::pair<int, int32_t>, std::deque<PendingFlag>> pending_;
};

}  // namespace sim
