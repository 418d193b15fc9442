// Kernels for the high-level DropOut, Select with a byte mask, CumSum and GroupBarrier tests
// (test_filter_math_apis.py). Each takes a GM 'p' of int32 parameters read with GetValue:
//   dropout_f32 / dropout_f16 (src, mask, dst, p): p = {firstAxis, srcLastAxis, maskLastAxis,
//     tmpBytes, keepProb (float bits), dropOutMode (0 or 3 only: the template argument),
//     framework (1: the form without sharedTmpBuffer, UB filled so that tmpBytes are left)}
//   select_bytes_f32 / select_bytes_f16 (src, mask, dst, p): p = {firstAxis, srcLastAxis,
//     maskLastAxis, tmpBytes, scalar (float bits), scalarFirst, overlapTmp}
//   cumsum_{first,last}_{f32,f16} (src, dst, last, p): p = {outter, inner, tmpBytes, framework
//     (as DropOut's)}
//   barrier_gather (x, y, z, ws, p): p = {arriveSize, waitSize, rounds, arrivals}: cores
//     [0, arriveSize) write their slot of y and Arrive (only the first `arrivals` of them in
//     the last round); cores [arriveSize, arriveSize + waitSize) Wait, then copy all of y's
//     arrive slots into their row of z. rounds > 1 repeats it, each round with slots of its own
//     (a barrier orders the arrivals before the waits, not the waiters' reads before the next
//     round's writes).
#pragma once
#include <cstring>

#include "kernel_operator.h"

namespace filter_math {

// The framework-temp forms take the UB left after the last InitBuffer, up to 64 bytes short of
// the end of the default SoC's (Ascend910B1) 192 KiB UB: a filler buffer leaves tmpBytes of it.
constexpr uint32_t kUbBytes = 192 * 1024 - 64;
inline uint32_t Align32(uint32_t bytes) { return (bytes + 31) / 32 * 32; }

inline float Bits(int32_t v) {
    float f;
    std::memcpy(&f, &v, sizeof f);
    return f;
}

template <class T, uint32_t mode>
__aicore__ inline void DropOutKernel(GM_ADDR src, GM_ADDR mask, GM_ADDR dst, GM_ADDR p) {
    AscendC::GlobalTensor<int32_t> pg;
    pg.SetGlobalBuffer((__gm__ int32_t*)p, 8);
    AscendC::DropOutShapeInfo info;
    info.firstAxis = pg.GetValue(0);
    info.srcLastAxis = pg.GetValue(1);
    info.maskLastAxis = pg.GetValue(2);
    const uint32_t tmpBytes = pg.GetValue(3);
    const float keepProb = Bits(pg.GetValue(4));
    const uint32_t n = info.firstAxis * info.srcLastAxis, m = info.firstAxis * info.maskLastAxis;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> sb, mb, db, tb;
    pipe.InitBuffer(sb, n * sizeof(T));
    pipe.InitBuffer(mb, m);
    pipe.InitBuffer(db, n * sizeof(T));
    const bool framework = pg.GetValue(6) != 0;
    pipe.InitBuffer(tb, framework ? kUbBytes - 2 * Align32(n * sizeof(T)) - Align32(m) - tmpBytes : tmpBytes);
    AscendC::GlobalTensor<T> sg, dg;
    AscendC::GlobalTensor<uint8_t> mg;
    sg.SetGlobalBuffer((__gm__ T*)src, n);
    dg.SetGlobalBuffer((__gm__ T*)dst, n);
    mg.SetGlobalBuffer((__gm__ uint8_t*)mask, m);
    auto s = sb.Get<T>();
    auto k = mb.Get<uint8_t>();
    auto d = db.Get<T>();
    auto t = tb.Get<uint8_t>();
    AscendC::DataCopy(s, sg, n);
    AscendC::DataCopy(k, mg, m);
    AscendC::PipeBarrier<PIPE_ALL>();
    if (framework) AscendC::DropOut<T, false, mode>(d, s, k, keepProb, info);
    else AscendC::DropOut<T, false, mode>(d, s, k, t, keepProb, info);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dg, d, n);
}

template <class T>
__aicore__ inline void SelectKernel(GM_ADDR src, GM_ADDR mask, GM_ADDR dst, GM_ADDR p) {
    AscendC::GlobalTensor<int32_t> pg;
    pg.SetGlobalBuffer((__gm__ int32_t*)p, 8);
    AscendC::SelectWithBytesMaskShapeInfo info;
    info.firstAxis = pg.GetValue(0);
    info.srcLastAxis = pg.GetValue(1);
    info.maskLastAxis = pg.GetValue(2);
    const uint32_t tmpBytes = pg.GetValue(3);
    const T scalar = static_cast<T>(Bits(pg.GetValue(4)));
    const bool scalarFirst = pg.GetValue(5) != 0, overlapTmp = pg.GetValue(6) != 0;
    const uint32_t n = info.firstAxis * info.srcLastAxis, m = info.firstAxis * info.maskLastAxis;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> sb, mb, db, tb;
    pipe.InitBuffer(sb, n * sizeof(T));
    pipe.InitBuffer(mb, m);
    pipe.InitBuffer(db, n * sizeof(T));
    pipe.InitBuffer(tb, tmpBytes);
    AscendC::GlobalTensor<T> sg, dg;
    AscendC::GlobalTensor<uint8_t> mg;
    sg.SetGlobalBuffer((__gm__ T*)src, n);
    dg.SetGlobalBuffer((__gm__ T*)dst, n);
    mg.SetGlobalBuffer((__gm__ uint8_t*)mask, m);
    auto s = sb.Get<T>();
    auto k = mb.Get<uint8_t>();
    auto d = db.Get<T>();
    auto t = overlapTmp ? sb.Get<uint8_t>() : tb.Get<uint8_t>();
    AscendC::DataCopy(s, sg, n);
    AscendC::DataCopy(k, mg, m);
    AscendC::PipeBarrier<PIPE_ALL>();
    if (scalarFirst) AscendC::Select(d, scalar, s, k, t, info);
    else AscendC::Select(d, s, scalar, k, t, info);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dg, d, n);
}

constexpr AscendC::CumSumConfig kFirstAxis = {false, false, true};
constexpr AscendC::CumSumConfig kLastAxis = {true, false, true};

template <class T, const AscendC::CumSumConfig& config>
__aicore__ inline void CumSumKernel(GM_ADDR src, GM_ADDR dst, GM_ADDR last, GM_ADDR p) {
    AscendC::GlobalTensor<int32_t> pg;
    pg.SetGlobalBuffer((__gm__ int32_t*)p, 4);
    const AscendC::CumSumInfo info{static_cast<uint32_t>(pg.GetValue(0)), static_cast<uint32_t>(pg.GetValue(1))};
    const uint32_t tmpBytes = pg.GetValue(2);
    const uint32_t n = info.outter * info.inner;
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> sb, db, lb, tb;
    pipe.InitBuffer(sb, n * sizeof(T));
    pipe.InitBuffer(db, n * sizeof(T));
    pipe.InitBuffer(lb, info.inner * sizeof(T));
    const bool framework = pg.GetValue(3) != 0;
    const uint32_t used = 2 * Align32(n * sizeof(T)) + Align32(info.inner * sizeof(T));
    pipe.InitBuffer(tb, framework ? kUbBytes - used - tmpBytes : (tmpBytes < 32 ? 32 : tmpBytes));
    AscendC::GlobalTensor<T> sg, dg, lg;
    sg.SetGlobalBuffer((__gm__ T*)src, n);
    dg.SetGlobalBuffer((__gm__ T*)dst, n);
    lg.SetGlobalBuffer((__gm__ T*)last, info.inner);
    auto s = sb.Get<T>();
    auto d = db.Get<T>();
    auto l = lb.Get<T>();
    auto t = tb.Get<uint8_t>();
    t.SetSize(tmpBytes);
    AscendC::DataCopy(s, sg, n);
    AscendC::PipeBarrier<PIPE_ALL>();
    if (framework) AscendC::CumSum<T, config>(d, l, s, info);
    else AscendC::CumSum<T, config>(d, l, s, t, info);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dg, d, n);
    AscendC::DataCopy(lg, l, info.inner);
}

constexpr uint32_t kSlot = 8;  // floats per core slot

__aicore__ inline void BarrierGather(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR ws, GM_ADDR p) {
    AscendC::GlobalTensor<int32_t> pg;
    pg.SetGlobalBuffer((__gm__ int32_t*)p, 4);
    const uint32_t arriveSize = pg.GetValue(0), waitSize = pg.GetValue(1), rounds = pg.GetValue(2);
    const uint32_t arrivals = pg.GetValue(3);
    const uint32_t id = AscendC::GetBlockIdx();
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, arriveSize * kSlot * sizeof(float));
    AscendC::GlobalTensor<float> xg, yg, zg;
    xg.SetGlobalBuffer((__gm__ float*)x);
    yg.SetGlobalBuffer((__gm__ float*)y);
    zg.SetGlobalBuffer((__gm__ float*)z);
    AscendC::GroupBarrier<AscendC::PipeMode::MTE3_MODE> barrier(ws, arriveSize, waitSize);
    for (uint32_t r = 0; r < rounds; ++r) {
        if (id < arriveSize) {
            if (r + 1 == rounds && id >= arrivals) return;
            auto tile = queue.AllocTensor<float>();
            AscendC::DataCopy(tile, xg[(r * arriveSize + id) * kSlot], kSlot);
            queue.EnQue(tile);
            tile = queue.DeQue<float>();
            AscendC::DataCopy(yg[(r * arriveSize + id) * kSlot], tile, kSlot);
            queue.FreeTensor(tile);
            barrier.Arrive(id);
        } else if (id < arriveSize + waitSize) {
            barrier.Wait(id - arriveSize);
            auto tile = queue.AllocTensor<float>();
            AscendC::DataCopy(tile, yg[r * arriveSize * kSlot], arriveSize * kSlot);
            queue.EnQue(tile);
            tile = queue.DeQue<float>();
            AscendC::DataCopy(zg[((r * waitSize) + id - arriveSize) * arriveSize * kSlot], tile, arriveSize * kSlot);
            queue.FreeTensor(tile);
        }
    }
}

}  // namespace filter_math

extern "C" __global__ __aicore__ void dropout_f32(GM_ADDR s, GM_ADDR m, GM_ADDR d, GM_ADDR p) {
    filter_math::DropOutKernel<float, 0>(s, m, d, p);
}
extern "C" __global__ __aicore__ void dropout_f16(GM_ADDR s, GM_ADDR m, GM_ADDR d, GM_ADDR p) {
    filter_math::DropOutKernel<half, 0>(s, m, d, p);
}
extern "C" __global__ __aicore__ void select_bytes_f32(GM_ADDR s, GM_ADDR m, GM_ADDR d, GM_ADDR p) {
    filter_math::SelectKernel<float>(s, m, d, p);
}
extern "C" __global__ __aicore__ void select_bytes_f16(GM_ADDR s, GM_ADDR m, GM_ADDR d, GM_ADDR p) {
    filter_math::SelectKernel<half>(s, m, d, p);
}
extern "C" __global__ __aicore__ void cumsum_first_f32(GM_ADDR s, GM_ADDR d, GM_ADDR l, GM_ADDR p) {
    filter_math::CumSumKernel<float, filter_math::kFirstAxis>(s, d, l, p);
}
extern "C" __global__ __aicore__ void cumsum_first_f16(GM_ADDR s, GM_ADDR d, GM_ADDR l, GM_ADDR p) {
    filter_math::CumSumKernel<half, filter_math::kFirstAxis>(s, d, l, p);
}
extern "C" __global__ __aicore__ void cumsum_last_f32(GM_ADDR s, GM_ADDR d, GM_ADDR l, GM_ADDR p) {
    filter_math::CumSumKernel<float, filter_math::kLastAxis>(s, d, l, p);
}
extern "C" __global__ __aicore__ void cumsum_last_f16(GM_ADDR s, GM_ADDR d, GM_ADDR l, GM_ADDR p) {
    filter_math::CumSumKernel<half, filter_math::kLastAxis>(s, d, l, p);
}
extern "C" __global__ __aicore__ void barrier_gather(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR ws, GM_ADDR p) {
    filter_math::BarrierGather(x, y, z, ws, p);
}
