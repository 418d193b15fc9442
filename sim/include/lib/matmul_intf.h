// CANN's kernel-side matmul header (asc-devkit include/adv_api/matmul/matmul_intf.h, reached as
// "lib/matmul_intf.h"), which vector kernels include along with kernel_operator.h even when
// they use no matmul. The sim models the vector core only: it gives the kernel API, and no
// Matmul, so a kernel that does use one fails to compile on the name `Matmul`.
#pragma once
#include "kernel_operator.h"
