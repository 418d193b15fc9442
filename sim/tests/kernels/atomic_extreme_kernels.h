// Kernels for SetAtomicMax / SetAtomicMin (test_atomic_max_min.py): core b loads row b of x
// (n elements of T) and writes it to the same n elements of z with the atomic operation set, so z
// ends as the elementwise max/min of z0 and every core's row (no GM race: atomic writes to the
// same bytes are serialized by the hardware).
#pragma once
#include "kernel_operator.h"

namespace atomic_extreme {

template <class T, bool max>
__aicore__ inline void ExtremeRows(GM_ADDR x, GM_ADDR z, uint32_t n) {
    AscendC::TPipe pipe;
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, n * sizeof(T));
    AscendC::GlobalTensor<T> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ T*)x + AscendC::GetBlockIdx() * n, n);
    zGm.SetGlobalBuffer((__gm__ T*)z, n);
    AscendC::LocalTensor<T> buf = queue.AllocTensor<T>();
    AscendC::DataCopy(buf, xGm, n);
    queue.EnQue(buf);
    buf = queue.DeQue<T>();
    if constexpr (max) AscendC::SetAtomicMax<T>();
    else AscendC::SetAtomicMin<T>();
    AscendC::DataCopy(zGm, buf, n);
    AscendC::SetAtomicNone();
    queue.FreeTensor(buf);
}

}  // namespace atomic_extreme

extern "C" __global__ __aicore__ void atomic_max_float(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<float, true>(x, z, 64);
}
extern "C" __global__ __aicore__ void atomic_min_float(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<float, false>(x, z, 64);
}
extern "C" __global__ __aicore__ void atomic_max_half(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<half, true>(x, z, 128);
}
extern "C" __global__ __aicore__ void atomic_min_int16(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<int16_t, false>(x, z, 128);
}
extern "C" __global__ __aicore__ void atomic_max_int32(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<int32_t, true>(x, z, 64);
}
extern "C" __global__ __aicore__ void atomic_max_int8(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<int8_t, true>(x, z, 256);
}
extern "C" __global__ __aicore__ void atomic_min_bf16(GM_ADDR x, GM_ADDR z) {
    atomic_extreme::ExtremeRows<bfloat16_t, false>(x, z, 128);
}
