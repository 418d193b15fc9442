// Cross-core GM races: two cores of one launch touching the same GM bytes, at least one of
// them writing, with no SyncAll between the two accesses. Hardware gives no order there (the
// result depends on timing), so the sim reports it as check kind gm-race.
//
// Cheap by design: each DMA appends one record (start, row length, pitch, rows) to its core's
// list; nothing per byte or per element runs while the kernel runs. At the end of the launch
// the write records are expanded into byte intervals and sorted once (WriteRows), and swept
// once per SyncAll epoch together with the reads that meet a write (see FindRaceIn).
// Scalar GM writes (GlobalTensor::SetValue) are recorded like one-row DMAs; scalar reads
// (GetValue) are not tracked.
//
// The write records are also the launch's record of what reached GM: the unwritten-output
// check (output_check.h) reads the same sorted intervals, so a GM write is recorded, expanded
// and sorted once, with its kernel line.
#pragma once
#include <cstdint>
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
    void Record(uint32_t core, const void* start, uint64_t rowBytes, uint64_t pitch, uint32_t rows, bool write,
                const char* api, const void* site);
    // Core `core` passed a SyncAll: its later accesses are ordered after every earlier one.
    void SyncAll(uint32_t core);

    // One DMA (or scalar GM write) as recorded.
    struct Access {
        uintptr_t start;
        uint64_t rowBytes;
        uint64_t pitch;
        uint32_t rows;
        uint32_t epoch;
        bool write;
        const char* api;
        const void* site;
    };
    // Bytes [begin, end) one access of `core` touched: one of its rows, or all of them when
    // they lie back to back.
    struct Interval {
        uintptr_t begin, end;
        const Access* access;
        uint32_t core;
    };
    // Every GM write of the launch as intervals, sorted by begin; equal begins keep the order
    // of the records (by core, then as issued). Built on the first call, which must come after
    // the launch's cores have finished (the end-of-launch checks share it).
    const std::vector<Interval>& WriteRows() const;

    // The first race found ("" when none), naming both cores, the APIs, their lines and the bytes.
    // `nameOf` gives the kernel argument an address belongs to ("" if unknown).
    template <typename NameOf>
    std::string FindRace(NameOf nameOf) const;

private:
    // The end of the bytes an access's rows span, the gaps between them included.
    static uintptr_t SpanEnd(const Access& a) { return a.start + (a.rows - 1) * a.pitch + a.rowBytes; }
    std::string FindRaceIn(uint32_t epoch, std::string (*describe)(const void*, uintptr_t), const void* context) const;
    std::vector<std::vector<Access>> accesses_;  // per core
    std::vector<uint32_t> epochs_;               // per core: SyncAlls passed
    mutable std::vector<Interval> writeRows_;    // WriteRows, once built
    mutable bool writeRowsBuilt_ = false;
};

// GlobalTensor::SetValue: one scalar GM write of the calling core (a no-op outside a launch),
// recorded at the caller's line (the template is inlined into the kernel).
__attribute__((noinline)) void RecordScalarGmWrite(const void* address, uint64_t bytes);

template <typename NameOf>
std::string GmRaceTracker::FindRace(NameOf nameOf) const {
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
