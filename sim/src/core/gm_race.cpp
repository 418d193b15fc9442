#include "ascendc_sim/core/gm_race.h"

#include <algorithm>
#include <sstream>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/source_location.h"

namespace sim {

GmRaceTracker::GmRaceTracker(uint32_t cores) : accesses_(cores), epochs_(cores, 0) {}

void GmRaceTracker::Record(uint32_t core, const void* start, uint64_t rowBytes, uint64_t pitch, uint32_t rows,
                           bool write, const char* api, const void* site) {
    if (core >= accesses_.size() || rows == 0 || rowBytes == 0) return;
    std::vector<Access>& list = accesses_[core];
    // Consecutive back-to-back copies of one kind from one line (a gather's one-element bursts)
    // fold into one.
    const auto address = reinterpret_cast<uintptr_t>(start);
    if (pitch == rowBytes && !list.empty()) {
        Access& last = list.back();
        if (last.pitch == last.rowBytes && last.write == write && last.epoch == epochs_[core] &&
            last.start + last.rowBytes * last.rows == address && last.api == api && last.site == site) {
            last.rowBytes = last.rowBytes * last.rows + rowBytes * rows;
            last.pitch = last.rowBytes;
            last.rows = 1;
            return;
        }
    }
    list.push_back(Access{address, rowBytes, pitch, rows, epochs_[core], write, api, site});
}

void RecordScalarGmWrite(const void* address, uint64_t bytes) {
    CoreState* core = CurrentCoreOrNull();
    if (core == nullptr) return;
    core->launch->gmRaces.Record(core->blockIdx, address, bytes, bytes, 1, true, "GlobalTensor::SetValue",
                                 __builtin_return_address(0));
}

void GmRaceTracker::SyncAll(uint32_t core) {
    if (core < epochs_.size()) ++epochs_[core];
}

std::string GmRaceTracker::FindRaceIn(uint32_t epoch, std::string (*describe)(const void*, uintptr_t),
                                      const void* context) const {
    // A read races only with a write: a read whose span (its rows with the gaps between) misses
    // every write span of the epoch cannot take part in a race and is not expanded. Most reads
    // of a kernel are of inputs no core writes, so the sort below sees mainly the writes.
    std::vector<std::pair<uintptr_t, uintptr_t>> written;  // merged write spans, sorted
    for (const std::vector<Access>& list : accesses_) {
        for (const Access& a : list) {
            if (a.epoch == epoch && a.write) written.emplace_back(a.start, SpanEnd(a));
        }
    }
    std::sort(written.begin(), written.end());
    size_t merged = 0;
    for (size_t i = 1; i < written.size(); ++i) {
        if (written[i].first < written[merged].second) {
            written[merged].second = std::max(written[merged].second, written[i].second);
        } else {
            written[++merged] = written[i];
        }
    }
    written.resize(std::min(written.size(), merged + 1));
    auto meetsAWrite = [&](uintptr_t begin, uintptr_t end) {
        auto after = std::upper_bound(written.begin(), written.end(), begin,
                                      [](uintptr_t b, const std::pair<uintptr_t, uintptr_t>& span) { return b < span.second; });
        return after != written.end() && after->first < end;
    };

    // Byte intervals of the epoch; rows laid back to back are one interval.
    std::vector<Interval> intervals;
    for (uint32_t core = 0; core < accesses_.size(); ++core) {
        for (const Access& a : accesses_[core]) {
            if (a.epoch != epoch) continue;
            if (!a.write && !meetsAWrite(a.start, SpanEnd(a))) continue;
            if (a.pitch == a.rowBytes) {
                intervals.push_back(Interval{a.start, a.start + a.rowBytes * a.rows, core, &a});
                continue;
            }
            for (uint32_t row = 0; row < a.rows; ++row) {
                const uintptr_t begin = a.start + row * a.pitch;
                intervals.push_back(Interval{begin, begin + a.rowBytes, core, &a});
            }
        }
    }
    std::sort(intervals.begin(), intervals.end(),
              [](const Interval& x, const Interval& y) { return x.begin < y.begin; });
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
    Reach writes, reads;
    for (const Interval& i : intervals) {
        const Interval* hit = writes.OtherCoreOver(i);
        if (hit == nullptr && i.access->write) hit = reads.OtherCoreOver(i);
        if (hit != nullptr) {
            const uintptr_t begin = std::max(i.begin, hit->begin), end = std::min(i.end, hit->end);
            std::ostringstream out;
            out << "core " << hit->core << " (" << hit->access->api << ", " << (hit->access->write ? "write" : "read")
                << ") and core " << i.core << " (" << i.access->api << ", " << (i.access->write ? "write" : "read")
                << ") both touch " << (end - begin) << " GM byte(s) of " << describe(context, begin)
                << " with no SyncAll between them (after " << epoch
                << " SyncAll(s)); the result depends on timing on hardware";
            // Each access's kernel line, as a report of one core's instruction ends with "at ...".
            for (const Interval* side : {hit, &i}) {
                const std::string site = ShortCallSite(CallSiteStack(side->access->site));
                if (site.empty()) continue;
                out << "\n    core " << side->core << " (" << side->access->api << ", "
                    << (side->access->write ? "write" : "read") << ") at " << site;
            }
            return out.str();
        }
        (i.access->write ? writes : reads).Add(i);
    }
    return {};
}

}  // namespace sim
