// ge::graphStatus and the status values host code compares against (CANN
// metadef inc/external/graph/ge_error_codes.h: graphStatus is uint32_t,
// success 0, failure 0xFFFFFFFF).
#pragma once
#include <cstdint>

namespace ge {

using graphStatus = uint32_t;

const graphStatus GRAPH_SUCCESS = 0;
const graphStatus GRAPH_FAILED = 0xFFFFFFFF;
const graphStatus GRAPH_NOT_CHANGED = 1343242304;
const graphStatus GRAPH_PARAM_INVALID = 50331649;
const graphStatus GRAPH_NULL_PTR = 50331538;
const graphStatus GRAPH_MUL_OVERFLOW = 50331427;
const graphStatus GRAPH_ADD_OVERFLOW = 50331428;

}  // namespace ge
