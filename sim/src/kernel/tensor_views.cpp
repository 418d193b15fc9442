#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/tensor.h"

namespace sim {

uint64_t BufferBytesAfter(const UbRef& ref) {
    const CoreState& core = Core();
    if (ref.buffer < 0 || static_cast<size_t>(ref.buffer) >= core.buffers.size()) return ref.bytes;
    const UbBuffer& buffer = core.buffers[ref.buffer];
    const uint64_t end = uint64_t(buffer.offset) + buffer.bytes;
    return end > ref.offset ? end - ref.offset : 0;
}

}  // namespace sim
