// The ACL set-up a host program does before calling an aclnn API, shared by every Python
// thread: aclInit once per process; aclrtSetDevice(0) and one stream per calling thread
// (ACL binds the device to the thread, so each thread sets it itself).
#pragma once
#include <cstddef>
#include <string>

#include "acl/acl.h"

namespace lstm_cell_grad::py {

// A failed ACL call: its status and the message aclGetRecentErrMsg gave for it.
struct AclFailure {
    aclError status = ACL_SUCCESS;
    std::string message;
    bool ok() const { return status == ACL_SUCCESS; }
};

// Holds the aclInit lock across fork() (prepare/parent/child handlers); at module initialisation.
void RegisterSessionForkHandlers();

// Takes (and clears) the calling thread's pending aclGetRecentErrMsg text; "" when none.
std::string TakeRecentErrors();

// `status` with the pending message, or with "<api> failed" when ACL left none.
AclFailure Failure(aclError status, const char* api);

// The calling thread's stream, set up on first use (and again if other code in the
// process reset the device to its last reference meanwhile). The binding is released when the thread ends.
AclFailure ThreadStream(aclrtStream* stream);

// The calling thread's device buffers, kept from one call to the next, as framework caching
// allocators keep theirs: a buffer of exactly `bytes` that the thread's previous call used is
// handed out again, with no aclrtMalloc or aclrtFree (and no change to the sim's allocation
// registry) in between. Exact sizes only, so each buffer is still an allocation of exactly the
// bytes asked for and every bounds check sees the same allocation as with a fresh aclrtMalloc.
// Call after ThreadStream.
AclFailure TakeDeviceBuffer(size_t bytes, void** device);
// Hands `device` (from TakeDeviceBuffer) back for the thread's next call.
void GiveDeviceBuffer(void* device);
// Ends a call: frees the kept buffers it did not take, so a thread keeps at most one call's worth.
void EndCallDeviceBuffers();

}  // namespace lstm_cell_grad::py
