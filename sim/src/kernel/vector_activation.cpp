#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_activation.h"

namespace sim::vec {

bool StackTemp(const ApiName& api, AscendC::LocalTensor<uint8_t>* temp) {
    AscendC::TPipe* pipe = ::GetTPipePtr();
    if (pipe == nullptr) {
        Violation(Check::ApiMisuse, std::string(api.text) +
                                        ": called without sharedTmpBuffer and no TPipe exists, so there is no UB "
                                        "left after InitBuffer to take the temp from (create the TPipe first)");
        return false;
    }
    *temp = AscendC::LocalTensor<uint8_t>(pipe->StackBuffer());
    return true;
}

const char* TempName(const UbRef& temp) {
    const bool isStack = temp.buffer >= 0 && static_cast<size_t>(temp.buffer) < Core().buffers.size() &&
                         Core().buffers[temp.buffer].name.kind == kStackBufferKind;
    return isStack ? "the temp (the UB left after InitBuffer)" : "sharedTmpBuffer";
}

bool CheckChunk(const ApiName& api, const UbRef& temp, uint64_t chunkElements, uint64_t minimumBytes,
                const char* hostQuery) {
    if (chunkElements > 0) return true;
    const bool isStack = temp.buffer >= 0 && static_cast<size_t>(temp.buffer) < Core().buffers.size() &&
                         Core().buffers[temp.buffer].name.kind == kStackBufferKind;
    Violation(Check::ApiMisuse,
              std::string(api.text) + ": the temp " +
                  (isStack ? "(the UB left after InitBuffer, " : "(sharedTmpBuffer, ") +
                  Core().Describe(temp, 0, temp.bytes) + ") holds " + std::to_string(temp.bytes) +
                  " bytes; one chunk needs at least " + std::to_string(minimumBytes) +
                  " bytes (size it with the host's " +
                  (hostQuery != nullptr ? std::string(hostQuery) : "Get" + std::string(api.text) + "MaxMinTmpSize") +
                  ")");
    return false;
}

}  // namespace sim::vec
