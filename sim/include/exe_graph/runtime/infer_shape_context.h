// gert::InferShapeContext: declared so that op_host sources defining an InferShape
// function (needed by CANN's graph mode) compile. The sim records the function in the op
// registry but does not run it: aclnn calls take their output shapes from the caller.
// No object of this class is ever made, so the accessors below are never reached.
#pragma once
#include <cstddef>

#include "exe_graph/runtime/shape.h"

namespace gert {

class InferShapeContext {
public:
    const Shape* GetInputShape(size_t) const { return nullptr; }
    const Shape* GetOptionalInputShape(size_t) const { return nullptr; }
    Shape* GetOutputShape(size_t) { return nullptr; }
    const char* GetNodeName() const { return ""; }

    InferShapeContext(const InferShapeContext&) = delete;
    InferShapeContext& operator=(const InferShapeContext&) = delete;

private:
    InferShapeContext() = default;
};

}  // namespace gert
