#include "ascendc_sim/core/output_check.h"

#include "violation_text.h"

#include <algorithm>
#include <iterator>

#include "ascendc_sim/core/gm_race.h"
#include "ascendc_sim/core/source_location.h"

namespace sim {
namespace {

std::string Index(const OutputTensor& out, uint64_t element) {
    if (out.shape.empty()) return "byte " + std::to_string(element);
    std::vector<int64_t> index(out.shape.size());
    uint64_t rest = element;
    for (size_t d = out.shape.size(); d-- > 0;) {
        const uint64_t extent = out.shape[d] > 0 ? static_cast<uint64_t>(out.shape[d]) : 1;
        index[d] = static_cast<int64_t>(rest % extent);
        rest /= extent;
    }
    std::string text = "(";
    for (size_t d = 0; d < index.size(); ++d) text += (d ? ", " : "") + std::to_string(index[d]);
    std::string shape = "[";
    for (size_t d = 0; d < out.shape.size(); ++d) shape += (d ? ", " : "") + std::to_string(out.shape[d]);
    return text + ") of shape " + shape + "]";
}

std::string Coordinates(const OutputTensor& out, uint64_t element) {
    const std::string index = Index(out, element);
    return index.substr(0, index.find(" of"));
}

// Bytes [begin, end) of one output written by `core` from kernel line `site`.
struct Interval {
    uint64_t begin, end;
    uint32_t core;
    const void* site;
};

// The write that covers `byte` (intervals sorted by begin), or nullptr.
const Interval* WriterOf(const std::vector<Interval>& written, uint64_t byte) {
    auto it = std::upper_bound(written.begin(), written.end(), byte,
                               [](uint64_t at, const Interval& w) { return at < w.begin; });
    // Intervals may overlap (cores racing): look back over every one starting at or before `byte`.
    while (it != written.begin()) {
        --it;
        if (byte < it->end) return &*it;
    }
    return nullptr;
}

// "core 3" and, when the write's line is known, "core 3 (at kernel.h:88 in F)".
std::string Writer(const Interval& w) {
    const std::string site = ShortCallSite(CallSiteStack(w.site));
    return "core " + std::to_string(w.core) + (site.empty() ? std::string() : " (at " + site + ")");
}

// The report for one output ("" when `written`, sorted by begin, leaves no hole).
std::string DescribeHoles(const OutputTensor& out, const std::vector<Interval>& written) {
    const uint64_t elementBytes = out.shape.empty() ? 1 : std::max<uint32_t>(out.elementBytes, 1);
    const uint64_t elements = out.bytes / elementBytes;
    bool found = false;
    uint64_t holeBegin = 0, holeEnd = 0;  // the first hole
    uint64_t unwritten = 0, counted = 0;  // elements below `counted` are counted already
    auto hole = [&](uint64_t from, uint64_t to) {  // bytes [from, to) written by no core
        if (from >= to) return;
        if (!found) {
            found = true;
            holeBegin = from;
            holeEnd = to;
        }
        const uint64_t first = std::max(from / elementBytes, counted);
        const uint64_t last = std::min((to + elementBytes - 1) / elementBytes, elements);
        if (last > first) unwritten += last - first;
        counted = std::max(counted, last);
    };
    uint64_t covered = 0;
    for (const Interval& w : written) {
        hole(covered, std::min(w.begin, out.bytes));
        covered = std::max(covered, w.end);
    }
    hole(covered, out.bytes);
    if (!found) return {};
    const uint64_t first = holeBegin / elementBytes;
    std::string text = "output " + out.name + ": " + std::to_string(unwritten) + " of " + std::to_string(elements) +
                       (out.shape.empty() ? " bytes" : " elements") + " were never written by any core; the first is " +
                       Index(out, first) + " (element " + std::to_string(first) + ")";
    // Which core wrote the nearest element after the hole (or before it): the core whose
    // share of the output the hole most likely lies in.
    const uint64_t next = (holeEnd + elementBytes - 1) / elementBytes;
    const Interval* nextWriter = next < elements ? WriterOf(written, next * elementBytes) : nullptr;
    if (nextWriter != nullptr) {
        return text + "; the next written element, " + Coordinates(out, next) + ", was written by " +
               Writer(*nextWriter);
    }
    const Interval* previousWriter = first > 0 ? WriterOf(written, (first - 1) * elementBytes) : nullptr;
    if (previousWriter != nullptr) {
        return text + "; the previous written element, " + Coordinates(out, first - 1) + ", was written by " +
               Writer(*previousWriter);
    }
    return text;
}

}  // namespace

std::string ElementAt(const OutputTensor& out, uint64_t byteOffset) {
    if (out.shape.empty()) return "byte " + std::to_string(byteOffset);
    return Index(out, byteOffset / std::max<uint32_t>(out.elementBytes, 1));
}

void OutputWatch::Watch(const std::vector<OutputTensor>& outputs) { outputs_ = outputs; }

std::string OutputWatch::FirstUnwritten(const GmRaceTracker& gm) const {
    if (outputs_.empty()) return {};
    // The launch's write intervals come sorted by begin (shared with the GM race check); an
    // output's share of them, clipped to it, stays sorted. An interval that begins further
    // before an output than the longest one is long cannot reach it, so each output's share
    // is found by one binary search, not by a pass over every interval.
    const std::vector<GmRaceTracker::Interval>& rows = gm.WriteRows();
    const uintptr_t longest = gm.LongestWriteRow();
    // Most outputs lie inside one span of written bytes: no hole, nothing to gather.
    const std::vector<GmRaceTracker::Span>& spans = gm.WrittenSpans();
    auto whollyWritten = [&](uintptr_t base, uint64_t bytes) {
        auto after = std::upper_bound(spans.begin(), spans.end(), base,
                                      [](uintptr_t at, const GmRaceTracker::Span& span) { return at < span.begin; });
        return after != spans.begin() && std::prev(after)->end >= base + bytes;
    };
    std::vector<Interval> written;
    for (const OutputTensor& out : outputs_) {
        written.clear();
        const auto base = reinterpret_cast<uintptr_t>(out.data);
        if (base != 0 && out.bytes > 0 && whollyWritten(base, out.bytes)) continue;
        if (base != 0) {
            const uintptr_t top = base + out.bytes;
            auto row = std::lower_bound(rows.begin(), rows.end(), base > longest ? base - longest : 0,
                                        [](const GmRaceTracker::Interval& w, uintptr_t at) { return w.begin < at; });
            for (; row != rows.end() && row->begin < top; ++row) {
                if (row->end <= base) continue;
                const uint64_t begin = row->begin > base ? row->begin - base : 0;
                const uint64_t stop = std::min<uint64_t>(row->end - base, out.bytes);
                written.push_back(Interval{begin, stop, row->core, row->access->site});
            }
        }
        if (written.empty() && !out.required) continue;  // not produced by this call
        std::string report = DescribeHoles(out, written);
        if (!report.empty()) return report;
    }
    return {};
}

}  // namespace sim
