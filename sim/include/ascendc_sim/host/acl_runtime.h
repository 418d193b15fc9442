// The ACL runtime's state as the sim's other host layers (aclnn, Python bindings) see it:
// error messages for aclGetRecentErrMsg, launch results recorded on streams, and the
// device/stream checks those layers must make before launching.
#pragma once
#include <cstddef>
#include <string>

#include "acl/acl_base.h"
#include "ascendc_sim/core/launch.h"

namespace sim::acl {

// Adds a message for the calling thread's next aclGetRecentErrMsg (messages accumulate,
// newest first, until read). aclnn code calls this with "aclnnXxx: <tensor>: <what>".
void SetRecentError(const std::string& message);
// The pending messages without clearing them ("" if none): for bindings and tests.
std::string PeekRecentError();

// Records a kernel launch made on `stream` (nullptr: the default stream). A failed launch is
// reported by the stream's next aclrtSynchronizeStream (or aclrtSynchronizeDevice) as
// ACL_ERROR_RT_VECTOR_CORE_EXCEPTION (507035) with result.Report() as the message; the
// report clears it; `launchedBy` ("aclnnFoo") is named in it, so the one report of a fault
// says which call launched the kernel. Returns result.ok.
bool RecordLaunch(aclrtStream stream, const LaunchResult& result, const std::string& launchedBy = "");

// The status code a failed launch is reported with: the one A2/A3 runtimes give for a fault
// in an AIV-only kernel ("vector core exception"; MIX kernels report 507015 instead).
constexpr aclError kLaunchFailureStatus = ACL_ERROR_RT_VECTOR_CORE_EXCEPTION;

// Whether the calling thread has a device (aclrtSetDevice) and `stream` may be used on it
// (nullptr, or created by aclrtCreateStream and not destroyed). On false, *why says which.
bool StreamUsable(aclrtStream stream, std::string* why);

// aclrtHostRegister's alignment rule for the host pointer: a 4 KB page (CANN runtime API
// reference, aclrtHostRegister: "Host内存地址需4K页对齐").
constexpr size_t kHostRegisterAlignment = 4096;

// aclrtMalloc's cache of freed blocks (see memory.cpp): the bytes it holds, and releasing
// them to the host (also done by aclFinalize, and when the host runs out of memory).
size_t CachedDeviceBytes();
void ReleaseCachedDeviceMemory();

}  // namespace sim::acl
