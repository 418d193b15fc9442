#include "ascendc_sim/core/gm_race.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <sstream>
#include <tuple>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/kept_storage.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/source_location.h"

namespace sim {
namespace {

using Access = GmRaceTracker::Access;
using Interval = GmRaceTracker::Interval;

// Storage kept across launches (kept_storage.h). A (64, 1024) call records about 2,000 accesses
// (110 KiB) and 5,400 write rows (170 KiB, twice while sorting); a (4096, 1023) call 31,000
// (1.7 MiB) and 42,000 (1.3 MiB).
constexpr size_t kKeptAccessBytes = size_t{8} << 20;
constexpr size_t kKeptIntervalBytes = size_t{8} << 20;
KeptVectors<Access>& KeptAccesses() { return TheKeptVectors<Access, kKeptAccessBytes>(); }
KeptVectors<Interval>& KeptIntervals() { return TheKeptVectors<Interval, kKeptIntervalBytes>(); }
[[maybe_unused]] const bool g_keptMade = (KeptAccesses(), KeptIntervals(), true);

// Appends the intervals access `a` of `core` touched: each row, or one when they lie back to back.
void AppendRows(const GmRaceTracker::Access& a, uint32_t core, std::vector<Interval>& out) {
    if (a.pitch == a.rowBytes) {
        out.push_back(Interval{a.start, a.start + a.rowBytes * a.rows, &a, core, a.epoch});
        return;
    }
    for (uint32_t row = 0; row < a.rows; ++row) {
        const uintptr_t begin = a.start + row * a.pitch;
        out.push_back(Interval{begin, begin + a.rowBytes, &a, core, a.epoch});
    }
}

// Appends the intervals of every write in `list` (core `core`'s records), in record order;
// returns the longest one's length.
uintptr_t AppendWrites(const std::vector<Access>& list, uint32_t core, std::vector<Interval>& out) {
    size_t count = out.size();
    for (const Access& a : list) count += a.write ? (a.pitch == a.rowBytes ? 1 : a.rows) : 0;
    out.reserve(count);
    uintptr_t longest = 0;
    for (const Access& a : list) {
        if (!a.write) continue;
        AppendRows(a, core, out);
        longest = std::max<uintptr_t>(longest, a.pitch == a.rowBytes ? a.rowBytes * a.rows : a.rowBytes);
    }
    return longest;
}

// FNV-1a over the rows' bytes, eight at a time: tells two writes of the same rows apart by
// what they left in GM (a collision would hide a race; at 2^-64 a pair, it is not a concern).
uint64_t Digest(uint64_t digest, uintptr_t start, uint64_t rowBytes, uint64_t pitch, uint32_t rows) {
    constexpr uint64_t kPrime = 0x100000001b3ULL;
    for (uint32_t row = 0; row < rows; ++row) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(start + row * pitch);
        uint64_t at = 0;
        for (; at + 8 <= rowBytes; at += 8) {
            uint64_t word;
            std::memcpy(&word, bytes + at, sizeof(word));
            digest = (digest ^ word) * kPrime;
        }
        for (; at < rowBytes; ++at) digest = (digest ^ bytes[at]) * kPrime;
    }
    return digest;
}
constexpr uint64_t kDigestBasis = 0xcbf29ce484222325ULL;

// A function object, not a function: std::merge then compares inline.
struct ByBegin {
    bool operator()(const Interval& x, const Interval& y) const { return x.begin < y.begin; }
};

// Merges `low` and `high`, both sorted by begin, into `out`, the rows of `low` first among
// equal begins (as std::merge). Returns whether a row of `low` and a row of `high` share a
// byte: in the merged order a row meets an earlier row of the other list exactly when that
// list's rows so far reach past its begin.
bool MergeMeeting(const std::vector<Interval>& low, const std::vector<Interval>& high, std::vector<Interval>& out) {
    out.resize(low.size() + high.size());
    size_t l = 0, h = 0, o = 0;
    uintptr_t lowReach = 0, highReach = 0;  // the furthest end so far of each list's rows
    bool meet = false;
    while (l < low.size() && h < high.size()) {
        if (high[h].begin < low[l].begin) {
            meet |= lowReach > high[h].begin;
            highReach = std::max(highReach, high[h].end);
            out[o++] = high[h++];
        } else {
            meet |= highReach > low[l].begin;
            lowReach = std::max(lowReach, low[l].end);
            out[o++] = low[l++];
        }
    }
    // The rest of one list begins at or after every row of the other: its first row begins first.
    if (l < low.size()) meet |= highReach > low[l].begin;
    if (h < high.size()) meet |= lowReach > high[h].begin;
    std::copy(low.begin() + static_cast<std::ptrdiff_t>(l), low.end(), out.begin() + static_cast<std::ptrdiff_t>(o));
    o += low.size() - l;
    std::copy(high.begin() + static_cast<std::ptrdiff_t>(h), high.end(), out.begin() + static_cast<std::ptrdiff_t>(o));
    return meet;
}

using Span = GmRaceTracker::Span;
using SpanList = std::vector<Span>;

// Adds [begin, end) to `spans`, disjoint and sorted, where begin is at or after every span's
// begin: it extends the last span if it touches it, else follows it.
void JoinInto(SpanList& spans, uintptr_t begin, uintptr_t end) {
    if (!spans.empty() && begin <= spans.back().end) {
        spans.back().end = std::max(spans.back().end, end);
    } else {
        spans.push_back(Span{begin, end});
    }
}

// The end of the bytes an access's rows span, the gaps between them included.
uintptr_t SpanEnd(const Access& a) { return a.start + (a.rows - 1) * a.pitch + a.rowBytes; }

// The spans (rows and the gaps between) of the writes of `epoch`, joined where they meet,
// sorted.
SpanList EpochWriteSpans(const std::vector<std::vector<Access>>& accesses, uint32_t epoch) {
    SpanList spans;
    for (const std::vector<Access>& list : accesses) {
        for (const Access& a : list) {
            if (a.epoch == epoch && a.write) spans.push_back(Span{a.start, SpanEnd(a)});
        }
    }
    std::sort(spans.begin(), spans.end(), [](const Span& x, const Span& y) { return x.begin < y.begin; });
    SpanList written;
    for (const Span& span : spans) JoinInto(written, span.begin, span.end);
    return written;
}

// Whether [begin, end) shares a byte with a span of `spans` (disjoint, sorted).
bool MeetsASpan(const SpanList& spans, uintptr_t begin, uintptr_t end) {
    auto after = std::upper_bound(spans.begin(), spans.end(), begin,
                                  [](uintptr_t b, const Span& span) { return b < span.end; });
    return after != spans.end() && after->begin < end;
}

// Sorts by begin, equal begins kept in their order. The intervals come in ascending stretches
// (an access's rows ascend, and so mostly do a core's accesses), which are merged pairwise:
// log2(stretches) passes over them instead of a comparison sort's log2(intervals).
void SortByBegin(std::vector<Interval>& intervals) {
    std::vector<size_t> bounds{0};
    for (size_t i = 1; i < intervals.size(); ++i) {
        if (intervals[i].begin < intervals[i - 1].begin) bounds.push_back(i);
    }
    bounds.push_back(intervals.size());
    if (bounds.size() <= 2) return;
    std::vector<Interval> merged = KeptIntervals().Take();
    merged.resize(intervals.size());
    std::vector<size_t> mergedBounds;
    const auto at = [](std::vector<Interval>& v, size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(i); };
    while (bounds.size() > 2) {
        mergedBounds.assign(1, 0);
        for (size_t k = 0; k + 1 < bounds.size(); k += 2) {
            const size_t stop = k + 2 < bounds.size() ? bounds[k + 2] : bounds[k + 1];
            // std::merge takes from the first range on ties: the order of equal begins stays.
            std::merge(at(intervals, bounds[k]), at(intervals, bounds[k + 1]), at(intervals, bounds[k + 1]),
                       at(intervals, stop), at(merged, bounds[k]), ByBegin{});
            mergedBounds.push_back(stop);
        }
        intervals.swap(merged);
        bounds.swap(mergedBounds);
    }
    KeptIntervals().Keep(merged);
}

// The report of a race between `hit` and `i` (two accesses of one epoch).
std::string DescribeRace(const Interval& hit, const Interval& i, uint32_t epoch, bool pairwise,
                         std::string (*describe)(const void*, uintptr_t), const void* context) {
    const uintptr_t begin = std::max(i.begin, hit.begin), end = std::min(i.end, hit.end);
    std::ostringstream out;
    out << "core " << hit.core << " (" << hit.access->api << ", " << (hit.access->write ? "write" : "read")
        << ") and core " << i.core << " (" << i.access->api << ", " << (i.access->write ? "write" : "read")
        << ") both touch " << (end - begin) << " GM byte(s) of " << describe(context, begin)
        << (pairwise ? " with no SyncAll, IBSet/IBWait, NotifyNextBlock/WaitPreBlock or published GM flag ordering them"
                     : " with no SyncAll between them")
        << " (after " << epoch << " SyncAll(s)); the result depends on timing on hardware";
    // Each access's kernel line, as a report of one core's instruction ends with "at ...".
    for (const Interval* side : {&hit, &i}) {
        const std::string site = ShortCallSite(CallSiteStack(side->access->site));
        if (site.empty()) continue;
        out << "\n    core " << side->core << " (" << side->access->api << ", "
            << (side->access->write ? "write" : "read") << ") at " << site;
    }
    return out.str();
}

}  // namespace

GmRaceTracker::GmRaceTracker(uint32_t cores)
    : accesses_(cores), epochs_(cores, 0), segments_(cores, 0), clocks_(cores) {
    for (std::vector<Access>& list : accesses_) list = KeptAccesses().Take();
    while (leaves_ < cores) leaves_ *= 2;
    merged_.resize(2 * size_t{leaves_});
    longest_.assign(2 * size_t{leaves_}, 0);
    arrived_.reset(new std::atomic<uint32_t>[leaves_]());
}

GmRaceTracker::~GmRaceTracker() {
    for (std::vector<Access>& list : accesses_) KeptAccesses().Keep(list);
    KeptIntervals().Keep(writeRows_);
    for (std::vector<Interval>& list : merged_) KeptIntervals().Keep(list);  // a launch that ended early
}

void GmRaceTracker::Record(uint32_t core, const void* start, uint64_t rowBytes, uint64_t pitch, uint32_t rows,
                           bool write, const char* api, const void* site, bool atomic) {
    if (core >= accesses_.size() || rows == 0 || rowBytes == 0) return;
    std::vector<Access>& list = accesses_[core];
    // Consecutive back-to-back copies of one kind from one line (a gather's one-element bursts)
    // fold into one.
    const auto address = reinterpret_cast<uintptr_t>(start);
    const bool plainWrite = write && !atomic;
    if (pitch == rowBytes && !list.empty()) {
        Access& last = list.back();
        if (last.pitch == last.rowBytes && last.write == write && last.atomic == atomic && last.epoch == epochs_[core] &&
            last.segment == segments_[core] && last.start + last.rowBytes * last.rows == address && last.api == api && last.site == site) {
            // the folded record's digest runs on over the new bytes, as one write's would
            if (plainWrite) last.digest = Digest(last.digest, address, rowBytes, pitch, rows);
            last.rowBytes = last.rowBytes * last.rows + rowBytes * rows;
            last.pitch = last.rowBytes;
            last.rows = 1;
            return;
        }
    }
    const uint64_t digest = plainWrite ? Digest(kDigestBasis, address, rowBytes, pitch, rows) : 0;
    list.push_back(Access{address, rowBytes, pitch, rows, epochs_[core], segments_[core], write, atomic, digest, api,
                          site});
}

void RecordScalarGmWrite(const void* address, uint64_t bytes) {
    CoreState* core = CurrentCoreOrNull();
    if (core == nullptr) return;
    core->launch->gmRaces.Record(core->blockIdx, address, bytes, bytes, 1, true, "GlobalTensor::SetValue",
                                 __builtin_return_address(0));
}

void PublishScalarGmWrites() {
    CoreState* core = CurrentCoreOrNull();
    if (core != nullptr) core->launch->PublishScalarGmWrites(core->blockIdx);
}

void BeforeScalarGmWrite(const void* address, uint64_t bytes) {
    CoreState* core = CurrentCoreOrNull();
    if (core != nullptr) core->launch->NoteScalarGmWrite(core->blockIdx, address, bytes);
}

void ObserveScalarGmRead(const void* address, void* value, uint64_t bytes) {
    CoreState* core = CurrentCoreOrNull();
    if (core != nullptr) core->launch->ObserveScalarGmRead(core->blockIdx, address, value, bytes);
}

void GmRaceTracker::SyncAll(uint32_t core) {
    if (core < epochs_.size()) ++epochs_[core];
}

GmRaceTracker::Clock GmRaceTracker::Release(uint32_t core) {
    if (core >= clocks_.size()) return {};
    std::vector<Clock>& clocks = clocks_[core];
    if (clocks.empty()) clocks.emplace_back(clocks_.size(), 0);
    Clock out = clocks.back();
    out[core] = ++segments_[core];  // its segments before the new one happen before the acquirer
    clocks.push_back(clocks.back());
    pairwise_.store(true, std::memory_order_relaxed);
    return out;
}

void GmRaceTracker::Acquire(uint32_t core, const Clock& clock) {
    if (core >= clocks_.size() || clock.size() != clocks_.size()) return;
    std::vector<Clock>& clocks = clocks_[core];
    if (clocks.empty()) clocks.emplace_back(clocks_.size(), 0);
    Clock next = clocks.back();
    bool grew = false;
    for (size_t k = 0; k < next.size(); ++k) {
        if (k != core && clock[k] > next[k]) {
            next[k] = clock[k];
            grew = true;
        }
    }
    if (!grew) return;  // nothing new happens before: the segment goes on
    ++segments_[core];
    clocks.push_back(std::move(next));
    pairwise_.store(true, std::memory_order_relaxed);
}

bool GmRaceTracker::Ordered(const Interval& x, const Interval& y) const {
    // How many of `of`'s segments happen before core `at`'s segment `segment`.
    const auto before = [&](uint32_t at, uint32_t segment, uint32_t of) -> uint32_t {
        const std::vector<Clock>& clocks = clocks_[at];
        return clocks.empty() ? 0 : clocks[segment][of];
    };
    return before(y.core, y.access->segment, x.core) > x.access->segment ||
           before(x.core, x.access->segment, y.core) > y.access->segment;
}

bool GmRaceTracker::HasCores(uint32_t node) const {
    while (node < leaves_) node *= 2;  // its first leaf
    return node - leaves_ < accesses_.size();
}

void GmRaceTracker::CoreFinished(uint32_t core) {
    if (core >= accesses_.size()) return;
    uint32_t node = leaves_ + core;
    merged_[node] = KeptIntervals().Take();
    longest_[node] = AppendWrites(accesses_[core], core, merged_[node]);
    SortByBegin(merged_[node]);  // a core's rows come in a few ascending stretches
    while (node > 1) {
        const uint32_t parent = node / 2, left = 2 * parent, right = left + 1;
        // The first of two halves to finish leaves the merge to the other. acq_rel: the
        // merging thread sees the list the other half's thread stored before it counted.
        if (HasCores(right) && arrived_[parent].fetch_add(1, std::memory_order_acq_rel) == 0) return;
        std::vector<Interval>& out = merged_[parent];
        longest_[parent] = std::max(longest_[left], longest_[right]);
        if (merged_[right].empty()) {
            out = std::move(merged_[left]);
        } else {
            out = KeptIntervals().Take();
            // The lower cores' rows first on ties; every two cores' writes are compared in the
            // one merge where they first come together.
            if (MergeMeeting(merged_[left], merged_[right], out)) writesMeet_.store(true, std::memory_order_relaxed);
            KeptIntervals().Keep(merged_[left]);
            KeptIntervals().Keep(merged_[right]);
        }
        node = parent;
    }
    treeDone_.store(true, std::memory_order_release);
}

std::vector<Interval> GmRaceTracker::WriteRowsBySort() const {
    std::vector<Interval> rows;
    for (uint32_t core = 0; core < accesses_.size(); ++core) AppendWrites(accesses_[core], core, rows);
    SortByBegin(rows);
    return rows;
}

const std::vector<Interval>& GmRaceTracker::WriteRows() const {
    if (writeRowsBuilt_) return writeRows_;
    if (treeDone_.load(std::memory_order_acquire)) {
        writeRows_ = std::move(merged_[1]);
        longestWriteRow_ = longest_[1];
        rowsFromTree_ = true;
    } else {
        writeRows_ = KeptIntervals().Take();
        for (uint32_t core = 0; core < accesses_.size(); ++core) {
            longestWriteRow_ = std::max(longestWriteRow_, AppendWrites(accesses_[core], core, writeRows_));
        }
        SortByBegin(writeRows_);
    }
    writeRowsBuilt_ = true;
    return writeRows_;
}

uintptr_t GmRaceTracker::LongestWriteRow() const {
    WriteRows();
    return longestWriteRow_;
}

const std::vector<GmRaceTracker::Span>& GmRaceTracker::WrittenSpans() const {
    if (writtenSpansBuilt_) return writtenSpans_;
    for (const Interval& row : WriteRows()) JoinInto(writtenSpans_, row.begin, row.end);
    writtenSpansBuilt_ = true;
    return writtenSpans_;
}

bool GmRaceTracker::ProvedRaceFree() const {
    const std::vector<Interval>& rows = WriteRows();
    if (!rowsFromTree_ || writesMeet_.load(std::memory_order_relaxed)) return false;
    // Two cores' writes never meet: a race needs a read meeting another core's write of its
    // epoch, so a read whose span meets no write row of its epoch at all leaves none. The
    // rows come sorted, so each epoch's union of them is built in one pass, already sorted.
    uint32_t lastEpoch = 0;
    for (uint32_t e : epochs_) lastEpoch = std::max(lastEpoch, e);
    std::vector<SpanList> written(size_t{lastEpoch} + 1);
    for (const Interval& row : rows) JoinInto(written[row.epoch], row.begin, row.end);
    for (const std::vector<Access>& list : accesses_) {
        for (const Access& a : list) {
            if (!a.write && a.epoch <= lastEpoch && MeetsASpan(written[a.epoch], a.start, SpanEnd(a))) return false;
        }
    }
    return true;
}

std::vector<const GmRaceTracker::Access*> GmRaceTracker::RepeatedWrites(uint32_t epoch) const {
    using Key = std::tuple<uintptr_t, uint64_t, uint64_t, uint32_t, uint64_t>;
    std::vector<std::pair<Key, const Access*>> writes;
    for (const std::vector<Access>& list : accesses_) {
        for (const Access& a : list) {
            if (a.epoch == epoch && a.write && !a.atomic) writes.push_back({Key{a.start, a.rowBytes, a.pitch, a.rows, a.digest}, &a});
        }
    }
    // stable: the lowest core's write of each key comes first and stands for the others
    std::stable_sort(writes.begin(), writes.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<const Access*> repeated;
    for (size_t k = 1; k < writes.size(); ++k) {
        if (writes[k].first == writes[k - 1].first) repeated.push_back(writes[k].second);
    }
    std::sort(repeated.begin(), repeated.end());
    return repeated;
}

std::string GmRaceTracker::FindRaceIn(uint32_t epoch, std::string (*describe)(const void*, uintptr_t),
                                      const void* context) const {
    // A read races only with a write: a read whose span (its rows with the gaps between) misses
    // every write span of the epoch cannot take part in a race and is not expanded. Most reads
    // of a kernel are of inputs no core writes, so the sweep below sees mainly the writes.
    const SpanList written = EpochWriteSpans(accesses_, epoch);
    std::vector<Interval> reads;
    for (uint32_t core = 0; core < accesses_.size(); ++core) {
        for (const Access& a : accesses_[core]) {
            if (a.epoch == epoch && !a.write && MeetsASpan(written, a.start, SpanEnd(a))) AppendRows(a, core, reads);
        }
    }
    SortByBegin(reads);
    if (pairwise_.load(std::memory_order_relaxed)) return FindOrderedRaceIn(epoch, reads, describe, context);
    const std::vector<const Access*> repeated = RepeatedWrites(epoch);
    const std::vector<Interval>& writes = WriteRows();  // every epoch's: the others are skipped

    // Sorted by start, an earlier interval overlaps the current one iff it ends past its start:
    // keep the two furthest-reaching earlier writes and reads from distinct cores.
    struct Reach {
        const Interval* first = nullptr;   // furthest end
        const Interval* second = nullptr;  // furthest end among other cores than first's
        void Add(const Interval& i) {
            if (first == nullptr || i.end > first->end) {
                if (first != nullptr && first->core != i.core) second = first;
                first = &i;
            } else if (i.core != first->core && (second == nullptr || i.end > second->end)) {
                second = &i;
            }
        }
        const Interval* OtherCoreOver(const Interval& i) const {
            const Interval* other = first != nullptr && first->core != i.core ? first : second;
            return other != nullptr && other->end > i.begin ? other : nullptr;
        }
    };
    // Atomic adds are kept apart from plain writes: two of them on the same bytes are allowed.
    Reach writeReach, atomicReach, readReach;
    // The epoch's writes and reads in one pass by begin; equal begins in record order (core,
    // then as issued), the order one stable sort of all of them would give.
    auto precedes = [](const Interval& x, const Interval& y) {
        if (x.begin != y.begin) return x.begin < y.begin;
        return x.core != y.core ? x.core < y.core : x.access < y.access;
    };
    size_t w = 0, r = 0;
    for (;;) {
        while (w < writes.size() && writes[w].epoch != epoch) ++w;
        const bool takeWrite = w < writes.size() && (r == reads.size() || !precedes(reads[r], writes[w]));
        if (!takeWrite && r == reads.size()) break;
        const Interval& i = takeWrite ? writes[w++] : reads[r++];
        if (takeWrite && std::binary_search(repeated.begin(), repeated.end(), i.access)) continue;
        const Interval* hit = writeReach.OtherCoreOver(i);
        if (hit == nullptr && !i.access->atomic) hit = atomicReach.OtherCoreOver(i);
        if (hit == nullptr && i.access->write) hit = readReach.OtherCoreOver(i);
        if (hit != nullptr) return DescribeRace(*hit, i, epoch, false, describe, context);
        (i.access->atomic ? atomicReach : i.access->write ? writeReach : readReach).Add(i);
    }
    return {};
}

// With pairwise syncs a race is a pair the clocks do not order, so the furthest-reaching
// earlier intervals are not enough: every earlier interval still reaching the current one is
// checked (such launches are rare and small: flags, not bulk copies, order them).
std::string GmRaceTracker::FindOrderedRaceIn(uint32_t epoch, const std::vector<Interval>& reads,
                                             std::string (*describe)(const void*, uintptr_t),
                                             const void* context) const {
    const std::vector<Interval>& writes = WriteRows();
    auto precedes = [](const Interval& x, const Interval& y) {
        if (x.begin != y.begin) return x.begin < y.begin;
        return x.core != y.core ? x.core < y.core : x.access < y.access;
    };
    const std::vector<const Access*> repeated = RepeatedWrites(epoch);
    std::vector<const Interval*> reaching;  // earlier intervals that may still reach the current one
    size_t w = 0, r = 0;
    for (;;) {
        while (w < writes.size() && writes[w].epoch != epoch) ++w;
        const bool takeWrite = w < writes.size() && (r == reads.size() || !precedes(reads[r], writes[w]));
        if (!takeWrite && r == reads.size()) break;
        const Interval& i = takeWrite ? writes[w++] : reads[r++];
        if (takeWrite && std::binary_search(repeated.begin(), repeated.end(), i.access)) continue;
        size_t kept = 0;
        for (const Interval* e : reaching) {
            if (e->end <= i.begin) continue;  // ends before this and every later interval
            reaching[kept++] = e;
            const bool conflict = (e->access->write || i.access->write) && !(e->access->atomic && i.access->atomic);
            if (conflict && e->core != i.core && !Ordered(*e, i)) return DescribeRace(*e, i, epoch, true, describe, context);
        }
        reaching.resize(kept);
        reaching.push_back(&i);
    }
    return {};
}

}  // namespace sim
