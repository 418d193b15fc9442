// z = x + y on an 8192 x 8192 half matrix in static tensor programming, written for the time
// model's check against published Atlas A2 timings: the optimization steps of asc-devkit's
// add_high_performance sample (its README, "Performance Comparison Summary"), re-created from
// the README's description, not from its code:
//   serial copies of a chosen length (cases 2, 3), ping-pong double buffering (case 4), L2
//   bypass of the streamed inputs (case 5), and a UB layout whose two sources sit in different
//   bank groups (case 6).
// Work split: rows evenly over the cores (the first `rows % cores` cores take one more), each
// core's rows contiguous in GM and moved in copies of `copyLen` elements (the last shorter).
#pragma once
#include "kernel_operator.h"

struct AddStaticParams {
    uint32_t rows;          // M
    uint32_t cols;          // N
    uint32_t copyLen;       // elements per DataCopy (the sample's dataCopyLen)
    uint32_t doubleBuffer;  // 0: serial load -> add -> store; 1: ping-pong
    uint32_t bypassL2;      // 1: SetL2CacheHint(CACHE_MODE_DISABLE) on x and y
    uint32_t spreadBanks;   // 1: y starts copyLen after x inside a 32 KiB slot (different bank group)
};

namespace add_static_layout {

constexpr uint32_t kSlotBytes = 32768;  // one UB slot: 16384 halves, six of them fill 192 KiB

struct Layout {
    uint32_t x[2], y[2], z[2];
};

// Back to back (x, y, z ping then pong: every source 32 KiB apart, the same bank group), or
// spread: x and y share slot pairs with y right after x's data (256-B multiple apart, so a
// different bank group), z in the last two slots.
__aicore__ inline Layout MakeLayout(uint32_t copyLen, bool spread) {
    Layout l;
    const uint32_t bytes = copyLen * sizeof(half);
    if (!spread) {
        for (uint32_t b = 0; b < 2; ++b) {
            l.x[b] = (3 * b + 0) * kSlotBytes;
            l.y[b] = (3 * b + 1) * kSlotBytes;
            l.z[b] = (3 * b + 2) * kSlotBytes;
        }
    } else {
        for (uint32_t b = 0; b < 2; ++b) {
            l.x[b] = 2 * b * kSlotBytes;
            l.y[b] = l.x[b] + bytes;
            l.z[b] = 4 * kSlotBytes + b * bytes;
        }
    }
    return l;
}

}  // namespace add_static_layout

extern "C" __global__ __vector__ __aicore__ void add_static(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR params)
{
    AscendC::InitSocState();
    GET_TILING_DATA_WITH_STRUCT(AddStaticParams, p, params);
    const uint32_t cores = AscendC::GetBlockNum(), idx = AscendC::GetBlockIdx();
    const uint32_t baseRows = p.rows / cores, extra = p.rows % cores;
    const uint32_t myRows = baseRows + (idx < extra ? 1 : 0);
    const uint64_t firstRow = static_cast<uint64_t>(idx) * baseRows + (idx < extra ? idx : extra);
    const uint64_t start = firstRow * p.cols, total = static_cast<uint64_t>(myRows) * p.cols;

    AscendC::GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half*)x + start, total);
    yGm.SetGlobalBuffer((__gm__ half*)y + start, total);
    zGm.SetGlobalBuffer((__gm__ half*)z + start, total);
    if (p.bypassL2) {
        xGm.SetL2CacheHint(AscendC::CacheMode::CACHE_MODE_DISABLE);
        yGm.SetL2CacheHint(AscendC::CacheMode::CACHE_MODE_DISABLE);
    }
    const add_static_layout::Layout l = add_static_layout::MakeLayout(p.copyLen, p.spreadBanks != 0);
    const uint32_t copies = static_cast<uint32_t>(AscendC::DivCeil(total, p.copyLen));

    for (uint32_t i = 0; i < copies; ++i) {
        const uint32_t b = p.doubleBuffer ? i % 2 : 0;
        const int32_t ev = static_cast<int32_t>(b);  // EVENT_ID0 for ping, EVENT_ID1 for pong
        const uint64_t offset = static_cast<uint64_t>(i) * p.copyLen;
        const uint32_t len = static_cast<uint32_t>(total - offset < p.copyLen ? total - offset : p.copyLen);
        AscendC::LocalTensor<half> xs(AscendC::TPosition::VECIN, l.x[b], p.copyLen);
        AscendC::LocalTensor<half> ys(AscendC::TPosition::VECIN, l.y[b], p.copyLen);
        AscendC::LocalTensor<half> zs(AscendC::TPosition::VECOUT, l.z[b], p.copyLen);
        if (p.doubleBuffer && i >= 2) AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(ev);  // x, y of i-2 consumed
        AscendC::DataCopy(xs, xGm[offset], len);
        AscendC::DataCopy(ys, yGm[offset], len);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(ev);
        if (p.doubleBuffer && i >= 2) AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(ev);  // z of i-2 stored
        AscendC::Add(zs, xs, ys, len);
        if (p.doubleBuffer) AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(ev);
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(ev);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(ev);
        AscendC::DataCopy(zGm[offset], zs, len);
        if (p.doubleBuffer) {
            AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(ev);
        } else {
            // Serial: the next loads wait until this store has read z out of UB.
            AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(EVENT_ID0);
            AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(EVENT_ID0);
        }
    }
    if (p.doubleBuffer) {
        // Consume the flags of the last (up to) two copies so every SetFlag has its WaitFlag.
        for (uint32_t i = copies > 2 ? copies - 2 : 0; i < copies; ++i) {
            AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>(i % 2));
            AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(static_cast<int32_t>(i % 2));
        }
    }
    AscendC::PipeBarrier<PIPE_ALL>();
}
