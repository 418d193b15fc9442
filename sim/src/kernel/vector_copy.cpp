// Argument checks of Copy (CopyRepeatParams) and Brcb (kernel/vector_copy.h): out of line, as a
// report is built only when one fails.
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_copy.h"

namespace sim::vec {

bool CheckCopyRepeatSize(const ApiName& api, const char* name, uint32_t value) {
    if (value <= kMaxCopyRepeatSize) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + name + " " + std::to_string(value) +
                                    " is outside [0, " + std::to_string(kMaxCopyRepeatSize) + "] (32-byte blocks)");
    return false;
}

bool CheckBrcbBlockStride(const ApiName& api, uint32_t dstBlkStride) {
    if (dstBlkStride != 0) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": dstBlkStride 0 puts all 8 broadcast blocks of a repeat "
                                    "on one block; the Brcb page leaves the result undefined");
    return false;
}

}  // namespace sim::vec
