// KERNEL_LOG and ASCENDC_ASSERT: the logging and assertion macros of CANN's kernel API in its
// CPU-debug mode (asc-devkit impl/basic_api/kernel_log.h), which kernels use directly:
//
//   ASCENDC_ASSERT(GetBlockNum() != 0, { KERNEL_LOG(KERNEL_ERROR, "block dim can not be zero!"); });
//
// KERNEL_LOG(level, format, ...) prints one printf-formatted line, prefixed (as CANN's CPU mode
// does) with the level, the kernel's file:line and function, and inside a launch with the core
// as AscendC::printf names it ("[AIV Block i/n] ").
// Levels: KERNEL_DEBUG, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR (AscendC::LogLevel).
// ASCENDC_ASSERT(cond, behavior): when cond is false, runs `behavior` (usually a KERNEL_LOG),
// then stops the launch as a failed kernel assertion (CANN's CPU mode raises SIGABRT there;
// on the NPU the macro compiles to nothing).
#pragma once
// CANN's CPU-mode kernel headers bring the C library's assert and printf with the kernel API;
// kernels call both without including them.
#include <cassert>
#include <cstdint>
#include <cstdio>

#include "ascendc_sim/core/check.h"

namespace AscendC {
enum class LogLevel : uint8_t { KERNEL_DEBUG = 0, KERNEL_INFO = 1, KERNEL_WARN = 2, KERNEL_ERROR = 3 };
}  // namespace AscendC

namespace sim {
// `level` is the macro's argument as written ("KERNEL_ERROR"); the format is the kernel's.
__attribute__((format(printf, 5, 6))) void KernelLog(const char* level, const char* file, int line,
                                                     const char* function, const char* format, ...);
// Fails the launch as ascendc_assert does, naming the condition and where it was.
void KernelAssertFailed(const char* condition, const char* file, int line);
}  // namespace sim

#define KERNEL_LOG(level, format, ...) \
    ::sim::KernelLog(#level, __FILE__, __LINE__, __func__, format __VA_OPT__(, ) __VA_ARGS__)

#define ASCENDC_ASSERT(cond, behavior)                                   \
    do {                                                                 \
        if (!(cond)) {                                                   \
            behavior;                                                    \
            ::sim::KernelAssertFailed(#cond, __FILE__, __LINE__);        \
        }                                                                \
    } while (0)

// ASSERT(x): CANN's kernel assertion (asc-devkit impl/basic_api/kernel_macros.h: assert(x) in
// its CPU debug mode); here a false x fails the launch as ASCENDC_ASSERT does.
#ifndef ASSERT
#define ASSERT(x)                                                    \
    do {                                                             \
        if (!(x)) ::sim::KernelAssertFailed(#x, __FILE__, __LINE__); \
    } while (0)
#endif
