// Function and address-space markers of Ascend C. On the CPU they carry no meaning, as in
// CANN's own CPU-debug build (ASCENDC_CPU_DEBUG defines them empty too).
#pragma once
#include <cstdint>

#ifndef ASCENDC_CPU_DEBUG
#define ASCENDC_CPU_DEBUG 1
#endif
#define __aicore__
#define __global__
#define __vector__  // AIV-only kernel entry (static tensor programming samples)
#define __gm__
#define __ubuf__
#define __inout__
#define __in__
#define __out__
#define __mix__(cube, vec)
#define GM_ADDR __gm__ uint8_t*
// Branch hints kernel code uses, as CANN's kernel headers define them (asc-devkit
// impl/basic_api/utils/kernel_utils_macros.h), unless the program has its own.
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
