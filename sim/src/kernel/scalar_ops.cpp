// The GM side of ReadGmByPassDCache / WriteGmByPassDCache (kernel/scalar_ops.h).
#include "ascendc_sim/kernel/scalar_ops.h"

namespace sim::scalar {

void* BypassAccess(const char* api, const char* operand, void* address, uint64_t bytes) {
    CoreState& core = Core();
    core.Issue(Event{EventKind::Scalar, Pipe::S, Pipe::S, api, bytes});
    GmView view;  // a raw pointer: checked against the allocation it falls in only
    if (!CheckGmAccess(api, operand, view, address, bytes)) return nullptr;
    return address;
}

}  // namespace sim::scalar
