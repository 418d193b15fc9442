// A reduction right after the DMA that fills its source, with and without the MTE2->V sync:
// ReduceRepeat<SUM> reads UB the DMA is still writing unless the kernel waits for it.
#pragma once
#include "kernel_operator.h"

template <bool withSync>
__aicore__ inline void ReduceRepeatAfterDma(GM_ADDR x, GM_ADDR y) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf;
    AscendC::TBuf<AscendC::TPosition::VECCALC> outBuf;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 128);
    yGm.SetGlobalBuffer((__gm__ float*)y, 8);
    pipe.InitBuffer(inBuf, 128 * sizeof(float));
    pipe.InitBuffer(outBuf, 8 * sizeof(float));
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    AscendC::Duplicate(out, 0.0f, 8);
    AscendC::DataCopy(in, xGm, 128);
    if constexpr (withSync) {
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    }
    AscendC::ReduceRepeat<AscendC::ReduceType::SUM, float>(out, in, 64, 2, 1, 1, 8);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, out, 8);
}

extern "C" __global__ __aicore__ void reduce_repeat_after_synced_dma(GM_ADDR x, GM_ADDR y) {
    ReduceRepeatAfterDma<true>(x, y);
}

extern "C" __global__ __aicore__ void reduce_repeat_missing_mte2_v_sync(GM_ADDR x, GM_ADDR y) {
    ReduceRepeatAfterDma<false>(x, y);
}
