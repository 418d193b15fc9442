// A violation whose message already names its kernel lines (found after the kernel returned,
// e.g. a queue buffer left allocated: the line is the AllocTensor's, not the launch's stack).
#pragma once
#include <string>

#include "ascendc_sim/core/check.h"

namespace sim {
bool ViolationWithItsLines(Check kind, const std::string& messageWithLines);
}  // namespace sim
