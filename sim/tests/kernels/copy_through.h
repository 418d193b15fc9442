// copy_through: y = x through UB, the smallest correct kernel. The check tests run it right
// after each deliberately broken kernel to show the process (and the sim) still work.
//
// Core i copies elements [i * blockLength, (i + 1) * blockLength) in tiles of tileLength
// through one TQueBind<VECIN, VECOUT> (MTE2 in, MTE3 out); DataCopyPad so that any length works.
#pragma once
#include "kernel_operator.h"

struct CopyThroughTiling {
    uint32_t blockLength;  // elements per core
    uint32_t tileLength;   // elements per tile (a multiple of 8)
};

class KernelCopyThrough {
public:
    __aicore__ inline KernelCopyThrough() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CopyThroughTiling& tiling)
    {
        blockLength = tiling.blockLength;
        tileLength = tiling.tileLength;
        const uint64_t start = static_cast<uint64_t>(AscendC::GetBlockIdx()) * blockLength;
        xGm.SetGlobalBuffer((__gm__ float*)x + start, blockLength);
        yGm.SetGlobalBuffer((__gm__ float*)y + start, blockLength);
        pipe.InitBuffer(queue, 2, tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < blockLength; offset += tileLength) {
            const uint32_t length = blockLength - offset < tileLength ? blockLength - offset : tileLength;
            const AscendC::DataCopyExtParams rows{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0};
            AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
            AscendC::DataCopyPad(tile, xGm[offset], rows, AscendC::DataCopyPadExtParams<float>{});
            queue.EnQue(tile);
            tile = queue.DeQue<float>();
            AscendC::DataCopyPad(yGm[offset], tile, rows);
            queue.FreeTensor(tile);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 2> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    uint32_t blockLength = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void copy_through(GM_ADDR x, GM_ADDR y, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA_WITH_STRUCT(CopyThroughTiling, tilingData, tiling);
    KernelCopyThrough op;
    op.Init(x, y, tilingData);
    op.Process();
}

// queue_fifo_order: y = x's three 64-float chunks in the order 2, 0, 1. Three tiles of one
// depth-3 queue are loaded with chunks 0, 1, 2 (buffers 0, 1, 2) and EnQue'd as 2, 0, 1; DeQue
// must hand them back in EnQue order (first in, first out), not in buffer order.
extern "C" __global__ __aicore__ void queue_fifo_order(GM_ADDR x, GM_ADDR y)
{
    constexpr uint32_t CHUNK = 64;
    constexpr int32_t TILES = 3;
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, TILES> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, TILES * CHUNK);
    yGm.SetGlobalBuffer((__gm__ float*)y, TILES * CHUNK);
    pipe.InitBuffer(queue, TILES, CHUNK * sizeof(float));
    AscendC::LocalTensor<float> tiles[TILES];
    for (int32_t i = 0; i < TILES; ++i) {
        tiles[i] = queue.AllocTensor<float>();
        AscendC::DataCopy(tiles[i], xGm[i * CHUNK], CHUNK);
    }
    const int32_t enqueueOrder[TILES] = {2, 0, 1};
    for (int32_t i = 0; i < TILES; ++i) queue.EnQue(tiles[enqueueOrder[i]]);
    for (int32_t i = 0; i < TILES; ++i) {
        AscendC::LocalTensor<float> tile = queue.DeQue<float>();
        AscendC::DataCopy(yGm[i * CHUNK], tile, CHUNK);
        queue.FreeTensor(tile);
    }
}
