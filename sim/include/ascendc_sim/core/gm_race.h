// Cross-core GM races: two cores of one launch touching the same GM bytes, at least one of
// them writing, with no SyncAll between the two accesses. Hardware gives no order there (the
// result depends on timing), so the sim reports it as check kind gm-race.
//
// Cheap by design: each DMA appends one record (start, row length, pitch, rows) to its core's
// list; nothing per byte or per element runs while the kernel runs. The write records become
// byte intervals sorted by address (WriteRows), swept once per SyncAll epoch together with the
// reads that meet a write (see FindRaceIn) when the launch ends. Most of that work is done
// before the end: as each core finishes, on the host thread that ran it, its own writes are
// expanded and sorted, and merged with those of the cores beside it once they are done too
// (CoreFinished), so the host threads share it and the launch's end merges only the last few
// lists. Each merge also compares the two halves' writes: when no two cores' writes meet (in
// any epoch) and no read meets a write of its epoch, the launch has no race, and the sweep,
// which names the first race, is not needed.
// Scalar GM writes (GlobalTensor::SetValue) are recorded like one-row DMAs; scalar reads
// (GetValue) are not tracked.
//
// Besides SyncAll, cores order each other pairwise: IBSet/IBWait, NotifyNextBlock/WaitPreBlock
// and a GM flag (a scalar SetValue published by DataCacheCleanAndInvalid, read by another
// core's GetValue). Each core's accesses fall in segments, cut where it releases or acquires;
// each segment has a vector clock (per core, how many of that core's segments happen before
// it). Two accesses of one epoch are ordered when one's segment is counted in the other's
// clock. Launches without pairwise syncs keep the fast sweep; with them, the sweep checks every
// overlapping pair against the clocks.
//
// The write records are also the launch's record of what reached GM: the unwritten-output
// check (output_check.h) reads the same sorted intervals, so a GM write is recorded, expanded
// and sorted once, with its kernel line.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sim {

class GmRaceTracker {
public:
    explicit GmRaceTracker(uint32_t cores);
    // The lists' storage goes to the next launch's tracker (kept_storage.h).
    ~GmRaceTracker();
    GmRaceTracker(const GmRaceTracker&) = delete;
    GmRaceTracker& operator=(const GmRaceTracker&) = delete;

    // One DMA of core `core`: `rows` rows of `rowBytes` bytes, `pitch` bytes apart, from `start`,
    // issued from `site` (a return address into the kernel, see kernel/call_site.h).
    // Only the calling core's list is touched: no lock.
    // `atomic`: a write made while SetAtomicAdd/Max/Min was set (the DMA combines with GM). Two cores' atomic
    // adds to the same bytes are no race (the hardware serializes them); an atomic add and a
    // plain access of another core are. A write is recorded after its bytes are in GM: their
    // digest tells identical writes of several cores apart from racing ones (see FindRaceIn).
    void Record(uint32_t core, const void* start, uint64_t rowBytes, uint64_t pitch, uint32_t rows, bool write,
                const char* api, const void* site, bool atomic = false);
    // Core `core` passed a SyncAll: its later accesses are ordered after every earlier one.
    void SyncAll(uint32_t core);
    // Pairwise ordering. Release: core `core`'s accesses so far happen before whatever acquires
    // the returned clock; Acquire: core `core`'s later accesses happen after those the clock
    // covers. Each called by the core itself; the clock travels through the launch's flags.
    using Clock = std::vector<uint32_t>;
    Clock Release(uint32_t core);
    void Acquire(uint32_t core, const Clock& clock);

    // Core `core` will record nothing more: its writes are sorted now, on the calling thread,
    // and merged with its neighbours' in the merge tree as far as they have finished. Each
    // core at most once; cores may finish in any order and on any threads. Optional: a launch
    // whose cores did not all finish (or a tracker no core finished) sorts in WriteRows.
    void CoreFinished(uint32_t core);

    // One DMA (or scalar GM write) as recorded.
    struct Access {
        uintptr_t start;
        uint64_t rowBytes;
        uint64_t pitch;
        uint32_t rows;
        uint32_t epoch;
        uint32_t segment;  // the core's segment (see Release/Acquire)
        bool write;
        bool atomic;  // an atomic-add write (see Record)
        uint64_t digest;  // of the bytes a plain write left in GM (0 for reads and atomic adds)
        const char* api;
        const void* site;
    };
    // Bytes [begin, end) one access of `core` touched: one of its rows, or all of them when
    // they lie back to back.
    struct Interval {
        uintptr_t begin, end;
        const Access* access;
        uint32_t core;
        uint32_t epoch;  // access->epoch, kept here for the sweep, which skips other epochs' rows
    };
    // Every GM write of the launch as intervals, sorted by begin; equal begins keep the order
    // of the records (by core, then as issued). Built on the first call (unless the merge tree
    // built it already), which must come after the launch's cores have finished (the
    // end-of-launch checks share it).
    const std::vector<Interval>& WriteRows() const;
    // Whether one of two intervals' accesses happens before the other by pairwise syncs.
    bool Ordered(const Interval& x, const Interval& y) const;
    // The longest interval in WriteRows (0 if none): an interval that begins more than this
    // far before an address cannot reach it.
    uintptr_t LongestWriteRow() const;
    // The GM bytes some core wrote (the union of WriteRows), as disjoint spans sorted by begin,
    // touching ones joined.
    struct Span {
        uintptr_t begin, end;
    };
    const std::vector<Span>& WrittenSpans() const;
    // WriteRows built serially from the records, as if no core had called CoreFinished: the
    // reference the merge tree's order is tested against.
    std::vector<Interval> WriteRowsBySort() const;

    // The first race found ("" when none), naming both cores, the APIs, their lines and the bytes.
    // `nameOf` gives the kernel argument an address belongs to ("" if unknown).
    template <typename NameOf>
    std::string FindRace(NameOf nameOf) const;

private:
    std::string FindRaceIn(uint32_t epoch, std::string (*describe)(const void*, uintptr_t), const void* context) const;
    // True when the merge tree saw no two cores' writes meet and no read meets a write of its
    // epoch: then no two cores touch one byte in one epoch with a write among them. False when
    // unsure (a race, writes that meet in different epochs, or no merge tree).
    bool ProvedRaceFree() const;
    std::vector<std::vector<Access>> accesses_;  // per core
    std::vector<uint32_t> epochs_;               // per core: SyncAlls passed
    std::vector<uint32_t> segments_;             // per core: its current segment
    std::vector<std::vector<Clock>> clocks_;     // per core, per segment; empty: never synced pairwise
    std::atomic<bool> pairwise_{false};          // some core released or acquired
    // The writes of `epoch` that repeat an earlier core's write exactly: the same rows, the same
    // bytes. Whichever lands last, GM ends the same, so they take no part in the race sweep
    // (the first core's write stands for them all against every other access).
    std::vector<const Access*> RepeatedWrites(uint32_t epoch) const;
    std::string FindOrderedRaceIn(uint32_t epoch, const std::vector<Interval>& reads,
                                  std::string (*describe)(const void*, uintptr_t), const void* context) const;
    mutable std::vector<Interval> writeRows_;    // WriteRows, once built
    mutable bool writeRowsBuilt_ = false;
    mutable uintptr_t longestWriteRow_ = 0;
    mutable bool rowsFromTree_ = false;          // WriteRows came from the merge tree
    mutable std::vector<Span> writtenSpans_;     // WrittenSpans, once built
    mutable bool writtenSpansBuilt_ = false;

    // The merge tree: a complete binary tree over the cores in index order, in heap layout
    // (node 1 the root, node k's halves 2k and 2k + 1, core c's leaf leaves_ + c). A node's
    // list is its cores' write intervals, sorted; the core that finishes a node's last half
    // merges the two (the lower cores' list first, so equal begins stay in core order).
    bool HasCores(uint32_t node) const;
    uint32_t leaves_ = 1;                                // a power of two >= the cores
    mutable std::vector<std::vector<Interval>> merged_;  // per node; emptied when merged upwards
    std::vector<uintptr_t> longest_;                     // per node: its longest interval
    std::unique_ptr<std::atomic<uint32_t>[]> arrived_;   // per node: halves done
    std::atomic<bool> treeDone_{false};                  // the root holds every core's writes
    std::atomic<bool> writesMeet_{false};                // a merge found two cores' writes meeting
};

// GlobalTensor::SetValue: one scalar GM write of the calling core (a no-op outside a launch),
// recorded at the caller's line (the template is inlined into the kernel).
__attribute__((noinline)) void RecordScalarGmWrite(const void* address, uint64_t bytes);
// GM flags. A scalar GM write (GlobalTensor::SetValue) stays in the writing core's data cache
// until DataCacheCleanAndInvalid: BeforeScalarGmWrite keeps the bytes GM held, which the other
// cores' GetValue read (ObserveScalarGmRead replaces *value with them) until
// PublishScalarGmWrites; once published, a GetValue of the address orders the reader after the
// writer's accesses up to the publication.
void BeforeScalarGmWrite(const void* address, uint64_t bytes);
void PublishScalarGmWrites();
void ObserveScalarGmRead(const void* address, void* value, uint64_t bytes);

template <typename NameOf>
std::string GmRaceTracker::FindRace(NameOf nameOf) const {
    if (ProvedRaceFree()) return {};
    uint32_t lastEpoch = 0;
    for (uint32_t e : epochs_) lastEpoch = e > lastEpoch ? e : lastEpoch;
    auto describe = [](const void* context, uintptr_t address) { return (*static_cast<const NameOf*>(context))(address); };
    for (uint32_t epoch = 0; epoch <= lastEpoch; ++epoch) {
        std::string race = FindRaceIn(epoch, describe, &nameOf);
        if (!race.empty()) return race;
    }
    return {};
}

}  // namespace sim
