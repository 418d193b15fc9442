// A host-program bug, for the tests of how a kernel fault reaches the caller: the op called
// through its two-phase aclnn API with cx's device buffer freed between the two phases. The
// kernel's DMA from it is caught by the sim and surfaces at aclrtSynchronizeStream, as on
// the device. Only ACL and aclnn calls (the product's extension has no such hook): a test
// module of its own, _op_hooks.
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnn_thnn_fused_lstm_cell_backward.h"

namespace {

namespace py = pybind11;

std::string RecentErrors() {
    const char* text = aclGetRecentErrMsg();
    return text == nullptr ? "" : text;
}

// (status, api, message), as lstm_cell_grad._C.run reports a failure; None if none.
py::object RunWithCxFreedBeforeLaunch(int64_t batch, int64_t hidden) {
    aclError init = aclInit(nullptr);
    if (init != ACL_SUCCESS && init != ACL_ERROR_REPEAT_INITIALIZE) return py::make_tuple(init, "aclInit", "");
    if (aclrtSetDevice(0) != ACL_SUCCESS) throw std::runtime_error("aclrtSetDevice: " + RecentErrors());
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    // gradHy, gradC, cx, cy, storage, gradGates, gradCx, gradBias: all float32, dense.
    const std::vector<std::vector<int64_t>> shapes = {{batch, hidden},     {batch, hidden}, {batch, hidden},
                                                      {batch, hidden},     {batch, 4 * hidden},
                                                      {batch, 4 * hidden}, {batch, hidden}, {4 * hidden}};
    std::vector<void*> buffers;
    std::vector<aclTensor*> tensors;
    for (const auto& shape : shapes) {
        int64_t elements = 1;
        for (int64_t dim : shape) elements *= dim;
        std::vector<float> host(static_cast<size_t>(elements), 0.5f);
        void* device = nullptr;
        aclrtMalloc(&device, host.size() * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(device, host.size() * sizeof(float), host.data(), host.size() * sizeof(float),
                    ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> strides(shape.size(), 1);
        for (size_t d = shape.size() - 1; d > 0; --d) strides[d - 1] = strides[d] * shape[d];
        buffers.push_back(device);
        tensors.push_back(aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                                          &elements, 1, device));
    }
    uint64_t workspaceBytes = 0;
    aclOpExecutor* executor = nullptr;
    py::object failure = py::none();
    aclnnStatus status = aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(
        tensors[0], tensors[1], tensors[2], tensors[3], tensors[4], true, tensors[5], tensors[6], tensors[7],
        &workspaceBytes, &executor);
    if (status != ACLNN_SUCCESS) throw std::runtime_error("GetWorkspaceSize: " + RecentErrors());
    void* workspace = nullptr;
    if (workspaceBytes > 0) aclrtMalloc(&workspace, workspaceBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    constexpr size_t kCx = 2;
    aclrtFree(buffers[kCx]);  // the bug
    buffers[kCx] = nullptr;
    status = aclnnThnnFusedLstmCellBackward(workspace, workspaceBytes, executor, stream);
    if (status != ACLNN_SUCCESS) {
        failure = py::make_tuple(status, "aclnnThnnFusedLstmCellBackward", RecentErrors());
    } else if (aclError sync = aclrtSynchronizeStream(stream); sync != ACL_SUCCESS) {
        failure = py::make_tuple(sync, "aclrtSynchronizeStream", RecentErrors());
    }
    if (workspace != nullptr) aclrtFree(workspace);
    for (aclTensor* tensor : tensors) aclDestroyTensor(tensor);
    for (void* buffer : buffers) {
        if (buffer != nullptr) aclrtFree(buffer);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    return failure;
}

}  // namespace

PYBIND11_MODULE(_op_hooks, m) {
    m.def("run_op_with_cx_freed_before_launch", &RunWithCxFreedBeforeLaunch, py::arg("batch"), py::arg("hidden"),
          "The op through aclnn with cx's device buffer freed between the two phases: (status, api, message).");
}
