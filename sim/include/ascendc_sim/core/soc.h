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

struct SocSpec {
    const char* name;             // "Ascend910B1": the SoC version string CANN uses
    const char* shortSoc;         // "ascend910b" / "ascend910_93": the AddConfig name
    uint32_t aivCores;            // vector cores a kernel can be launched on
    uint32_t aicCores;            // cube cores
    uint64_t ubBytes;             // physical UB per AIV (what InitBuffer is checked against)
    uint64_t ubReportedBytes;     // PlatformAscendC::GetCoreMemSize(UB): ubBytes - 256
    uint64_t libWorkspaceBytes;   // PlatformAscendC::GetLibApiWorkSpaceSize()
    uint64_t l2Bytes;
    uint64_t hbmBytes;
    double clockGHz;              // AIV clock (same as the AI-core clock on dav-c220)
    double hbmGBps;               // nominal HBM bandwidth of one die
    const char* source;           // where the numbers come from
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
