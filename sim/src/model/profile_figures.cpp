// The achieved figures of a modeled launch: what the kernel did with its time, from the
// timeline the engine recorded and the instruction log. Reporting only: nothing here feeds
// back into the model's times.
//
// Waits are split by what the rest of the core did meanwhile. A stall is wait time when no
// pipe of the core was busy (nothing progressed: the core waited on another core, a barrier,
// or a latency nothing overlapped); idle is wait time while another pipe of the core worked
// (the scalar unit waiting in SyncAll while its own pipes drain, V waiting while MTE2 streams
// the next tile in). A core's busy time is the union of its timeline slices and the scalar
// unit's issue of each instruction.
#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "ascendc_sim/model/profile.h"
#include "ascendc_sim/model/soc_timing.h"

namespace sim::model {
namespace {

using Interval = std::pair<double, double>;

// Sorted, disjoint intervals and the covered length of [from, to) (binary search).
class Coverage {
public:
    explicit Coverage(std::vector<Interval> spans) {
        std::sort(spans.begin(), spans.end());
        for (const Interval& s : spans) {
            if (s.second <= s.first) continue;
            if (!merged_.empty() && s.first <= merged_.back().second) {
                merged_.back().second = std::max(merged_.back().second, s.second);
            } else {
                merged_.push_back(s);
            }
        }
    }
    double Covered(double from, double to) const {
        double covered = 0.0;
        auto it = std::upper_bound(merged_.begin(), merged_.end(), Interval{from, from},
                                   [](const Interval& a, const Interval& b) { return a.second < b.second; });
        for (; it != merged_.end() && it->first < to; ++it) {
            covered += std::max(0.0, std::min(to, it->second) - std::max(from, it->first));
        }
        return covered;
    }

private:
    std::vector<Interval> merged_;
};

const char* WidthName(uint32_t elementBytes) {
    switch (elementBytes) {
        case 1: return "b8";
        case 2: return "b16";
        case 4: return "b32";
        default: return "other";
    }
}

// UB bytes an instruction reads and writes: a DMA its UB side, a vector instruction its
// destination and each source, a scalar UB access its element.
uint64_t UbBytes(const Event& e) {
    switch (e.kind) {
        case EventKind::Dma: return e.bytes;
        case EventKind::Vector:
            return e.bytes + uint64_t{e.sources} * e.elements * (e.srcElementBytes != 0 ? e.srcElementBytes : e.elementBytes);
        case EventKind::Scalar: return e.api != nullptr && e.api[0] == 'L' ? e.bytes : 0;  // LocalTensor::
        default: return 0;
    }
}

}  // namespace

void AddFigures(Profile& prof, const LaunchResult& launch) {
    const double issueUs = prof.clockGHz > 0 ? timing::kIssueCycles / (prof.clockGHz * 1000.0) : 0.0;
    const double cyclesPerUs = prof.clockGHz * 1000.0;
    std::vector<std::vector<Interval>> busy(prof.cores.size());
    for (const TimelineEntry& t : prof.timeline) {
        if (t.core >= busy.size()) continue;
        busy[t.core].emplace_back(t.startUs, t.startUs + t.durUs);
        if (t.issuedUs >= 0) busy[t.core].emplace_back(t.issuedUs - issueUs, t.issuedUs);
    }
    std::vector<Coverage> coverage;
    coverage.reserve(busy.size());
    for (auto& spans : busy) coverage.emplace_back(std::move(spans));

    // Wait records are per (pipe, cause); spans carry the same split per interval.
    std::vector<std::map<std::pair<std::string, std::string>, double>> stallOf(prof.cores.size());
    for (const WaitSpan& w : prof.waitSpans) {
        if (w.core >= coverage.size()) continue;
        const double stall = w.durUs - coverage[w.core].Covered(w.startUs, w.startUs + w.durUs);
        stallOf[w.core][{PipeName(w.pipe), w.cause}] += stall;
    }

    std::map<std::string, double> widthCycles;
    double coreTimeSum = 0.0;
    uint64_t ubTotal = 0;
    for (CoreProfile& cp : prof.cores) {
        CoreFigures& f = cp.figures;
        for (WaitRecord& w : cp.waits) {
            auto it = stallOf[cp.core].find({w.pipe, w.event});
            w.stallUs = it != stallOf[cp.core].end() ? std::min(w.us, std::max(0.0, it->second)) : 0.0;
            f.stallUs += w.stallUs;
            f.idleUs += w.us - w.stallUs;
        }
        if (cp.core < launch.cores.size()) {
            const CoreCounters& counters = launch.cores[cp.core];
            f.gmBytes = counters.GmBytesRead() + counters.GmBytesWritten();
            for (const Event& e : counters.events) {
                f.ubBytes += UbBytes(e);
                if (e.kind != EventKind::Vector || e.api == nullptr) continue;
                const double bank = timing::BankFactor(e.sources, e.ubDst, e.ubSrc0, e.ubSrc1);
                const double cycles = timing::VectorCycles(e.api, e.elementBytes, e.repeats, bank);
                f.vectorCycles += cycles;
                f.bankConflictCycles += cycles - timing::VectorCycles(e.api, e.elementBytes, e.repeats, 1.0);
                widthCycles[WidthName(e.elementBytes)] += cycles;
            }
        }
        f.gmGBps = cp.timeUs > 0 ? static_cast<double>(f.gmBytes) / (cp.timeUs * 1e3) : 0.0;
        f.ubGBps = cp.timeUs > 0 ? static_cast<double>(f.ubBytes) / (cp.timeUs * 1e3) : 0.0;
        f.l2HitRatio = f.l2ReadBytes > 0 ? static_cast<double>(f.l2HitBytes) / static_cast<double>(f.l2ReadBytes) : 0.0;
        prof.stallUs += f.stallUs;
        prof.idleUs += f.idleUs;
        prof.vectorCycles += f.vectorCycles;
        prof.bankConflictCycles += f.bankConflictCycles;
        coreTimeSum += cp.timeUs;
        ubTotal += f.ubBytes;
    }
    const double kernelUs = prof.aivTimeUs;
    if (kernelUs > 0) {
        prof.achievedGmGBps = static_cast<double>(prof.gmReadBytes + prof.gmWriteBytes) / (kernelUs * 1e3);
        prof.achievedHbmGBps = static_cast<double>(prof.hbmBytes) / (kernelUs * 1e3);
        prof.achievedUbGBps = static_cast<double>(ubTotal) / (kernelUs * 1e3);
    }
    for (const auto& [width, cycles] : widthCycles) {
        prof.vectorRatioByWidth.emplace_back(width, coreTimeSum > 0 ? cycles / (coreTimeSum * cyclesPerUs) : 0.0);
    }
    prof.l2AbsorbedWriteBytes = prof.gmWriteBytes > prof.hbmWriteBackBytes ? prof.gmWriteBytes - prof.hbmWriteBackBytes : 0;
}

}  // namespace sim::model
