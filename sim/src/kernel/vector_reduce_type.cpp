#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_reduce_type.h"

namespace sim::vec {

bool CheckWholeReduceArgs(const ApiName& api, int32_t repeatTime, int32_t srcRepStride) {
    std::string problem;
    if (repeatTime < 0) problem = "repeatTime " + std::to_string(repeatTime) + " is negative";
    else if (srcRepStride < 0 || srcRepStride > 65535)
        problem = "srcRepStride " + std::to_string(srcRepStride) + " is outside [0, 65535]";
    if (problem.empty()) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + problem);
    return false;
}

bool CheckSprWritten(const char* api, bool written, const char* name, const char* writers) {
    if (written) return true;
    Violation(Check::ApiMisuse, std::string(api) + ": the " + name + " register was not written on this core yet (" +
                                    writers + " writes it)");
    return false;
}

void ReportSprUnsupported(const char* api) {
    Violation(Check::ApiMisuse, std::string(api) +
                                    ": the value-only form is for Atlas inference AI Core; Atlas A2/A3 need "
                                    "(maxMinValue, maxMinIndex)");
}

}  // namespace sim::vec
