// aclInit / aclFinalize (and CANN 9's aclnnInit / aclnnFinalize, which share their state).
#include <fstream>
#include <mutex>
#include <string>

#include "acl/acl.h"
#include "ascendc_sim/core/fork_guard.h"
#include "acl_state.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "aclnn/aclnn_base.h"

namespace {

sim::ForkSafeMutex g_initMutex{sim::LockRank::AclInit};
bool g_initialized = false;
bool g_finalized = false;

}  // namespace

extern "C" {

aclError aclInit(const char* configPath) {
    using sim::acl::detail::Fail;
    std::lock_guard<std::mutex> lock(g_initMutex);
    if (g_initialized) {
        return Fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit", "ACL is already initialised in this process");
    }
    // CANN treats null and "" as "no configuration"; any other path must be a readable file.
    if (configPath != nullptr && configPath[0] != '\0') {
        std::ifstream file(configPath, std::ios::binary);
        if (!file.is_open()) {
            return Fail(ACL_ERROR_INVALID_FILE, "aclInit",
                        std::string("cannot open the configuration file '") + configPath + "'");
        }
    }
    g_initialized = true;
    g_finalized = false;
    return ACL_SUCCESS;
}

aclError aclFinalize() {
    using sim::acl::detail::Fail;
    std::lock_guard<std::mutex> lock(g_initMutex);
    if (g_finalized) {
        return Fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize", "ACL was already finalised (call aclInit first)");
    }
    g_finalized = true;
    g_initialized = false;
    sim::acl::ReleaseCachedDeviceMemory();
    return ACL_SUCCESS;
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
    if (majorVersion == nullptr || minorVersion == nullptr || patchVersion == nullptr) {
        return sim::acl::detail::Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion", "an output pointer is null");
    }
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

aclnnStatus aclnnInit(const char* configPath) { return aclInit(configPath); }

aclnnStatus aclnnFinalize() { return aclFinalize(); }

}  // extern "C"
