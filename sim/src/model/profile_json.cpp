// Profile::ToJson: the profile contract's JSON (one object, no newline). All times are
// modeled microseconds; "modeled": true is always present.
#include <cmath>
#include <cstdio>
#include <string>

#include "ascendc_sim/model/profile.h"
#include "../core/json_quote.h"

namespace sim::model {
namespace {

class Json {
public:
    std::string text;

    void Raw(const char* s) { text += s; }
    void Key(const char* key) {
        Comma();
        Quoted(key);
        text += ':';
        pendingValue_ = true;  // the value follows without a comma
    }
    void String(const std::string& s) {
        Comma();
        Quoted(s);
    }
    void Quoted(const std::string& s) { text += JsonQuote(s); }
    void Number(double v) {
        Comma();
        if (!std::isfinite(v)) v = 0.0;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.9g", v);
        text += buf;
    }
    void Integer(uint64_t v) {
        Comma();
        text += std::to_string(v);
    }
    void Bool(bool v) {
        Comma();
        text += v ? "true" : "false";
    }
    void Open(char brace) {
        Comma();
        text += brace;
        first_ = true;
    }
    void Close(char brace) {
        text += brace;
        first_ = false;
    }

private:
    void Comma() {
        if (pendingValue_) {
            pendingValue_ = false;
            return;
        }
        if (!first_) text += ',';
        first_ = false;
    }
    bool first_ = true;
    bool pendingValue_ = false;
};

}  // namespace

std::string Profile::ToJson(bool withTimeline) const {
    Json j;
    j.Open('{');
    j.Key("modeled"); j.Bool(true);
    j.Key("kernel"); j.String(kernel);
    j.Key("soc"); j.String(soc);
    j.Key("block_dim"); j.Integer(blockDim);
    j.Key("task_duration_us"); j.Number(taskDurationUs);
    j.Key("aiv_time_us"); j.Number(aivTimeUs);
    j.Key("aiv_vec_time_us"); j.Number(aivVecTimeUs);
    j.Key("aiv_scalar_time_us"); j.Number(aivScalarTimeUs);
    j.Key("aiv_mte2_time_us"); j.Number(aivMte2TimeUs);
    j.Key("aiv_mte3_time_us"); j.Number(aivMte3TimeUs);
    j.Key("launch_us"); j.Number(launchUs);
    j.Key("sync_all_us"); j.Number(syncAllUs);
    j.Key("busiest_core"); j.Integer(busiestCore);
    j.Key("gm_read_bytes"); j.Integer(gmReadBytes);
    j.Key("gm_write_bytes"); j.Integer(gmWriteBytes);
    j.Key("hbm_bytes"); j.Integer(hbmBytes);
    j.Key("l2_hit_ratio"); j.Number(l2HitRatio);
    j.Key("ub_peak_bytes"); j.Integer(ubPeakBytes);
    j.Key("bound"); j.String(bound);
    j.Key("gm_bandwidth_GBps"); j.Number(gmBandwidthGBps);
    j.Key("fresh_bandwidth_GBps"); j.Number(freshBandwidthGBps);
    // Achieved figures (profile_figures.cpp).
    j.Key("clock_GHz"); j.Number(clockGHz);
    j.Key("achieved_gm_GBps"); j.Number(achievedGmGBps);
    j.Key("achieved_hbm_GBps"); j.Number(achievedHbmGBps);
    j.Key("achieved_ub_GBps"); j.Number(achievedUbGBps);
    j.Key("stall_us"); j.Number(stallUs);
    j.Key("idle_us"); j.Number(idleUs);
    j.Key("vector_cycles"); j.Number(vectorCycles);
    j.Key("bank_conflict_cycles"); j.Number(bankConflictCycles);
    j.Key("vec_bank_cflt_ratio"); j.Number(vectorCycles > 0 ? bankConflictCycles / vectorCycles : 0.0);
    j.Key("vec_ratio_by_width");
    j.Open('{');
    for (const auto& [width, ratio] : vectorRatioByWidth) {
        j.Key(width.c_str()); j.Number(ratio);
    }
    j.Close('}');
    j.Key("hbm_write_back_bytes"); j.Integer(hbmWriteBackBytes);
    j.Key("l2_absorbed_write_bytes"); j.Integer(l2AbsorbedWriteBytes);
    // Figures that count HBM bytes read as the L2 left them at the end: writes still in L2
    // are not in hbm_bytes, so these are better than a kernel whose writes all reach HBM.
    j.Key("depends_on_l2_absorbing_writes");
    j.Open('[');
    if (l2AbsorbedWriteBytes > 0) {
        for (const char* name : {"hbm_bytes", "achieved_hbm_GBps", "bound"}) j.String(name);
    }
    j.Close(']');
    j.Key("cores");
    j.Open('[');
    for (const CoreProfile& c : cores) {
        j.Open('{');
        j.Key("core"); j.Integer(c.core);
        j.Key("time_us"); j.Number(c.timeUs);
        j.Key("pipes");
        j.Open('{');
        for (int p : {static_cast<int>(Pipe::MTE2), static_cast<int>(Pipe::MTE3), static_cast<int>(Pipe::V),
                      static_cast<int>(Pipe::S)}) {
            j.Key(PipeName(static_cast<Pipe>(p)));
            j.Open('{');
            j.Key("busy_us"); j.Number(c.pipes[p].busyUs);
            j.Key("wait_us"); j.Number(c.pipes[p].waitUs);
            j.Key("instructions"); j.Integer(c.pipes[p].instructions);
            j.Close('}');
        }
        j.Close('}');
        j.Key("waits");
        j.Open('[');
        for (const WaitRecord& w : c.waits) {
            j.Open('{');
            j.Key("pipe"); j.String(w.pipe);
            j.Key("on"); j.String(w.on);
            j.Key("event"); j.String(w.event);
            j.Key("us"); j.Number(w.us);
            j.Key("stall_us"); j.Number(w.stallUs);
            j.Close('}');
        }
        j.Close(']');
        const CoreFigures& f = c.figures;
        j.Key("figures");
        j.Open('{');
        j.Key("gm_bytes"); j.Integer(f.gmBytes);
        j.Key("ub_bytes"); j.Integer(f.ubBytes);
        j.Key("gm_GBps"); j.Number(f.gmGBps);
        j.Key("ub_GBps"); j.Number(f.ubGBps);
        j.Key("l2_read_bytes"); j.Integer(f.l2ReadBytes);
        j.Key("l2_hit_bytes"); j.Integer(f.l2HitBytes);
        j.Key("l2_hit_ratio"); j.Number(f.l2HitRatio);
        j.Key("stall_us"); j.Number(f.stallUs);
        j.Key("idle_us"); j.Number(f.idleUs);
        j.Key("vector_cycles"); j.Number(f.vectorCycles);
        j.Key("bank_conflict_cycles"); j.Number(f.bankConflictCycles);
        j.Key("vec_bank_cflt_ratio"); j.Number(f.vectorCycles > 0 ? f.bankConflictCycles / f.vectorCycles : 0.0);
        j.Key("pipe_busy_cycles");
        j.Open('{');
        for (int p = 0; p < kPipeCount; ++p) {
            j.Key(PipeName(static_cast<Pipe>(p))); j.Number(c.pipes[p].busyUs * clockGHz * 1000.0);
        }
        j.Close('}');
        j.Key("pipe_utilization");  // busy time over the core's time
        j.Open('{');
        for (int p = 0; p < kPipeCount; ++p) {
            j.Key(PipeName(static_cast<Pipe>(p))); j.Number(c.timeUs > 0 ? c.pipes[p].busyUs / c.timeUs : 0.0);
        }
        j.Close('}');
        j.Close('}');
        j.Close('}');
    }
    j.Close(']');
    if (withTimeline) {
        j.Key("timeline");
        j.Open('[');
        for (const TimelineEntry& t : timeline) {
            j.Open('{');
            j.Key("core"); j.Integer(t.core);
            j.Key("pipe"); j.String(PipeName(t.pipe));
            j.Key("api"); j.String(t.api != nullptr ? t.api : "?");
            j.Key("start_us"); j.Number(t.startUs);
            j.Key("dur_us"); j.Number(t.durUs);
            j.Key("bytes"); j.Integer(t.bytes);
            j.Close('}');
        }
        j.Close(']');
        j.Key("flows");
        j.Open('[');
        for (const FlowRecord& f : flows) {
            j.Open('{');
            j.Key("core"); j.Integer(f.core);
            j.Key("from_pipe"); j.String(PipeName(f.fromPipe));
            j.Key("to_pipe"); j.String(PipeName(f.toPipe));
            j.Key("event"); j.String(f.event);
            j.Key("set_us"); j.Number(f.setUs);
            j.Key("wait_us"); j.Number(f.waitUs);
            j.Close('}');
        }
        j.Close(']');
    }
    j.Close('}');
    return j.text;
}

}  // namespace sim::model
