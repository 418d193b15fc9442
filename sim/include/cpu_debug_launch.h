// CANN's CPU-debug launch header, on the sim: what a `kernel<<<numBlocks, l2ctrl, stream>>>(args)`
// launch of a CANN 8.5+/9.x `.asc` sample becomes on the CPU.
//
// CANN's bisheng compiler, in CPU-debug mode, turns each `<<<...>>>` launch into a call of
// AscendC::AscCPUKernelLaunch (asc-tools' cpudebug/include/cpu_debug_launch.h). g++ has no
// `<<<>>>`, so the sim's preprocessing step (sim/tools/asc/asc_rewrite.py, run by the CMake
// function ascendc_sim_add_asc_executable and by `build.py asc`) rewrites each launch into a
// call of sim::asc::ChevronLaunch below, which also carries the launch's text for messages.
// Samples include this header under #ifdef ASCENDC_CPU_DEBUG; the rewritten file includes it
// first in any case.
//
// A launch runs numBlocks vector cores as one sim launch (every check applies, see
// docs/sim_guide.md), prints one line, and records its result on the stream: a failed launch
// makes the stream's next aclrtSynchronizeStream return 507035 with the report, as a fault on
// the NPU would.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "acl/acl.h"
#include "kernel_operator.h"
#include "kern_fwk.h"

namespace sim::asc {

// Where a launch was written: the kernel and its arguments as written ("x\ny\nz": one
// argument per line), and the source position.
struct ChevronSite {
    const char* kernel;
    const char* arguments;
    const char* file;
    int line;
};

// The `<<<...>>>` configuration: <<<numBlocks, l2ctrl>>> (the default stream),
// <<<numBlocks, l2ctrl, stream>>>, or SIMT's <<<blocks, threadsPerBlock, dynUbufSize, stream>>>
// (recognized so that it fails with a clear message: the sim runs SIMD vector kernels).
struct ChevronConfig {
    template <class Blocks, class L2Ctrl>
    ChevronConfig(Blocks numBlocks, L2Ctrl /*l2ctrl*/) : blockDim(static_cast<int64_t>(numBlocks)) {}
    template <class Blocks, class L2Ctrl>
    ChevronConfig(Blocks numBlocks, L2Ctrl /*l2ctrl*/, aclrtStream launchStream)
        : blockDim(static_cast<int64_t>(numBlocks)), stream(launchStream) {}
    template <class Blocks, class Threads, class UbufSize>
    ChevronConfig(Blocks blocks, Threads threadsPerBlock, UbufSize /*dynUbufSize*/, aclrtStream launchStream)
        : blockDim(static_cast<int64_t>(blocks)), stream(launchStream),
          simtThreads(static_cast<int64_t>(threadsPerBlock)) {}

    int64_t blockDim;
    aclrtStream stream = nullptr;
    int64_t simtThreads = 0;  // > 0: a SIMT launch
};

// Runs `kernelCall` on config.blockDim cores on config.stream; prints one line (and the
// report when there is one); records the result on the stream. Returns true on success.
bool RunChevronLaunch(const ChevronSite& site, const ChevronConfig& config,
                      const std::vector<const void*>& argAddresses, const std::function<void()>& kernelCall);

// The rewritten launch. The arguments are evaluated once, on the host, as the launch does;
// every core calls the kernel with its own copies of them.
template <class KernelCall, class... Args>
void ChevronLaunch(const ChevronSite& site, const ChevronConfig& config, KernelCall kernel, Args... args) {
    RunChevronLaunch(site, config, ::sim::tik::detail::ArgAddresses(args...), [&]() { kernel(args...); });
}

}  // namespace sim::asc

namespace AscendC {
// CANN's entry point with its signature, for code that calls it directly (`mangling` names
// the kernel in messages).
template <typename T, typename... Args>
inline void AscCPUKernelLaunch(unsigned numBlocks, void* dynicsize, aclrtStream stream, const char* mangling,
                               T kernelFunc, Args... args) {
    ::sim::asc::ChevronLaunch(::sim::asc::ChevronSite{mangling, "", __FILE__, __LINE__},
                              ::sim::asc::ChevronConfig(numBlocks, dynicsize, stream), kernelFunc, args...);
}
}  // namespace AscendC
