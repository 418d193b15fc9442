// CANN's kernel printf header (asc-devkit include/utils/debug/asc_printf.h): what a kernel
// that prints and uses no other API includes. In CPU-debug mode a kernel's plain printf is
// the C library's; AscendC::printf / PRINTF (prefixed with the core) come with it as in CANN.
#pragma once
#include <cstdio>

#include "ascendc_sim/kernel/debug_print.h"
#include "ascendc_sim/kernel/markers.h"
