// Runs the op once through the aclnn API on random data and prints the GM bytes the
// kernel moved (sim counters) against the minimum (MinGmBytes: 13*B*H*s + 4*H*s with both
// gradients and the bias).
//   gm_traffic BATCH HIDDEN fp32|fp16 [SOC]
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell_backward.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/aclnn_call.h"
#include "lstm_cell_grad_layout.h"

// A device tensor of `shape`; its device memory is appended to *allocations for the caller to free.
static aclTensor* Tensor(std::vector<int64_t> shape, aclDataType dtype, size_t elemBytes, bool random,
                         std::vector<void*>* allocations) {
    size_t n = 1;
    for (auto d : shape) n *= d;
    void* device = nullptr;
    aclrtMalloc(&device, n * elemBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<uint8_t> host(n * elemBytes);
    std::mt19937 gen(1);
    for (auto& b : host) b = random ? static_cast<uint8_t>(gen() & 0x3F) : 0;  // small finite values
    aclrtMemcpy(device, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    allocations->push_back(device);
    std::vector<int64_t> strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
    return aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                           shape.size(), device);
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: gm_traffic BATCH HIDDEN fp32|fp16 [SOC]\n");
        return 2;
    }
    const int64_t b = std::atoll(argv[1]), h = std::atoll(argv[2]);
    const bool half = std::string(argv[3]) == "fp16";
    const size_t s = half ? 2 : 4;
    const aclDataType dt = half ? ACL_FLOAT16 : ACL_FLOAT;
    if (argc > 4) sim::SetDefaultSoc(argv[4]);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    std::vector<void*> memory;
    aclTensor* dhy = Tensor({b, h}, dt, s, true, &memory);
    aclTensor* dc = Tensor({b, h}, dt, s, true, &memory);
    aclTensor* cx = Tensor({b, h}, dt, s, true, &memory);
    aclTensor* cy = Tensor({b, h}, dt, s, true, &memory);
    aclTensor* storage = Tensor({b, 4 * h}, dt, s, true, &memory);
    aclTensor* gates = Tensor({b, 4 * h}, dt, s, false, &memory);
    aclTensor* dcx = Tensor({b, h}, dt, s, false, &memory);
    aclTensor* db = Tensor({4 * h}, dt, s, false, &memory);
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    if (aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(dhy, dc, cx, cy, storage, true, gates, dcx, db, &wsSize,
                                                       &executor) != 0) {
        std::fprintf(stderr, "%s\n", aclGetRecentErrMsg());
        return 1;
    }
    void* ws = nullptr;
    if (wsSize > 0) aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST);
    aclnnThnnFusedLstmCellBackward(ws, wsSize, executor, stream);
    if (aclrtSynchronizeStream(stream) != 0) {
        std::fprintf(stderr, "%s\n", aclGetRecentErrMsg());
        return 1;
    }
    const sim::LaunchResult& launch = sim::aclnn::LastOpLaunch();
    uint64_t read = 0, written = 0, maxCore = 0;
    for (const auto& core : launch.cores) {
        read += core.GmBytesRead();
        written += core.GmBytesWritten();
        maxCore = std::max<uint64_t>(maxCore, core.GmBytesRead() + core.GmBytesWritten());
    }
    const double minimum = static_cast<double>(lstm_cell_grad::MinGmBytes(
        b, h, half ? lstm_cell_grad::kIoFloat16 : lstm_cell_grad::kIoFloat32, lstm_cell_grad::InputSet{true, true}, true));
    std::printf("B=%lld H=%lld %s on %s, %u cores: GM read %llu + written %llu = %llu bytes; minimum %.0f; "
                "ratio %.4f; busiest core %llu bytes (mean %.0f); %s\n",
                (long long)b, (long long)h, half ? "fp16" : "fp32", launch.soc.c_str(), launch.blockDim,
                (unsigned long long)read, (unsigned long long)written, (unsigned long long)(read + written), minimum,
                (read + written) / minimum, (unsigned long long)maxCore, (read + written) / double(launch.blockDim),
                launch.ok && launch.warnings.empty() ? "no check violations" : launch.Report().c_str());
    for (aclTensor* t : {dhy, dc, cx, cy, storage, gates, dcx, db}) aclDestroyTensor(t);
    for (void* p : memory) aclrtFree(p);
    if (ws != nullptr) aclrtFree(ws);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
