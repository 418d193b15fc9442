// The ACL set-up a host program does before calling an aclnn API, shared by every Python
// thread: aclInit once per process; aclrtSetDevice(0) and one stream per calling thread
// (ACL binds the device to the thread, so each thread sets it itself).
#pragma once
#include <string>

#include "acl/acl.h"

namespace lstm_cell_grad::py {

// A failed ACL call: its status and the message aclGetRecentErrMsg gave for it.
struct AclFailure {
    aclError status = ACL_SUCCESS;
    std::string message;
    bool ok() const { return status == ACL_SUCCESS; }
};

// Takes (and clears) the calling thread's pending aclGetRecentErrMsg text; "" when none.
std::string TakeRecentErrors();

// `status` with the pending message, or with "<api> failed" when ACL left none.
AclFailure Failure(aclError status, const char* api);

// The calling thread's stream, set up on first use (and again if other code in the
// process reset the device to its last reference meanwhile). The binding is released when the thread ends.
AclFailure ThreadStream(aclrtStream* stream);

}  // namespace lstm_cell_grad::py
