// Compare and Select right after a DMA into one of their operands: with the MTE2->V sync
// (correct) and without it (a read-after-write race the sim must report). x: 64 floats, y: the
// 8-byte bit mask of x > 0, z: Select(x > 0 ? x : 0) as 64 floats.
#pragma once
#include "kernel_operator.h"

template <bool synced>
__aicore__ inline void CompareSelectAfterDma(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf, zeroBuf, maskBuf, outBuf;
    AscendC::GlobalTensor<float> xGm, zGm;
    AscendC::GlobalTensor<uint8_t> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 64);
    yGm.SetGlobalBuffer((__gm__ uint8_t*)y, 32);
    zGm.SetGlobalBuffer((__gm__ float*)z, 64);
    pipe.InitBuffer(inBuf, 64 * sizeof(float));
    pipe.InitBuffer(zeroBuf, 64 * sizeof(float));
    pipe.InitBuffer(maskBuf, 32);
    pipe.InitBuffer(outBuf, 64 * sizeof(float));
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> zero = zeroBuf.Get<float>();
    AscendC::LocalTensor<uint8_t> mask = maskBuf.Get<uint8_t>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    AscendC::DataCopy(in, xGm, 64);
    AscendC::Duplicate(zero, 0.0f, 64);
    AscendC::Duplicate(mask.ReinterpretCast<float>(), 0.0f, 8);
    if constexpr (synced) {
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    }
    AscendC::Compare(mask, in, zero, AscendC::CMPMODE::GT, 64);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Select(out, mask, in, 0.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, mask, 32);
    AscendC::DataCopy(zGm, out, 64);
}

extern "C" __global__ __aicore__ void compare_select_synced(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    CompareSelectAfterDma<true>(x, y, z);
}

extern "C" __global__ __aicore__ void compare_select_missing_mte2_v_sync(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    CompareSelectAfterDma<false>(x, y, z);
}
