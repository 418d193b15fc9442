// Device (GM) memory: host memory tracked as allocations, so that every DMA can be
// checked against the allocation it falls in and reported by name.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace sim {

struct GmAllocation {
    uintptr_t base = 0;
    size_t bytes = 0;
    std::string label;  // "aclrtMalloc #12", "GmAlloc #3", or a name given by LabelGm
};

// Allocates `bytes` (at least 1) aligned to 512 bytes, registers it and returns it.
// Returns nullptr if the host is out of memory.
void* AllocGm(size_t bytes, const std::string& origin);
// Frees an allocation made by AllocGm; returns false if `p` is not the start of one.
bool FreeGm(void* p);
// Registers memory the caller owns (e.g. a numpy buffer handed to a launch).
void RegisterGm(const void* p, size_t bytes, const std::string& label);
void UnregisterGm(const void* p);
// Gives the allocation containing `p` a readable name ("gradGates").
void LabelGm(const void* p, const std::string& label);
// The allocation containing byte `p`, if any.
std::optional<GmAllocation> FindGm(const void* p);
// The same allocation's base and size without its label (a string copy per lookup): for
// checks that run on every call and need the label only for their message. False if none.
// Searches a copy of the registry's extents, without its lock, while the registry holds at
// most kMaxCopiedGmExtents allocations (else the registry itself).
bool FindGmExtent(const void* p, uintptr_t* base, size_t* bytes);
constexpr size_t kMaxCopiedGmExtents = 1024;  // the copy: 16 KiB
size_t LiveGmAllocations();

}  // namespace sim
