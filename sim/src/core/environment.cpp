#include "ascendc_sim/core/environment.h"

#include <atomic>
#include <cstdlib>
#include <mutex>

#include "ascendc_sim/core/fork_guard.h"

namespace sim {
namespace {

std::string Read(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

const EnvironmentSnapshot* TakeSnapshot() {
    auto* snapshot = new EnvironmentSnapshot;
    snapshot->soc = Read("ASCEND_SIM_SOC");
    snapshot->maxCores = Read("ASCEND_SIM_MAX_CORES");
    snapshot->checks = Read("ASCEND_SIM_CHECKS");
    snapshot->profilePath = Read("ASCEND_SIM_PROFILE");
    snapshot->tracePath = Read("ASCEND_SIM_TRACE");
    snapshot->traceAllCores = Read("ASCEND_SIM_TRACE_CORES") == "all";
    snapshot->linesPath = Read("ASCEND_SIM_LINES");
    const std::string autoSync = Read("ASCEND_SIM_AUTO_SYNC");
    snapshot->scalarAutoSync = !(autoSync == "off" || autoSync == "0");
    const std::string cap = Read("ASCEND_SIM_MAX_WORKSPACE_BYTES");
    if (!cap.empty()) {
        snapshot->workspaceCapped = true;
        // 0 would be a cap no call can meet; unsetting the variable is how to lift the cap.
        if (!ParseWholeNumber(cap, 1, UINT64_MAX, &snapshot->workspaceCapBytes)) {
            snapshot->workspaceCapError = "ASCEND_SIM_MAX_WORKSPACE_BYTES='" + cap +
                                          "' is not a byte count: expected a whole number from 1 to 2^64-1 "
                                          "(unset it for no cap)";
        }
    }
    return snapshot;
}

// Replaced snapshots are kept, not freed: a reader on another thread may still hold one, and
// reloads are rare (tests), so what they keep is a few strings per reload.
std::atomic<const EnvironmentSnapshot*>& Current() {
    static std::atomic<const EnvironmentSnapshot*> current{TakeSnapshot()};
    return current;
}
ForkSafeMutex g_reloadMutex{LockRank::EnvironmentReload};  // reloads take turns

// At library load, before any thread of the program can call into the sim.
[[maybe_unused]] const bool g_loaded = (Current(), true);

}  // namespace

const EnvironmentSnapshot& Environment() { return *Current().load(std::memory_order_acquire); }

void ReloadEnvironment() {
    std::lock_guard<std::mutex> lock(g_reloadMutex);
    Current().store(TakeSnapshot(), std::memory_order_release);
    detail::ReapplySocEnvironment();
    detail::ReapplyCheckEnvironment();
}

bool ParseWholeNumber(const std::string& text, uint64_t min, uint64_t max, uint64_t* value) {
    uint64_t parsed = 0;
    bool ok = !text.empty();
    for (char c : text) {
        if (c < '0' || c > '9' || __builtin_mul_overflow(parsed, uint64_t{10}, &parsed) ||
            __builtin_add_overflow(parsed, static_cast<uint64_t>(c - '0'), &parsed)) {
            ok = false;
            break;
        }
    }
    if (!ok || parsed < min || parsed > max) return false;
    *value = parsed;
    return true;
}

}  // namespace sim
