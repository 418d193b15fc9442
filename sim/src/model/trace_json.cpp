// The launch's modeled timeline as Chrome trace-event JSON (ui.perfetto.dev and
// chrome://tracing open it): one process per core; tracks MTE2, V, MTE3 and S (the scalar
// unit: its own instructions, its issue of every other one, SyncAll), and one wait track per
// pipe.
//
// Detail cores (the busiest core, or every core when asked) get every instruction as a slice
// carrying its kernel file:line and parameters (bytes, repeats, UB and GM addresses), an API
// that runs as several instructions from one line (Tanh: Cast, Mins, ..., Div) as one slice
// named after the line's API with its steps nested, every wait, and SetFlag -> WaitFlag flow
// arrows. The other cores get their pipes' work merged into runs (slices at most kMergeGapUs
// apart become one slice counting its instructions), their SyncAll waits and their issue, so
// that a 48-core (1024, 4096) trace stays a few MB.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "ascendc_sim/model/profile.h"
#include "ascendc_sim/model/soc_timing.h"
#include "../core/json_quote.h"
#include "site_names.h"

namespace sim::model {
namespace {

constexpr double kMergeGapUs = 0.01;     // 10 ns: runs of work closer than this are one slice (other cores)
constexpr double kIssueGapUs = 1e-6;     // issue slices that touch are one run
constexpr double kMarkerUs = 0.001;      // a flow's ends: a 1-ns slice each, for the arrow to bind to

int TrackOf(Pipe pipe) {
    switch (pipe) {
        case Pipe::MTE2: return 1;
        case Pipe::V: return 2;
        case Pipe::MTE3: return 3;
        case Pipe::S: return 4;
    }
    return 4;
}
int WaitTrackOf(Pipe pipe) { return 10 + TrackOf(pipe); }

constexpr double kResolution = 1e4;  // printed to 0.1 ns (4 decimals of a microsecond)
double Round(double us) { return std::isfinite(us) ? std::round(us * kResolution) / kResolution : 0.0; }

std::string Num(double v) {
    if (!std::isfinite(v)) v = 0.0;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    // Trailing zeros cost bytes in a file of many numbers.
    std::string s(buf);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s.empty() || s == "-" ? "0" : s;
}

std::string Hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "\"0x%llx\"", static_cast<unsigned long long>(v));
    return buf;
}

class Writer {
public:
    Writer(const Profile& prof, const LaunchResult& launch, bool allCores)
        : prof_(prof), launch_(launch), names_(Logs(launch)) {
        issueUs_ = prof.clockGHz > 0 ? timing::kIssueCycles / (prof.clockGHz * 1000.0) : 0.0;
        for (const CoreProfile& c : prof.cores) detail_.push_back(allCores || c.core == prof.busiestCore);
        byCore_.resize(prof.cores.size());
        for (const TimelineEntry& t : prof.timeline) {
            if (t.core < byCore_.size()) byCore_[t.core].push_back(&t);
        }
        for (auto& entries : byCore_) {
            std::stable_sort(entries.begin(), entries.end(),
                             [](const TimelineEntry* a, const TimelineEntry* b) { return a->startUs < b->startUs; });
        }
    }

    std::string Write() {
        out_ = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
        for (uint32_t c = 0; c < byCore_.size(); ++c) {
            Metadata(c);
            if (detail_[c]) {
                DetailWork(c);
            } else {
                MergedWork(c);
            }
            Scalar(c);
        }
        Waits();
        Flows();
        out_ += "],\"otherData\":{\"modeled\":true,\"note\":\"all times modeled, not measured\",\"kernel\":" +
                JsonQuote(prof_.kernel) + ",\"soc\":" + JsonQuote(prof_.soc) + ",\"aiv_time_us\":" +
                Num(prof_.aivTimeUs) + ",\"detail_cores\":[";
        bool first = true;
        for (uint32_t c = 0; c < detail_.size(); ++c) {
            if (!detail_[c]) continue;
            out_ += (first ? "" : ",") + std::to_string(c);
            first = false;
        }
        out_ += "],\"merge_gap_us\":" + Num(kMergeGapUs) + "}}";
        return out_;
    }

private:
    static std::vector<const CoreCounters*> Logs(const LaunchResult& launch) {
        std::vector<const CoreCounters*> logs;
        for (const CoreCounters& core : launch.cores) logs.push_back(&core);
        return logs;
    }

    void Event(const std::string& body) {
        if (!firstEvent_) out_ += ',';
        firstEvent_ = false;
        out_ += '{';
        out_ += body;
        out_ += '}';
    }
    // Start and end are rounded to the printed resolution first, the duration is their
    // difference: slices that touch or nest in the model still do in the file.
    void Slice(uint32_t core, int track, const std::string& name, double start, double dur, const std::string& args) {
        const double from = Round(start), to = Round(start + std::max(dur, 0.0));
        Event("\"ph\":\"X\",\"pid\":" + std::to_string(core) + ",\"tid\":" + std::to_string(track) + ",\"ts\":" +
              Num(from) + ",\"dur\":" + Num(std::max(to - from, 0.0)) + ",\"name\":" + JsonQuote(name) +
              (args.empty() ? std::string() : ",\"args\":{" + args + "}"));
    }
    void Name(uint32_t core, int track, const char* what, const std::string& name, int sort) {
        Event("\"ph\":\"M\",\"pid\":" + std::to_string(core) + ",\"tid\":" + std::to_string(track) + ",\"name\":\"" +
              what + "\",\"args\":{\"name\":" + JsonQuote(name) + "}");
        const std::string sortWhat = std::string(what) == "process_name" ? "process_sort_index" : "thread_sort_index";
        Event("\"ph\":\"M\",\"pid\":" + std::to_string(core) + ",\"tid\":" + std::to_string(track) + ",\"name\":\"" +
              sortWhat + "\",\"args\":{\"sort_index\":" + std::to_string(sort) + "}");
    }

    void Metadata(uint32_t c) {
        Name(c, 0, "process_name",
             "AIV core " + std::to_string(c) + (detail_[c] ? " (modeled, every instruction)" : " (modeled, merged runs)"),
             static_cast<int>(c));
        for (Pipe p : {Pipe::MTE2, Pipe::V, Pipe::MTE3, Pipe::S}) {
            Name(c, TrackOf(p), "thread_name", PipeName(p), TrackOf(p));
            Name(c, WaitTrackOf(p), "thread_name", std::string(PipeName(p)) + " waits", WaitTrackOf(p));
        }
    }

    const sim::Event& EventOf(const TimelineEntry& t) const { return launch_.cores[t.core].events[t.event]; }
    const SiteName& SiteNameOf(const TimelineEntry& t) const {
        return names_.Of(t.event == TimelineEntry::kNoEvent ? nullptr : SiteOf(launch_.cores[t.core], t.event));
    }

    std::string Args(const TimelineEntry& t) const {
        const SiteName& site = SiteNameOf(t);
        std::string args = "\"code\":" + JsonQuote(site.code) + ",\"bytes\":" + std::to_string(t.bytes);
        if (t.event == TimelineEntry::kNoEvent) return args;
        const sim::Event& e = EventOf(t);
        if (e.kind == EventKind::Vector) {
            args += ",\"repeats\":" + std::to_string(e.repeats) + ",\"elements\":" + std::to_string(e.elements) +
                    ",\"ub_dst\":" + Hex(e.ubDst);
            if (e.sources >= 1) args += ",\"ub_src0\":" + Hex(e.ubSrc0);
            if (e.sources >= 2) args += ",\"ub_src1\":" + Hex(e.ubSrc1);
        } else if (e.kind == EventKind::Dma) {
            args += ",\"gm\":" + Hex(e.gmAddress) + ",\"ub\":" + Hex(e.pipe == Pipe::MTE2 ? e.ubDst : e.ubSrc0) +
                    ",\"bursts\":" + std::to_string(e.bursts) + ",\"burst_bytes\":" + std::to_string(e.burstBytes);
            if (e.gmPitch != 0) args += ",\"gm_pitch\":" + std::to_string(e.gmPitch);
        }
        return args;
    }

    // Every instruction; consecutive V steps of one line whose API is not the step's own
    // (Tanh issuing Mins, Exp, ...) under one parent slice named after that API.
    void DetailWork(uint32_t c) {
        const auto& entries = byCore_[c];
        for (Pipe p : {Pipe::MTE2, Pipe::V, Pipe::MTE3, Pipe::S}) {
            std::vector<const TimelineEntry*> track;
            for (const TimelineEntry* t : entries) {
                if (t->pipe == p) track.push_back(t);
            }
            for (size_t i = 0; i < track.size();) {
                size_t j = i + 1;
                const SiteName& site = SiteNameOf(*track[i]);
                const void* where = track[i]->event == TimelineEntry::kNoEvent
                                        ? nullptr
                                        : SiteOf(launch_.cores[c], track[i]->event);
                while (where != nullptr && j < track.size() && track[j]->event != TimelineEntry::kNoEvent &&
                       SiteOf(launch_.cores[c], track[j]->event) == where) {
                    ++j;
                }
                const bool nested = j - i >= 2 && !site.api.empty() && site.api != track[i]->api;
                if (nested) {
                    const double start = track[i]->startUs;
                    const double end = track[j - 1]->startUs + track[j - 1]->durUs;
                    Slice(c, TrackOf(p), site.api, start, end - start,
                          "\"code\":" + JsonQuote(site.code) + ",\"steps\":" + std::to_string(j - i));
                } else {
                    j = i + 1;
                }
                for (size_t k = i; k < j; ++k) {
                    Slice(c, TrackOf(p), track[k]->api != nullptr ? track[k]->api : "?", track[k]->startUs,
                          track[k]->durUs, Args(*track[k]));
                }
                i = j;
            }
        }
    }

    // Runs of work per pipe: slices closer than kMergeGapUs become one.
    void MergedWork(uint32_t c) {
        for (Pipe p : {Pipe::MTE2, Pipe::V, Pipe::MTE3}) {
            double start = -1, end = -1;
            uint64_t count = 0, bytes = 0;
            auto flush = [&] {
                if (count == 0) return;
                Slice(c, TrackOf(p), std::string(PipeName(p)) + " x" + std::to_string(count), start, end - start,
                      "\"instructions\":" + std::to_string(count) + ",\"bytes\":" + std::to_string(bytes));
                count = 0;
                bytes = 0;
            };
            for (const TimelineEntry* t : byCore_[c]) {
                if (t->pipe != p) continue;
                if (count > 0 && t->startUs > end + kMergeGapUs) flush();
                if (count == 0) start = t->startUs;
                end = std::max(end, t->startUs + t->durUs);
                ++count;
                bytes += t->bytes;
            }
            flush();
        }
    }

    // The scalar unit: its own instructions (detail cores; merged into the issue runs on the
    // others) and its issue of every other instruction, as runs.
    void Scalar(uint32_t c) {
        struct Item {
            double start, end;
            const TimelineEntry* work;  // nullptr: an issue
        };
        std::vector<Item> items;
        for (const TimelineEntry* t : byCore_[c]) {
            if (t->pipe == Pipe::S) {
                items.push_back(Item{t->startUs, t->startUs + t->durUs, detail_[c] ? t : nullptr});
            } else if (t->issuedUs >= 0) {
                items.push_back(Item{t->issuedUs - issueUs_, t->issuedUs, nullptr});
            }
        }
        std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.start < b.start; });
        double start = -1, end = -1;
        uint64_t count = 0;
        auto flush = [&] {
            if (count == 0) return;
            Slice(c, TrackOf(Pipe::S), "issue", start, end - start, "\"instructions\":" + std::to_string(count));
            count = 0;
        };
        for (const Item& item : items) {
            if (item.work != nullptr) {
                flush();
                Slice(c, TrackOf(Pipe::S), item.work->api != nullptr ? item.work->api : "?", item.start,
                      item.end - item.start, Args(*item.work));
                continue;
            }
            if (count > 0 && item.start > end + (detail_[c] ? kIssueGapUs : kMergeGapUs)) flush();
            if (count == 0) start = item.start;
            end = std::max(end, item.end);
            ++count;
        }
        flush();
    }

    // Waits: every one on detail cores, SyncAll and PipeBarrier<PIPE_ALL> on all cores.
    void Waits() {
        for (const WaitSpan& w : prof_.waitSpans) {
            if (w.core >= detail_.size()) continue;
            const bool barrier = w.cause == "SyncAll" || w.cause == "PipeBarrier";
            if (!detail_[w.core] && !barrier) continue;
            std::string code;
            if (w.event != TimelineEntry::kNoEvent && w.core < launch_.cores.size()) {
                code = names_.Of(SiteOf(launch_.cores[w.core], w.event)).code;
            }
            const std::string name = w.cause == "SyncAll" ? "SyncAll" : "wait " + w.cause;
            const int track = w.cause == "SyncAll" ? TrackOf(Pipe::S) : WaitTrackOf(w.pipe);
            Slice(w.core, track, name, w.startUs, w.durUs, code.empty() ? std::string() : "\"code\":" + JsonQuote(code));
        }
    }

    void Flows() {
        uint64_t id = 0;
        for (const FlowRecord& f : prof_.flows) {
            if (f.core >= detail_.size() || !detail_[f.core]) continue;
            const int src = WaitTrackOf(f.fromPipe), dst = WaitTrackOf(f.toPipe);
            Slice(f.core, src, "SetFlag " + f.event, f.setUs, kMarkerUs, "");
            Slice(f.core, dst, "WaitFlag " + f.event, f.waitUs, kMarkerUs, "");
            const std::string common = ",\"cat\":\"flag\",\"id\":" + std::to_string(id++) + ",\"pid\":" +
                                       std::to_string(f.core) + ",\"name\":" + JsonQuote(f.event);
            Event("\"ph\":\"s\",\"tid\":" + std::to_string(src) + ",\"ts\":" + Num(f.setUs) + common);
            Event("\"ph\":\"f\",\"bp\":\"e\",\"tid\":" + std::to_string(dst) + ",\"ts\":" + Num(f.waitUs) + common);
        }
    }

    const Profile& prof_;
    const LaunchResult& launch_;
    SiteNames names_;
    double issueUs_ = 0.0;
    std::vector<bool> detail_;
    std::vector<std::vector<const TimelineEntry*>> byCore_;
    std::string out_;
    bool firstEvent_ = true;
};

}  // namespace

std::string TraceJson(const Profile& prof, const LaunchResult& launch, bool allCores) {
    return Writer(prof, launch, allCores).Write();
}

}  // namespace sim::model
