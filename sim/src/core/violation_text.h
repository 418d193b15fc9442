// A violation whose message already names its kernel lines (found after the kernel returned,
// e.g. a queue buffer left allocated: the line is the AllocTensor's, not the launch's stack).
#pragma once
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/output_check.h"

namespace sim {
bool ViolationWithItsLines(Check kind, const std::string& messageWithLines);

// The element of `out` holding byte `byteOffset`, in the tensor's coordinates:
// "(3, 17) of shape [300, 160]"; "byte N" when the tensor has no shape.
std::string ElementAt(const OutputTensor& out, uint64_t byteOffset);
}  // namespace sim
