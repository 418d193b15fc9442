// Kernels for the scalar-unit and store-atomic tests (test_scalar_api.py):
//   bypass_copy_<type>(x, z): z[i] = 2 * x[i] for kBypassElements elements, read and written
//                             one by one with ReadGmByPassDCache / WriteGmByPassDCache;
//   bypass_read_past_end(x, z): reads the element just past x's allocation (reported);
//   store_atomic_config(x, z, codes): GetStoreAtomicConfig after each register change (two
//                             int32 codes each into `codes`), then a float atomic sum of x into
//                             z enabled by SetStoreAtomicConfig<ATOMIC_F32, ATOMIC_SUM>.
#pragma once
#include "kernel_operator.h"

namespace scalar_kernels {

constexpr uint32_t kBypassElements = 16;
constexpr uint32_t kAtomicFloats = 64;

template <class T>
__aicore__ inline void BypassCopy(GM_ADDR x, GM_ADDR z) {
    for (uint32_t i = 0; i < kBypassElements; ++i) {
        const T v = AscendC::ReadGmByPassDCache<T>(reinterpret_cast<__gm__ T*>(x) + i);
        AscendC::WriteGmByPassDCache<T>(reinterpret_cast<__gm__ T*>(z) + i, static_cast<T>(v * 2));
    }
}

__aicore__ inline void Record(GM_ADDR codes, uint32_t& slot) {
    uint16_t type = 99, op = 99;
    AscendC::GetStoreAtomicConfig(type, op);
    AscendC::WriteGmByPassDCache<int32_t>(reinterpret_cast<__gm__ int32_t*>(codes) + slot++, type);
    AscendC::WriteGmByPassDCache<int32_t>(reinterpret_cast<__gm__ int32_t*>(codes) + slot++, op);
}

}  // namespace scalar_kernels

#define SCALAR_KERNELS_BYPASS(T)                                                 \
    extern "C" __global__ __aicore__ void bypass_copy_##T(GM_ADDR x, GM_ADDR z) { \
        scalar_kernels::BypassCopy<T>(x, z);                                      \
    }
SCALAR_KERNELS_BYPASS(int8_t)
SCALAR_KERNELS_BYPASS(uint8_t)
SCALAR_KERNELS_BYPASS(int16_t)
SCALAR_KERNELS_BYPASS(uint16_t)
SCALAR_KERNELS_BYPASS(int32_t)
SCALAR_KERNELS_BYPASS(uint32_t)
SCALAR_KERNELS_BYPASS(int64_t)
SCALAR_KERNELS_BYPASS(uint64_t)
#undef SCALAR_KERNELS_BYPASS

extern "C" __global__ __aicore__ void bypass_read_past_end(GM_ADDR x, GM_ADDR z) {
    const int32_t v = AscendC::ReadGmByPassDCache<int32_t>(reinterpret_cast<__gm__ int32_t*>(x) +
                                                           scalar_kernels::kBypassElements);
    AscendC::WriteGmByPassDCache<int32_t>(reinterpret_cast<__gm__ int32_t*>(z), v);
}

extern "C" __global__ __aicore__ void store_atomic_config(GM_ADDR x, GM_ADDR z, GM_ADDR codes) {
    using namespace AscendC;
    uint32_t slot = 0;
    scalar_kernels::Record(codes, slot);  // nothing set yet
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_F16, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_S16, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_S32, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_S8, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_BF16, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_NONE, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    SetAtomicMax<float>();
    scalar_kernels::Record(codes, slot);
    SetAtomicAdd<half>();
    scalar_kernels::Record(codes, slot);
    DisableDmaAtomic();
    scalar_kernels::Record(codes, slot);

    constexpr uint32_t n = scalar_kernels::kAtomicFloats;
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, n * sizeof(float));
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, n);
    zGm.SetGlobalBuffer((__gm__ float*)z, n);
    LocalTensor<float> buf = queue.AllocTensor<float>();
    DataCopy(buf, xGm, n);
    queue.EnQue(buf);
    buf = queue.DeQue<float>();
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_F32, AtomicOp::ATOMIC_SUM>();
    scalar_kernels::Record(codes, slot);
    DataCopy(zGm, buf, n);
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_NONE, AtomicOp::ATOMIC_SUM>();
    queue.FreeTensor(buf);
}
