// Synthetic instruction streams with known answers for the time model (sim/tests/test_model.py),
// in static tensor programming. Parameters come through a tiling-style GM argument.
#pragma once
#include "kernel_operator.h"

struct StreamParams {
    uint32_t tileElems;    // floats per tile (per DataCopy)
    uint32_t tiles;        // tiles per core
    uint32_t doubleBuffer; // copy_compute: 0 serial, 1 ping-pong
    uint32_t vecOps;       // copy_compute: Adds per tile
    uint32_t reread;       // dma_stream: 1 = every tile reads the core's first tile again
    uint32_t bursts;       // dma_stream: > 0: DataCopyPad with this many rows of tileElems / bursts
    uint32_t src1Offset;   // vector_bank: UB byte offset of src1 (src0 at 0)
    uint32_t dstOffset;    // vector_bank: UB byte offset of dst (0: 3 slots in, a bank of its own)
};

namespace model_streams {
constexpr uint32_t kSlot = 49152;  // bytes: four slots fill 192 KiB
}

// y = x + vecOps, tile by tile: load (MTE2) -> vecOps x Adds (V) -> store (MTE3).
extern "C" __global__ __vector__ __aicore__ void copy_compute(GM_ADDR x, GM_ADDR y, GM_ADDR params)
{
    GET_TILING_DATA_WITH_STRUCT(StreamParams, p, params);
    const uint64_t base = static_cast<uint64_t>(AscendC::GetBlockIdx()) * p.tiles * p.tileElems;
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + base, static_cast<uint64_t>(p.tiles) * p.tileElems);
    yGm.SetGlobalBuffer((__gm__ float*)y + base, static_cast<uint64_t>(p.tiles) * p.tileElems);
    for (uint32_t t = 0; t < p.tiles; ++t) {
        const uint32_t b = p.doubleBuffer ? t % 2 : 0;
        const int32_t ev = static_cast<int32_t>(b);
        AscendC::LocalTensor<float> in(AscendC::TPosition::VECIN, b * 2 * model_streams::kSlot, p.tileElems);
        AscendC::LocalTensor<float> out(AscendC::TPosition::VECOUT, (b * 2 + 1) * model_streams::kSlot, p.tileElems);
        if (p.doubleBuffer && t >= 2) AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(ev);
        AscendC::DataCopy(in, xGm[static_cast<uint64_t>(t) * p.tileElems], p.tileElems);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(ev);
        if (p.doubleBuffer && t >= 2) AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(ev);
        AscendC::Adds(out, in, 1.0f, p.tileElems);
        for (uint32_t k = 1; k < p.vecOps; ++k) {
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Adds(out, out, 1.0f, p.tileElems);
        }
        if (p.doubleBuffer) AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(ev);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(ev);
        AscendC::DataCopy(yGm[static_cast<uint64_t>(t) * p.tileElems], out, p.tileElems);
        if (p.doubleBuffer) {
            AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(ev);
        } else {
            AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(EVENT_ID0);
            AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(EVENT_ID0);
        }
    }
    if (p.doubleBuffer) {
        for (uint32_t t = p.tiles > 2 ? p.tiles - 2 : 0; t < p.tiles; ++t) {
            AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>(t % 2));
            AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(static_cast<int32_t>(t % 2));
        }
    }
}

// Loads only: `tiles` DMAs of tileElems floats per core into one UB slot (MTE2 runs them in
// order). With `bursts`, each DMA is a DataCopyPad of `bursts` rows, GM rows back to back.
// With `reread`, every DMA reads the core's first tile again (L2-resident after the first).
extern "C" __global__ __vector__ __aicore__ void dma_stream(GM_ADDR x, GM_ADDR params)
{
    GET_TILING_DATA_WITH_STRUCT(StreamParams, p, params);
    const uint64_t perCore = static_cast<uint64_t>(p.reread ? 1 : p.tiles) * p.tileElems;
    AscendC::GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + AscendC::GetBlockIdx() * perCore, perCore);
    AscendC::LocalTensor<float> in(AscendC::TPosition::VECIN, 0, p.tileElems);
    for (uint32_t t = 0; t < p.tiles; ++t) {
        const uint64_t offset = p.reread ? 0 : static_cast<uint64_t>(t) * p.tileElems;
        if (p.bursts > 0) {
            const uint32_t rowBytes = p.tileElems / p.bursts * sizeof(float);
            AscendC::DataCopyExtParams rows{static_cast<uint16_t>(p.bursts), rowBytes, 0, 0, 0};
            AscendC::DataCopyPadExtParams<float> pad{false, 0, 0, 0.0f};
            AscendC::DataCopyPad(in, xGm[offset], rows, pad);
        } else {
            AscendC::DataCopy(in, xGm[offset], p.tileElems);
        }
    }
}

// Vector only: `tiles` Adds of tileElems halves with src0 at UB 0 and src1 at src1Offset.
extern "C" __global__ __vector__ __aicore__ void vector_bank(GM_ADDR params)
{
    GET_TILING_DATA_WITH_STRUCT(StreamParams, p, params);
    AscendC::LocalTensor<half> src0(AscendC::TPosition::VECCALC, 0, p.tileElems);
    AscendC::LocalTensor<half> src1(AscendC::TPosition::VECCALC, p.src1Offset, p.tileElems);
    const uint32_t dstOffset = p.dstOffset != 0 ? p.dstOffset : 3 * model_streams::kSlot;
    AscendC::LocalTensor<half> dst(AscendC::TPosition::VECCALC, dstOffset, p.tileElems);
    AscendC::Duplicate(src0, static_cast<half>(1.0f), p.tileElems);
    AscendC::Duplicate(src1, static_cast<half>(2.0f), p.tileElems);
    for (uint32_t t = 0; t < p.tiles; ++t) AscendC::Add(dst, src0, src1, p.tileElems);
}

// Wrong on purpose: a static-tensor kernel that signals MTE2 -> V but never waits: the Muls
// may read UB before the DMA has landed (pipe-hazard, read-after-write).
extern "C" __global__ __vector__ __aicore__ void static_missing_wait(GM_ADDR x, GM_ADDR y)
{
    constexpr uint32_t kTile = 64;
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, kTile);
    yGm.SetGlobalBuffer((__gm__ float*)y, kTile);
    AscendC::LocalTensor<float> in(AscendC::TPosition::VECIN, 0, kTile);
    AscendC::LocalTensor<float> out(AscendC::TPosition::VECOUT, 4096, kTile);
    AscendC::DataCopy(in, xGm, kTile);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    // missing: AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    AscendC::Muls(out, in, 2.0f, kTile);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID1);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID1);
    AscendC::DataCopy(yGm, out, kTile);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);  // too late: after the read
}

// Core 0 runs vecOps Adds of one tile (V) while the others have nothing to do; then every
// core meets in SyncAll. The others' SyncAll wait is all stall (nothing on their core runs);
// core 0's is idle while its V drains, then stall for SyncAll's own release latency.
extern "C" __global__ __vector__ __aicore__ void sync_uneven(GM_ADDR params)
{
    GET_TILING_DATA_WITH_STRUCT(StreamParams, p, params);
    if (AscendC::GetBlockIdx() == 0) {
        AscendC::LocalTensor<float> a(AscendC::TPosition::VECCALC, 0, p.tileElems);
        AscendC::LocalTensor<float> b(AscendC::TPosition::VECCALC, model_streams::kSlot, p.tileElems);
        AscendC::Duplicate(a, 0.0f, p.tileElems);
        for (uint32_t k = 0; k < p.vecOps; ++k) {
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Adds(b, a, 1.0f, p.tileElems);
        }
    }
    AscendC::SyncAll();
}

// z = x + y element by element through the scalar unit (LocalTensor GetValue/SetValue), tile by
// tile, as asc-devkit add_high_performance case 0 does: the log folds each line's accesses.
extern "C" __global__ __vector__ __aicore__ void scalar_add_loop(GM_ADDR x, GM_ADDR z, GM_ADDR params)
{
    GET_TILING_DATA_WITH_STRUCT(StreamParams, p, params);
    AscendC::GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, static_cast<uint64_t>(p.tiles) * p.tileElems);
    zGm.SetGlobalBuffer((__gm__ float*)z, static_cast<uint64_t>(p.tiles) * p.tileElems);
    AscendC::LocalTensor<float> in(AscendC::TPosition::VECIN, 0, p.tileElems);
    AscendC::LocalTensor<float> out(AscendC::TPosition::VECOUT, model_streams::kSlot, p.tileElems);
    for (uint32_t t = 0; t < p.tiles; ++t) {
        if (t > 0) AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
        AscendC::DataCopy(in, xGm[static_cast<uint64_t>(t) * p.tileElems], p.tileElems);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_S>(0);
        for (uint32_t i = 0; i < p.tileElems; ++i) {
            const float a = in.GetValue(i);
            const float b = in.GetValue(p.tileElems - 1 - i);
            out.SetValue(i, a + b);
        }
        AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(0);
        AscendC::WaitFlag<AscendC::HardEvent::S_MTE3>(0);
        AscendC::DataCopy(zGm[static_cast<uint64_t>(t) * p.tileElems], out, p.tileElems);
        if (t + 1 < p.tiles) AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(0);
    }
}
