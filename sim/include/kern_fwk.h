// CANN's CPU-debug launch framework (tikicpulib's kern_fwk.h) on the sim: GmAlloc/GmFree,
// SetKernelMode, ICPU_SET_TILING_KEY and ICPU_RUN_KF with CANN's names and call shapes, so
// kernel unit tests written for CANN's CPU debug mode compile unchanged against the sim.
//
// Differences from CANN, all on purpose:
// - the blocks run as threads of this process (CANN forks one process per core), so a
//   violation never kills the test binary: ICPU_RUN_KF prints the launch report and
//   returns; with GoogleTest in the translation unit the enclosing test fails
//   (ADD_FAILURE_AT the ICPU_RUN_KF line), without it sim::tik::LastRunFailed() says so;
// - every check of the sim applies (GM extents, declared GlobalTensor sizes, UB bounds,
//   alignment, uninitialised reads, pipe races), with the severities of
//   ascendc_sim/core/check.h (sim::SetSeverity, ASCEND_SIM_CHECKS).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/launch.h"

// At global scope, as in CANN's stub_def.h: UTs write `KernelMode::AIV_MODE` unqualified.
enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };

namespace AscendC {
using ::KernelMode;

// Device memory for ICPU_RUN_KF arguments: zero-filled, as CANN's GmAlloc (a fresh mmap'd
// file) is, and registered with the sim so every kernel access to it is bounds-checked.
void* GmAlloc(size_t size);
// Frees a GmAlloc (or aclrtMalloc) block; nullptr is ignored; anything else is reported.
void GmFree(void* ptr);
// Accepted for every mode; the sim always runs blockDim vector cores (see README).
void SetKernelMode(KernelMode mode);
}  // namespace AscendC

namespace sim::tik {

// Where an ICPU_RUN_KF was written, in the test's own words (for the launch report).
struct CallSite {
    const char* kernel;     // the `func` argument as written
    const char* arguments;  // the kernel arguments as written: "x, y, workspace, tiling"
    const char* file;
    int line;
};

// Runs `kernelCall` on `blockDim` cores as one launch; prints one line per launch, plus the
// report (errors, warnings with counts) when there is anything to report. Returns true
// when the launch succeeded. `argAddresses` holds the pointer value of each kernel argument
// (nullptr for by-value arguments) so that messages name GM by the test's variable names.
bool RunKernelFunction(const CallSite& site, int64_t blockDim, const std::vector<const void*>& argAddresses,
                       const std::function<void()>& kernelCall);

// ICPU_SET_TILING_KEY: TILING_KEY_IS(key) selects the branch in every later ICPU_RUN_KF of
// the calling thread until the key is set again (CANN keeps it in a global, g_tilingKey).
void SetTilingKey(uint64_t key);
// Back to no key: every TILING_KEY_IS matches (the sim's default for kernels without keys).
void ClearTilingKey();
KernelMode CurrentKernelMode();

// Declares a GmAlloc buffer an output of the kernels launched after this (until GmFree or
// UnmarkOutputs): after each ICPU_RUN_KF that passes it, bytes no core wrote are reported
// as unwritten-output (the first one's byte offset, and the core that wrote next to it).
// A sim extension: CANN's CPU debug mode has no such check.
void MarkOutput(const void* gmAllocated, const std::string& name = "");
void UnmarkOutputs();

// The calling thread's most recent ICPU_RUN_KF.
bool LastRunFailed();
const LaunchResult& LastRun();
// One paragraph for a test framework: where, which kernel, the error.
std::string LastRunFailureMessage();
// ICPU_RUN_KF launches of this process that failed so far.
uint64_t FailedRunCount();

// Sets one check's severity (process-wide, like sim::SetSeverity) for the lifetime of the
// object, then restores it: for a UT that runs a known-loose kernel, e.g.
// sim::tik::ScopedSeverity relax(sim::Check::GmDeclaredSize, sim::Severity::Warn);
class ScopedSeverity {
public:
    ScopedSeverity(Check kind, Severity severity) : kind_(kind), previous_(GetSeverity(kind)) {
        SetSeverity(kind, severity);
    }
    ScopedSeverity(const ScopedSeverity&) = delete;
    ScopedSeverity& operator=(const ScopedSeverity&) = delete;
    ~ScopedSeverity() { SetSeverity(kind_, previous_); }

private:
    Check kind_;
    Severity previous_;
};

namespace detail {

template <class T>
const void* AddressOf(const T& argument) {
    if constexpr (std::is_pointer_v<T> && !std::is_function_v<std::remove_pointer_t<T>>) {
        return const_cast<const void*>(static_cast<const volatile void*>(argument));
    } else if constexpr (std::is_array_v<T>) {
        return static_cast<const void*>(argument);
    } else {
        return nullptr;  // by-value argument (a tiling struct, a length, nullptr)
    }
}

template <class... Args>
std::vector<const void*> ArgAddresses(const Args&... arguments) {
    static_assert(sizeof...(Args) <= 32, "ICPU_RUN_KF takes at most 32 kernel arguments (CANN's limit)");
    return {AddressOf(arguments)...};
}

}  // namespace detail
}  // namespace sim::tik

#define ICPU_SET_TILING_KEY(key) ::sim::tik::SetTilingKey(static_cast<uint64_t>(key))

// The kernel is called exactly as written (`func(args...)`) on every core, as CANN calls it
// in every forked core process: any callable (extern "C" kernel, function pointer, lambda)
// and any argument types (GM pointers, by-value tiling structs) work.
#define ICPU_RUN_KF(func, blkdim, ...)                                                                 \
    do {                                                                                               \
        if (!::sim::tik::RunKernelFunction(::sim::tik::CallSite{#func, #__VA_ARGS__, __FILE__, __LINE__}, \
                                           static_cast<int64_t>(blkdim),                              \
                                           ::sim::tik::detail::ArgAddresses(__VA_ARGS__),             \
                                           [&]() { func(__VA_ARGS__); })) {                           \
            ICPU_DETAIL_REPORT_FAILURE(__FILE__, __LINE__, ::sim::tik::LastRunFailureMessage());      \
        }                                                                                              \
    } while (0)

// How a failed ICPU_RUN_KF reaches the test framework, decided where ICPU_RUN_KF is used
// (not where this header is included, so include order does not matter): if GoogleTest's
// gtest.h has been included by then, its include guard is defined (empty) and the probe
// pastes to the ADD_FAILURE_AT variant; otherwise the failure was printed and is left to
// sim::tik::LastRunFailed(). Guard names: GoogleTest >= 1.11, then older releases.
#define ICPU_DETAIL_REPORT_FAILURE(file, line, message) \
    ICPU_DETAIL_CAT_NEW(ICPU_DETAIL_REPORT_, GOOGLETEST_INCLUDE_GTEST_GTEST_H_)(file, line, message)
#define ICPU_DETAIL_REPORT_(file, line, message) ADD_FAILURE_AT(file, line) << (message)
#define ICPU_DETAIL_REPORT_GOOGLETEST_INCLUDE_GTEST_GTEST_H_(file, line, message) \
    ICPU_DETAIL_CAT_OLD(ICPU_DETAIL_REPORT_OLD_, GTEST_INCLUDE_GTEST_GTEST_H_)(file, line, message)
#define ICPU_DETAIL_REPORT_OLD_(file, line, message) ADD_FAILURE_AT(file, line) << (message)
#define ICPU_DETAIL_REPORT_OLD_GTEST_INCLUDE_GTEST_GTEST_H_(file, line, message) ((void)0)
// Two pasting macros, one per level: a macro is not expanded again inside its own expansion.
#define ICPU_DETAIL_CAT_NEW(a, b) ICPU_DETAIL_CAT_NEW_(a, b)
#define ICPU_DETAIL_CAT_NEW_(a, b) a##b
#define ICPU_DETAIL_CAT_OLD(a, b) ICPU_DETAIL_CAT_OLD_(a, b)
#define ICPU_DETAIL_CAT_OLD_(a, b) a##b
