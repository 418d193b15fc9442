// NOT TESTED ON AN NPU: no torch_npu, CANN or NPU exists where this was written. This file
// needs neither torch_npu nor CANN: tests/torch/test_npu_adapter.py compiles it with
// PyTorch's CPU build and runs it against the sim's libcust_opapi.so (with DeviceHooks that
// stand for the NPU's allocator and task queue).
//
// The LSTM-cell backward on at::Tensors through aclnnThnnFusedLstmCellBackward: the first
// phase on the calling thread (so argument errors raise where the op was called), the second
// in stream order through the device's hooks. The device-specific part is DeviceHooks, which
// npu_kernels.cpp fills with torch_npu's caching allocator and task queue.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <tuple>
#include <vector>

#include <ATen/core/Tensor.h>
#include <c10/util/Optional.h>

#include "acl_tensor.h"
#include "op_api.h"

namespace lstm_cell_grad_npu {

// (grad_gates [B, 4H], grad_cx [B, H], grad_bias [4H] or undefined), as
// aten::_thnn_fused_lstm_cell_backward_impl returns them.
using BackwardResults = std::tuple<at::Tensor, at::Tensor, at::Tensor>;

// An op whose first phase succeeded: its aclTensors and executor, waiting for the second.
class PreparedBackward {
public:
    PreparedBackward(const OpApi& api, std::vector<AclTensorPtr> tensors, aclOpExecutor* executor,
                     uint64_t workspaceBytes);
    PreparedBackward(const PreparedBackward&) = delete;
    PreparedBackward& operator=(const PreparedBackward&) = delete;

    uint64_t WorkspaceBytes() const { return workspaceBytes_; }
    // The second phase: launches the kernel on `stream` (asynchronous on a device) with
    // `workspace` (WorkspaceBytes() of device memory, or null for none), then releases the
    // aclTensors. The executor is one-shot: a second Run throws. c10::Error with the aclnn
    // message on failure.
    void Run(void* workspace, aclrtStream stream);

private:
    const OpApi& api_;
    std::vector<AclTensorPtr> tensors_;
    aclOpExecutor* executor_;
    uint64_t workspaceBytes_;
    bool ran_ = false;
};

struct DeviceHooks {
    // Device memory for an output or the workspace (NPU: at::empty, the caching allocator).
    std::function<at::Tensor(at::IntArrayRef sizes, const at::TensorOptions& options)> empty;
    // Issues prepared->Run(workspace, stream) after everything queued before it on the current
    // stream (NPU: torch_npu's task queue). `keepAlive` holds every tensor the launch reads or
    // writes (and `workspace`) until then.
    std::function<void(std::shared_ptr<PreparedBackward> prepared, at::Tensor workspace,
                       std::vector<at::Tensor> keepAlive)>
        launch;
};

// Whether the aclnn op takes this dtype (float32, float16); others go to BackwardWithAtenOps.
bool OpTakesDtype(at::ScalarType type);

// The op's semantics: a null gradient is zero (both null: every result zero); grad_bias is
// undefined unless hasBias. Checks what aclnn cannot (rank of cx, one device) and leaves the
// rest to the op's checks (status 161001 / 161002, message naming the tensor).
BackwardResults LstmCellBackward(const DeviceHooks& hooks, const c10::optional<at::Tensor>& gradHy,
                                 const c10::optional<at::Tensor>& gradCy, const at::Tensor& cx, const at::Tensor& cy,
                                 const at::Tensor& workspace, bool hasBias);

// aten::_thnn_fused_lstm_cell_backward_impl's semantics: as LstmCellBackward, except that
// both gradients undefined gives three undefined tensors (as aten's CUDA kernel).
BackwardResults ThnnFusedLstmCellBackwardImpl(const DeviceHooks& hooks, const c10::optional<at::Tensor>& gradHy,
                                              const c10::optional<at::Tensor>& gradCy, const at::Tensor& cx,
                                              const at::Tensor& cy, const at::Tensor& workspace, bool hasBias);

// The same math in ATen operations (float32 math for reduced precision), for the dtypes the
// op does not take (float64), so that overriding aten's kernel loses none.
BackwardResults BackwardWithAtenOps(const c10::optional<at::Tensor>& gradHy, const c10::optional<at::Tensor>& gradCy,
                                    const at::Tensor& cx, const at::Tensor& cy, const at::Tensor& workspace,
                                    bool hasBias);

}  // namespace lstm_cell_grad_npu
