// The code-line and instruction tables of a modeled launch: msprof op simulator's
// core*_code_exe.csv and core*_instr_exe.csv, for all cores at once, from the model's
// timeline and the call site every logged instruction keeps.
//
// Per kernel source line (with its callers): the instructions it issued (call_count), the
// modeled cycles and time per pipe, and its share of the critical path. A line's S cycles
// are its scalar instructions plus the scalar unit's issue of each of its other instructions
// (kIssueCycles each), so the S column sums to the S pipe's busy time. The critical path of a
// core is found walking back from its end: each step takes the slice (any pipe) that ended
// last at or before the current time, credits it to its line, and moves to its start; time
// no slice covers on the way is waiting. A line's share is its credited time over the sum of
// the cores' times.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ascendc_sim/model/profile.h"
#include "ascendc_sim/model/soc_timing.h"
#include "site_names.h"

namespace sim::model {
namespace {

constexpr double kEps = 1e-9;

struct LineRow {
    std::string code, function, callers;
    uint64_t calls = 0;
    uint64_t bytes = 0;
    double cycles[kPipeCount] = {0, 0, 0, 0};
    double criticalUs = 0.0;
    std::set<std::string> apis;
    double Total() const { return cycles[0] + cycles[1] + cycles[2] + cycles[3]; }
};

struct InstrRow {
    std::string instr, code;
    const void* site = nullptr;
    Pipe pipe = Pipe::S;
    uint64_t calls = 0, repeats = 0, bytes = 0;
    double cycles = 0.0, bankConflictCycles = 0.0;
};

struct Slice {
    double start, end;
    uint32_t core;
    uint32_t event;
};

std::vector<const CoreCounters*> Logs(const LaunchResult& launch) {
    std::vector<const CoreCounters*> logs;
    for (const CoreCounters& core : launch.cores) logs.push_back(&core);
    return logs;
}

bool IsInstruction(const Event& e) {
    return e.kind == EventKind::Dma || e.kind == EventKind::Vector || e.kind == EventKind::Scalar;
}

std::string Csv(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string Num(double v, const char* format = "%.3f") {
    char buf[48];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string Hex(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
    return buf;
}

class Tables {
public:
    Tables(const Profile& prof, const LaunchResult& launch) : prof_(prof), launch_(launch), names_(Logs(launch)) {
        cyclesPerUs_ = prof.clockGHz * 1000.0;
        issueUs_ = cyclesPerUs_ > 0 ? timing::kIssueCycles / cyclesPerUs_ : 0.0;
        Build();
    }

    std::vector<const LineRow*> Lines() const {
        std::vector<const LineRow*> rows;
        for (const auto& [key, row] : lines_) rows.push_back(&row);
        std::sort(rows.begin(), rows.end(), [](const LineRow* a, const LineRow* b) {
            return a->Total() != b->Total() ? a->Total() > b->Total() : a->code < b->code;
        });
        return rows;
    }
    std::vector<const InstrRow*> Instrs() const {
        std::vector<const InstrRow*> rows;
        for (const auto& [key, row] : instrs_) rows.push_back(&row);
        std::sort(rows.begin(), rows.end(), [](const InstrRow* a, const InstrRow* b) {
            return a->cycles != b->cycles ? a->cycles > b->cycles : a->instr < b->instr;
        });
        return rows;
    }
    double CoreTimeSum() const { return coreTimeSum_; }
    double CyclesPerUs() const { return cyclesPerUs_; }

private:
    LineRow& LineOf(uint32_t core, uint32_t event) {
        const SiteName& name = names_.Of(SiteOf(launch_.cores[core], event));
        LineRow& row = lines_[{name.code, name.callers}];
        if (row.code.empty()) {
            row.code = name.code;
            row.function = name.function;
            row.callers = name.callers;
        }
        return row;
    }

    void Build() {
        const size_t cores = std::min(launch_.cores.size(), prof_.cores.size());
        // Every instruction once: its count, bytes and issue on S (the timeline has its pipe time).
        for (uint32_t c = 0; c < cores; ++c) {
            const CoreCounters& log = launch_.cores[c];
            for (uint32_t i = 0; i < log.events.size(); ++i) {
                const Event& e = log.events[i];
                const bool instruction = IsInstruction(e);
                if (!instruction && e.pipe == Pipe::S) continue;
                LineRow& row = LineOf(c, i);
                if (e.pipe != Pipe::S) row.cycles[static_cast<int>(Pipe::S)] += timing::kIssueCycles;
                if (!instruction) continue;
                row.calls += ScalarAccesses(e);
                row.bytes += e.bytes;
                if (e.api != nullptr) row.apis.insert(e.api);
            }
            coreTimeSum_ += prof_.cores[c].timeUs;
        }
        std::vector<std::vector<Slice>> slices(cores);
        for (const TimelineEntry& t : prof_.timeline) {
            if (t.core >= cores || t.event == TimelineEntry::kNoEvent) continue;
            const Event& e = launch_.cores[t.core].events[t.event];
            const double cycles = t.durUs * cyclesPerUs_;
            LineOf(t.core, t.event).cycles[static_cast<int>(t.pipe)] += cycles;
            InstrRow& in = instrs_[{e.api != nullptr ? e.api : "?", static_cast<int>(t.pipe),
                                    SiteOf(launch_.cores[t.core], t.event)}];
            if (in.calls == 0) {
                in.instr = e.api != nullptr ? e.api : "?";
                in.pipe = t.pipe;
                in.site = SiteOf(launch_.cores[t.core], t.event);
                in.code = names_.Of(in.site).code;
            }
            in.calls += ScalarAccesses(e);
            if (e.kind != EventKind::Scalar) in.repeats += e.repeats;  // a scalar event's count its calls
            in.bytes += e.bytes;
            in.cycles += cycles;
            if (e.kind == EventKind::Vector && e.api != nullptr) {
                const double bank = timing::BankFactor(e.sources, e.ubDst, e.ubSrc0, e.ubSrc1);
                in.bankConflictCycles += timing::VectorCycles(e.api, e.elementBytes, e.repeats, bank) -
                                         timing::VectorCycles(e.api, e.elementBytes, e.repeats, 1.0);
            }
            slices[t.core].push_back(Slice{t.startUs, t.startUs + t.durUs, t.core, t.event});
            if (t.issuedUs >= 0) slices[t.core].push_back(Slice{t.issuedUs - issueUs_, t.issuedUs, t.core, t.event});
        }
        for (uint32_t c = 0; c < cores; ++c) CriticalPath(c, slices[c]);
    }

    void CriticalPath(uint32_t c, std::vector<Slice>& slices) {
        std::sort(slices.begin(), slices.end(), [](const Slice& a, const Slice& b) {
            return a.end != b.end ? a.end < b.end : (a.end - a.start) < (b.end - b.start);
        });
        double t = prof_.cores[c].timeUs;
        for (size_t k = slices.size(); k-- > 0;) {
            const Slice& s = slices[k];
            if (s.end > t + kEps || s.end <= s.start) continue;
            LineOf(c, s.event).criticalUs += s.end - s.start;
            t = s.start;
        }
    }

    const Profile& prof_;
    const LaunchResult& launch_;
    SiteNames names_;
    double cyclesPerUs_ = 0.0, issueUs_ = 0.0, coreTimeSum_ = 0.0;
    std::map<std::pair<std::string, std::string>, LineRow> lines_;
    std::map<std::tuple<std::string, int, const void*>, InstrRow> instrs_;
};

std::string Apis(const LineRow& row) {
    std::string text;
    for (const std::string& api : row.apis) text += (text.empty() ? "" : " ") + api;
    return text;
}

}  // namespace

std::string LineTableCsv(const Profile& prof, const LaunchResult& launch) {
    const Tables tables(prof, launch);
    std::string out =
        "code,call_count,cycles,running_time(us),function,callers,mte2_cycles,vec_cycles,mte3_cycles,scalar_cycles,"
        "critical_path_us,critical_path_share,bytes,apis\n";
    const double perUs = tables.CyclesPerUs();
    for (const LineRow* row : tables.Lines()) {
        const double total = row->Total();
        out += Csv(row->code) + "," + std::to_string(row->calls) + "," + Num(total, "%.1f") + "," +
               Num(perUs > 0 ? total / perUs : 0.0, "%.4f") + "," + Csv(row->function) + "," + Csv(row->callers) + "," +
               Num(row->cycles[static_cast<int>(Pipe::MTE2)], "%.1f") + "," +
               Num(row->cycles[static_cast<int>(Pipe::V)], "%.1f") + "," +
               Num(row->cycles[static_cast<int>(Pipe::MTE3)], "%.1f") + "," +
               Num(row->cycles[static_cast<int>(Pipe::S)], "%.1f") + "," + Num(row->criticalUs, "%.4f") + "," +
               Num(tables.CoreTimeSum() > 0 ? row->criticalUs / tables.CoreTimeSum() : 0.0, "%.4f") + "," +
               std::to_string(row->bytes) + "," + Csv(Apis(*row)) + "\n";
    }
    return out;
}

std::string InstructionTableCsv(const Profile& prof, const LaunchResult& launch) {
    const Tables tables(prof, launch);
    std::string out = "instr,addr,pipe,call_count,cycles,running_time(us),code,repeats,bank_conflict_cycles,bytes\n";
    const double perUs = tables.CyclesPerUs();
    for (const InstrRow* row : tables.Instrs()) {
        out += Csv(row->instr) + "," + Hex(row->site) + "," + PipeName(row->pipe) + "," + std::to_string(row->calls) +
               "," + Num(row->cycles, "%.1f") + "," + Num(perUs > 0 ? row->cycles / perUs : 0.0, "%.4f") + "," +
               Csv(row->code) + "," + std::to_string(row->repeats) + "," + Num(row->bankConflictCycles, "%.1f") + "," +
               std::to_string(row->bytes) + "\n";
    }
    return out;
}

std::string LineTableText(const Profile& prof, const LaunchResult& launch, size_t rows) {
    const Tables tables(prof, launch);
    auto lines = tables.Lines();
    double all = 0.0;
    for (const LineRow* row : lines) all += row->Total();
    // What to work on first: the lines the critical path runs through.
    std::stable_sort(lines.begin(), lines.end(),
                     [](const LineRow* a, const LineRow* b) { return a->criticalUs > b->criticalUs; });
    std::string out = "top lines by critical path (modeled; share of the critical path, of all cycles; cycles "
                      "summed over cores):\n";
    char buf[512];
    for (size_t i = 0; i < lines.size() && i < rows; ++i) {
        const LineRow& r = *lines[i];
        std::snprintf(buf, sizeof buf, "  %5.1f%% %5.1f%%  %-44s %8llu calls  V %.0f  MTE2 %.0f  MTE3 %.0f  S %.0f  [%s]\n",
                      tables.CoreTimeSum() > 0 ? 100.0 * r.criticalUs / tables.CoreTimeSum() : 0.0,
                      all > 0 ? 100.0 * r.Total() / all : 0.0, r.code.c_str(),
                      static_cast<unsigned long long>(r.calls), r.cycles[static_cast<int>(Pipe::V)],
                      r.cycles[static_cast<int>(Pipe::MTE2)], r.cycles[static_cast<int>(Pipe::MTE3)],
                      r.cycles[static_cast<int>(Pipe::S)], Apis(r).c_str());
        out += buf;
        if (!r.function.empty() || !r.callers.empty()) {
            out += "                 in " + (r.function.empty() ? std::string("?") : r.function) +
                   (r.callers.empty() ? std::string() : " < " + r.callers) + "\n";
        }
    }
    return out;
}

}  // namespace sim::model
