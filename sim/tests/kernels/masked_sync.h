// Kernels around the synchronisation of a mask/repeat (strided) vector instruction: it races
// only with the 32-B blocks it touches. DMA into block 1 of `in` with no MTE2->V sync, then
// Adds reads `in` with srcBlkStride 2 (blocks 0, 2, ..., 14: no race) or 1 (blocks 0..7:
// read-after-write with the DMA).
#pragma once
#include "kernel_operator.h"

template <uint16_t srcBlkStride>
__aicore__ inline void MaskedAddsAfterDma(GM_ADDR x, GM_ADDR y) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf;
    AscendC::TBuf<AscendC::TPosition::VECCALC> outBuf;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 8);
    yGm.SetGlobalBuffer((__gm__ float*)y, 64);
    pipe.InitBuffer(inBuf, 128 * sizeof(float));
    pipe.InitBuffer(outBuf, 64 * sizeof(float));
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    AscendC::Duplicate(in, 1.0f, 128);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
    AscendC::DataCopy(in[8], xGm, 8);
    // no SetFlag/WaitFlag<MTE2_V>
    AscendC::Adds(out, in, 1.0f, 64, 1, AscendC::UnaryRepeatParams(1, srcBlkStride, 8, 16));
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, out, 64);
}

extern "C" __global__ __aicore__ void masked_read_skips_dma_block(GM_ADDR x, GM_ADDR y) {
    MaskedAddsAfterDma<2>(x, y);
}

extern "C" __global__ __aicore__ void masked_read_missing_mte2_v_sync(GM_ADDR x, GM_ADDR y) {
    MaskedAddsAfterDma<1>(x, y);
}
