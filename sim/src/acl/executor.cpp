// aclOpExecutor lifetime and the second phase of the two-phase aclnn API.
#include <exception>
#include <mutex>
#include <set>

#include "acl_state.h"
#include "ascendc_sim/core/fork_guard.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/host/executor.h"

namespace sim::acl {
namespace {

ForkSafeMutex g_mutex{LockRank::AclExecutors};
std::set<const aclOpExecutor*> g_liveExecutors;

const char* const kNotLive =
    "is not a live executor (never returned by a GetWorkspaceSize call, destroyed, or already released by "
    "its one run: executors are one-shot unless aclSetAclOpExecutorRepeatable is called)";

const char* const kRunning =
    "is being run by another call right now (an executor runs once at a time; a one-shot executor is "
    "released by that run)";

aclnnStatus Report(aclnnStatus status, const std::string& message) {
    SetRecentError(message);
    return status;
}

// Claims `executor` for one run: "" when it was live and idle, else why not. A one-shot
// executor leaves the live set here, so nothing can reach it again while it runs.
const char* Claim(aclOpExecutor* executor) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_liveExecutors.count(executor) == 0) return kNotLive;
    if (executor->running) return kRunning;
    executor->running = true;
    if (!executor->repeatable) g_liveExecutors.erase(executor);
    return "";
}

// Ends a claim. `ran`: the body ran, so a one-shot executor is spent and deleted; otherwise
// (a check refused the run) it is live again, as before the call.
void EndClaim(aclOpExecutor* executor, bool ran) {
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        executor->running = false;
        if (executor->repeatable || !ran) {
            g_liveExecutors.insert(executor);
            return;
        }
    }
    delete executor;
}

// The checks every executor entry point shares: nullptr -> 561103, not live -> 561000
// (nnopbase tells its executors apart by a magic number and rejects anything else).
aclnnStatus CheckExecutorHandle(const char* api, const aclOpExecutor* executor) {
    if (executor == nullptr) return Report(ACLNN_ERR_INNER_NULLPTR, std::string(api) + ": executor is null");
    if (!IsLiveExecutor(executor)) return Report(ACLNN_ERR_INNER, std::string(api) + ": executor " + kNotLive);
    return ACLNN_SUCCESS;
}

// Points `tensor` at `addr` and, if index is in range, the executor's slot too.
aclnnStatus SetSlot(const char* api, aclOpExecutor* executor, size_t index, aclTensor* tensor, void* addr,
                    bool inputs, bool outputs) {
    if (tensor == nullptr) return Report(ACLNN_ERR_INNER_NULLPTR, std::string(api) + ": tensor is null");
    // Every check first: a failing call leaves both the tensor and the executor as they were.
    if (aclnnStatus status = CheckExecutorHandle(api, executor); status != ACLNN_SUCCESS) return status;
    const size_t inputCount = inputs ? executor->inputAddresses.size() : 0;
    const size_t outputCount = outputs ? executor->outputAddresses.size() : 0;
    if (index < inputCount) {
        executor->inputAddresses[index] = addr;
    } else if (index - inputCount < outputCount) {
        executor->outputAddresses[index - inputCount] = addr;
    } else {
        return Report(ACLNN_ERR_PARAM_INVALID, std::string(api) + ": index " + std::to_string(index) +
                                                   " is out of range: " + executor->opName + " has " +
                                                   std::to_string(inputCount + outputCount) + " such tensors");
    }
    tensor->SetData(addr);
    return ACLNN_SUCCESS;
}

// Dynamic (tensor-list) slots: the sim's executors have none of their own, so only the
// list's tensor is retargeted (the executor body reads list tensors at run time).
aclnnStatus SetDynamicSlot(const char* api, aclOpExecutor* executor, size_t relativeIndex, aclTensorList* tensors,
                           void* addr) {
    if (tensors == nullptr) return Report(ACLNN_ERR_INNER_NULLPTR, std::string(api) + ": tensors is null");
    if (relativeIndex >= tensors->tensors.size()) {
        return Report(ACLNN_ERR_PARAM_INVALID, std::string(api) + ": relativeIndex " + std::to_string(relativeIndex) +
                                                   " is out of the list's size " +
                                                   std::to_string(tensors->tensors.size()));
    }
    aclTensor* tensor = tensors->tensors[relativeIndex];
    if (tensor == nullptr) return Report(ACLNN_ERR_INNER_NULLPTR, std::string(api) + ": the list's tensor is null");
    if (aclnnStatus status = CheckExecutorHandle(api, executor); status != ACLNN_SUCCESS) return status;
    tensor->SetData(addr);
    return ACLNN_SUCCESS;
}

}  // namespace

aclOpExecutor* CreateExecutor(std::string opName, uint64_t workspaceBytes, std::vector<void*> inputAddresses,
                              std::vector<void*> outputAddresses, aclOpExecutor::Body body) {
    auto* executor = new aclOpExecutor;
    executor->opName = std::move(opName);
    executor->workspaceBytes = workspaceBytes;
    executor->inputAddresses = std::move(inputAddresses);
    executor->outputAddresses = std::move(outputAddresses);
    executor->body = std::move(body);
    std::lock_guard<std::mutex> lock(g_mutex);
    g_liveExecutors.insert(executor);
    return executor;
}

bool IsLiveExecutor(const aclOpExecutor* executor) {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_liveExecutors.count(executor) != 0;
}

size_t LiveExecutors() {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_liveExecutors.size();
}

aclnnStatus RunExecutor(const char* apiName, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                        aclrtStream stream) {
    const std::string api = apiName;
    if (executor == nullptr) {
        return Report(ACLNN_ERR_PARAM_NULLPTR, api + ": executor is null (pass the one GetWorkspaceSize returned)");
    }
    if (const char* refused = Claim(executor); *refused != '\0') {
        return Report(ACLNN_ERR_PARAM_INVALID, api + ": executor " + refused);
    }
    const auto refuse = [&](aclnnStatus status, const std::string& message) {
        EndClaim(executor, false);
        return Report(status, message);
    };
    const uint64_t required = executor->workspaceBytes;
    if (required > 0) {
        if (workspace == nullptr) {
            return refuse(ACLNN_ERR_PARAM_NULLPTR, api + ": workspace is null but GetWorkspaceSize asked for " +
                                                       std::to_string(required) + " bytes");
        }
        if (workspaceSize < required) {
            return refuse(ACLNN_ERR_PARAM_INVALID, api + ": workspaceSize " + std::to_string(workspaceSize) +
                                                       " is smaller than the " + std::to_string(required) +
                                                       " bytes GetWorkspaceSize asked for");
        }
        uintptr_t base = 0;
        size_t allocationBytes = 0;
        const bool found = FindGmExtent(workspace, &base, &allocationBytes);
        const uintptr_t offset = found ? reinterpret_cast<uintptr_t>(workspace) - base : 0;
        if (!found || required > allocationBytes - offset) {
            return refuse(ACLNN_ERR_PARAM_INVALID,
                          api + ": workspace must be device memory holding the " + std::to_string(required) +
                              " bytes GetWorkspaceSize asked for, but it is " + detail::DescribeAddress(workspace));
        }
    }
    std::string why;
    if (!StreamUsable(stream, &why)) return refuse(ACLNN_ERR_RUNTIME_ERROR, api + ": cannot launch: " + why);
    aclnnStatus status;
    try {
        status = executor->body(*executor, workspace, stream);
    } catch (const std::exception& e) {
        status = Report(ACLNN_ERR_INNER, api + ": " + executor->opName + " failed: " + e.what());
    }
    EndClaim(executor, true);
    return status;
}

}  // namespace sim::acl

extern "C" {

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
    if (aclnnStatus status = sim::acl::CheckExecutorHandle("aclSetAclOpExecutorRepeatable", executor);
        status != ACLNN_SUCCESS) {
        return status;
    }
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);  // Claim and EndClaim read it
    executor->repeatable = true;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
    if (aclnnStatus status = sim::acl::CheckExecutorHandle("aclDestroyAclOpExecutor", executor);
        status != ACLNN_SUCCESS) {
        return status;
    }
    {
        // Checked and removed in one step, so a run cannot claim it in between.
        std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
        if (sim::acl::g_liveExecutors.count(executor) == 0) {
            return sim::acl::Report(ACLNN_ERR_INNER, std::string("aclDestroyAclOpExecutor: executor ") + sim::acl::kNotLive);
        }
        if (executor->running) {
            return sim::acl::Report(ACLNN_ERR_INNER, std::string("aclDestroyAclOpExecutor: executor ") + sim::acl::kRunning);
        }
        sim::acl::g_liveExecutors.erase(executor);
    }
    delete executor;
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return sim::acl::SetSlot("aclSetInputTensorAddr", executor, index, tensor, addr, true, false);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return sim::acl::SetSlot("aclSetOutputTensorAddr", executor, index, tensor, addr, false, true);
}

aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return sim::acl::SetSlot("aclSetTensorAddr", executor, index, tensor, addr, true, true);
}

aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t /*irIndex*/, const size_t relativeIndex,
                                         aclTensorList* tensors, void* addr) {
    return sim::acl::SetDynamicSlot("aclSetDynamicInputTensorAddr", executor, relativeIndex, tensors, addr);
}

aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t /*irIndex*/, const size_t relativeIndex,
                                          aclTensorList* tensors, void* addr) {
    return sim::acl::SetDynamicSlot("aclSetDynamicOutputTensorAddr", executor, relativeIndex, tensors, addr);
}

aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t /*irIndex*/, const size_t relativeIndex,
                                    aclTensorList* tensors, void* addr) {
    return sim::acl::SetDynamicSlot("aclSetDynamicTensorAddr", executor, relativeIndex, tensors, addr);
}

aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return aclSetInputTensorAddr(executor, index, tensor, addr);
}

aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return aclSetOutputTensorAddr(executor, index, tensor, addr);
}

aclnnStatus AclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return aclSetTensorAddr(executor, index, tensor, addr);
}

aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                         aclTensorList* tensors, void* addr) {
    return aclSetDynamicInputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                          aclTensorList* tensors, void* addr) {
    return aclSetDynamicOutputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                    aclTensorList* tensors, void* addr) {
    return aclSetDynamicTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

}  // extern "C"
