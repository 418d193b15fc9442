// The TilingFunc's memory of its recent plans. ComputeTiling is a pure function, and ranking
// the candidate plans on the timing table is most of its cost (tens of microseconds, as much
// as a small op's whole launch on the sim): a host that runs the op again and again on the
// same shapes (a training loop, a benchmark) gets the plan it had. Shared by every thread
// under a lock held only to look up and to store, never while a plan is computed.
#pragma once
#include <string>

#include "lstm_cell_grad_compute_tiling.h"

namespace lstm_cell_grad {

// ComputeTiling(input, platform, overrides), answered from the last few answers when the
// same arguments come again.
bool RememberedTiling(const CheckedTilingInput& input, const PlatformInfo& platform, const TilingOverrides& overrides,
                      TilingPlan* plan, std::string* error);

}  // namespace lstm_cell_grad
