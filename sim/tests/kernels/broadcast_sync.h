// Broadcast after a DMA: [16, 1] float -> [16, 16]. broadcast_after_dma_synced waits for MTE2
// before Broadcast reads the input; broadcast_missing_mte2_v_sync does not.
#pragma once
#include "kernel_operator.h"

template <bool synced>
__aicore__ inline void BroadcastAfterDma(GM_ADDR x, GM_ADDR y) {
    constexpr uint32_t m = 16, k = 16;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf, outBuf, tmpBuf;
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, m);
    yGm.SetGlobalBuffer((__gm__ float*)y, m * k);
    pipe.InitBuffer(inBuf, m * sizeof(float));
    pipe.InitBuffer(outBuf, m * k * sizeof(float));
    pipe.InitBuffer(tmpBuf, 1024);
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    AscendC::LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    AscendC::DataCopy(in, xGm, m);
    if constexpr (synced) {
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    }
    const uint32_t dstShape[2] = {m, k};
    const uint32_t srcShape[2] = {m, 1};
    AscendC::Broadcast<float, 2, 1>(out, in, dstShape, srcShape, tmp);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, out, m * k);
}

extern "C" __global__ __aicore__ void broadcast_after_dma_synced(GM_ADDR x, GM_ADDR y) { BroadcastAfterDma<true>(x, y); }
extern "C" __global__ __aicore__ void broadcast_missing_mte2_v_sync(GM_ADDR x, GM_ADDR y) {
    BroadcastAfterDma<false>(x, y);
}
