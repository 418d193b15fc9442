// Argument checks of the bitwise and compound vector APIs (vector_bitwise.h,
// vector_compound.h): out of line, as a report is built only when one fails.
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_bitwise.h"
#include "ascendc_sim/kernel/vector_compound.h"

namespace sim::vec {

bool CheckShiftRange(const ApiName& api, int64_t bits, uint32_t width) {
    if (bits >= 0 && bits <= static_cast<int64_t>(width)) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": scalarValue (the shift count) " + std::to_string(bits) +
                                    " is outside [0, " + std::to_string(width) + "] for a " + std::to_string(width) +
                                    "-bit element type (Atlas A2/A3)");
    return false;
}

bool CheckAccumulator(const ApiName& api, const UbRef& dst, uint64_t bytes) {
    if (dst.buffer >= 0 && dst.offset % kBlockBytes != 0) {
        // As for any operand: misalignment is reported, and the instruction runs if downgraded.
        Violation(Check::UbAlignment, std::string(api.text) + ": operand dst (read as the addend and written) at " +
                                          Core().Describe(dst, 0, bytes) +
                                          " is not 32-byte aligned (UB address % 32 = " +
                                          std::to_string(dst.offset % kBlockBytes) + ")");
    }
    return dst.buffer < 0 || CheckFits(api, "dst", dst, bytes);
}

}  // namespace sim::vec
