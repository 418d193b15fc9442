// Runs the NPU adapter's device-independent code (framework/torch_npu/csrc: loading the op's
// aclnn API with dlopen/dlsym, at::Tensor -> aclTensor, the two phases, aten's semantics, the
// ATen fallback) on the CPU against the sim, with DeviceHooks that do what torch_npu's
// allocator and task queue do: outputs and workspace in device memory (aclrtMalloc), the
// second phase on a stream, then a synchronisation. Inputs are copied to device memory with
// their storage whole, so every view keeps its strides and storage offset.
//
// Exposed as ops (npu_kernels.cpp already owns the module's PYBIND11_MODULE):
//   torch.ops.lcg_npu_harness.run(grad_hy?, grad_cy?, cx, cy, workspace, has_bias, semantics)
//       semantics "op" (LstmCellBackward) or "aten" (ThnnFusedLstmCellBackwardImpl)
//   torch.ops.lcg_npu_harness.aten_math(grad_hy?, grad_cy?, cx, cy, workspace, has_bias)
#include <cstring>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <torch/library.h>

#include "acl/acl.h"
#include "acl/acl_rt.h"
#include "lstm_cell_backward.h"

namespace {

using lstm_cell_grad_npu::BackwardResults;

aclrtStream HarnessStream() {
    static aclrtStream stream = [] {
        const aclError init = aclInit(nullptr);
        TORCH_CHECK(init == ACL_SUCCESS || init == ACL_ERROR_REPEAT_INITIALIZE, "aclInit: ", init);
        TORCH_CHECK(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice: ", aclGetRecentErrMsg());
        aclrtStream created = nullptr;
        TORCH_CHECK(aclrtCreateStream(&created) == ACL_SUCCESS, "aclrtCreateStream: ", aclGetRecentErrMsg());
        return created;
    }();
    return stream;
}

void* DeviceMalloc(size_t bytes) {
    HarnessStream();
    void* device = nullptr;
    // The op may be given an empty tensor; allocations themselves are never empty.
    TORCH_CHECK(aclrtMalloc(&device, bytes > 0 ? bytes : 32, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS,
                "aclrtMalloc: ", aclGetRecentErrMsg());
    return device;
}

// A CPU-device at::Tensor whose memory is sim device memory (as an NPU tensor's is NPU memory).
at::Tensor EmptyOnSimDevice(at::IntArrayRef sizes, const at::TensorOptions& options) {
    int64_t elements = 1;
    for (int64_t size : sizes) elements *= size;
    void* device = DeviceMalloc(static_cast<size_t>(elements) * c10::elementSize(options.dtype().toScalarType()));
    return at::from_blob(device, sizes, [](void* pointer) { aclrtFree(pointer); }, options.device(at::kCPU));
}

void LaunchAndSynchronize(std::shared_ptr<lstm_cell_grad_npu::PreparedBackward> prepared, at::Tensor workspace,
                          std::vector<at::Tensor> keepAlive) {
    (void)keepAlive;
    prepared->Run(workspace.defined() ? workspace.data_ptr() : nullptr, HarnessStream());
    TORCH_CHECK(aclrtSynchronizeStream(HarnessStream()) == ACL_SUCCESS, "aclrtSynchronizeStream: ",
                aclGetRecentErrMsg());
}

const lstm_cell_grad_npu::DeviceHooks kSimHooks{EmptyOnSimDevice, LaunchAndSynchronize};

// The host tensor's whole storage copied to device memory, viewed with the same geometry.
at::Tensor ToSimDevice(const c10::optional<at::Tensor>& host) {
    if (!host.has_value() || !host->defined()) return at::Tensor();
    const size_t bytes = host->storage().nbytes();
    const int64_t elements = static_cast<int64_t>(bytes / host->itemsize());
    at::Tensor base = EmptyOnSimDevice({elements}, host->options());
    if (bytes > 0) {
        TORCH_CHECK(aclrtMemcpy(base.data_ptr(), bytes, host->storage().data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) ==
                        ACL_SUCCESS,
                    "aclrtMemcpy to the device: ", aclGetRecentErrMsg());
    }
    return base.as_strided(host->sizes(), host->strides(), host->storage_offset());
}

at::Tensor ToHost(const at::Tensor& device) {
    if (!device.defined()) return at::Tensor();
    TORCH_CHECK(device.is_contiguous(), "outputs come contiguous from the empty hook");
    at::Tensor host = at::empty(device.sizes(), device.options());
    const size_t bytes = host.nbytes();
    if (bytes > 0) {
        TORCH_CHECK(aclrtMemcpy(host.data_ptr(), bytes, device.data_ptr(), bytes, ACL_MEMCPY_DEVICE_TO_HOST) ==
                        ACL_SUCCESS,
                    "aclrtMemcpy to the host: ", aclGetRecentErrMsg());
    }
    return host;
}

BackwardResults Run(const c10::optional<at::Tensor>& gradHy, const c10::optional<at::Tensor>& gradCy,
                    const at::Tensor& cx, const at::Tensor& cy, const at::Tensor& workspace, bool hasBias,
                    c10::string_view semantics) {
    const c10::optional<at::Tensor> gradHyDevice = ToSimDevice(gradHy);
    const c10::optional<at::Tensor> gradCyDevice = ToSimDevice(gradCy);
    const at::Tensor cxDevice = ToSimDevice(cx), cyDevice = ToSimDevice(cy), workspaceDevice = ToSimDevice(workspace);
    BackwardResults results;
    if (semantics == "aten") {
        results = lstm_cell_grad_npu::ThnnFusedLstmCellBackwardImpl(kSimHooks, gradHyDevice, gradCyDevice, cxDevice,
                                                                    cyDevice, workspaceDevice, hasBias);
    } else {
        TORCH_CHECK(semantics == "op", "semantics must be \"op\" or \"aten\"");
        results = lstm_cell_grad_npu::LstmCellBackward(kSimHooks, gradHyDevice, gradCyDevice, cxDevice, cyDevice,
                                                       workspaceDevice, hasBias);
    }
    return {ToHost(std::get<0>(results)), ToHost(std::get<1>(results)), ToHost(std::get<2>(results))};
}

}  // namespace

TORCH_LIBRARY(lcg_npu_harness, m) {
    m.def("run(Tensor? grad_hy, Tensor? grad_cy, Tensor cx, Tensor cy, Tensor workspace, bool has_bias, "
          "str semantics) -> (Tensor, Tensor, Tensor)",
          &Run);
    m.def("aten_math(Tensor? grad_hy, Tensor? grad_cy, Tensor cx, Tensor cy, Tensor workspace, bool has_bias) "
          "-> (Tensor, Tensor, Tensor)",
          &lstm_cell_grad_npu::BackwardWithAtenOps);
}
