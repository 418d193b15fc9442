// TPipe's SPM buffer (spm_buffer.h) and the shaped dumps (debug_print.h). spm_round_trip parks
// x's 64 floats in the SPM buffer (two halves, the second through DataCopyParams at an offset),
// clears the tile, reads them back and writes them to y; spm_past_buffer writes past the
// buffer's bufferSize bytes. dump_shaped prints x's first 16 floats as a (4, 4), (3, 4) and (5, 4)
// shape and 8 from element 8 on with DumpAccChkPoint.
#pragma once
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void spm_round_trip(GM_ADDR x, GM_ADDR y, GM_ADDR ws)
{
    constexpr uint32_t N = 64;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm, wsGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, N);
    yGm.SetGlobalBuffer((__gm__ float*)y, N);
    wsGm.SetGlobalBuffer((__gm__ float*)ws, N);
    pipe.InitSpmBuffer(wsGm, N * sizeof(float));
    AscendC::LocalTensor<float> tile = buf.Get<float>();
    AscendC::DataCopy(tile, xGm, N);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    pipe.WriteSpmBuffer(tile, N / 2);
    pipe.WriteSpmBuffer(tile[N / 2], AscendC::DataCopyParams(1, N / 2 * sizeof(float) / 32, 0, 0), N / 2);
    AscendC::Duplicate(tile, 0.0f, N);
    pipe.ReadSpmBuffer(tile, N);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    AscendC::DataCopy(yGm, tile, N);
}

extern "C" __global__ __aicore__ void spm_past_buffer(GM_ADDR x, GM_ADDR y, GM_ADDR ws)
{
    constexpr uint32_t N = 64;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    AscendC::GlobalTensor<float> wsGm;
    wsGm.SetGlobalBuffer((__gm__ float*)ws, N);
    pipe.InitSpmBuffer(wsGm, N / 2 * sizeof(float));  // half of what is written below
    AscendC::LocalTensor<float> tile = buf.Get<float>();
    AscendC::Duplicate(tile, 1.0f, N);
    pipe.WriteSpmBuffer(tile, N);
}

extern "C" __global__ __aicore__ void dump_shaped(GM_ADDR x, GM_ADDR y, GM_ADDR ws)
{
    constexpr uint32_t N = 16;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    AscendC::GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, N);
    AscendC::LocalTensor<float> tile = buf.Get<float>();
    AscendC::DataCopy(tile, xGm, N);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_S>(EVENT_ID0);
    uint32_t square[] = {4, 4}, short_[] = {3, 4}, long_[] = {5, 4};
    AscendC::DumpTensor(tile, 2, N, AscendC::ShapeInfo(2, square));
    AscendC::DumpTensor(tile, 3, N, AscendC::ShapeInfo(2, short_));
    AscendC::DumpTensor(xGm, 4, N, AscendC::ShapeInfo(2, long_));
    AscendC::DumpAccChkPoint(tile, 5, 8, 8);
    AscendC::PrintTimeStamp(0x10000);  // off: the test kernels are built without ASCENDC_TIME_STAMP_ON
}

// GetSystemCycle around some work, both values to y (int64): the second is larger.
// SetNextTaskStart/WaitPreTaskEnd around it change nothing (one launch after another on the sim).
extern "C" __global__ __aicore__ void system_cycles(GM_ADDR x, GM_ADDR y, GM_ADDR ws)
{
    AscendC::WaitPreTaskEnd();
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256);
    AscendC::GlobalTensor<int64_t> yGm;
    yGm.SetGlobalBuffer((__gm__ int64_t*)y, 2);
    const int64_t before = AscendC::GetSystemCycle();
    AscendC::LocalTensor<float> tile = buf.Get<float>();
    AscendC::Duplicate(tile, 1.0f, 64);
    AscendC::Adds(tile, tile, 1.0f, 64);
    const int64_t after = AscendC::GetSystemCycle();
    yGm.SetValue(0, before);
    yGm.SetValue(1, after);
    AscendC::SetNextTaskStart();
}
