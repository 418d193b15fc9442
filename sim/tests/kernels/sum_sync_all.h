// sum_sync_all: z[0] = sum of x, with a cross-core pass that is deterministic by construction.
//
// Each core sums its share of x (in element order), writes the partial sum into its own
// 32-byte slot of the GM workspace, and meets the others in SyncAll; then core 0 reads all
// partial sums and adds them in core order. The result depends neither on timing nor on
// which core finishes first. The sums are scalar (GetValue/SetValue) on purpose: the order
// of additions is then exactly the one a reference can replay.
#pragma once
#include "kernel_operator.h"

struct SumSyncAllTilingData {
    uint32_t totalLength;  // elements of x
    uint32_t coreLength;   // elements per core (whole 32-byte blocks); the last core takes the rest
};

constexpr uint32_t SUM_SLOT_FLOATS = 8;  // one 32-byte workspace slot per core

class KernelSumSyncAll {
public:
    __aicore__ inline KernelSumSyncAll() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, const SumSyncAllTilingData& tiling)
    {
        const uint32_t blockIdx = AscendC::GetBlockIdx();
        const uint64_t start = static_cast<uint64_t>(blockIdx) * tiling.coreLength;
        blockNum = AscendC::GetBlockNum();
        coreLength = start >= tiling.totalLength ? 0 : static_cast<uint32_t>(
            blockIdx == blockNum - 1 || start + tiling.coreLength > tiling.totalLength ? tiling.totalLength - start
                                                                                       : tiling.coreLength);
        xGm.SetGlobalBuffer((__gm__ float*)x + start, coreLength);
        zGm.SetGlobalBuffer((__gm__ float*)z, 1);
        workGm.SetGlobalBuffer((__gm__ float*)workspace, blockNum * SUM_SLOT_FLOATS);
        const uint32_t inBytes = (coreLength + SUM_SLOT_FLOATS - 1) / SUM_SLOT_FLOATS * 32;
        pipe.InitBuffer(inBuf, inBytes > 0 ? inBytes : 32);
        pipe.InitBuffer(slotsBuf, blockNum * 32);
    }
    __aicore__ inline void Process()
    {
        WritePartialSum();
        AscendC::SyncAll();
        if (AscendC::GetBlockIdx() == 0) {
            SumPartials();
        }
    }

private:
    __aicore__ inline void WritePartialSum()
    {
        AscendC::LocalTensor<float> in = inBuf.Get<float>();
        if (coreLength > 0) {
            AscendC::DataCopyPad(in, xGm, AscendC::DataCopyExtParams{1, coreLength * 4, 0, 0, 0},
                                 AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        }
        AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_S>(0);
        float partial = 0.0f;
        for (uint32_t i = 0; i < coreLength; i++) {
            partial += in.GetValue(i);
        }
        AscendC::LocalTensor<float> slot = slotsBuf.Get<float>();
        slot.SetValue(0, partial);
        AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(0);
        AscendC::WaitFlag<AscendC::HardEvent::S_MTE3>(0);
        AscendC::DataCopyPad(workGm[AscendC::GetBlockIdx() * SUM_SLOT_FLOATS], slot,
                             AscendC::DataCopyExtParams{1, 4, 0, 0, 0});
        // The slot buffer is reloaded by core 0 after SyncAll, which waits on every pipe.
    }
    __aicore__ inline void SumPartials()
    {
        AscendC::LocalTensor<float> slots = slotsBuf.Get<float>();
        // One 4-byte row per core, 28 bytes apart in GM; each lands in its own 32-byte UB row.
        AscendC::DataCopyPad(slots, workGm, AscendC::DataCopyExtParams{static_cast<uint16_t>(blockNum), 4, 28, 0, 0},
                             AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(0);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_S>(0);
        float total = 0.0f;
        for (uint32_t core = 0; core < blockNum; core++) {
            total += slots.GetValue(core * SUM_SLOT_FLOATS);
        }
        slots.SetValue(0, total);
        AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(0);
        AscendC::WaitFlag<AscendC::HardEvent::S_MTE3>(0);
        AscendC::DataCopyPad(zGm, slots, AscendC::DataCopyExtParams{1, 4, 0, 0, 0});
    }

    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> inBuf;
    AscendC::TBuf<AscendC::TPosition::VECCALC> slotsBuf;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> zGm;
    AscendC::GlobalTensor<float> workGm;
    uint32_t coreLength = 0;
    uint32_t blockNum = 0;
};

extern "C" __global__ __aicore__ void sum_sync_all(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    // SyncAll needs a kernel type that keeps the hardware barrier (not AIV_ONLY).
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GET_TILING_DATA_WITH_STRUCT(SumSyncAllTilingData, tilingData, tiling);
    KernelSumSyncAll op;
    op.Init(x, z, workspace, tilingData);
    op.Process();
}
