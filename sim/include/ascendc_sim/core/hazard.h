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
// step per run the range covers (usually one or two), not one per block or element.
// Runs split where instructions touch part of one (a row at a time) and join again when a
// later write covers them. A kernel carves UB into a few buffers, so there are few runs:
// they live in one sorted vector (a binary search to find, a short memmove to split or
// join), not in a tree that allocates and chases a node per run.
//
// Each instruction's call site in the kernel (a return address, see kernel/call_site.h) is
// kept per pipe by sequence number, so a race names the line of the earlier access too; the
// address is turned into file:line only when the race is reported.
#pragma once
#include <cstdint>
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

    // Explicit flags: the token carries what `from` has issued so far (the SetFlag itself is
    // the last instruction issued on `from`). Returns false (with *problem set) on misuse: Set
    // twice without Wait, Wait with nothing set.
    bool SetFlag(Pipe from, Pipe to, int32_t id, std::string* problem);
    bool WaitFlag(Pipe from, Pipe to, int32_t id, std::string* problem);
    // Anonymous tokens for queue buffers (EnQue/DeQue, FreeTensor/AllocTensor).
    VectorClock Snapshot(Pipe from) const;
    void Observe(Pipe to, const VectorClock& token);
    void BarrierAll();  // PipeBarrier<PIPE_ALL> and SyncAll

private:
    struct State {
        uint8_t writer = 0;
        uint64_t writeSeq = 0;
        uint64_t readSeq[kPipeCount] = {0, 0, 0, 0};
        bool operator==(const State& other) const;
    };
    // The state of blocks [start, the next run's start).
    struct Run {
        uint32_t start;
        State state;
    };
    // The index of the run holding `block`.
    size_t RunOf(uint32_t block) const;
    // The first race the runs [lo, hi) hold for an access by `pipe`.
    Race FirstRace(size_t lo, size_t hi, Pipe pipe, bool write) const;
    // Makes a run start at block `block` (< blockCount_); returns its index.
    size_t SplitAt(uint32_t block);
    // Joins each run in [from, to] (and the run after `to`) to its predecessor when equal.
    void MergeRange(size_t from, size_t to);

    uint32_t blockCount_;
    // Sorted by start, covering [0, blockCount_): runs_[0].start == 0. Its capacity stays
    // across launches, so after the first ones no access allocates.
    std::vector<Run> runs_;
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
