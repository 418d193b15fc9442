// Gather's offset checks and source reads (kernel/vector_gather.h).
#include <algorithm>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_gather.h"

namespace sim::vec {

bool GatherSources(const ApiName& api, const UbRef& src, const UbRef& srcOffset, uint32_t srcBaseAddr,
                   uint32_t elementBytes, uint64_t n, uint64_t seq, std::vector<uint8_t>* values) {
    CoreState& core = Core();
    const uint64_t offsetBytes = n * sizeof(uint32_t);
    if (!CheckFits(api, "srcOffset", srcOffset, offsetBytes)) return false;
    const uint8_t* offsets = core.Operand(api.text, "srcOffset", srcOffset, 0, offsetBytes, Pipe::V, seq, Access::Read);
    if (offsets == nullptr) return false;
    CheckPosition(api, "srcOffset", srcOffset);
    core.RequireDefined(api.text, "srcOffset", srcOffset, 0, offsetBytes, "gathers by");
    std::vector<uint64_t> at(n);
    uint64_t end = 0;
    for (uint64_t i = 0; i < n; ++i) {
        uint32_t offset;
        std::memcpy(&offset, offsets + i * sizeof(uint32_t), sizeof offset);
        at[i] = uint64_t{srcBaseAddr} + offset;
        if (at[i] % elementBytes != 0) {
            Violation(Check::ApiMisuse, std::string(api.text) + ": srcBaseAddr " + std::to_string(srcBaseAddr) +
                                            " + srcOffset[" + std::to_string(i) + "] " + std::to_string(offset) +
                                            " is not a multiple of the " + std::to_string(elementBytes) +
                                            "-byte element (offsets count bytes)");
            return false;
        }
        if (at[i] + elementBytes > src.bytes) {
            Violation(Check::OperandBounds, std::string(api.text) + ": srcBaseAddr " + std::to_string(srcBaseAddr) +
                                                " + srcOffset[" + std::to_string(i) + "] " + std::to_string(offset) +
                                                " bytes reaches past the end of src (" +
                                                core.Describe(src, 0, src.bytes) + ")");
            return false;
        }
        end = std::max(end, at[i] + elementBytes);
    }
    const uint8_t* in = core.Operand(api.text, "src", src, 0, end, Pipe::V, seq, Access::Read);
    if (in == nullptr) return false;
    CheckPosition(api, "src", src);
    const bool allDefined = core.AllDefined(src.offset, end);
    values->resize(n * elementBytes);
    for (uint64_t i = 0; i < n; ++i) {
        if (!allDefined) core.RequireDefined(api.text, "src", src, at[i], elementBytes, "gathers");
        std::memcpy(values->data() + i * elementBytes, in + at[i], elementBytes);
    }
    return true;
}

}  // namespace sim::vec
