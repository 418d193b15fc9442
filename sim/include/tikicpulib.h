// CANN's CPU-debug ("CPU twin") umbrella header, on the sim. A kernel unit test includes
// it to get the kernel API (kernel_operator.h: GM_ADDR, __global__/__aicore__, half, the
// tensors) and the launch framework (kern_fwk.h: GmAlloc, ICPU_SET_TILING_KEY,
// ICPU_RUN_KF, SetKernelMode). ASCENDC_CPU_DEBUG is defined, as in CANN's CPU build.
#pragma once
#include "kernel_operator.h"
#include "kern_fwk.h"
