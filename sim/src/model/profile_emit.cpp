// Where profiles go: the calling thread's last launch (LastProfile, modeled lazily) and the
// ASCEND_SIM_PROFILE file (one JSON line per launch, modeled at once).
#include <cstdio>
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

}  // namespace

void OnLaunchFinished(const LaunchResult& launch) {
    t_fresh = false;
    const std::string& path = Environment().profilePath;
    if (path.empty()) return;
    t_profile = ModelLaunch(launch, SocOf(launch));
    t_fresh = true;
    const std::string line = t_profile.ToJson(false) + "\n";
    std::lock_guard<std::mutex> lock(g_fileMutex);
    if (FILE* f = std::fopen(path.c_str(), "a")) {
        std::fwrite(line.data(), 1, line.size(), f);
        std::fclose(f);
    } else {
        std::fprintf(stderr, "ascendc_sim: cannot append the profile to ASCEND_SIM_PROFILE=%s\n", path.c_str());
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
