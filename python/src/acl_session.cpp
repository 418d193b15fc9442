#include "acl_session.h"

#include <mutex>


namespace lstm_cell_grad::py {
namespace {

AclFailure InitOnce() {
    static std::once_flag once;
    static AclFailure result;
    std::call_once(once, [] {
        aclError status = aclInit(nullptr);
        // Another module of the process (a C++ extension, the PyTorch adapter) may have
        // initialised ACL already: that is the state we need.
        if (status == ACL_ERROR_REPEAT_INITIALIZE) {
            TakeRecentErrors();
            status = ACL_SUCCESS;
        }
        if (status != ACL_SUCCESS) result = Failure(status, "aclInit");
    });
    return result;
}

// One device reference and one stream per thread, released when the thread exits.
struct ThreadBinding {
    aclrtStream stream = nullptr;
    bool holdsDevice = false;
    ~ThreadBinding() {
        if (stream != nullptr) aclrtDestroyStream(stream);
        if (holdsDevice) aclrtResetDevice(0);
        TakeRecentErrors();
    }
};
thread_local ThreadBinding t_binding;

}  // namespace

std::string TakeRecentErrors() {
    const char* text = aclGetRecentErrMsg();
    return text == nullptr ? std::string() : std::string(text);
}

AclFailure Failure(aclError status, const char* api) {
    std::string message = TakeRecentErrors();
    if (message.empty()) message = std::string(api) + " failed with status " + std::to_string(status);
    return AclFailure{status, message};
}

AclFailure ThreadStream(aclrtStream* stream) {
    if (AclFailure init = InitOnce(); !init.ok()) return init;
    // The thread still has its device while our reference holds it, and its streams with
    // it; no device means other code reset it to the last reference (ours included), so
    // bind afresh. aclrtGetDevice's refusal leaves a message, which is not this call's.
    int32_t device = -1;
    if (t_binding.stream != nullptr && aclrtGetDevice(&device) == ACL_SUCCESS && device == 0) {
        *stream = t_binding.stream;
        return {};
    }
    TakeRecentErrors();
    t_binding.stream = nullptr;
    t_binding.holdsDevice = false;
    if (aclError status = aclrtSetDevice(0); status != ACL_SUCCESS) return Failure(status, "aclrtSetDevice");
    t_binding.holdsDevice = true;
    if (aclError status = aclrtCreateStream(&t_binding.stream); status != ACL_SUCCESS) {
        t_binding.stream = nullptr;
        return Failure(status, "aclrtCreateStream");
    }
    *stream = t_binding.stream;
    return {};
}

}  // namespace lstm_cell_grad::py
