// The GM side of every DMA and scalar GM access: inside the allocation it falls in
// (memory safety), and inside what the GlobalTensor declared (the kernel's own contract).
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/lazy_text.h"

namespace sim {

struct GmView {
    const void* base = nullptr;      // GlobalTensor's SetGlobalBuffer pointer
    uint64_t declaredBytes = 0;      // bufferSize * sizeof(T)
    bool hasDeclaredSize = false;    // SetGlobalBuffer was given a size
    uint8_t cacheMode = 0;           // AscendC::CacheMode set by SetL2CacheHint (for the time model)
};

// Checks [start, start + bytes). Returns true when the access may run; false when it
// must be dropped (outside any allocation, reported at warn/off). Throws KernelFault at
// error. `api` names the instruction (made text only for a report); `operand` names the side ("src", "dst"); messages name the allocation and the
// kernel argument it was passed as.
bool CheckGmAccess(const LazyText& api, const char* operand, const GmView& view, const void* start, uint64_t bytes);

}  // namespace sim
