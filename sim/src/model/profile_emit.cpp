// Where profiles go: the calling thread's last launch (LastProfile, modeled lazily) and the
// ASCEND_SIM_PROFILE file (one JSON line per launch, modeled at once), and the last launch's trace
// (ASCEND_SIM_TRACE) and line tables (ASCEND_SIM_LINES).
#include <cstdio>
#include <string>
#include <mutex>
#include <stdexcept>

#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/core/fork_guard.h"
#include "ascendc_sim/model/profile.h"

namespace sim::model {
namespace {

thread_local Profile t_profile;
thread_local bool t_fresh = false;
ForkSafeMutex g_fileMutex{LockRank::ProfileFile};

const SocSpec& SocOf(const LaunchResult& launch) {
    try {
        return FindSoc(launch.soc);
    } catch (const std::invalid_argument&) {
        return CurrentSoc();  // a launch refused before it had a SoC
    }
}

// Replaces `path` with `text`; a file that cannot be written is said once per launch.
void WriteWhole(const std::string& path, const std::string& text, const char* variable) {
    if (FILE* f = std::fopen(path.c_str(), "w")) {
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
    } else {
        std::fprintf(stderr, "ascendc_sim: cannot write %s=%s\n", variable, path.c_str());
    }
}

// "lines.csv" -> "lines.instr.csv"; "lines" -> "lines.instr.csv".
std::string InstructionTablePath(const std::string& linesPath) {
    const auto slash = linesPath.find_last_of('/');
    const auto dot = linesPath.find_last_of('.');
    const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    return (hasExtension ? linesPath.substr(0, dot) : linesPath) + ".instr.csv";
}

}  // namespace

void OnLaunchFinished(const LaunchResult& launch) {
    t_fresh = false;
    const EnvironmentSnapshot& env = Environment();
    if (env.profilePath.empty() && env.tracePath.empty() && env.linesPath.empty()) return;
    t_profile = ModelLaunch(launch, SocOf(launch));
    t_fresh = true;
    // Built before the file lock: naming lines runs addr2line under the resolver's own lock.
    const std::string trace = env.tracePath.empty() ? std::string() : TraceJson(t_profile, launch, env.traceAllCores);
    const std::string lines = env.linesPath.empty() ? std::string() : LineTableCsv(t_profile, launch);
    const std::string instrs = env.linesPath.empty() ? std::string() : InstructionTableCsv(t_profile, launch);
    std::lock_guard<std::mutex> lock(g_fileMutex);
    if (!env.profilePath.empty()) {
        const std::string line = t_profile.ToJson(false) + "\n";
        if (FILE* f = std::fopen(env.profilePath.c_str(), "a")) {
            std::fwrite(line.data(), 1, line.size(), f);
            std::fclose(f);
        } else {
            std::fprintf(stderr, "ascendc_sim: cannot append the profile to ASCEND_SIM_PROFILE=%s\n",
                         env.profilePath.c_str());
        }
    }
    // The trace and the tables hold one launch: the last one's.
    if (!env.tracePath.empty()) WriteWhole(env.tracePath, trace, "ASCEND_SIM_TRACE");
    if (!env.linesPath.empty()) {
        WriteWhole(env.linesPath, lines, "ASCEND_SIM_LINES");
        WriteWhole(InstructionTablePath(env.linesPath), instrs, "ASCEND_SIM_LINES");
    }
}

const Profile& LastProfile() {
    if (!t_fresh) {
        const LaunchResult& launch = LastLaunch();
        t_profile = ModelLaunch(launch, SocOf(launch));
        t_fresh = true;
    }
    return t_profile;
}

}  // namespace sim::model
