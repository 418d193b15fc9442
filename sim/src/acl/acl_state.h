// State shared by the ACL runtime's source files (not part of the sim's public surface).
#pragma once
#include <string>

#include "acl/acl_base.h"

namespace sim::acl::detail {

// Records a failed ACL call: the message for aclGetRecentErrMsg (prefixed by the API name)
// and the code for aclrtGetLastError. Returns `code`, so that calls end with
// `return Fail(code, "aclrtMemcpy", "...")`.
aclError Fail(aclError code, const char* api, const std::string& message);

// The calling thread's device (aclrtSetDevice), or -1.
int CurrentDevice();
// ACL_SUCCESS, or Fail(ACL_ERROR_RT_CONTEXT_NULL, api, ...) when the thread has no device.
aclError RequireDevice(const char* api);

// RequireDevice, then ACL_ERROR_RT_PARAM_INVALID unless `stream` is null (the default stream)
// or live.
aclError RequireStream(const char* api, aclrtStream stream);

// "byte 16 of aclrtMalloc #3 (64 bytes)" or "host memory": messages name allocations and
// offsets, never raw addresses.
std::string DescribeAddress(const void* p);

}  // namespace sim::acl::detail
