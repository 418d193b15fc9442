// gert::InferDataTypeContext: declared so that op_host sources defining an InferDataType
// function (graph mode only) compile; recorded in the op registry, never run by the sim.
// No object of this class is ever made, so the accessors below are never reached.
#pragma once
#include <cstddef>

#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace gert {

class InferDataTypeContext {
public:
    ge::DataType GetInputDataType(size_t) const { return ge::DT_UNDEFINED; }
    ge::DataType GetOptionalInputDataType(size_t) const { return ge::DT_UNDEFINED; }
    ge::graphStatus SetOutputDataType(size_t, ge::DataType) { return ge::GRAPH_FAILED; }
    const char* GetNodeName() const { return ""; }

    InferDataTypeContext(const InferDataTypeContext&) = delete;
    InferDataTypeContext& operator=(const InferDataTypeContext&) = delete;

private:
    InferDataTypeContext() = default;
};

}  // namespace gert
