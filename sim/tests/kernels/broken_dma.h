// Kernels that are wrong on purpose, one per data-movement check. Each is a plausible bug
// (an off-by-some count, a wrong offset, a limit overlooked); the sim must report it in the
// kernel's terms. Core i owns the BROKEN_TILE floats starting at i * BROKEN_TILE; the bugs
// are made to hit only the last core where that is natural, so messages name that core.
#pragma once
#include "kernel_operator.h"

constexpr uint32_t BROKEN_TILE = 64;  // floats per core

// Reads BROKEN_TILE + 8 * blockIdx floats: the last of two cores runs 32 bytes past 'x'
// (no declared size, so only the allocation bounds the access): gm-allocation.
extern "C" __global__ __aicore__ void read_past_allocation(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + BROKEN_TILE * AscendC::GetBlockIdx());
    yGm.SetGlobalBuffer((__gm__ float*)y + BROKEN_TILE * AscendC::GetBlockIdx());
    pipe.InitBuffer(queue, 1, 2 * BROKEN_TILE * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, BROKEN_TILE + 8 * AscendC::GetBlockIdx());
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, BROKEN_TILE);
    queue.FreeTensor(tile);
}

// Writes BROKEN_TILE + 8 * blockIdx floats: the last of two cores writes 32 bytes past 'y'.
extern "C" __global__ __aicore__ void write_past_allocation(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    const uint32_t count = BROKEN_TILE + 8 * AscendC::GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ float*)x + BROKEN_TILE * AscendC::GetBlockIdx());
    yGm.SetGlobalBuffer((__gm__ float*)y + BROKEN_TILE * AscendC::GetBlockIdx());
    pipe.InitBuffer(queue, 1, 2 * BROKEN_TILE * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, count);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, count);
    queue.FreeTensor(tile);
}

// Each core declares its BROKEN_TILE share of 'x' but reads 8 * blockIdx floats more: on
// core 1 the read stays inside the allocation yet leaves the GlobalTensor: gm-declared-size.
extern "C" __global__ __aicore__ void read_past_declared_size(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + BROKEN_TILE * AscendC::GetBlockIdx(), BROKEN_TILE);
    yGm.SetGlobalBuffer((__gm__ float*)y + BROKEN_TILE * AscendC::GetBlockIdx(), BROKEN_TILE);
    pipe.InitBuffer(queue, 1, 2 * BROKEN_TILE * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, BROKEN_TILE + 8 * AscendC::GetBlockIdx());
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, BROKEN_TILE);
    queue.FreeTensor(tile);
}

// Copies into tile[3] (12 bytes into the buffer): DMA UB operands must be 32-byte aligned.
extern "C" __global__ __aicore__ void misaligned_ub_operand(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, BROKEN_TILE);
    yGm.SetGlobalBuffer((__gm__ float*)y, BROKEN_TILE);
    pipe.InitBuffer(queue, 1, (BROKEN_TILE + 8) * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile[3], xGm, BROKEN_TILE);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile[3], BROKEN_TILE);
    queue.FreeTensor(tile);
}

// DataCopy(count) with 13 floats (52 bytes): not whole 32-byte blocks (the NPU would copy 32).
extern "C" __global__ __aicore__ void datacopy_odd_length(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, BROKEN_TILE);
    yGm.SetGlobalBuffer((__gm__ float*)y, BROKEN_TILE);
    pipe.InitBuffer(queue, 1, BROKEN_TILE * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, 13);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, 13);
    queue.FreeTensor(tile);
}

// DataCopyPad parameters outside the hardware's limits, chosen by tiling.mode:
//   0: blockCount 4096 rows (the burst counter holds 4095)
//   1: leftPadding 9 floats = 36 bytes (at most 32)
//   2: blockLen 6 bytes for float rows (not whole elements)
struct BadDmaTiling {
    uint32_t mode;
};

extern "C" __global__ __aicore__ void bad_dma_params(GM_ADDR x, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(BadDmaTiling, tilingData, tiling);
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 4096);
    pipe.InitBuffer(queue, 1, 4096 * 32);
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopyExtParams rows{1, 8 * sizeof(float), 0, 0, 0};
    AscendC::DataCopyPadExtParams<float> padding{true, 0, 0, 0.0f};
    if (tilingData.mode == 0) {
        rows.blockCount = 4096;
        rows.blockLen = sizeof(float);
    } else if (tilingData.mode == 1) {
        padding.leftPadding = 9;
    } else {
        rows.blockLen = 6;
    }
    AscendC::DataCopyPad(tile, xGm, rows, padding);
    queue.FreeTensor(tile);
}

// Nine 32-byte rows into a 256-byte buffer: the copy reaches past its LocalTensor into the
// next buffer: operand-bounds.
extern "C" __global__ __aicore__ void dma_past_local_tensor(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    AscendC::GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 9 * 8);
    (void)y;
    pipe.InitBuffer(inQueue, 1, 256);
    pipe.InitBuffer(outQueue, 1, 256);
    AscendC::LocalTensor<float> tile = inQueue.AllocTensor<float>();
    AscendC::DataCopyPad(tile, xGm, AscendC::DataCopyExtParams{9, 32, 0, 0, 0}, AscendC::DataCopyPadExtParams<float>{});
    inQueue.FreeTensor(tile);
}
