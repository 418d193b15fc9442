#include "host_memory.h"

#include <fstream>
#include <string>

#include <sys/sysinfo.h>

namespace sim::host {
namespace {

// MemAvailable of /proc/meminfo, or 0 when unknown.
uint64_t MemoryAvailable() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key, unit;
    uint64_t kib = 0;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

// Whether `bytes` fit within half of the free RAM: one sysinfo call, where reading
// /proc/meminfo (MemoryAvailable) costs more than a whole small op call.
bool SurelyFits(uint64_t bytes) {
    struct sysinfo info {};
    if (sysinfo(&info) != 0) return false;
    return bytes <= static_cast<uint64_t>(info.freeram) * info.mem_unit / 2;
}

}  // namespace

uint64_t WorkspaceLimit(uint64_t bytes, const EnvironmentSnapshot& env) {
    if (env.workspaceCapped) return env.workspaceCapBytes;
    return SurelyFits(bytes) ? 0 : MemoryAvailable();
}

}  // namespace sim::host
