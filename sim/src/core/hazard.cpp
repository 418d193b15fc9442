#include "ascendc_sim/core/hazard.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>

#include "ascendc_sim/core/source_location.h"

// The helpers of Access (RunStart ... Record) are defined inline: Access runs per operand of
// every instruction, and calls between them cost as much as their bodies.
namespace sim {
namespace {
constexpr uint64_t kBlock = 32;
int Index(Pipe p) { return static_cast<int>(p); }

// Out of line: Issue runs per instruction, this never in practice.
[[noreturn]] __attribute__((noinline, cold)) void TooManyInstructions(Pipe pipe, uint64_t issued) {
    throw std::length_error(std::string("pipe ") + PipeName(pipe) + " issued " + std::to_string(issued) +
                            " instructions in one launch, the most the pipe-hazard tracker numbers");
}
}  // namespace

std::string Race::Describe(Pipe pipe) const {
    const std::string bytes =
        "UB bytes [" + std::to_string(blockStart) + ", " + std::to_string(blockStart + kBlock) + ")";
    // The earlier access and, when its call site is known, its kernel line (the reporting
    // access's own line follows the message as "at ...").
    const std::string site = otherSite != nullptr ? ShortCallSite(CallSiteStack(otherSite)) : std::string();
    const std::string instruction = " (instruction " + std::to_string(otherSeq) + " of that pipe" +
                                    (site.empty() ? std::string() : ", at " + site) + ")";
    switch (kind) {
        case ReadAfterWrite:
        case WriteAfterWrite:
            return std::string(kind == WriteAfterWrite ? "write-after-write" : "read-after-write") + ": " + bytes +
                   " were written by pipe " + PipeName(other) + instruction + " and pipe " + PipeName(pipe) +
                   " has not waited for it (missing SetFlag/WaitFlag or EnQue/DeQue)";
        case WriteAfterRead:
            return "write-after-read: " + bytes + " are still being read by pipe " + PipeName(other) + instruction +
                   " and pipe " + PipeName(pipe) +
                   " overwrites them without waiting (missing SetFlag/WaitFlag or FreeTensor/AllocTensor)";
        case None: break;
    }
    return {};
}

HazardTracker::HazardTracker(uint64_t ubBytes)
    : blockCount_(static_cast<uint32_t>((ubBytes + kBlock - 1) / kBlock)),
      runs_(blockCount_),
      starts_((blockCount_ + 63) / 64) {
    Reset();
}

void HazardTracker::Reset() {
    std::fill(starts_.begin(), starts_.end(), 0);
    starts_[0] = 1;  // one run, [0, blockCount_), nothing accessed
    runs_[0] = Run{blockCount_, 0, State{}};
    std::fill(std::begin(issued_), std::end(issued_), 0);
    for (auto& sites : sites_) sites.clear();
    std::fill(std::begin(observed_), std::end(observed_), VectorClock{});
    std::fill(std::begin(touched_), std::end(touched_), Touched{});
    for (auto& [key, queue] : pending_) queue.clear();
}

uint64_t HazardTracker::Issue(Pipe pipe, const void* site) {
    uint64_t& issued = issued_[Index(pipe)];
    if (issued == std::numeric_limits<Seq>::max()) TooManyInstructions(pipe, issued);
    sites_[Index(pipe)].push_back(site);
    return ++issued;
}

const void* HazardTracker::SiteOf(int pipe, uint64_t seq) const {
    return seq >= 1 && seq <= sites_[pipe].size() ? sites_[pipe][seq - 1] : nullptr;
}

inline uint32_t HazardTracker::RunStart(uint32_t block) const {
    size_t word = block / 64;
    uint64_t bits = starts_[word] & (~uint64_t{0} >> (63 - block % 64));  // starts at or below `block`
    while (bits == 0) bits = starts_[--word];  // ends at bit 0 of word 0 at the latest
    return static_cast<uint32_t>(word * 64 + 63 - static_cast<size_t>(__builtin_clzll(bits)));
}

inline void HazardTracker::SplitAt(uint32_t head, uint32_t block) {
    if (head == block) return;
    Run& before = runs_[head];
    runs_[block] = Run{before.end, head, before.state};
    if (before.end < blockCount_) runs_[before.end].prev = block;
    before.end = block;
    starts_[block / 64] |= uint64_t{1} << (block % 64);
}

inline void HazardTracker::Join(uint32_t kept, uint32_t next) {
    const uint32_t after = runs_[next].end;
    runs_[kept].end = after;
    if (after < blockCount_) runs_[after].prev = kept;
    starts_[next / 64] &= ~(uint64_t{1} << (next % 64));
}

inline void HazardTracker::JoinFrom(uint32_t from, uint32_t to) {
    uint32_t kept = from;
    for (uint32_t next = runs_[kept].end; next <= to && next < blockCount_;) {
        const uint32_t after = runs_[next].end;
        if (runs_[next].state == runs_[kept].state) {
            Join(kept, next);
        } else {
            kept = next;
        }
        next = after;
    }
}

Race HazardTracker::RaceWith(const State& run, int me, bool write, uint64_t blockStart) const {
    const VectorClock& seen = observed_[me];
    if (run.writeSeq != 0 && run.writer != static_cast<Seq>(me) && seen[run.writer] < run.writeSeq) {
        return Race{write ? Race::WriteAfterWrite : Race::ReadAfterWrite, blockStart, static_cast<Pipe>(run.writer),
                    run.writeSeq, SiteOf(static_cast<int>(run.writer), run.writeSeq)};
    }
    for (int r = 0; r < kPipeCount; ++r) {
        if (r != me && run.readSeq[r] > seen[r]) {
            return Race{Race::WriteAfterRead, blockStart, static_cast<Pipe>(r), run.readSeq[r], SiteOf(r, run.readSeq[r])};
        }
    }
    return {};
}

inline Race HazardTracker::FirstRace(uint32_t head, uint32_t first, uint32_t end, Pipe pipe, bool write) const {
    for (uint32_t at = head; at < end; at = runs_[at].end) {
        if (Unordered(runs_[at].state, Index(pipe), write)) {
            return RaceWith(runs_[at].state, Index(pipe), write, uint64_t{std::max(at, first)} * kBlock);
        }
    }
    return {};
}

bool HazardTracker::WouldRace(Pipe pipe, uint64_t ubOffset, uint64_t bytes, bool write) const {
    if (bytes == 0 || ubOffset / kBlock >= blockCount_) return false;
    const uint32_t first = static_cast<uint32_t>(ubOffset / kBlock);
    const uint32_t end = static_cast<uint32_t>(std::min<uint64_t>((ubOffset + bytes - 1) / kBlock + 1, blockCount_));
    return static_cast<bool>(FirstRace(RunStart(first), first, end, pipe, write));
}

Race HazardTracker::FirstUnordered(Pipe pipe, uint64_t ubOffset, uint64_t bytes, bool write) const {
    if (bytes == 0 || ubOffset / kBlock >= blockCount_) return {};
    const uint32_t first = static_cast<uint32_t>(ubOffset / kBlock);
    const uint32_t end = static_cast<uint32_t>(std::min<uint64_t>((ubOffset + bytes - 1) / kBlock + 1, blockCount_));
    return FirstRace(RunStart(first), first, end, pipe, write);
}

inline void HazardTracker::Update(State& state, int me, Seq seq, bool write) {
    if (write) {
        state.writeSeq = seq;
        for (Seq& read : state.readSeq) read = 0;
        state.writer = static_cast<Seq>(me);
    } else {
        state.readSeq[me] = std::max(state.readSeq[me], seq);
    }
}

inline void HazardTracker::UpdateRun(uint32_t head, int me, Seq seq, bool write) {
    Run& run = runs_[head];
    const uint32_t end = run.end;
    Update(run.state, me, seq, write);
    const bool joinsBefore = head > 0 && MayHoldSameInstruction(me, seq, head - 1);
    const bool joinsAfter = end < blockCount_ && MayHoldSameInstruction(me, seq, end);
    NoteTouched(me, seq, head, end);
    uint32_t kept = head;
    if (joinsBefore && runs_[run.prev].state == run.state) Join(kept = run.prev, head);
    if (joinsAfter && runs_[end].state == runs_[kept].state) Join(kept, end);
}

__attribute__((always_inline)) inline Race HazardTracker::Record(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write, bool evenIfRacing) {
    if (bytes == 0 || ubOffset / kBlock >= blockCount_) return {};
    const int me = Index(pipe);
    const uint32_t first = static_cast<uint32_t>(ubOffset / kBlock);
    const uint32_t end = static_cast<uint32_t>(std::min<uint64_t>((ubOffset + bytes - 1) / kBlock + 1, blockCount_));
    const uint32_t head = RunStart(first);
    if (head == first && runs_[first].end == end) {
        // The range is exactly one run (most accesses: a whole buffer or the row last split
        // off): its state changes in place, then may join the runs either side. The ordered
        // case returns Race{} itself rather than a copy of a local Race, which the compiler
        // assembles field by field and then copies whole: a store-forwarding stall per access.
        if (__builtin_expect(!Unordered(runs_[first].state, me, write), 1)) {
            UpdateRun(first, me, static_cast<Seq>(seq), write);
            return Race{};
        }
        const Race race = RaceWith(runs_[first].state, me, write, uint64_t{first} * kBlock);
        if (evenIfRacing) UpdateRun(first, me, static_cast<Seq>(seq), write);
        return race;
    }
    const Race race = FirstRace(head, first, end, pipe, write);
    if (race && !evenIfRacing) return race;
    // Runs start at `first` and at `end`; the runs between are updated (one run when writing),
    // then equal neighbours from the run before `first` to the one at `end` are joined.
    SplitAt(head, first);
    uint32_t at = first;
    while (runs_[at].end < end) at = runs_[at].end;
    if (runs_[at].end > end) SplitAt(at, end);
    if (write) {
        for (uint32_t inner = runs_[first].end; inner < end; inner = runs_[inner].end) {
            starts_[inner / 64] &= ~(uint64_t{1} << (inner % 64));
        }
        runs_[first].end = end;
        if (end < blockCount_) runs_[end].prev = first;
        Update(runs_[first].state, me, static_cast<Seq>(seq), write);
    } else {
        for (at = first; at < end; at = runs_[at].end) Update(runs_[at].state, me, static_cast<Seq>(seq), write);
    }
    // The runs on either side join only if this instruction touched them too (see Touched);
    // the runs inside the range may join after a read.
    const bool joinsBefore = first > 0 && MayHoldSameInstruction(me, static_cast<Seq>(seq), first - 1);
    const bool joinsAfter = end < blockCount_ && MayHoldSameInstruction(me, static_cast<Seq>(seq), end);
    JoinFrom(joinsBefore ? runs_[first].prev : first, joinsAfter ? end : end - 1);
    NoteTouched(me, static_cast<Seq>(seq), first, end);
    return race;
}

Race HazardTracker::Access(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write) {
    return Record(pipe, seq, ubOffset, bytes, write, /*evenIfRacing=*/true);
}

bool HazardTracker::AccessIfOrdered(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write) {
    return !Record(pipe, seq, ubOffset, bytes, write, /*evenIfRacing=*/false);
}

VectorClock HazardTracker::Snapshot(Pipe from) const {
    VectorClock token = observed_[Index(from)];
    token[Index(from)] = issued_[Index(from)];
    return token;
}

void HazardTracker::Observe(Pipe to, const VectorClock& token) {
    VectorClock& seen = observed_[Index(to)];
    for (int i = 0; i < kPipeCount; ++i) seen[i] = std::max(seen[i], token[i]);
}

bool HazardTracker::SetFlag(Pipe from, Pipe to, int32_t id, std::string* problem) {
    auto& queue = pending_[{Index(from) * kPipeCount + Index(to), id}];
    if (!queue.empty()) {
        const std::string first = queue.front().site != nullptr ? ShortCallSite(CallSiteStack(queue.front().site))
                                                                : std::string();
        *problem = std::string("SetFlag<") + PipeName(from) + "_" + PipeName(to) + ">(" + std::to_string(id) +
                   ") issued again before its WaitFlag: the event is already set" +
                   (first.empty() ? std::string() : " (by the SetFlag at " + first + ")") +
                   " (hangs or is lost on hardware)";
        return false;
    }
    queue.push_back(PendingFlag{Snapshot(from), SiteOf(Index(from), issued_[Index(from)])});
    return true;
}

bool HazardTracker::WaitFlag(Pipe from, Pipe to, int32_t id, std::string* problem) {
    auto& queue = pending_[{Index(from) * kPipeCount + Index(to), id}];
    if (queue.empty()) {
        *problem = std::string("WaitFlag<") + PipeName(from) + "_" + PipeName(to) + ">(" + std::to_string(id) +
                   ") with no SetFlag pending: pipe " + PipeName(to) + " would wait forever on hardware";
        return false;
    }
    Observe(to, queue.front().token);
    queue.pop_front();
    return true;
}

size_t HazardTracker::RunCount() const {
    size_t runs = 0;
    for (const uint64_t word : starts_) runs += static_cast<size_t>(__builtin_popcountll(word));
    return runs;
}

void HazardTracker::BarrierAll() {
    VectorClock all{};
    for (int p = 0; p < kPipeCount; ++p) {
        all[p] = issued_[p];
    }
    for (int p = 0; p < kPipeCount; ++p) observed_[p] = all;
}

}  // namespace sim
