// ICPU_RUN_KF and its settings (tiling key, kernel mode): one sim launch per call, the
// launch report printed the way a CPU-debug user reads it, the result kept per thread.
#include <atomic>
#include <cstdio>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/fork_guard.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/launch_report.h"
#include "ascendc_sim/core/soc.h"
#include "kern_fwk.h"

namespace {

thread_local std::optional<uint64_t> t_tilingKey;
thread_local sim::LaunchResult t_lastRun;
thread_local std::string t_lastRunFailure;

// CANN keeps the mode in a process-wide global (g_kernelMode); MIX_MODE until set.
std::atomic<int> g_kernelMode{static_cast<int>(KernelMode::MIX_MODE)};
std::atomic<uint64_t> g_failedRuns{0};
sim::ForkSafeMutex g_printMutex{sim::LockRank::IcpuPrint};
std::once_flag g_modeNotes[4];

const char* ModeName(KernelMode mode) {
    switch (mode) {
        case KernelMode::MIX_MODE: return "MIX_MODE";
        case KernelMode::AIC_MODE: return "AIC_MODE";
        case KernelMode::AIV_MODE: return "AIV_MODE";
        case KernelMode::MIX_AIC_1_1: return "MIX_AIC_1_1";
    }
    return "unknown mode";
}

// "x, y, (uint8_t*)(t), f(a, b)" -> {"x", "y", "(uint8_t*)(t)", "f(a, b)"}: commas inside
// brackets or quotes do not separate arguments.
std::vector<std::string> SplitArguments(const std::string& text) {
    std::vector<std::string> names;
    std::string current;
    int depth = 0;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quote != 0) {
            if (c == '\\' && i + 1 < text.size()) current += text[i++];
            else if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            --depth;
        } else if (c == ',' && depth == 0) {
            names.push_back(current);
            current.clear();
            continue;
        }
        current += c;
    }
    names.push_back(current);
    for (auto& name : names) {
        size_t first = name.find_first_not_of(" \t\n");
        size_t last = name.find_last_not_of(" \t\n");
        name = first == std::string::npos ? "" : name.substr(first, last - first + 1);
    }
    return names;
}

std::string Describe(const sim::tik::CallSite& site, int64_t blockDim) {
    std::string text = std::string("ICPU_RUN_KF(") + site.kernel + ", blockDim " + std::to_string(blockDim);
    if (t_tilingKey) text += ", tiling key " + std::to_string(*t_tilingKey);
    return text + ")";
}

void NoteKernelMode(KernelMode mode) {
    if (mode == KernelMode::AIV_MODE) return;
    std::call_once(g_modeNotes[static_cast<int>(mode) & 3], [mode] {
        std::lock_guard<std::mutex> lock(g_printMutex);
        std::printf("[ascendc-sim] note: kernel mode %s%s: the sim runs blockDim vector (AIV) cores, as in "
                    "AIV_MODE; cube (AIC) cores are not emulated\n",
                    ModeName(mode),
                    mode == KernelMode::MIX_MODE ? " (CANN's default until AscendC::SetKernelMode is called)" : "");
        std::fflush(stdout);
    });
}

void Print(const sim::tik::CallSite& site, int64_t blockDim, const sim::LaunchResult& result) {
    const std::string text = sim::LaunchReportText(Describe(site, blockDim), site.file, site.line, result);
    std::lock_guard<std::mutex> lock(g_printMutex);
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
}

}  // namespace

namespace AscendC {
void SetKernelMode(KernelMode mode) { g_kernelMode.store(static_cast<int>(mode)); }
}  // namespace AscendC

namespace sim::tik {

void SetTilingKey(uint64_t key) { t_tilingKey = key; }
void ClearTilingKey() { t_tilingKey.reset(); }
KernelMode CurrentKernelMode() { return static_cast<KernelMode>(g_kernelMode.load()); }

namespace {
ForkSafeMutex g_outputsMutex{LockRank::IcpuOutputs};
std::map<uintptr_t, std::string> g_outputs;  // allocation base -> name given to MarkOutput
}  // namespace

void MarkOutput(const void* gmAllocated, const std::string& name) {
    std::lock_guard<std::mutex> lock(g_outputsMutex);
    g_outputs[reinterpret_cast<uintptr_t>(gmAllocated)] = name;
}

void UnmarkOutputs() {
    std::lock_guard<std::mutex> lock(g_outputsMutex);
    g_outputs.clear();
}

void ForgetOutput(const void* gmAllocated) {
    std::lock_guard<std::mutex> lock(g_outputsMutex);
    g_outputs.erase(reinterpret_cast<uintptr_t>(gmAllocated));
}

bool RunKernelFunction(const CallSite& site, int64_t blockDim, const std::vector<const void*>& argAddresses,
                       const std::function<void()>& kernelCall) {
    NoteKernelMode(CurrentKernelMode());
    LaunchConfig config;
    config.kernelName = site.kernel;
    config.tilingKeySet = t_tilingKey.has_value();
    config.tilingKey = t_tilingKey.value_or(0);
    const std::vector<std::string> names = SplitArguments(site.arguments);
    for (size_t i = 0; i < argAddresses.size(); ++i) {
        if (argAddresses[i] == nullptr) continue;
        std::string name = names.size() == argAddresses.size() ? names[i] : "argument " + std::to_string(i);
        config.args.push_back(KernelArg{argAddresses[i], name});
        std::lock_guard<std::mutex> lock(g_outputsMutex);
        auto marked = g_outputs.find(reinterpret_cast<uintptr_t>(argAddresses[i]));
        auto allocation = FindGm(argAddresses[i]);
        if (marked != g_outputs.end() && allocation && allocation->base == marked->first) {
            config.outputs.push_back(OutputTensor{argAddresses[i], allocation->bytes,
                                                  marked->second.empty() ? name : marked->second, {}, 1});
        }
    }
    if (blockDim < 0 || blockDim > std::numeric_limits<uint32_t>::max()) {
        t_lastRun = LaunchResult{};
        t_lastRun.ok = false;
        t_lastRun.errorKind = Check::ApiMisuse;
        t_lastRun.error = "ICPU_RUN_KF: blockDim " + std::to_string(blockDim) + " is not a core count";
        t_lastRun.kernelName = site.kernel;
        t_lastRun.soc = CurrentSoc().name;
    } else {
        config.blockDim = static_cast<uint32_t>(blockDim);
        t_lastRun = RunKernel(config, kernelCall);
    }
    Print(site, blockDim, t_lastRun);
    if (t_lastRun.ok) {
        t_lastRunFailure.clear();
        return true;
    }
    ++g_failedRuns;
    t_lastRunFailure = Describe(site, blockDim) + " failed: [" + CheckName(t_lastRun.errorKind) + "] " + t_lastRun.error;
    return false;
}

bool LastRunFailed() { return !t_lastRun.ok; }
const LaunchResult& LastRun() { return t_lastRun; }
std::string LastRunFailureMessage() { return t_lastRunFailure; }
uint64_t FailedRunCount() { return g_failedRuns.load(); }

}  // namespace sim::tik
