// The op's kernel translation unit built with one tiling key (LSTM_CELL_GRAD_BUILT_KEYS=0x1,
// as a developer build of key 0), launched with key 2: the launch must stop with an error
// naming the key, never run another variant or return unwritten outputs.
#include "tikicpulib.h"
#include "thnn_fused_lstm_cell_backward_tiling.h"
#include "../../../op_kernel/thnn_fused_lstm_cell_backward.cpp"  // the kernel, not op_host's file of that name

int main() {
    constexpr int kArgs = 8;  // inputs and outputs, in OpDef order
    uint8_t* gm[kArgs];
    for (auto& arg : gm) arg = (uint8_t*)AscendC::GmAlloc(1024);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ascendc_sim_tiling::Default));
    ICPU_SET_TILING_KEY(2);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(thnn_fused_lstm_cell_backward, 1, gm[0], gm[1], gm[2], gm[3], gm[4], gm[5], gm[6], gm[7],
                workspace, tiling);
    const int failed = sim::tik::LastRunFailed() ? 1 : 0;
    for (auto& arg : gm) AscendC::GmFree(arg);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    return failed ? 3 : 0;
}
