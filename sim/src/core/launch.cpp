#include "ascendc_sim/core/launch.h"

#include <algorithm>
#include <array>
#include <memory>
#include <sstream>
#include <utility>

#include "ascendc_sim/core/fork_guard.h"
#include "ascendc_sim/core/core_pool.h"
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/model/profile.h"
#include "violation_text.h"

namespace sim {
namespace {

thread_local LaunchResult t_lastLaunch;

struct Registered {
    KernelEntry entry;
    int gmArgCount;
};
ForkSafeMutex g_kernelsMutex{LockRank::Kernels};
std::map<std::string, Registered>& Kernels() {
    static std::map<std::string, Registered> kernels;
    return kernels;
}

constexpr int kMaxKernelArgs = 32;  // ICPU_RUN_KF's limit

using Gm = uint8_t*;
template <size_t... I>
void CallWith(KernelEntry entry, const std::vector<void*>& args, std::index_sequence<I...>) {
    using Fn = void (*)(decltype((void)I, Gm{})...);
    reinterpret_cast<Fn>(entry)(static_cast<Gm>(args[I])...);
}
template <size_t... N>
void Dispatch(KernelEntry entry, const std::vector<void*>& args, std::index_sequence<N...>) {
    using Caller = void (*)(KernelEntry, const std::vector<void*>&);
    static constexpr std::array<Caller, sizeof...(N)> callers = {
        [](KernelEntry e, const std::vector<void*>& a) { CallWith(e, a, std::make_index_sequence<N>{}); }...};
    callers[args.size()](entry, args);
}

}  // namespace

// ---------------------------------------------------------------------------------------
LaunchState::LaunchState(const LaunchConfig& cfg, const SocSpec& socSpec)
    : config(cfg), soc(socSpec), gmRaces(cfg.blockDim) {}

void LaunchState::RecordWarning(Check kind, const std::string& message) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, inserted] = warnings_.try_emplace(static_cast<int>(kind), WarningSummary{kind, 0, message});
    ++it->second.count;
}

void LaunchState::Fail(Check kind, const std::string& message) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failed_) {
        failed_ = true;
        errorKind_ = kind;
        error_ = message;
    }
    aborted_ = true;
    cv_.notify_all();
}

std::string LaunchState::ArgumentName(const void* allocationBase) const {
    auto target = FindGm(allocationBase);
    if (!target) return {};
    for (size_t i = 0; i < config.args.size(); ++i) {
        auto arg = FindGm(config.args[i].ptr);
        if (arg && arg->base == target->base && !config.args[i].name.empty()) return config.args[i].name;
    }
    return {};
}

void LaunchState::SyncAll() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (aborted_) throw LaunchAborted{};
    uint64_t generation = generation_;
    if (!flagWaiters_.empty()) cv_.notify_all();  // a core waiting on a flag re-checks for a hang
    if (++arrived_ == participants) {
        arrived_ = 0;
        ++generation_;
        cv_.notify_all();
        return;
    }
    if (finished > 0) {
        // A core left without this SyncAll: it would hang on hardware. At warn/off the
        // barrier cannot complete either, so this core continues without waiting.
        --arrived_;
        lock.unlock();
        Violation(Check::SyncMisuse, "SyncAll: " + std::to_string(finished) +
                                         " core(s) already finished the kernel without reaching this SyncAll "
                                         "(every core of the launch must call it the same number of times; "
                                         "hangs on hardware)");
        return;
    }
    WaitForCores(lock, cv_, [&] { return aborted_ || generation_ != generation; });
    if (aborted_) throw LaunchAborted{};
}

void LaunchState::CoreFinished(uint32_t blockIdx) {
    std::unique_lock<std::mutex> lock(mutex_);
    ++finished;
    if (!flagWaiters_.empty()) cv_.notify_all();  // a core waiting on a flag re-checks for a hang
    if (arrived_ > 0 && !aborted_) {
        std::string message = "core " + std::to_string(blockIdx) + "/" + std::to_string(config.blockDim) +
                              ": finished the kernel while " + std::to_string(arrived_) +
                              " core(s) wait in SyncAll (every core must call SyncAll the same number of times; "
                              "hangs on hardware)";
        lock.unlock();
        if (GetSeverity(Check::SyncMisuse) == Severity::Error) {
            Fail(Check::SyncMisuse, message);
        } else {
            // At warn/off the waiters cannot be left hanging: release them.
            if (GetSeverity(Check::SyncMisuse) == Severity::Warn) RecordWarning(Check::SyncMisuse, message);
            std::lock_guard<std::mutex> relock(mutex_);
            arrived_ = 0;
            ++generation_;
            cv_.notify_all();
        }
    }
}

LaunchResult LaunchState::Finish(std::vector<CoreCounters> cores) {
    LaunchResult result;
    result.ok = !failed_;
    result.errorKind = errorKind_;
    result.error = error_;
    for (auto& [kind, summary] : warnings_) result.warnings.push_back(summary);
    result.cores = CoreLogs(std::move(cores));
    result.kernelName = config.kernelName;
    result.blockDim = config.blockDim;
    result.soc = soc.name;
    return result;
}

std::string LaunchResult::Report() const {
    std::ostringstream out;
    out << "kernel '" << kernelName << "' on " << blockDim << " core(s) of " << soc << ": "
        << (ok ? "ok" : "FAILED") << "\n";
    if (!ok) out << "  error [" << CheckName(errorKind) << "] " << error << "\n";
    for (const auto& w : warnings) {
        out << "  warning [" << CheckName(w.kind) << "] x" << w.count << ", first: " << w.firstMessage << "\n";
    }
    return out.str();
}

// Whether the end-of-launch checks will run (on a launch that is not aborted by then).
bool GmRaceCheckOn(const LaunchState& launch) {
    return launch.config.checkGmRaces && GetSeverity(Check::GmRace) != Severity::Off;
}
bool UnwrittenOutputCheckOn(const LaunchState& launch) {
    return !launch.outputs.Empty() && GetSeverity(Check::UnwrittenOutput) != Severity::Off;
}

// Cross-core GM races of a launch that ran to its end (gm_race.h).
void CheckGmRaces(LaunchState& launch) {
    if (launch.Aborted() || !GmRaceCheckOn(launch)) return;
    const std::string race = launch.gmRaces.FindRace([&](uintptr_t address) {
        auto allocation = FindGm(reinterpret_cast<void*>(address));
        if (!allocation) return std::string("GM");
        const std::string name = launch.ArgumentName(reinterpret_cast<void*>(allocation->base));
        std::string text = (name.empty() ? allocation->label : "argument '" + name + "'") + " at byte " +
                           std::to_string(address - allocation->base);
        // In a declared output with a shape: the element too, as the unwritten-output report gives it.
        for (const OutputTensor& out : launch.config.outputs) {
            const auto begin = reinterpret_cast<uintptr_t>(out.data);
            if (!out.shape.empty() && address >= begin && address < begin + out.bytes) {
                text += ", element " + ElementAt(out, address - begin);
                break;
            }
        }
        return text;
    });
    if (race.empty()) return;
    if (GetSeverity(Check::GmRace) == Severity::Error) {
        launch.Fail(Check::GmRace, race);
    } else {
        launch.RecordWarning(Check::GmRace, race);
    }
}

// Bytes of the launch's declared outputs that no core wrote (output_check.h).
void CheckUnwrittenOutputs(LaunchState& launch) {
    if (launch.Aborted() || !UnwrittenOutputCheckOn(launch)) return;
    const Severity severity = GetSeverity(Check::UnwrittenOutput);
    const std::string unwritten = launch.outputs.FirstUnwritten(launch.gmRaces);
    if (unwritten.empty()) return;
    if (severity == Severity::Error) {
        launch.Fail(Check::UnwrittenOutput, unwritten);
    } else {
        launch.RecordWarning(Check::UnwrittenOutput, unwritten);
    }
}

// ---------------------------------------------------------------------------------------
LaunchResult RunKernel(const LaunchConfig& config, const std::function<void()>& coreBody) {
    const SocSpec& soc = config.soc != nullptr ? *config.soc : CurrentSoc();
    LaunchState launch(config, soc);
    launch.outputs.Watch(config.outputs);
    if (config.blockDim == 0) {
        launch.Fail(Check::ApiMisuse, "launch of '" + config.kernelName + "' with blockDim 0");
        t_lastLaunch = launch.Finish({});
        return t_lastLaunch;
    }
    std::vector<CoreCounters> counters = TakeCoreCounters(config.blockDim);
    // Both end-of-launch checks read the launch's GM writes sorted by address: each core sorts
    // its own as it finishes, on the host thread that ran it (GmRaceTracker::CoreFinished).
    const bool sortWrites = GmRaceCheckOn(launch) || UnwrittenOutputCheckOn(launch);
    const uint32_t waveSize = std::min(config.blockDim, soc.aivCores);
    launch.waveMode = config.blockDim > soc.aivCores;
    for (uint32_t waveStart = 0; waveStart < config.blockDim && !launch.Aborted(); waveStart += waveSize) {
        uint32_t waveEnd = std::min(config.blockDim, waveStart + waveSize);
        launch.participants = waveEnd - waveStart;
        launch.finished = 0;
        RunOnCores(waveEnd - waveStart, soc.ubBytes, [&](uint32_t inWave, CoreArena& arena) {
            const uint32_t idx = waveStart + inWave;
            CoreState core(&launch, idx, config.blockDim, soc, arena);
            core.counters = std::move(counters[idx]);  // an empty log, with room from earlier launches
            // A one-core launch runs on the calling thread: its own state comes back afterwards.
            CoreState* outer = CurrentCoreOrNull();
            detail::SetCurrentCore(&core);
            try {
                coreBody();
                // Found by a queue's destructor at the kernel's end, reported here (core, queue, line).
                if (!core.unfreedQueueTensor.empty()) ViolationWithItsLines(Check::QueueLeak, core.unfreedQueueTensor);
                launch.CoreFinished(idx);
            } catch (const KernelFault& fault) {
                launch.Fail(fault.kind, fault.message);
            } catch (const LaunchAborted&) {
            } catch (const std::exception& e) {
                launch.Fail(Check::ApiMisuse, "core " + std::to_string(idx) + ": kernel threw " + e.what());
            } catch (...) {
                launch.Fail(Check::ApiMisuse, "core " + std::to_string(idx) + ": kernel threw an unknown exception");
            }
            if (sortWrites && !launch.Aborted()) launch.gmRaces.CoreFinished(idx);  // unused once aborted
            detail::SetCurrentCore(outer);
            counters[idx] = std::move(core.counters);
        });
    }
    CheckGmRaces(launch);
    CheckUnwrittenOutputs(launch);
    t_lastLaunch = launch.Finish(std::move(counters));
    model::OnLaunchFinished(t_lastLaunch);  // the time model (ASCEND_SIM_PROFILE, LastProfile)
    return t_lastLaunch;
}

const LaunchResult& LastLaunch() { return t_lastLaunch; }

// The key of the launch the current core runs (a core's launch, not a thread's: cores are fibers).
bool TilingKeyMatches(uint64_t key) {
    const CoreState* core = CurrentCoreOrNull();
    if (core == nullptr || !core->launch->config.tilingKeySet) return true;
    return core->launch->config.tilingKey == key;
}

void RegisterKernel(const std::string& name, KernelEntry entry, int gmArgCount) {
    std::lock_guard<std::mutex> lock(g_kernelsMutex);
    Kernels()[name] = Registered{entry, gmArgCount};
}

bool HasKernel(const std::string& name) {
    std::lock_guard<std::mutex> lock(g_kernelsMutex);
    return Kernels().count(name) != 0;
}

KernelEntry RegisteredKernel(const std::string& name, int* gmArgCount) {
    std::lock_guard<std::mutex> lock(g_kernelsMutex);
    auto it = Kernels().find(name);
    if (it == Kernels().end()) return nullptr;
    if (gmArgCount != nullptr) *gmArgCount = it->second.gmArgCount;
    return it->second.entry;
}

LaunchResult LaunchKernel(const std::string& name, LaunchConfig config, const std::vector<void*>& args) {
    Registered kernel{};
    {
        std::lock_guard<std::mutex> lock(g_kernelsMutex);
        auto it = Kernels().find(name);
        if (it == Kernels().end()) {
            LaunchResult result;
            result.ok = false;
            result.error = "no kernel named '" + name + "' is registered";
            result.kernelName = name;
            t_lastLaunch = result;
            return result;
        }
        kernel = it->second;
    }
    if (static_cast<int>(args.size()) != kernel.gmArgCount || args.size() > kMaxKernelArgs) {
        LaunchResult result;
        result.ok = false;
        result.error = "kernel '" + name + "' takes " + std::to_string(kernel.gmArgCount) + " GM_ADDR arguments, " +
                       std::to_string(args.size()) + " given";
        result.kernelName = name;
        t_lastLaunch = result;
        return result;
    }
    config.kernelName = name;
    return RunKernel(config, [&] { Dispatch(kernel.entry, args, std::make_index_sequence<kMaxKernelArgs + 1>{}); });
}

}  // namespace sim
