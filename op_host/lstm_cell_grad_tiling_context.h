// The TilingFunc's adapter: a gert::TilingContext read into ComputeTiling's arguments (after
// the op's argument checks), the plan written back into the context. The shipped TilingFunc
// runs it without overrides; a tool that wants a plan of its own choosing (plan() and tune's
// launches on the sim) runs the same adapter and passes its overrides as an argument.
#pragma once
#include <string>

#include "graph/ge_error_codes.h"
#include "lstm_cell_grad_compute_tiling.h"

namespace gert {
class TilingContext;
}  // namespace gert

namespace lstm_cell_grad {

// Fills `context` (block dim, tiling key, schedule mode, workspace, tiling data) with the plan
// for its tensors on its platform, and *plan with the same plan. GRAPH_FAILED with *error
// set (naming the argument or the override) when the arguments or the overrides are refused.
ge::graphStatus TilingFromContext(gert::TilingContext* context, const TilingOverrides& overrides, TilingPlan* plan,
                                  std::string* error);

}  // namespace lstm_cell_grad
