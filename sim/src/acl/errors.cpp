// aclGetRecentErrMsg / aclrtGetLastError: per-thread error reporting.
#include <algorithm>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_state.h"
#include "ascendc_sim/host/acl_runtime.h"

namespace sim::acl {
namespace {

// CANN keeps messages per thread until aclGetRecentErrMsg takes them (newest first).
thread_local std::vector<std::string> t_pendingMessages;
thread_local std::string t_takenMessages;
thread_local aclError t_lastError = ACL_SUCCESS;

std::string JoinNewestFirst(const std::vector<std::string>& messages) {
    std::string joined;
    for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
        if (!joined.empty()) joined += '\n';
        joined += *it;
    }
    return joined;
}

}  // namespace

void SetRecentError(const std::string& message) { t_pendingMessages.push_back(message); }

std::string PeekRecentError() { return JoinNewestFirst(t_pendingMessages); }

namespace detail {

aclError Fail(aclError code, const char* api, const std::string& message) {
    SetRecentError(std::string(api) + ": " + message);
    t_lastError = code;
    return code;
}

}  // namespace detail
}  // namespace sim::acl

extern "C" {

const char* aclGetRecentErrMsg() {
    using namespace sim::acl;
    if (t_pendingMessages.empty()) return nullptr;
    t_takenMessages = JoinNewestFirst(t_pendingMessages);
    t_pendingMessages.clear();
    return t_takenMessages.c_str();
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel /*level*/) { return sim::acl::t_lastError; }

aclError aclrtGetLastError(aclrtLastErrLevel /*level*/) {
    aclError last = sim::acl::t_lastError;
    sim::acl::t_lastError = ACL_SUCCESS;
    return last;
}

}  // extern "C"
