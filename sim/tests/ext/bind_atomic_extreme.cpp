// Registers the kernels of kernels/atomic_extreme_kernels.h for simtest.launch (test_atomic_max_min.py).
#include "atomic_extreme_kernels.h"
#include "registry.h"

SIMTEST_BINDINGS(atomic_extreme) {
    (void)m;
    simtest::RegisterKernel("atomic_max_float", &atomic_max_float);
    simtest::RegisterKernel("atomic_min_float", &atomic_min_float);
    simtest::RegisterKernel("atomic_max_half", &atomic_max_half);
    simtest::RegisterKernel("atomic_min_int16", &atomic_min_int16);
    simtest::RegisterKernel("atomic_max_int32", &atomic_max_int32);
    simtest::RegisterKernel("atomic_max_int8", &atomic_max_int8);
    simtest::RegisterKernel("atomic_min_bf16", &atomic_min_bf16);
}
