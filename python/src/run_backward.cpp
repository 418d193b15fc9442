#include "run_backward.h"

#include <iterator>
#include <optional>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "aclnn_thnn_fused_lstm_cell_backward.h"
#include "lstm_cell_grad_args.h"
#include "sim_hooks.h"

namespace lstm_cell_grad::py {
namespace {

RunResult Fail(const AclFailure& failure, const char* api) { return RunResult{failure.status, api, failure.message}; }

// The workspace: a kept device buffer (acl_session.h), given back when the call ends.
struct DeviceBuffer {
    void* ptr = nullptr;
    ~DeviceBuffer() {
        if (ptr != nullptr) GiveDeviceBuffer(ptr);
    }
};

}  // namespace

RunResult RunBackward(RunRequest&& request) {
    aclrtStream stream = nullptr;
    if (AclFailure setup = ThreadStream(&stream); !setup.ok()) return Fail(setup, "ACL set-up");
    // Declared first, so it runs last: after the mirror and the workspace gave their buffers back.
    struct EndOfCall {
        ~EndOfCall() { EndCallDeviceBuffers(); }
    } endOfCall;
    TakeRecentErrors();  // messages left by earlier calls are not this call's
    sim_hooks::SocScope socScope(request.soc, request.coreLimit);  // the chip this call emulates
    std::optional<sim_hooks::OverriddenTiling> tuned;
    if (request.overrides.Any()) tuned.emplace(request.overrides);

    // gradGates and gradCx are written in full; gradBias only when hasBias.
    for (size_t i = 0; i < request.outputs.size(); ++i) {
        request.outputs[i].writtenWhole = i != arg::kGradBias || request.hasBias;
    }
    std::vector<HostView> views;
    views.reserve(request.inputs.size() + request.outputs.size());
    for (std::vector<HostView>* side : {&request.inputs, &request.outputs}) {
        views.insert(views.end(), std::make_move_iterator(side->begin()), std::make_move_iterator(side->end()));
    }
    DeviceMirror mirror(std::move(views), request.freshOutputs);
    if (AclFailure upload = mirror.Upload(); !upload.ok()) return Fail(upload, "copying the arguments to the device");
    // The mirror holds the inputs, then the outputs (IR indices of lstm_cell_grad_args.h).
    auto input = [&](size_t index) { return mirror.Tensor(index); };
    auto output = [&](size_t index) { return mirror.Tensor(arg::kInputCount + index); };

    uint64_t workspaceBytes = 0;
    aclOpExecutor* executor = nullptr;
    const char* firstPhase = "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize";
    aclnnStatus status = aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(
        input(arg::kGradHy), input(arg::kGradC), input(arg::kCx), input(arg::kCy), input(arg::kStorage),
        request.hasBias, output(arg::kGradGates), output(arg::kGradCx), output(arg::kGradBias), &workspaceBytes,
        &executor);
    if (status != ACLNN_SUCCESS) return Fail(Failure(status, firstPhase), firstPhase);

    DeviceBuffer workspace;
    if (workspaceBytes > 0) {
        if (AclFailure taken = TakeDeviceBuffer(workspaceBytes, &workspace.ptr); !taken.ok()) {
            RunResult result = Fail(taken, "aclrtMalloc (workspace)");
            aclDestroyAclOpExecutor(executor);
            TakeRecentErrors();
            return result;
        }
    }
    const char* secondPhase = "aclnnThnnFusedLstmCellBackward";
    status = aclnnThnnFusedLstmCellBackward(workspace.ptr, workspaceBytes, executor, stream);
    if (status != ACLNN_SUCCESS) return Fail(Failure(status, secondPhase), secondPhase);
    // As on the device, a fault inside the kernel surfaces when the stream is synchronised.
    if (aclError sync = aclrtSynchronizeStream(stream); sync != ACL_SUCCESS) {
        return Fail(Failure(sync, "aclrtSynchronizeStream"), "aclrtSynchronizeStream");
    }
    if (AclFailure download = mirror.DownloadOutputs(); !download.ok()) {
        return Fail(download, "copying the results to the host");
    }
    return {};
}

}  // namespace lstm_cell_grad::py
