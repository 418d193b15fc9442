#include "ascendc_sim/kernel/system_info.h"

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/source_location.h"

namespace sim {

void TrapImpl(const void* site) {
    // The inlined Trap's return address is the kernel's line.
    const std::string message = "Trap() called" + DescribeCallStack(CallSiteStack(site));
    Violation(Check::KernelAssert, message);
    // Trap never returns on the NPU: with kernel-assert at warn/off the core still stops here.
    throw KernelFault(Check::KernelAssert, message);
}

}  // namespace sim
