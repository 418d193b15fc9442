// Kernel call sites (return addresses the instruction log keeps per event) as source lines,
// for the line table and the trace. Resolved once per launch and address (addr2line, batched).
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "ascendc_sim/core/counters.h"

namespace sim::model {

struct SiteName {
    std::string code;      // "op_kernel/lstm_cell_grad_kernel.h:142" ("(unknown)" without line info)
    std::string function;  // "LstmCellGradKernel::Compute"
    std::string callers;   // "op_kernel/x.h:90 < op_kernel/x.h:40" (innermost caller first)
    std::string api;       // the API the line calls, from its text ("Tanh"); "" when not found
};

class SiteNames {
public:
    // Resolves every call site of `cores`' logs at once.
    explicit SiteNames(const std::vector<const CoreCounters*>& cores);
    const SiteName& Of(const void* site) const;

private:
    std::unordered_map<const void*, SiteName> names_;
    SiteName unknown_;
};

// The call site of event `index` of a core's log (nullptr when none was kept).
inline const void* SiteOf(const CoreCounters& core, size_t index) {
    return index < core.sites.size() ? core.sites[index] : nullptr;
}

}  // namespace sim::model
