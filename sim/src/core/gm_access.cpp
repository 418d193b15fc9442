#include "ascendc_sim/core/gm_access.h"

#include <cstdio>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"

namespace sim {
namespace {

std::string Range(uint64_t from, uint64_t to) {
    return "[" + std::to_string(from) + ", " + std::to_string(to) + ")";
}

// The allocation found at `probe` with its label, for a message (the label is looked up
// only now: the check itself needs the extent alone).
GmAllocation Described(const void* probe, uintptr_t base, size_t bytes) {
    auto found = FindGm(probe);
    return GmAllocation{base, bytes, found && found->base == base ? found->label : "a device allocation"};
}

std::string NameOf(const GmAllocation& allocation) {
    CoreState* core = CurrentCoreOrNull();
    std::string arg = core != nullptr ? core->launch->ArgumentName(reinterpret_cast<const void*>(allocation.base)) : "";
    if (!arg.empty()) return "'" + arg + "' (" + allocation.label + ", " + std::to_string(allocation.bytes) + " bytes)";
    return allocation.label + " (" + std::to_string(allocation.bytes) + " bytes)";
}

}  // namespace

bool CheckGmAccess(const LazyText& api, const char* operand, const GmView& view, const void* start, uint64_t bytes) {
    if (bytes == 0) return true;
    const auto address = reinterpret_cast<uintptr_t>(start);
    const auto base = reinterpret_cast<uintptr_t>(view.base);
    // The allocation of the GlobalTensor (or of the access when it has none); an access outside
    // it is then reported against it.
    const void* probe = view.base != nullptr ? view.base : start;
    uintptr_t allocationBase = 0;
    size_t allocationBytes = 0;
    bool found = FindGmExtent(probe, &allocationBase, &allocationBytes);
    if (!found) {
        probe = start;
        found = FindGmExtent(probe, &allocationBase, &allocationBytes);
    }
    if (!found) {
        char hex[32];
        std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(address));
        Violation(Check::GmAllocation, api.Get() + ": " + operand + " GM address 0x" + hex + " (" +
                                           std::to_string(bytes) + " bytes) is in no device allocation "
                                           "(not from aclrtMalloc/GmAlloc, or already freed)");
        return false;
    }
    const uint64_t from = address - allocationBase;
    if (address < allocationBase || from + bytes > allocationBytes) {
        uint64_t past = address < allocationBase ? 0 : from + bytes - allocationBytes;
        std::string where = address < allocationBase
                                ? "starts " + std::to_string(allocationBase - address) + " bytes before it"
                                : std::to_string(past) + " bytes past its end";
        Violation(Check::GmAllocation, api.Get() + ": " + operand + " GM bytes " + Range(from, from + bytes) + " of " +
                                           NameOf(Described(probe, allocationBase, allocationBytes)) + ": " + where);
        return false;
    }
    if (view.hasDeclaredSize && view.base != nullptr) {
        const int64_t rel = static_cast<int64_t>(address) - static_cast<int64_t>(base);
        if (rel < 0 || static_cast<uint64_t>(rel) + bytes > view.declaredBytes) {
            const uint64_t viewFrom = base - allocationBase;
            Violation(Check::GmDeclaredSize,
                      api.Get() + ": " + operand + " GM bytes " + Range(from, from + bytes) + " of " +
                          NameOf(Described(probe, allocationBase, allocationBytes)) + " lie outside the GlobalTensor's declared range " +
                          Range(viewFrom, viewFrom + view.declaredBytes) +
                          " (SetGlobalBuffer size " + std::to_string(view.declaredBytes) + " bytes)");
            // Still inside the allocation: safe to perform if the kind was downgraded.
        }
    }
    return true;
}

}  // namespace sim
