// The SoC table: what each emulated chip reports to tiling and to the launch.
//
// One process-wide default (ASCEND_SIM_SOC, else Ascend910B1; ASCEND_SIM_MAX_CORES caps
// the AIV count) and a per-thread override (SocScope) so that calls from several threads
// can emulate different chips at once.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sim {

// The table's fields, listed once: SocSpec below and every place that lists them by name
// (the Python extension's SoC table) expand this list. FIELD(type, name, snake_case name).
#define SIM_SOC_SPEC_FIELDS(FIELD)                                                                    \
    FIELD(const char*, name, name)                   /* "Ascend910B1": the SoC version CANN uses */  \
    FIELD(const char*, shortSoc, short_soc)          /* "ascend910b": the AddConfig name */          \
    FIELD(uint32_t, aivCores, aiv_cores)             /* vector cores a kernel can be launched on */  \
    FIELD(uint32_t, aicCores, aic_cores)             /* cube cores */                                \
    FIELD(uint64_t, ubBytes, ub_bytes)               /* physical UB per AIV, InitBuffer's limit */   \
    FIELD(uint64_t, ubReportedBytes, ub_reported_bytes) /* GetCoreMemSize of UB: ubBytes - 256 */    \
    FIELD(uint64_t, libWorkspaceBytes, lib_workspace_bytes) /* GetLibApiWorkSpaceSize */             \
    FIELD(uint64_t, l2Bytes, l2_bytes)                                                                \
    FIELD(uint64_t, hbmBytes, hbm_bytes)                                                              \
    FIELD(double, clockGHz, clock_ghz)               /* AIV clock, the AI-core clock on dav-c220 */  \
    FIELD(double, hbmGBps, hbm_gbps)                 /* nominal HBM bandwidth of one die */          \
    FIELD(const char*, source, source)               /* where the numbers come from */

struct SocSpec {
#define SIM_SOC_SPEC_MEMBER(type, member, snakeName) type member;
    SIM_SOC_SPEC_FIELDS(SIM_SOC_SPEC_MEMBER)
#undef SIM_SOC_SPEC_MEMBER
};

const std::vector<SocSpec>& SocTable();
// Throws std::invalid_argument naming the known SoCs when `name` is not in the table.
const SocSpec& FindSoc(const std::string& name);

// The SoC and core cap in force on the calling thread.
const SocSpec& CurrentSoc();
uint32_t CurrentCoreLimit();   // 0 = no cap
uint32_t CurrentAivCores();    // min(CurrentSoc().aivCores, cap)

// Process-wide default (overrides the environment).
void SetDefaultSoc(const std::string& name, uint32_t coreLimit = 0);
// What is wrong with ASCEND_SIM_SOC / ASCEND_SIM_MAX_CORES ("" when both are usable). A bad
// value is not applied (the built-in default stands) and is reported rather than thrown, so
// that C entry points such as aclrtMalloc keep working; the aclnn layer refuses to run an
// op under it (161002) and Python raises it.
std::string EnvironmentError();

// Per-thread override for the lifetime of the object (nests).
class SocScope {
public:
    explicit SocScope(const std::string& name, uint32_t coreLimit = 0);
    SocScope(const SocScope&) = delete;
    SocScope& operator=(const SocScope&) = delete;
    ~SocScope();
private:
    const SocSpec* previousSoc_;
    uint32_t previousLimit_;
    bool previousSet_;
};

}  // namespace sim
