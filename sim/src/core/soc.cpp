#include "ascendc_sim/core/soc.h"

#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/model/soc_timing.h"

#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>

#include "ascendc_sim/core/fork_guard.h"

namespace sim {
namespace {

constexpr uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;
// GetCoreMemSize(UB) subtracts LOCAL_RESERV_SIZE (256 B) on the 910B family
// (asc-devkit impl/utils/tiling/platform/platform_ascendc.cpp).
constexpr uint64_t kUb = 192 * KiB, kUbReported = 192 * KiB - 256;
// WORK_SPACE_SIZE_910B: library workspace for arch 2201 (same file).
constexpr uint64_t kLibWorkspace = 16 * MiB;
// L2 size, clock and GM bandwidth live in the time model's table (one source for the model,
// the tiling and the SoC the kernels see).
constexpr uint64_t L2(const char* soc) { return model::timing::FindSocTiming(soc).l2Bytes; }
constexpr double Clock(const char* soc) { return model::timing::FindSocTiming(soc).clockGHz; }
constexpr double Gm(const char* soc) { return model::timing::FindSocTiming(soc).gmGBps; }

const std::vector<SocSpec> kTable = {
    {"Ascend910B1", "ascend910b", 48, 24, kUb, kUbReported, kLibWorkspace, L2("Ascend910B1"), 64 * GiB, Clock("Ascend910B1"), Gm("Ascend910B1"),
     "AIV/AIC 48/24 as launched (msKPP arch_info lists 25/50 physical; ops-nn falls back to 48); "
     "1.8 GHz msKPP; 192 MiB L2, 64 GiB HBM, ~1.6 TB/s nominal HBM (third-party ini quotes)"},
    {"Ascend910B2", "ascend910b", 48, 24, kUb, kUbReported, kLibWorkspace, L2("Ascend910B2"), 64 * GiB, Clock("Ascend910B2"), Gm("Ascend910B2"),
     "Ascend910B2.ini as quoted by huawei-csl/pto-dsl: 24 cube / 48 vector, cube_freq 1800, UB 196608, "
     "L2 201326592, HBM 68719476736; ~1.6 TB/s nominal HBM (third-party)"},
    {"Ascend910B3", "ascend910b", 40, 20, kUb, kUbReported, kLibWorkspace, L2("Ascend910B3"), 64 * GiB, Clock("Ascend910B3"), Gm("Ascend910B3"),
     "msKPP arch_info: 20 cube / 40 vector, 1.8 GHz; runtime UB 196352 (third-party report); "
     "L2 192 MiB unverified; ~1.6 TB/s nominal HBM (third-party)"},
    {"Ascend910B4", "ascend910b", 40, 20, kUb, kUbReported, kLibWorkspace, L2("Ascend910B4"), 32 * GiB, Clock("Ascend910B4"), Gm("Ascend910B4"),
     "Ascend910B4.ini as quoted by huawei-csl/pto-dsl: 20 cube / 40 vector, L2 100663296, HBM 34359738368; "
     "HBM bandwidth estimated as half of 910B2 (half the HBM capacity), unverified"},
    {"Ascend910_93", "ascend910_93", 48, 24, kUb, kUbReported, kLibWorkspace, L2("Ascend910_93"), 64 * GiB, Clock("Ascend910_93"), Gm("Ascend910_93"),
     "Atlas A3 die (Ascend910_9382 ini, third-party resource map): 24 cube / 48 vector per die, split mode, "
     "1800 MHz, UB 196608, 192 MiB L2, 64 GiB HBM per die, ~1.6 TB/s per die"},
};

// ASCEND_SIM_MAX_CORES: a whole number 0 (no cap) .. 2^32-1; anything else is refused
// rather than read as 0 or wrapped.
uint32_t ParseCoreLimit(const std::string& value) {
    uint64_t parsed = 0;
    if (!ParseWholeNumber(value, 0, UINT32_MAX, &parsed)) {
        throw std::invalid_argument("ASCEND_SIM_MAX_CORES='" + value +
                                    "' is not a core count: expected a whole number, 0 for no cap");
    }
    return static_cast<uint32_t>(parsed);
}

struct Defaults {
    const SocSpec* soc;
    uint32_t coreLimit;
    std::string environmentError;
};

// The defaults the environment snapshot (environment.h) gives.
Defaults FromEnvironment() {
    const EnvironmentSnapshot& env = Environment();
    Defaults d{&kTable[0], 0, ""};
    try {
        if (!env.soc.empty()) d.soc = &FindSoc(env.soc);
        if (!env.maxCores.empty()) d.coreLimit = ParseCoreLimit(env.maxCores);
    } catch (const std::invalid_argument& e) {
        d.environmentError = std::string("bad environment: ") + e.what();
    }
    return d;
}

// Made at library load (after the snapshot, which an earlier translation unit may not have
// taken yet: Environment() takes it on first use).
Defaults& ProcessDefaults() {
    static Defaults defaults = FromEnvironment();
    return defaults;
}
[[maybe_unused]] const bool g_defaultsLoaded = (ProcessDefaults(), true);
ForkSafeMutex g_defaultsMutex{LockRank::SocDefaults};

thread_local const SocSpec* t_soc = nullptr;
thread_local uint32_t t_coreLimit = 0;
thread_local bool t_set = false;

}  // namespace

const std::vector<SocSpec>& SocTable() { return kTable; }

const SocSpec& FindSoc(const std::string& name) {
    for (const auto& soc : kTable) {
        if (name == soc.name) return soc;
    }
    std::string known;
    for (const auto& soc : kTable) known += std::string(known.empty() ? "" : ", ") + soc.name;
    throw std::invalid_argument("unknown SoC '" + name + "' (known: " + known + ")");
}

const SocSpec& CurrentSoc() {
    if (t_set) return *t_soc;
    std::lock_guard<std::mutex> lock(g_defaultsMutex);
    return *ProcessDefaults().soc;
}

uint32_t CurrentCoreLimit() {
    if (t_set) return t_coreLimit;
    std::lock_guard<std::mutex> lock(g_defaultsMutex);
    return ProcessDefaults().coreLimit;
}

uint32_t CurrentAivCores() {
    uint32_t cores = CurrentSoc().aivCores;
    uint32_t limit = CurrentCoreLimit();
    return (limit != 0 && limit < cores) ? limit : cores;
}

std::string EnvironmentError() {
    std::lock_guard<std::mutex> lock(g_defaultsMutex);
    return ProcessDefaults().environmentError;
}

void SetDefaultSoc(const std::string& name, uint32_t coreLimit) {
    const SocSpec& soc = FindSoc(name);
    std::lock_guard<std::mutex> lock(g_defaultsMutex);
    ProcessDefaults() = Defaults{&soc, coreLimit, ""};  // set explicitly: the environment no longer matters
}

namespace detail {
void ReapplySocEnvironment() {
    Defaults fresh = FromEnvironment();
    std::lock_guard<std::mutex> lock(g_defaultsMutex);
    ProcessDefaults() = std::move(fresh);
}
}  // namespace detail

SocScope::SocScope(const std::string& name, uint32_t coreLimit)
    : previousSoc_(t_soc), previousLimit_(t_coreLimit), previousSet_(t_set) {
    t_soc = &FindSoc(name);
    t_coreLimit = coreLimit;
    t_set = true;
}

SocScope::~SocScope() {
    t_soc = previousSoc_;
    t_coreLimit = previousLimit_;
    t_set = previousSet_;
}

}  // namespace sim
