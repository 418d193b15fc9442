// Runs an op's InferShape / InferDataType functions as CANN's graph mode does when it builds
// a node of the op (GE, ATC, torchair): from the registered OpDef (SetInferShape /
// SetInferDataType) or IMPL_OP(...).InferShape(...) / .InferDataType(...).
//
//   sim::host::InferShapeResult r = sim::host::RunInferShape(
//       "ThnnFusedLstmCellBackward", {std::nullopt, {{4, 16}}, {{4, 16}}, {{4, 16}}, {{4, 64}}});
//   // r.ok, r.outputShapes == {{4, 64}, {4, 16}, {64}}
//
// Inputs in IR (declaration) order, std::nullopt (or DT_UNDEFINED) for an absent optional
// input; attributes in declaration order, those left out at the end from their defaults.
// The call is checked against the OpDef (input count, absent only where OPTIONAL, no
// DYNAMIC inputs); the function's status, a C++ exception it throws, and outputs it leaves
// unset all come back as ok == false with a message. Never throws.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ascendc_sim/host/op_registry.h"
#include "graph/types.h"

namespace sim::host {

struct InferShapeResult {
    bool ok = false;
    uint32_t status = 0xFFFFFFFF;  // the function's ge::graphStatus (GRAPH_FAILED if not run)
    std::string error;
    std::vector<std::vector<int64_t>> outputShapes;  // per declared output
};

struct InferDataTypeResult {
    bool ok = false;
    uint32_t status = 0xFFFFFFFF;
    std::string error;
    std::vector<ge::DataType> outputDataTypes;  // per declared output
};

InferShapeResult RunInferShape(const std::string& opType,
                               const std::vector<std::optional<std::vector<int64_t>>>& inputs,
                               const std::vector<AttrValue>& attrs = {});
InferDataTypeResult RunInferDataType(const std::string& opType, const std::vector<ge::DataType>& inputs,
                                     const std::vector<AttrValue>& attrs = {});

}  // namespace sim::host
