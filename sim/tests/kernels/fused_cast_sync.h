// MulCast right after the DMA that loads its source: with the MTE2->V sync (correct) and
// without it (a read-after-write race the sim must report). x: 128 halves, z: the 128 int8_t of
// MulCast(x, x).
#pragma once
#include "kernel_operator.h"

template <bool synced>
__aicore__ inline void MulCastAfterDma(GM_ADDR x, GM_ADDR z) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf, outBuf;
    AscendC::GlobalTensor<half> xGm;
    AscendC::GlobalTensor<int8_t> zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, 128);
    zGm.SetGlobalBuffer((__gm__ int8_t*)z, 128);
    pipe.InitBuffer(inBuf, 128 * sizeof(half));
    pipe.InitBuffer(outBuf, 128);
    AscendC::LocalTensor<half> in = inBuf.Get<half>();
    AscendC::LocalTensor<int8_t> out = outBuf.Get<int8_t>();
    AscendC::DataCopy(in, xGm, 128);
    if constexpr (synced) {
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    }
    AscendC::MulCast(out, in, in, 128);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(zGm, out, 128);
}

extern "C" __global__ __aicore__ void mul_cast_synced(GM_ADDR x, GM_ADDR z) { MulCastAfterDma<true>(x, z); }

extern "C" __global__ __aicore__ void mul_cast_missing_mte2_v_sync(GM_ADDR x, GM_ADDR z) {
    MulCastAfterDma<false>(x, z);
}
