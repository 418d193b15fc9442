// `kernel<<<numBlocks, l2ctrl, stream>>>(args)` launches (cpu_debug_launch.h): one sim launch
// on a stream, printed the way a CPU-debug user reads it, its result left on the stream for
// aclrtSynchronizeStream as the NPU runtime reports a kernel fault.
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "acl_state.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/launch_report.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "cpu_debug_launch.h"

namespace sim::asc {
namespace {

std::vector<std::string> ArgumentNames(const char* text) {
    std::vector<std::string> names;
    std::string current;
    for (const char* p = text; *p != '\0'; ++p) {
        if (*p == '\n') {
            names.push_back(current);
            current.clear();
        } else {
            current += *p;
        }
    }
    if (!current.empty() || !names.empty()) names.push_back(current);
    return names;
}

std::string Describe(const ChevronSite& site, const ChevronConfig& config) {
    return std::string(site.kernel) + "<<<" + std::to_string(config.blockDim) + ">>>";
}

void Print(const ChevronSite& site, const ChevronConfig& config, const LaunchResult& result) {
    const std::string text = LaunchReportText(Describe(site, config), site.file, site.line, result);
    std::fputs(text.c_str(), stdout);  // one call: lines of launches on other threads do not interleave
    std::fflush(stdout);
}

LaunchResult Refused(const ChevronSite& site, const std::string& why) {
    LaunchResult result;
    result.ok = false;
    result.errorKind = Check::ApiMisuse;
    result.error = why;
    result.kernelName = site.kernel;
    result.soc = CurrentSoc().name;
    return result;
}

}  // namespace

bool RunChevronLaunch(const ChevronSite& site, const ChevronConfig& config,
                      const std::vector<const void*>& argAddresses, const std::function<void()>& kernelCall) {
    std::string why;
    if (!acl::StreamUsable(config.stream, &why)) {
        // Nothing runs and there is no stream to carry the failure: the error goes to
        // aclGetRecentErrMsg and the launch line.
        const std::string message = Describe(site, config) + " not launched: " + why;
        acl::SetRecentError(message);
        std::fprintf(stdout, "[ascendc-sim] %s at %s:%d\n", message.c_str(), site.file, site.line);
        std::fflush(stdout);
        return false;
    }
    LaunchResult result;
    if (config.simtThreads > 0) {
        result = Refused(site, "a SIMT launch <<<blocks, threadsPerBlock, dynUbufSize, stream>>> (" +
                                   std::to_string(config.simtThreads) +
                                   " threads per block): the sim runs SIMD vector kernels only");
    } else if (config.blockDim <= 0 || config.blockDim > std::numeric_limits<uint32_t>::max()) {
        result = Refused(site, "numBlocks " + std::to_string(config.blockDim) + " is not a core count");
    } else {
        LaunchConfig launch;
        launch.kernelName = site.kernel;
        launch.blockDim = static_cast<uint32_t>(config.blockDim);
        const std::vector<std::string> names = ArgumentNames(site.arguments);
        for (size_t i = 0; i < argAddresses.size(); ++i) {
            if (argAddresses[i] == nullptr) continue;
            launch.args.push_back(KernelArg{argAddresses[i], names.size() == argAddresses.size()
                                                                 ? names[i]
                                                                 : "argument " + std::to_string(i)});
        }
        result = RunKernel(launch, kernelCall);
    }
    Print(site, config, result);
    return acl::RecordLaunch(config.stream, result,
                             Describe(site, config) + " at " + site.file + ":" + std::to_string(site.line));
}

}  // namespace sim::asc
