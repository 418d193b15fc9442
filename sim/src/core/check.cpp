#include "ascendc_sim/core/check.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <vector>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/source_location.h"
#include "violation_text.h"

namespace sim {
namespace {

constexpr std::array<const char*, static_cast<int>(Check::kCount)> kNames = {
    "gm-allocation",  "gm-declared-size",   "ub-capacity", "ub-alignment",   "datacopy-length",
    "dma-params",     "operand-bounds",     "queue-capacity", "queue-empty", "uninitialized-read",
    "pipe-hazard",    "sync-misuse",        "api-misuse",  "kernel-assert", "gm-race",
    "unwritten-output", "queue-leak"};

void StoreDefaults(std::array<std::atomic<int>, static_cast<int>(Check::kCount)>& table) {
    for (int i = 0; i < static_cast<int>(Check::kCount); ++i) {
        table[i].store(static_cast<int>(DefaultSeverity(static_cast<Check>(i))));
    }
}

std::array<std::atomic<int>, static_cast<int>(Check::kCount)>& Table() {
    static std::array<std::atomic<int>, static_cast<int>(Check::kCount)> table{};
    static const bool filled = (StoreDefaults(table), true);
    (void)filled;
    return table;
}

bool ParseSeverity(const std::string& text, Severity* out) {
    if (text == "error") { *out = Severity::Error; return true; }
    if (text == "warn") { *out = Severity::Warn; return true; }
    if (text == "off") { *out = Severity::Off; return true; }
    return false;
}

void ApplyEnvironment() {
    const std::string& spec = Environment().checks;
    if (spec.empty()) return;
    std::string error;
    if (!ApplySeverities(spec, &error)) {
        // A typo in the environment must not silently disable nothing; say so once.
        std::fprintf(stderr, "[ascendc-sim] ignoring ASCEND_SIM_CHECKS: %s\n", error.c_str());
    }
}

std::once_flag g_envOnce;
void EnsureEnvironment() { std::call_once(g_envOnce, ApplyEnvironment); }
// At library load: a call_once left in flight by another thread would block a forked child.
[[maybe_unused]] const bool g_checksLoaded = (EnsureEnvironment(), true);

}  // namespace

// A buffer left allocated when the kernel returns does nothing on hardware: TPipe's teardown
// waits only on the free events of buffers in the FREE state (asc-devkit
// impl/basic_api/kernel_tpipe_impl.h), and CANN's own samples (layernorm) end that way. It is
// a hang only if a later AllocTensor needs it, which queue-capacity reports where it happens;
// at the kernel's end it is worth a warning (the same kernel with more tiles would hang).
Severity DefaultSeverity(Check kind) { return kind == Check::QueueLeak ? Severity::Warn : Severity::Error; }

const char* CheckName(Check kind) { return kNames.at(static_cast<int>(kind)); }

bool ParseCheckName(const std::string& name, Check* out) {
    for (int i = 0; i < static_cast<int>(Check::kCount); ++i) {
        if (name == kNames[i]) { *out = static_cast<Check>(i); return true; }
    }
    return false;
}

const char* SeverityName(Severity severity) {
    switch (severity) {
        case Severity::Error: return "error";
        case Severity::Warn: return "warn";
        case Severity::Off: return "off";
    }
    return "?";
}

void SetSeverity(Check kind, Severity severity) {
    EnsureEnvironment();
    Table()[static_cast<int>(kind)].store(static_cast<int>(severity));
}

Severity GetSeverity(Check kind) {
    EnsureEnvironment();
    return static_cast<Severity>(Table()[static_cast<int>(kind)].load());
}

bool ApplySeverities(const std::string& spec, std::string* error) {
    std::stringstream items(spec);
    std::string item;
    std::vector<std::pair<int, Severity>> parsed;
    while (std::getline(items, item, ',')) {
        if (item.empty()) continue;
        auto eq = item.find('=');
        Severity severity;
        if (eq == std::string::npos || !ParseSeverity(item.substr(eq + 1), &severity)) {
            *error = "'" + item + "' is not NAME=error|warn|off";
            return false;
        }
        std::string name = item.substr(0, eq);
        if (name == "all") {
            for (int i = 0; i < static_cast<int>(Check::kCount); ++i) parsed.emplace_back(i, severity);
            continue;
        }
        Check kind;
        if (!ParseCheckName(name, &kind)) {
            std::string known;
            for (auto n : kNames) known += std::string(known.empty() ? "" : ", ") + n;
            *error = "unknown check '" + name + "' (known: all, " + known + ")";
            return false;
        }
        parsed.emplace_back(static_cast<int>(kind), severity);
    }
    for (auto& [index, severity] : parsed) Table()[index].store(static_cast<int>(severity));
    return true;
}

void ResetSeverities() {
    StoreDefaults(Table());
    ApplyEnvironment();
}

namespace detail {
void ReapplyCheckEnvironment() { ResetSeverities(); }
}  // namespace detail

namespace {
bool Report(Check kind, const std::string& message, bool withCurrentStack) {
    Severity severity = GetSeverity(kind);
    if (severity == Severity::Off) return false;
    CoreState* core = CurrentCoreOrNull();
    std::string text = message;
    if (core != nullptr) {
        // The kernel line that issued the instruction: symbolized here, only because a report is built.
        text = "core " + std::to_string(core->blockIdx) + "/" + std::to_string(core->blockNum) + ": " + message +
               (withCurrentStack ? DescribeCallStack(CaptureCallStack()) : std::string());
    }
    if (severity == Severity::Warn) {
        if (core != nullptr) core->launch->RecordWarning(kind, text);
        return false;
    }
    throw KernelFault(kind, text);
}
}  // namespace

bool Violation(Check kind, const std::string& message) { return Report(kind, message, true); }

bool ViolationWithItsLines(Check kind, const std::string& messageWithLines) {
    return Report(kind, messageWithLines, false);
}

}  // namespace sim
