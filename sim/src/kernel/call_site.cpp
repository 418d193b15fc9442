#include "ascendc_sim/kernel/call_site.h"

#include "ascendc_sim/core/core_state.h"

namespace sim {

void NoteCallSite() {
    if (CoreState* core = CurrentCoreOrNull()) core->callSite = __builtin_return_address(0);
}

}  // namespace sim
