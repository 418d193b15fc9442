// gert::InferShapeContext: what an op's InferShape function reads and writes in CANN's graph
// mode (GE, ATC, torchair build the graph node's output shapes with it), with CANN's method
// names and index semantics. Made and run by sim::host::RunInferShape, never by user code.
//
// Inputs are addressed two ways, as in CANN: GetInputShape(index) takes the instance index
// (an absent optional input has no instance, so later inputs move down one), the Optional /
// Required / Dynamic variants take the IR (declaration) index and answer nullptr for an
// absent optional input. Only non-dynamic inputs are modelled (one instance at most).
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/shape.h"

namespace sim::host {
struct ContextFactory;
}  // namespace sim::host

namespace gert {

class Tensor;

class InferShapeContext {
public:
    // By instance index; nullptr past the last instance.
    const Shape* GetInputShape(size_t index) const {
        size_t instance = 0;
        for (size_t ir = 0; ir < inputs_.size(); ++ir) {
            if (!present_[ir]) continue;
            if (instance++ == index) return &inputs_[ir];
        }
        return nullptr;
    }
    // No input is value-dependent here: CANN answers a tensor without data, the sim nullptr.
    const Tensor* GetInputTensor(size_t) const { return nullptr; }
    // By IR index; nullptr past the declaration or for an absent optional input.
    const Shape* GetOptionalInputShape(size_t irIndex) const { return ByIr(irIndex); }
    const Shape* GetRequiredInputShape(size_t irIndex) const { return ByIr(irIndex); }
    const Shape* GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const {
        return relativeIndex == 0 ? ByIr(irIndex) : nullptr;
    }
    // nullptr past the last output.
    Shape* GetOutputShape(size_t index) { return index < outputs_.size() ? &outputs_[index] : nullptr; }
    const RuntimeAttrs* GetAttrs() const { return attrs_.get(); }
    const char* GetNodeName() const { return nodeName_.c_str(); }
    const char* GetNodeType() const { return nodeType_.c_str(); }

    InferShapeContext(const InferShapeContext&) = delete;
    InferShapeContext& operator=(const InferShapeContext&) = delete;

private:
    friend struct ::sim::host::ContextFactory;
    InferShapeContext() = default;
    const Shape* ByIr(size_t irIndex) const {
        return irIndex < inputs_.size() && present_[irIndex] ? &inputs_[irIndex] : nullptr;
    }

    std::string nodeName_, nodeType_;
    std::vector<Shape> inputs_;   // per IR input
    std::vector<bool> present_;   // per IR input: false for an absent optional one
    std::vector<Shape> outputs_;  // per output, empty until the function sets it
    std::unique_ptr<RuntimeAttrs> attrs_;
};

}  // namespace gert
