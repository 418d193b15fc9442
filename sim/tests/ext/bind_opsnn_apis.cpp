// Registers the kernels of kernels/opsnn_api_kernels.h for simtest.launch (test_opsnn_apis.py).
#include "opsnn_api_kernels.h"
#include "registry.h"

SIMTEST_BINDINGS(opsnn_apis) {
    (void)m;
    simtest::RegisterKernel("init_output_fill", &init_output_fill);
    simtest::RegisterKernel("init_output_default", &init_output_default);
    simtest::RegisterKernel("to_float_scalars", &to_float_scalars);
    simtest::RegisterKernel("pipe_assigned_member", &pipe_assigned_member);
    simtest::RegisterKernel("arange_float", &arange_float);
    simtest::RegisterKernel("arange_half", &arange_half);
    simtest::RegisterKernel("arange_int32", &arange_int32);
    simtest::RegisterKernel("arange_int16", &arange_int16);
}
