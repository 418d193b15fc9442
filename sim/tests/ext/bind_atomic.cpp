// Registers the kernels of kernels/atomic_kernels.h for simtest.launch (test_atomic_debug.py).
#include "atomic_kernels.h"
#include "registry.h"

SIMTEST_BINDINGS(atomic) {
    (void)m;
    simtest::RegisterKernel("atomic_add_rows", &atomic_add_rows);
    simtest::RegisterKernel("plain_rows_race", &plain_rows_race);
    simtest::RegisterKernel("atomic_mixed_race", &atomic_mixed_race);
    simtest::RegisterKernel("atomic_half_rows", &atomic_half_rows);
    simtest::RegisterKernel("init_global_memory_fill", &init_global_memory_fill);
    simtest::RegisterKernel("print_and_dump", &print_and_dump);
    simtest::RegisterKernel("dump_without_sync", &dump_without_sync);
    simtest::RegisterKernel("dump_past_tensor", &dump_past_tensor);
}
