// UNTESTED: no torch_npu, CANN or NPU exists where this was written, so this file has never
// run. It is written to the conventions of torch_npu's op plugins and the CANN samples'
// PyTorch extensions (the CppExtensions examples of Ascend's samples repository). What was
// checked here: it compiles against PyTorch's CPU headers with a stand-in for the two
// torch_npu headers it uses (tests/torch/npu_adapter/stub_torch_npu: the API as assumed
// below), and its kernels' signatures match both schemas when registered. The code it calls (lstm_cell_backward.cpp)
// runs on the CPU against the sim in tests/torch/test_npu_adapter.py.
//
// The NPU kernels of the op, registered for PrivateUse1 (torch_npu's dispatch key):
//   aten::_thnn_fused_lstm_cell_backward_impl   what PyTorch's fused LSTM cell calls in its
//       backward (RNN.cpp takes the fused path for PrivateUse1 tensors; the autograd formula
//       of _thnn_fused_lstm_cell calls _thnn_fused_lstm_cell_backward -> this _impl), so NPU
//       LSTM cells use the op once this module is loaded;
//   lstm_cell_grad::thnn_fused_lstm_cell_backward   the project's own op (defined in Python
//       by lstm_cell_grad.torch, python/lstm_cell_grad/torch), used by its LSTMCellFunction.
// If torch_npu registers a kernel of its own for the aten op, this one replaces it (PyTorch
// warns about the override) when the module is loaded after torch_npu.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <c10/core/DeviceGuard.h>
#include <torch/extension.h>
#include <torch/library.h>

#include "lstm_cell_backward.h"
#include "torch_npu/csrc/core/npu/NPUStream.h"
#include "torch_npu/csrc/framework/OpCommand.h"

namespace lstm_cell_grad_npu {
namespace {

at::Tensor EmptyOnNpu(at::IntArrayRef sizes, const at::TensorOptions& options) {
    // at::empty on an NPU device allocates from torch_npu's caching allocator.
    return at::empty(sizes, options);
}

void LaunchOnTaskQueue(std::shared_ptr<PreparedBackward> prepared, at::Tensor workspace,
                       std::vector<at::Tensor> keepAlive) {
    // The current stream's handle without draining torch_npu's task queue (stream(false)); the
    // launch itself is queued behind everything issued before it, as torch_npu's own aclnn
    // calls are, by a custom handler on an OpCommand.
    aclrtStream stream = c10_npu::getCurrentNPUStream().stream(false);
    at_npu::native::OpCommand command;
    command.Name(kRunSymbol);
    command.SetCustomHandler([prepared = std::move(prepared), workspace = std::move(workspace),
                              keepAlive = std::move(keepAlive), stream]() -> int {
        prepared->Run(workspace.defined() ? workspace.data_ptr() : nullptr, stream);
        return 0;
    });
    command.Run();
}

const DeviceHooks& NpuHooks() {
    static const DeviceHooks hooks{EmptyOnNpu, LaunchOnTaskQueue};
    return hooks;
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> AtenImplOnNpu(const c10::optional<at::Tensor>& gradHy,
                                                             const c10::optional<at::Tensor>& gradCy,
                                                             const at::Tensor& cx, const at::Tensor& cy,
                                                             const at::Tensor& workspace, bool hasBias) {
    // Kernels registered by hand get no device guard from codegen: run on cx's NPU.
    const c10::DeviceGuard guard(cx.device());
    return ThnnFusedLstmCellBackwardImpl(NpuHooks(), gradHy, gradCy, cx, cy, workspace, hasBias);
}

std::tuple<at::Tensor, at::Tensor, c10::optional<at::Tensor>> CustomOpOnNpu(const c10::optional<at::Tensor>& gradHy,
                                                                            const c10::optional<at::Tensor>& gradCy,
                                                                            const at::Tensor& cx, const at::Tensor& cy,
                                                                            const at::Tensor& workspace, bool hasBias) {
    const c10::DeviceGuard guard(cx.device());
    auto [gradGates, gradCx, gradBias] = LstmCellBackward(NpuHooks(), gradHy, gradCy, cx, cy, workspace, hasBias);
    return {gradGates, gradCx, hasBias ? c10::optional<at::Tensor>(gradBias) : c10::nullopt};
}

}  // namespace
}  // namespace lstm_cell_grad_npu

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
    m.impl("_thnn_fused_lstm_cell_backward_impl", TORCH_FN(lstm_cell_grad_npu::AtenImplOnNpu));
}

// The op is defined by lstm_cell_grad.torch (torch.library.define); a kernel may be
// registered before its definition, and takes effect once that module is imported.
TORCH_LIBRARY_IMPL(lstm_cell_grad, PrivateUse1, m) {
    m.impl("thnn_fused_lstm_cell_backward", TORCH_FN(lstm_cell_grad_npu::CustomOpOnNpu));
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.doc() = "NPU (PrivateUse1) kernels of aclnnThnnFusedLstmCellBackward, registered on import";
    m.def(
        "op_api_library", [] { return lstm_cell_grad_npu::GetOpApi().library; },
        "Loads the op's aclnn API now (it is otherwise loaded on first use) and returns the library it came from.");
}
