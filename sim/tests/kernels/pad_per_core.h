// pad_value_per_core: the pad-value register belongs to a core, not to the host thread that
// runs it. Each core sets its own pad value (its index + 1), meets the others in SyncAll (where
// cores sharing a host thread run in turn), then loads x[0] with one element of right padding
// (isPad false: the register fills it) and stores the two floats to y[2 * core].
#pragma once
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void pad_value_per_core(GM_ADDR x, GM_ADDR y)
{
    const uint32_t core = AscendC::GetBlockIdx();
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32);
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 1);
    yGm.SetGlobalBuffer((__gm__ float*)y + 2 * core, 2);
    AscendC::SetPadValue(static_cast<float>(core + 1));
    AscendC::SyncAll();
    AscendC::LocalTensor<float> row = buf.Get<float>();
    AscendC::DataCopyPad(row, xGm, AscendC::DataCopyExtParams{1, 4, 0, 0, 0},
                         AscendC::DataCopyPadExtParams<float>{false, 0, 1, 0.0f});
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
    AscendC::DataCopyPad(yGm, row, AscendC::DataCopyExtParams{1, 8, 0, 0, 0});
}
