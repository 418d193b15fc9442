// aclOpExecutor (ascendc_sim/host/executor.h): lifetime, the second-phase checks, tensor
// address updates, and kernel faults surfacing at aclrtSynchronizeStream.
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/host/executor.h"
#include "case_registry.h"

namespace {

struct Calls {
    int runs = 0;
    void* lastWorkspace = nullptr;
    std::vector<void*> lastInputs;
};

aclOpExecutor* CountingExecutor(Calls* calls, uint64_t workspaceBytes, aclnnStatus result = ACLNN_SUCCESS) {
    return sim::acl::CreateExecutor("TestOp", workspaceBytes, {nullptr, nullptr}, {nullptr},
                                    [calls, result](const aclOpExecutor& executor, void* workspace, aclrtStream) {
                                        ++calls->runs;
                                        calls->lastWorkspace = workspace;
                                        calls->lastInputs = executor.inputAddresses;
                                        return result;
                                    });
}

void* DeviceAlloc(size_t bytes) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    return p;
}

}  // namespace

ACL_CASE(executor_lifecycle) {
    Calls calls;
    aclOpExecutor* executor = CountingExecutor(&calls, 0);
    EXPECT_TRUE(sim::acl::IsLiveExecutor(executor));
    EXPECT_EQ(sim::acl::LiveExecutors(), 1u);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), 561103);  // ACLNN_ERR_INNER_NULLPTR
    EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), 561103);
    acltest::TakeRecentError();
    EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
    EXPECT_EQ(sim::acl::LiveExecutors(), 0u);
    EXPECT_EQ(aclDestroyAclOpExecutor(executor), 561000);  // ACLNN_ERR_INNER: not a live executor
    EXPECT_ERROR_MENTIONS("aclDestroyAclOpExecutor: executor is not a live executor");
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(executor), 561000);
    acltest::TakeRecentError();
    EXPECT_EQ(calls.runs, 0);
}

ACL_CASE(executor_is_one_shot_unless_repeatable) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    Calls calls;
    aclOpExecutor* oneShot = CountingExecutor(&calls, 0);
    EXPECT_EQ(sim::acl::RunExecutor("aclnnTestOp", nullptr, 0, oneShot, nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(calls.runs, 1);
    EXPECT_TRUE(!sim::acl::IsLiveExecutor(oneShot));  // released by its run
    EXPECT_EQ(sim::acl::RunExecutor("aclnnTestOp", nullptr, 0, oneShot, nullptr), 161002);
    EXPECT_ERROR_MENTIONS("aclnnTestOp: executor is not a live executor");
    EXPECT_EQ(calls.runs, 1);

    aclOpExecutor* repeatable = CountingExecutor(&calls, 0);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(repeatable), ACLNN_SUCCESS);
    for (int run = 0; run < 3; ++run) {
        EXPECT_EQ(sim::acl::RunExecutor("aclnnTestOp", nullptr, 0, repeatable, nullptr), ACLNN_SUCCESS);
    }
    EXPECT_EQ(calls.runs, 4);
    EXPECT_TRUE(sim::acl::IsLiveExecutor(repeatable));
    EXPECT_EQ(aclDestroyAclOpExecutor(repeatable), ACLNN_SUCCESS);

    // The body's status is the call's status (and the executor is still released).
    aclOpExecutor* failing = CountingExecutor(&calls, 0, ACLNN_ERR_INNER_TILING_ERROR);
    EXPECT_EQ(sim::acl::RunExecutor("aclnnTestOp", nullptr, 0, failing, nullptr), 561002);
    EXPECT_EQ(sim::acl::LiveExecutors(), 0u);
    // A body that throws becomes ACLNN_ERR_INNER with the exception's text.
    aclOpExecutor* throwing = sim::acl::CreateExecutor(
        "TestOp", 0, {}, {}, [](const aclOpExecutor&, void*, aclrtStream) -> aclnnStatus {
            throw std::runtime_error("tiling table is empty");
        });
    EXPECT_EQ(sim::acl::RunExecutor("aclnnTestOp", nullptr, 0, throwing, nullptr), 561000);
    EXPECT_ERROR_MENTIONS("tiling table is empty");
    EXPECT_EQ(sim::acl::LiveExecutors(), 0u);
}

ACL_CASE(executor_workspace_and_stream_checks) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    Calls calls;
    aclOpExecutor* executor = CountingExecutor(&calls, 1024);
    const char* api = "aclnnTestOp";
    EXPECT_EQ(sim::acl::RunExecutor(api, nullptr, 1024, nullptr, nullptr), 161001);  // ACLNN_ERR_PARAM_NULLPTR
    EXPECT_ERROR_MENTIONS("aclnnTestOp: executor is null");
    EXPECT_EQ(sim::acl::RunExecutor(api, nullptr, 1024, executor, nullptr), 161001);
    EXPECT_ERROR_MENTIONS("workspace is null but GetWorkspaceSize asked for 1024 bytes");
    void* small = DeviceAlloc(512);
    EXPECT_EQ(sim::acl::RunExecutor(api, small, 512, executor, nullptr), 161002);  // ACLNN_ERR_PARAM_INVALID
    EXPECT_ERROR_MENTIONS("workspaceSize 512 is smaller than the 1024 bytes");
    EXPECT_EQ(sim::acl::RunExecutor(api, small, 1024, executor, nullptr), 161002);  // claims more than it has
    EXPECT_ERROR_MENTIONS("byte 0 of aclrtMalloc #");
    std::vector<char> host(2048);
    EXPECT_EQ(sim::acl::RunExecutor(api, host.data(), 2048, executor, nullptr), 161002);
    EXPECT_ERROR_MENTIONS("but it is host memory");
    void* large = DeviceAlloc(2048);
    EXPECT_EQ(sim::acl::RunExecutor(api, static_cast<char*>(large) + 1536, 1024, executor, nullptr), 161002);
    EXPECT_ERROR_MENTIONS("byte 1536 of aclrtMalloc");
    // A destroyed stream, and a thread without a device: the launch cannot happen.
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(sim::acl::RunExecutor(api, large, 2048, executor, stream), 361001);  // ACLNN_ERR_RUNTIME_ERROR
    EXPECT_ERROR_MENTIONS("the stream is not live");
    aclnnStatus otherThread = ACLNN_SUCCESS;
    std::string otherMessage;
    std::thread([&] {
        otherThread = sim::acl::RunExecutor(api, large, 2048, executor, nullptr);
        otherMessage = acltest::TakeRecentError();
    }).join();
    EXPECT_EQ(otherThread, 361001);
    EXPECT_TRUE(otherMessage.find("no device") != std::string::npos);
    // Rejected runs leave the executor alive; a correct one runs it and releases it.
    EXPECT_EQ(calls.runs, 0);
    EXPECT_TRUE(sim::acl::IsLiveExecutor(executor));
    EXPECT_EQ(sim::acl::RunExecutor(api, large, 2048, executor, nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(calls.runs, 1);
    EXPECT_TRUE(calls.lastWorkspace == large);
    EXPECT_EQ(sim::acl::LiveExecutors(), 0u);
    EXPECT_EQ(aclrtFree(small), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(large), ACL_SUCCESS);
}

ACL_CASE(executor_tensor_addresses) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    Calls calls;
    aclOpExecutor* executor = CountingExecutor(&calls, 0);  // inputs: 2, outputs: 1
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(executor), ACLNN_SUCCESS);
    const int64_t view[] = {4};
    aclTensor* tensor = aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr);
    float a[4], b[4], c[4];
    EXPECT_EQ(aclSetInputTensorAddr(executor, 1, tensor, a), ACLNN_SUCCESS);
    EXPECT_TRUE(executor->inputAddresses[1] == a);
    EXPECT_TRUE(tensor->Data() == a);
    EXPECT_EQ(aclSetInputTensorAddr(executor, 2, tensor, b), 161002);
    EXPECT_ERROR_MENTIONS("index 2 is out of range: TestOp has 2 such tensors");
    EXPECT_TRUE(tensor->Data() == a);  // a failing call leaves the tensor as it was
    EXPECT_EQ(aclSetOutputTensorAddr(executor, 0, tensor, b), ACLNN_SUCCESS);
    EXPECT_TRUE(executor->outputAddresses[0] == b);
    EXPECT_EQ(aclSetTensorAddr(executor, 2, tensor, c), ACLNN_SUCCESS);  // inputs first, then outputs
    EXPECT_TRUE(executor->outputAddresses[0] == c);
    EXPECT_EQ(aclSetTensorAddr(executor, 0, tensor, c), ACLNN_SUCCESS);
    EXPECT_TRUE(executor->inputAddresses[0] == c);
    EXPECT_EQ(aclSetTensorAddr(executor, 3, tensor, c), 161002);
    EXPECT_EQ(AclSetInputTensorAddr(executor, 0, tensor, b), ACLNN_SUCCESS);
    EXPECT_EQ(AclSetOutputTensorAddr(executor, 0, tensor, a), ACLNN_SUCCESS);
    EXPECT_EQ(AclSetTensorAddr(executor, 1, tensor, a), ACLNN_SUCCESS);
    acltest::TakeRecentError();
    // The body sees the addresses at run time.
    EXPECT_EQ(sim::acl::RunExecutor("aclnnTestOp", nullptr, 0, executor, nullptr), ACLNN_SUCCESS);
    EXPECT_TRUE(calls.lastInputs == (std::vector<void*>{b, a}));
    // Null arguments: refused, and the tensor keeps its address (a).
    EXPECT_EQ(aclSetInputTensorAddr(executor, 0, nullptr, a), 561103);
    EXPECT_EQ(aclSetInputTensorAddr(nullptr, 0, tensor, b), 561103);
    EXPECT_TRUE(tensor->Data() == a);
    // Tensor lists (the sim's executors have no list slots: only the list's tensor moves).
    const aclTensor* members[] = {aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr),
                                  aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr)};
    aclTensorList* list = aclCreateTensorList(members, 2);
    EXPECT_EQ(aclSetDynamicInputTensorAddr(executor, 0, 1, list, c), ACLNN_SUCCESS);
    EXPECT_TRUE(list->tensors[1]->Data() == c);
    EXPECT_EQ(aclSetDynamicOutputTensorAddr(executor, 0, 0, list, a), ACLNN_SUCCESS);
    EXPECT_EQ(aclSetDynamicTensorAddr(executor, 0, 2, list, a), 161002);
    EXPECT_EQ(AclSetDynamicTensorAddr(executor, 0, 0, nullptr, a), 561103);
    EXPECT_EQ(AclSetDynamicInputTensorAddr(executor, 0, 0, list, b), ACLNN_SUCCESS);
    EXPECT_EQ(AclSetDynamicOutputTensorAddr(executor, 0, 0, list, b), ACLNN_SUCCESS);
    acltest::TakeRecentError();
    aclDestroyTensorList(list);
    aclDestroyTensor(tensor);
    EXPECT_EQ(aclDestroyAclOpExecutor(executor), ACLNN_SUCCESS);
    EXPECT_EQ(aclSetInputTensorAddr(executor, 0, nullptr, a), 561103);
    acltest::TakeRecentError();
}

ACL_CASE(kernel_fault_surfaces_at_synchronize) {
    // The flow an aclnn call takes: the run succeeds (the launch is asynchronous on the chip),
    // the kernel's fault is reported by the next synchronize, with the sim's diagnosis.
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    aclOpExecutor* executor = sim::acl::CreateExecutor(
        "FaultyOp", 0, {}, {}, [](const aclOpExecutor&, void*, aclrtStream launchStream) {
            sim::LaunchConfig config;
            config.kernelName = "faulty_op_kernel";
            config.blockDim = 4;
            sim::acl::RecordLaunch(launchStream, sim::RunKernel(config, [] {
                                       sim::Violation(sim::Check::GmAllocation, "DataCopy reads past gradGates");
                                   }));
            return ACLNN_SUCCESS;
        });
    EXPECT_EQ(sim::acl::RunExecutor("aclnnFaultyOp", nullptr, 0, executor, stream), ACLNN_SUCCESS);
    EXPECT_TRUE(aclGetRecentErrMsg() == nullptr);
    EXPECT_EQ(aclrtSynchronizeStream(stream), 507035);
    std::string message = acltest::TakeRecentError();
    EXPECT_TRUE(message.find("faulty_op_kernel") != std::string::npos);
    EXPECT_TRUE(message.find("DataCopy reads past gradGates") != std::string::npos);
    EXPECT_TRUE(message.find("gm-allocation") != std::string::npos);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}
