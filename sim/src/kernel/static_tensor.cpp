// Static tensor programming: LocalTensor(TPosition, ubByteAddress, length) names UB by
// address. Each distinct range becomes one named UB buffer of the core, so messages say
// "static LocalTensor UB [a, b)" and the operand checks work as for TPipe buffers.
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/core_state.h"

namespace sim {

UbRef StaticTensorRef(uint8_t position, uint32_t ubByteAddress, uint64_t bytes) {
    CoreState& core = Core();
    const uint64_t ubBytes = core.soc.ubBytes;
    UbRef ref;
    ref.position = position;
    ref.offset = ubByteAddress < ubBytes ? ubByteAddress : static_cast<uint32_t>(ubBytes);
    const uint64_t end = static_cast<uint64_t>(ubByteAddress) + bytes;
    if (end > ubBytes) {
        Violation(Check::OperandBounds, "LocalTensor(TPosition, " + std::to_string(ubByteAddress) + ", " +
                                            std::to_string(bytes) + " bytes): UB [" + std::to_string(ubByteAddress) +
                                            ", " + std::to_string(end) + ") reaches past the " +
                                            std::to_string(ubBytes) + " bytes of UB on " + core.soc.name);
    }
    ref.bytes = static_cast<uint32_t>((end > ubBytes ? ubBytes : end) - ref.offset);
    // Kernels build their static tensors once, or a handful per loop iteration: a linear
    // search over the core's buffers stays cheap and keeps one entry per range.
    for (size_t i = core.buffers.size(); i-- > 0;) {
        const UbBuffer& b = core.buffers[i];
        if (b.offset == ref.offset && b.bytes == ref.bytes && b.name.kind == kStaticTensorKind) {
            ref.buffer = static_cast<int32_t>(i);
            return ref;
        }
    }
    ref.buffer = static_cast<int32_t>(core.buffers.size());
    core.buffers.push_back(UbBuffer{ref.offset, ref.bytes, BufferName{kStaticTensorKind}});
    return ref;
}

}  // namespace sim
