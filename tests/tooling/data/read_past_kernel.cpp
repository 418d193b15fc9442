// A one-file CPU-debug program whose kernel reads one element past its GlobalTensor: the
// sim reports it, with the kernel's file:line when the program is built with debug info.
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void read_past(GM_ADDR x, GM_ADDR z) {
    AscendC::GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 4);
    zGm.SetGlobalBuffer((__gm__ float*)z, 4);
    zGm.SetValue(0, xGm.GetValue(4));  // one element past the declared 4
}
int main() {
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(8 * sizeof(float));
    uint8_t* z = (uint8_t*)AscendC::GmAlloc(4 * sizeof(float));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(read_past, 1, x, z);
    AscendC::GmFree(x);
    AscendC::GmFree(z);
    return 0;
}
