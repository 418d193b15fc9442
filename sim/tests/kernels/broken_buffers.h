// Kernels that are wrong on purpose, one per UB-buffer and queue check.
#pragma once
#include "kernel_operator.h"

// 2 x 64 KiB + 72 KiB = 200 KiB of InitBuffer on a 192 KiB UB: ub-capacity.
extern "C" __global__ __aicore__ void init_buffer_overflow(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 2> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    (void)x;
    (void)y;
    pipe.InitBuffer(inQueue, 2, 64 * 1024);
    pipe.InitBuffer(outQueue, 1, 72 * 1024);
}

// Nine queues each holding an allocated buffer at VECIN: the hardware has 8 event IDs per
// position: queue-capacity.
extern "C" __global__ __aicore__ void nine_live_buffers(GM_ADDR x, GM_ADDR y)
{
    constexpr int32_t QUEUE_NUM = 9;
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> queues[QUEUE_NUM];
    AscendC::LocalTensor<float> tiles[QUEUE_NUM];
    (void)x;
    (void)y;
    for (int32_t i = 0; i < QUEUE_NUM; ++i) {
        pipe.InitBuffer(queues[i], 1, 256);
    }
    for (int32_t i = 0; i < QUEUE_NUM; ++i) {
        tiles[i] = queues[i].AllocTensor<float>();
    }
    for (int32_t i = 0; i < QUEUE_NUM; ++i) {
        queues[i].FreeTensor(tiles[i]);
    }
}

// One DeQue more than EnQue (an unbalanced loop): queue-empty.
extern "C" __global__ __aicore__ void deque_empty(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 64);
    yGm.SetGlobalBuffer((__gm__ float*)y, 64);
    pipe.InitBuffer(queue, 1, 64 * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, 64);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, 64);
    queue.FreeTensor(tile);
    AscendC::LocalTensor<float> extra = queue.DeQue<float>();
    (void)extra;
}

// Loads half a tile and stores the whole tile: 128 bytes of never-written UB reach 'y':
// uninitialized-read.
extern "C" __global__ __aicore__ void unwritten_ub_to_gm(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 64);
    yGm.SetGlobalBuffer((__gm__ float*)y, 64);
    pipe.InitBuffer(queue, 1, 64 * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, 32);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, 64);
    queue.FreeTensor(tile);
}

// The same with a TBuf: the undefined bytes come from its InitBuffer (their origin).
extern "C" __global__ __aicore__ void unwritten_tbuf_to_gm(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> scratch;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 64);
    yGm.SetGlobalBuffer((__gm__ float*)y, 64);
    pipe.InitBuffer(scratch, 64 * sizeof(float));
    AscendC::LocalTensor<float> tile = scratch.Get<float>();
    AscendC::DataCopy(tile, xGm, 32);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, tile, 64);
}
