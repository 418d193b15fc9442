// LocalMemAllocator<UB> (kernel/local_mem_allocator.h): each tile becomes one named UB buffer
// of the core, "LocalMemAllocator<UB> tile#n", so every later operand check names it, and
// its Alloc line (the kernel's) is kept for the reports.
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/local_mem_allocator.h"

namespace sim {
namespace {
const char* const kAllocatorTileKind = "LocalMemAllocator<UB> tile";
}  // namespace

void NoteUbAllocator() {
    CoreState& core = Core();
    if (core.ubAllocatorTiles >= 0) {
        Violation(Check::ApiMisuse,
                  "LocalMemAllocator<Hardware::UB>: a second allocator of UB on core " + std::to_string(core.blockIdx) +
                      " in one launch; CANN allows one LocalMemAllocator per hardware position for the operator's "
                      "whole run (each starts at UB address 0, so the second one's tiles overlap the first one's)");
        return;
    }
    core.ubAllocatorTiles = 0;
}

__attribute__((noinline)) UbRef AllocatorTileRef(uint8_t position, uint32_t ubByteAddress, uint64_t bytes,
                                                 const char* api) {
    const void* site = __builtin_return_address(0);
    CoreState& core = Core();
    const uint64_t ubBytes = core.soc.ubBytes;
    const int32_t number = core.ubAllocatorTiles < 0 ? 0 : core.ubAllocatorTiles;
    core.ubAllocatorTiles = number + 1;
    const uint64_t end = static_cast<uint64_t>(ubByteAddress) + bytes;
    if (end > ubBytes) {
        Violation(Check::UbCapacity,
                  std::string("LocalMemAllocator<Hardware::UB>::") + api + ": tile#" + std::to_string(number) + " of " +
                      std::to_string(bytes) + " bytes at GetCurAddr() = " + std::to_string(ubByteAddress) +
                      " would end at UB byte " + std::to_string(end) + ", but " + core.soc.name + " has " +
                      std::to_string(ubBytes) + " bytes of UB (" +
                      std::to_string(ubByteAddress < ubBytes ? ubBytes - ubByteAddress : 0) + " left)");
    }
    UbRef ref;
    ref.position = position;
    ref.offset = ubByteAddress < ubBytes ? ubByteAddress : static_cast<uint32_t>(ubBytes);
    ref.bytes = static_cast<uint32_t>((end > ubBytes ? ubBytes : end) - ref.offset);
    ref.buffer = static_cast<int32_t>(core.buffers.size());
    core.buffers.push_back(UbBuffer{ref.offset, ref.bytes, BufferName{kAllocatorTileKind, nullptr, number}, site});
    return ref;
}

}  // namespace sim
