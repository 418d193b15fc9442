// Kernels around the synchronisation of the high-level vector APIs of vector_gelu.h: each is a
// sequence of vector instructions, so its first step must wait for the DMA that filled its
// input. gelu_after_dma_synced sets MTE2->V and V->MTE3 flags; gelu_missing_mte2_v_sync does not
// wait for the DMA before Gelu reads the input.
#pragma once
#include "kernel_operator.h"

template <bool synced>
__aicore__ inline void GeluAfterDma(GM_ADDR x, GM_ADDR y) {
    constexpr uint32_t n = 256;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf, outBuf, tmpBuf;
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, n);
    yGm.SetGlobalBuffer((__gm__ float*)y, n);
    pipe.InitBuffer(inBuf, n * sizeof(float));
    pipe.InitBuffer(outBuf, n * sizeof(float));
    pipe.InitBuffer(tmpBuf, 2 * n * sizeof(float));
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    AscendC::DataCopy(in, xGm, n);
    if constexpr (synced) {
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    }
    AscendC::Gelu(out, in, tmpBuf.Get<uint8_t>(), n);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, out, n);
}

extern "C" __global__ __aicore__ void gelu_after_dma_synced(GM_ADDR x, GM_ADDR y) { GeluAfterDma<true>(x, y); }
extern "C" __global__ __aicore__ void gelu_missing_mte2_v_sync(GM_ADDR x, GM_ADDR y) { GeluAfterDma<false>(x, y); }
