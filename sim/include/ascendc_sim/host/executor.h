// The aclOpExecutor the sim's generated two-phase aclnn code builds and runs.
//
//   aclnnXxxGetWorkspaceSize(...)  validates its arguments, then
//       *executor = sim::acl::CreateExecutor("Xxx", workspaceBytes, {input addrs}, {output addrs}, body);
//   aclnnXxx(workspace, workspaceSize, executor, stream)
//       return sim::acl::RunExecutor("aclnnXxx", workspace, workspaceSize, executor, stream);
//
// RunExecutor checks what CANN's second phase checks (null executor -> 161001; workspace
// smaller than required -> 161002; null workspace when one is required -> 161001) and what
// the sim adds (the executor is live; the workspace lies inside one device allocation of the
// required size -> 161002; the stream is live and the thread has a device -> 361001), then
// calls the body, then releases the executor unless aclSetAclOpExecutorRepeatable was called
// (CANN executors are one-shot). Every failure leaves a message for aclGetRecentErrMsg.
// The run claims the executor atomically before anything else: a second run of it started
// meanwhile (another thread) gets 161002 naming the executor, never a second run or a double
// release; so does aclDestroyAclOpExecutor (561000) while it runs.
//
// The body reads tensor addresses from the executor at run time (inputAddresses /
// outputAddresses, in op definition order), so that aclSetInputTensorAddr and friends
// retarget a repeatable executor. It launches the kernel and reports the launch with
// sim::acl::RecordLaunch(stream, result) (acl_runtime.h): as on the device, a kernel fault
// does not fail the aclnn call but the next aclrtSynchronizeStream.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"

struct aclOpExecutor {
    using Body = std::function<aclnnStatus(const aclOpExecutor& executor, void* workspace, aclrtStream stream)>;

    std::string opName;                  // "ThnnFusedLstmCellBackward": for messages
    uint64_t workspaceBytes = 0;         // what GetWorkspaceSize reported
    std::vector<void*> inputAddresses;   // nullptr for an absent optional input
    std::vector<void*> outputAddresses;
    Body body;
    bool repeatable = false;
    bool running = false;  // claimed by a RunExecutor call; guarded by the executor registry's lock
};

namespace sim::acl {

// Registers a new live executor (owned by the registry until released).
aclOpExecutor* CreateExecutor(std::string opName, uint64_t workspaceBytes, std::vector<void*> inputAddresses,
                              std::vector<void*> outputAddresses, aclOpExecutor::Body body);

// The second phase of an aclnn API (see above). `apiName` ("aclnnXxx") prefixes messages.
aclnnStatus RunExecutor(const char* apiName, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                        aclrtStream stream);

bool IsLiveExecutor(const aclOpExecutor* executor);
size_t LiveExecutors();  // for leak checks in tests

}  // namespace sim::acl
