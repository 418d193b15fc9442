// Kernels ordering cores pairwise (block_sync.h, gm_race.h): each core copies its 8 floats of
// 'x' to its slot of 'y', and core 0 then gathers every slot of 'y' into 'z'. What orders
// core 0's read after the others' writes differs: IBSet/IBWait, the turns of
// WaitPreBlock/NotifyNextBlock, or a GM flag (SetValue + DataCacheCleanAndInvalid, polled with
// GetValue). The broken ones leave one core unordered, wait for a flag no core sets, or end a
// turn they did not wait for.
#pragma once
#include "kernel_operator.h"

namespace core_flags {

constexpr uint32_t SLOT = 8;

struct Slots {
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    AscendC::TBuf<AscendC::TPosition::VECCALC> flagBuf;
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    AscendC::GlobalTensor<int32_t> syncGm;
    uint32_t cores = AscendC::GetBlockNum();

    __aicore__ inline Slots(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync, uint32_t syncInts) {
        xGm.SetGlobalBuffer((__gm__ float*)x, cores * SLOT);
        yGm.SetGlobalBuffer((__gm__ float*)y, cores * SLOT);
        zGm.SetGlobalBuffer((__gm__ float*)z, cores * SLOT);
        syncGm.SetGlobalBuffer((__gm__ int32_t*)sync, syncInts);
        pipe.InitBuffer(queue, 1, cores * SLOT * sizeof(float));
        pipe.InitBuffer(flagBuf, cores * 32 + 32);
    }
    __aicore__ inline AscendC::LocalTensor<int32_t> Flag() { return flagBuf.Get<int32_t>(); }
    // This core's 8 floats of x to its slot of y.
    __aicore__ inline void WriteSlot() {
        AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
        AscendC::DataCopy(tile, xGm[AscendC::GetBlockIdx() * SLOT], SLOT);
        queue.EnQue(tile);
        tile = queue.DeQue<float>();
        AscendC::DataCopy(yGm[AscendC::GetBlockIdx() * SLOT], tile, SLOT);
        queue.FreeTensor(tile);
    }
    // Every slot of y to z.
    __aicore__ inline void Gather() {
        AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
        AscendC::DataCopy(tile, yGm, cores * SLOT);
        queue.EnQue(tile);
        tile = queue.DeQue<float>();
        AscendC::DataCopy(zGm, tile, cores * SLOT);
        queue.FreeTensor(tile);
    }
};

// Core i > 0 raises flag (blockIdx i, eventID 0) after writing; core 0 waits for the first
// `waited` of them (all: cores - 1) before gathering.
template <bool allWaited>
__aicore__ inline void GatherAfterIb(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync) {
    Slots s(x, y, z, sync, AscendC::GetBlockNum() * 8 + 8);
    s.WriteSlot();
    if (AscendC::GetBlockIdx() > 0) {
        AscendC::IBSet(s.syncGm, s.Flag(), AscendC::GetBlockIdx(), 0);
        return;
    }
    const uint32_t waited = allWaited ? s.cores - 1 : s.cores - 2;
    for (uint32_t i = 1; i <= waited; ++i) {
        AscendC::IBWait(s.syncGm, s.Flag(), i, 0);
    }
    s.Gather();
}

}  // namespace core_flags

extern "C" __global__ __aicore__ void slots_gathered_after_ib_wait(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    core_flags::GatherAfterIb<true>(x, y, z, sync);
}

// Core 0 does not wait for the last core: its slot is read unordered (gm-race).
extern "C" __global__ __aicore__ void slots_gathered_one_ib_wait_short(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    core_flags::GatherAfterIb<false>(x, y, z, sync);
}

// Core 1 waits for a flag no core raises: hangs on hardware (sync-misuse).
extern "C" __global__ __aicore__ void ib_wait_for_no_one(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    core_flags::Slots s(x, y, z, sync, AscendC::GetBlockNum() * 8 + 8);
    if (AscendC::GetBlockIdx() == 1) {
        AscendC::IBWait(s.syncGm, s.Flag(), 0, 0);
    }
    s.WriteSlot();
}

// A workspace too small for eventID 2 (operand-bounds).
extern "C" __global__ __aicore__ void ib_set_past_workspace(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    core_flags::Slots s(x, y, z, sync, AscendC::GetBlockNum() * 8 + 8);
    if (AscendC::GetBlockIdx() == 0) AscendC::IBSet(s.syncGm, s.Flag(), 0, 2);
}

// The cores take turns in blockIdx order, each adding its 8 floats of x to the running sum in
// y's first slot (read, add, write back): without the turns every pair of cores would race.
// z gets each core's partial sum as it saw it.
extern "C" __global__ __aicore__ void running_sum_in_turns(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    using core_flags::SLOT;
    core_flags::Slots s(x, y, z, sync, AscendC::GetBlockNum() * 8);
    AscendC::LocalTensor<int32_t> ub = s.Flag();
    AscendC::InitDetermineComputeWorkspace(s.syncGm, ub);
    AscendC::TBuf<AscendC::TPosition::VECCALC> bufs;
    s.pipe.InitBuffer(bufs, 2 * SLOT * sizeof(float));
    AscendC::LocalTensor<float> mine = bufs.Get<float>();
    AscendC::LocalTensor<float> sum = mine[SLOT];
    AscendC::DataCopy(mine, s.xGm[AscendC::GetBlockIdx() * SLOT], SLOT);
    AscendC::WaitPreBlock(s.syncGm, ub);
    AscendC::DataCopy(sum, s.yGm, SLOT);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    AscendC::Add(sum, sum, mine, SLOT);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    AscendC::DataCopy(s.yGm, sum, SLOT);
    AscendC::DataCopy(s.zGm[AscendC::GetBlockIdx() * SLOT], sum, SLOT);
    AscendC::NotifyNextBlock(s.syncGm, ub);
}

// Core 1 ends a turn it never waited for (sync-misuse).
extern "C" __global__ __aicore__ void notify_without_wait(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    core_flags::Slots s(x, y, z, sync, AscendC::GetBlockNum() * 8);
    AscendC::LocalTensor<int32_t> ub = s.Flag();
    AscendC::InitDetermineComputeWorkspace(s.syncGm, ub);
    if (AscendC::GetBlockIdx() == 1) {
        AscendC::NotifyNextBlock(s.syncGm, ub);
    }
}

// Core i > 0 writes its slot, then its GM flag (SetValue(1) at sync[16 i]) and publishes it;
// core 0 polls the flags with GetValue, then gathers. `publish` false: no
// DataCacheCleanAndInvalid, so core 0 never sees a flag (it would spin forever: it reads each
// once instead) and the flags order nothing (gm-race).
template <bool publish>
__aicore__ inline void GatherAfterGmFlags(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync) {
    core_flags::Slots s(x, y, z, sync, AscendC::GetBlockNum() * 16);
    s.WriteSlot();
    AscendC::GlobalTensor<int32_t> flag = s.syncGm[AscendC::GetBlockIdx() * 16];
    if (AscendC::GetBlockIdx() > 0) {
        AscendC::PipeBarrier<PIPE_ALL>();
        flag.SetValue(0, 1);
        if (publish) {
            AscendC::DataCacheCleanAndInvalid<int32_t, AscendC::CacheLine::SINGLE_CACHE_LINE,
                                              AscendC::DcciDst::CACHELINE_OUT>(flag);
        }
        return;
    }
    for (uint32_t i = 1; i < s.cores; ++i) {
        while (s.syncGm.GetValue(i * 16) != 1 && publish) {
        }
    }
    s.Gather();
}

extern "C" __global__ __aicore__ void slots_gathered_after_gm_flags(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    GatherAfterGmFlags<true>(x, y, z, sync);
}

extern "C" __global__ __aicore__ void slots_gathered_after_unpublished_flags(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                                             GM_ADDR sync)
{
    GatherAfterGmFlags<false>(x, y, z, sync);
}

// CrossCoreSetFlag/CrossCoreWaitFlag mode 0 as an all-AIV barrier (ops-nn's SYNC_AIV_ONLY_ALL use):
// every core sets flag 3 after writing its slot and waits for it; core 0 then gathers.
// `skipLast`: the last core never sets it, so the others wait forever (sync-misuse).
template <bool skipLast>
__aicore__ inline void GatherAfterCrossCoreFlag(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync) {
    core_flags::Slots s(x, y, z, sync, 8);
    s.WriteSlot();
    if (skipLast && AscendC::GetBlockIdx() + 1 == s.cores) return;
    AscendC::CrossCoreSetFlag<0x0, PIPE_MTE3>(3);
    AscendC::CrossCoreWaitFlag(3);
    if (AscendC::GetBlockIdx() == 0) s.Gather();
}

extern "C" __global__ __aicore__ void slots_gathered_after_cross_core_flag(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    GatherAfterCrossCoreFlag<false>(x, y, z, sync);
}

extern "C" __global__ __aicore__ void cross_core_flag_one_core_missing(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR sync)
{
    GatherAfterCrossCoreFlag<true>(x, y, z, sync);
}
