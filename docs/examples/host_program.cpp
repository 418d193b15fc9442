// A host program that calls the op through its two-phase aclnn API, as an application on an
// NPU would: ACL runtime, device buffers, aclTensor descriptors, workspace query, launch,
// synchronise, copy back. It is written only against CANN's headers, so it builds
//   against the sim:          g++ host_program.cpp $(python3 build.py flags) -o host_program
//   against the CANN package: see docs/cann_packaging.md ("A host program")
// One cell, batch 1, hidden 8, every input 1.0, with bias; it prints each output element.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn_thnn_fused_lstm_cell_backward.h"

namespace {

// One device tensor: its device buffer and the aclTensor that describes it (contiguous, ND).
struct DeviceTensor {
    void* device = nullptr;
    aclTensor* tensor = nullptr;
    std::vector<int64_t> shape;

    int64_t Elements() const {
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        return n;
    }
};

bool Ok(aclError status, const char* what) {
    if (status == ACL_SUCCESS) return true;
    std::printf("%s failed: %d (%s)\n", what, static_cast<int>(status), aclGetRecentErrMsg());
    return false;
}

bool Upload(DeviceTensor& t, std::vector<int64_t> shape, float fill) {
    t.shape = std::move(shape);
    std::vector<float> host(t.Elements(), fill);
    const size_t bytes = host.size() * sizeof(float);
    if (!Ok(aclrtMalloc(&t.device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return false;
    if (!Ok(aclrtMemcpy(t.device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy")) return false;
    std::vector<int64_t> strides(t.shape.size(), 1);  // row-major
    for (size_t i = t.shape.size() - 1; i > 0; --i) strides[i - 1] = strides[i] * t.shape[i];
    t.tensor = aclCreateTensor(t.shape.data(), t.shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                               t.shape.data(), t.shape.size(), t.device);
    return t.tensor != nullptr;
}

bool Print(const DeviceTensor& t, const char* label) {
    std::vector<float> host(t.Elements());
    const size_t bytes = host.size() * sizeof(float);
    if (!Ok(aclrtMemcpy(host.data(), bytes, t.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy")) return false;
    for (size_t i = 0; i < host.size(); ++i) std::printf("result %s[%zu] is: %f\n", label, i, host[i]);
    return true;
}

}  // namespace

int main() {
    const int64_t batch = 1, hidden = 8;
    aclrtStream stream = nullptr;
    if (!Ok(aclInit(nullptr), "aclInit") || !Ok(aclrtSetDevice(0), "aclrtSetDevice") ||
        !Ok(aclrtCreateStream(&stream), "aclrtCreateStream")) {
        return 1;
    }

    DeviceTensor gradHy, gradC, cx, cy, storage, gradGates, gradCx, gradBias;
    const bool uploaded = Upload(gradHy, {batch, hidden}, 1.0f) && Upload(gradC, {batch, hidden}, 1.0f) &&
                          Upload(cx, {batch, hidden}, 1.0f) && Upload(cy, {batch, hidden}, 1.0f) &&
                          Upload(storage, {batch, 4 * hidden}, 1.0f) &&
                          Upload(gradGates, {batch, 4 * hidden}, 0.0f) && Upload(gradCx, {batch, hidden}, 0.0f) &&
                          Upload(gradBias, {4 * hidden}, 0.0f);
    if (!uploaded) return 1;

    // Phase one: checks and tiling; says how much device workspace the launch needs.
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    if (!Ok(aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(gradHy.tensor, gradC.tensor, cx.tensor, cy.tensor,
                                                           storage.tensor, /*hasBias=*/true, gradGates.tensor,
                                                           gradCx.tensor, gradBias.tensor, &workspaceSize,
                                                           &executor),
            "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize")) {
        return 1;
    }
    void* workspace = nullptr;
    if (workspaceSize > 0 && !Ok(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) {
        return 1;
    }
    // Phase two: the launch on the stream; a kernel fault surfaces at the synchronisation.
    if (!Ok(aclnnThnnFusedLstmCellBackward(workspace, workspaceSize, executor, stream),
            "aclnnThnnFusedLstmCellBackward") ||
        !Ok(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")) {
        return 1;
    }

    if (!Print(gradGates, "dgates") || !Print(gradBias, "db") || !Print(gradCx, "dcPrev")) return 1;

    for (DeviceTensor* t : {&gradHy, &gradC, &cx, &cy, &storage, &gradGates, &gradCx, &gradBias}) {
        aclDestroyTensor(t->tensor);
        aclrtFree(t->device);
    }
    if (workspace != nullptr) aclrtFree(workspace);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
