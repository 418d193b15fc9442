// Kernels that are wrong on purpose, one per synchronisation check. TBuf has no automatic
// synchronisation (CANN Ascend C API reference, "TBuf" and "SetFlag/WaitFlag"): every
// hand-over between MTE2, V and MTE3 needs its SetFlag/WaitFlag pair, and these kernels each
// forget or misuse one.
#pragma once
#include "kernel_operator.h"

constexpr uint32_t SYNC_TILE = 64;  // floats

// y = 2 * x with TBufs: GM -> TBuf on MTE2, then Muls reads the TBuf with no
// SetFlag/WaitFlag<MTE2_V> in between: on hardware V may read before the data lands:
// pipe-hazard (read-after-write).
extern "C" __global__ __aicore__ void tbuf_missing_mte2_v_sync(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf;
    AscendC::TBuf<AscendC::TPosition::VECCALC> outBuf;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, SYNC_TILE);
    yGm.SetGlobalBuffer((__gm__ float*)y, SYNC_TILE);
    pipe.InitBuffer(inBuf, SYNC_TILE * sizeof(float));
    pipe.InitBuffer(outBuf, SYNC_TILE * sizeof(float));
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    AscendC::DataCopy(in, xGm, SYNC_TILE);
    // missing: SetFlag<HardEvent::MTE2_V>(0); WaitFlag<HardEvent::MTE2_V>(0);
    AscendC::Muls(out, in, 2.0f, SYNC_TILE);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, out, SYNC_TILE);
}

// y = x + 1, two tiles through one TBuf: the second load overwrites the TBuf while Adds may
// still be reading the first tile (no SetFlag/WaitFlag<V_MTE2>): pipe-hazard (write-after-read).
extern "C" __global__ __aicore__ void tbuf_reload_while_vector_reads(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf;
    AscendC::TBuf<AscendC::TPosition::VECCALC> outBuf;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 2 * SYNC_TILE);
    yGm.SetGlobalBuffer((__gm__ float*)y, 2 * SYNC_TILE);
    pipe.InitBuffer(inBuf, SYNC_TILE * sizeof(float));
    pipe.InitBuffer(outBuf, 2 * SYNC_TILE * sizeof(float));
    AscendC::LocalTensor<float> in = inBuf.Get<float>();
    AscendC::LocalTensor<float> out = outBuf.Get<float>();
    for (uint32_t tile = 0; tile < 2; ++tile) {
        AscendC::DataCopy(in, xGm[tile * SYNC_TILE], SYNC_TILE);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
        AscendC::Adds(out[tile * SYNC_TILE], in, 1.0f, SYNC_TILE);
        // missing: SetFlag<HardEvent::V_MTE2>(0); WaitFlag<HardEvent::V_MTE2>(0);
    }
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(yGm, out, 2 * SYNC_TILE);
}

// SetFlag<MTE2_V>(1) twice before its WaitFlag: sync-misuse.
extern "C" __global__ __aicore__ void set_flag_twice(GM_ADDR x, GM_ADDR y)
{
    (void)x;
    (void)y;
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(1);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(1);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(1);
}

// WaitFlag<V_MTE3>(2) with nothing set: MTE3 would wait forever: sync-misuse.
extern "C" __global__ __aicore__ void wait_flag_without_set(GM_ADDR x, GM_ADDR y)
{
    (void)x;
    (void)y;
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(2);
}

// Core i copies rows [32 i, 32 i + 32) of a 64-float 'x' and then meets the others in
// SyncAll; a core with no rows returns early and never reaches SyncAll: sync-misuse.
extern "C" __global__ __aicore__ void core_skips_sync_all(GM_ADDR x, GM_ADDR y)
{
    constexpr uint32_t TOTAL = 64;
    constexpr uint32_t PER_CORE = 32;
    const uint32_t start = PER_CORE * AscendC::GetBlockIdx();
    if (start >= TOTAL) {
        return;  // the bug: this core skips the SyncAll below
    }
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + start, PER_CORE);
    yGm.SetGlobalBuffer((__gm__ float*)y + start, PER_CORE);
    pipe.InitBuffer(queue, 1, PER_CORE * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm, PER_CORE);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, PER_CORE);
    queue.FreeTensor(tile);
    AscendC::SyncAll();
}

// Core 1 finds its tile count out of range and asserts (kernel-assert, with the message).
extern "C" __global__ __aicore__ void assert_tile_count(GM_ADDR x, GM_ADDR y)
{
    (void)x;
    (void)y;
    const int64_t tiles = 3 + AscendC::GetBlockIdx();
    ascendc_assert(tiles <= 3, "core %ld: %ld tiles, at most 3 fit", (long)AscendC::GetBlockIdx(), (long)tiles);
}

// Each core copies its 8 floats of 'x' into its own 32-byte slot of 'y'; then core 0 reads
// every slot back to add them up. With `syncAll` false the SyncAll between the two steps is
// missing: core 0 reads the slots while the other cores may still be writing them (gm-race).
// With it, the same kernel is correct (no report: the check has no false positive here).
template <bool syncAll>
__aicore__ inline void GatherSlots(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    constexpr uint32_t SLOT = 8;
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    const uint32_t cores = AscendC::GetBlockNum();
    xGm.SetGlobalBuffer((__gm__ float*)x, cores * SLOT);
    yGm.SetGlobalBuffer((__gm__ float*)y, cores * SLOT);
    zGm.SetGlobalBuffer((__gm__ float*)z, cores * SLOT);
    pipe.InitBuffer(queue, 1, cores * SLOT * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm[AscendC::GetBlockIdx() * SLOT], SLOT);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm[AscendC::GetBlockIdx() * SLOT], tile, SLOT);
    queue.FreeTensor(tile);
    if (syncAll) {
        AscendC::SyncAll();
    }
    if (AscendC::GetBlockIdx() == 0) {
        tile = queue.AllocTensor<float>();
        AscendC::DataCopy(tile, yGm, cores * SLOT);
        queue.EnQue(tile);
        tile = queue.DeQue<float>();
        AscendC::DataCopy(zGm, tile, cores * SLOT);
        queue.FreeTensor(tile);
    }
}

extern "C" __global__ __aicore__ void slots_read_without_sync_all(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    GatherSlots<false>(x, y, z);
}

extern "C" __global__ __aicore__ void slots_read_after_sync_all(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GatherSlots<true>(x, y, z);
}

// Every core writes its 8 floats of 'x' to the same 32 bytes of 'y': which one lands last
// depends on timing on hardware (gm-race).
extern "C" __global__ __aicore__ void cores_write_one_slot(GM_ADDR x, GM_ADDR y)
{
    constexpr uint32_t SLOT = 8;
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, AscendC::GetBlockNum() * SLOT);
    yGm.SetGlobalBuffer((__gm__ float*)y, SLOT);
    pipe.InitBuffer(queue, 1, SLOT * sizeof(float));
    AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
    AscendC::DataCopy(tile, xGm[AscendC::GetBlockIdx() * SLOT], SLOT);
    queue.EnQue(tile);
    tile = queue.DeQue<float>();
    AscendC::DataCopy(yGm, tile, SLOT);
    queue.FreeTensor(tile);
}

// Every core stores its block index into the same float of 'y' with a scalar write: which
// store lands last depends on timing on hardware (gm-race, recorded like a one-row DMA).
extern "C" __global__ __aicore__ void cores_set_one_gm_value(GM_ADDR x, GM_ADDR y)
{
    (void)x;
    AscendC::GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float*)y, 8);
    yGm.SetValue(0, static_cast<float>(AscendC::GetBlockIdx()));
}
