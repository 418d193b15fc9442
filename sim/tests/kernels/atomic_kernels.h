// Kernels for the atomic and GM-utility tests (test_atomic_debug.py). Every core loads the same
// 64 floats of x and writes them to the same 64 floats of z:
//   atomic_add_rows: with SetAtomicAdd<float> (z ends as z0 + blockDim * x, no race);
//   plain_rows_race: without it, each core its own row of x (a gm-race: every core writes the
//                    same bytes, other values);
//   atomic_mixed_race: core 0 without, the others with SetAtomicAdd (a race: a plain write
//                      meets atomic adds);
//   atomic_half_rows: SetAtomicAdd<half> on 128 halves;
//   init_global_memory_fill: InitGlobalMemory(z, n, 3.5f) on core 0, n from x[0].
#pragma once
#include "kernel_operator.h"

namespace atomic_kernels {

constexpr uint32_t kRowFloats = 64;

template <class T, bool atomicOnThisCore, bool ownRow = false>
__aicore__ inline void CopyRows(GM_ADDR x, GM_ADDR z, uint32_t n) {
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, n * sizeof(T));
    AscendC::GlobalTensor<T> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ T*)x + (ownRow ? AscendC::GetBlockIdx() * n : 0), n);
    zGm.SetGlobalBuffer((__gm__ T*)z, n);
    AscendC::LocalTensor<T> buf = queue.AllocTensor<T>();
    AscendC::DataCopy(buf, xGm, n);
    queue.EnQue(buf);
    buf = queue.DeQue<T>();
    if (atomicOnThisCore) AscendC::SetAtomicAdd<T>();
    AscendC::DataCopy(zGm, buf, n);
    AscendC::SetAtomicNone();
    queue.FreeTensor(buf);
}

}  // namespace atomic_kernels

extern "C" __global__ __aicore__ void atomic_add_rows(GM_ADDR x, GM_ADDR z) {
    atomic_kernels::CopyRows<float, true>(x, z, atomic_kernels::kRowFloats);
}
extern "C" __global__ __aicore__ void plain_rows_race(GM_ADDR x, GM_ADDR z) {
    atomic_kernels::CopyRows<float, false, true>(x, z, atomic_kernels::kRowFloats);
}
extern "C" __global__ __aicore__ void atomic_mixed_race(GM_ADDR x, GM_ADDR z) {
    if (AscendC::GetBlockIdx() == 0) atomic_kernels::CopyRows<float, false>(x, z, atomic_kernels::kRowFloats);
    else atomic_kernels::CopyRows<float, true>(x, z, atomic_kernels::kRowFloats);
}
extern "C" __global__ __aicore__ void atomic_half_rows(GM_ADDR x, GM_ADDR z) {
    atomic_kernels::CopyRows<half, true>(x, z, 2 * atomic_kernels::kRowFloats);
}
extern "C" __global__ __aicore__ void init_global_memory_fill(GM_ADDR n, GM_ADDR z) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> scratch;
    pipe.InitBuffer(scratch, 1024);  // the fill takes the UB after it
    AscendC::GlobalTensor<int32_t> count;
    count.SetGlobalBuffer((__gm__ int32_t*)n, 2);
    const uint64_t elements = static_cast<uint64_t>(count.GetValue(0));
    const uint64_t capacity = static_cast<uint64_t>(count.GetValue(1));
    AscendC::GlobalTensor<float> zGm;
    zGm.SetGlobalBuffer((__gm__ float*)z, capacity);
    if (AscendC::GetBlockIdx() == 0) AscendC::InitGlobalMemory(zGm, elements, 3.5f);
}

// printf and DumpTensor: x holds 8 floats. With `synced` false the LocalTensor dump reads what
// the vector pipe wrote without a V->S flag (a pipe-hazard); `dumpSize` past the tensor is an
// operand-bounds error.
template <bool synced, uint32_t dumpSize>
__aicore__ inline void PrintAndDump(GM_ADDR x) {
    AscendC::printf("fmt string int: %d, half: %f\n", 0x123, half(1.5f));
    PRINTF("block %d\n", static_cast<int>(AscendC::GetBlockIdx()));
    AscendC::GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, 8);
    AscendC::DumpTensor(xGm, 7, 4);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::Duplicate(t, 2.5f, 8);
    if (synced) {
        AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
        AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
    }
    AscendC::DumpTensor(t, 5, dumpSize);
}
extern "C" __global__ __aicore__ void print_and_dump(GM_ADDR x, GM_ADDR z) { (void)z; PrintAndDump<true, 8>(x); }
extern "C" __global__ __aicore__ void dump_without_sync(GM_ADDR x, GM_ADDR z) { (void)z; PrintAndDump<false, 8>(x); }
extern "C" __global__ __aicore__ void dump_past_tensor(GM_ADDR x, GM_ADDR z) { (void)z; PrintAndDump<true, 100>(x); }
