// gert::InferDataTypeContext: what an op's InferDataType function reads and writes in CANN's
// graph mode, with CANN's method names and index semantics (see infer_shape_context.h for
// instance and IR indices). Made and run by sim::host::RunInferDataType, never by user code.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace sim::host {
struct ContextFactory;
}  // namespace sim::host

namespace gert {

class InferDataTypeContext {
public:
    // By instance index; DT_UNDEFINED past the last instance.
    ge::DataType GetInputDataType(size_t index) const {
        size_t instance = 0;
        for (ge::DataType dataType : inputs_) {
            if (dataType == ge::DT_UNDEFINED) continue;
            if (instance++ == index) return dataType;
        }
        return ge::DT_UNDEFINED;
    }
    // By IR index; DT_UNDEFINED past the declaration or for an absent optional input.
    ge::DataType GetOptionalInputDataType(size_t irIndex) const { return ByIr(irIndex); }
    ge::DataType GetRequiredInputDataType(size_t irIndex) const { return ByIr(irIndex); }
    ge::DataType GetDynamicInputDataType(size_t irIndex, size_t relativeIndex) const {
        return relativeIndex == 0 ? ByIr(irIndex) : ge::DT_UNDEFINED;
    }
    ge::DataType GetOutputDataType(size_t index) const {
        return index < outputs_.size() ? outputs_[index] : ge::DT_UNDEFINED;
    }
    // GRAPH_FAILED past the last output.
    ge::graphStatus SetOutputDataType(size_t index, ge::DataType dataType) {
        if (index >= outputs_.size()) return ge::GRAPH_FAILED;
        outputs_[index] = dataType;
        return ge::GRAPH_SUCCESS;
    }
    const RuntimeAttrs* GetAttrs() const { return attrs_.get(); }
    const char* GetNodeName() const { return nodeName_.c_str(); }
    const char* GetNodeType() const { return nodeType_.c_str(); }

    InferDataTypeContext(const InferDataTypeContext&) = delete;
    InferDataTypeContext& operator=(const InferDataTypeContext&) = delete;

private:
    friend struct ::sim::host::ContextFactory;
    InferDataTypeContext() = default;
    ge::DataType ByIr(size_t irIndex) const { return irIndex < inputs_.size() ? inputs_[irIndex] : ge::DT_UNDEFINED; }

    std::string nodeName_, nodeType_;
    std::vector<ge::DataType> inputs_;   // per IR input; DT_UNDEFINED for an absent optional one
    std::vector<ge::DataType> outputs_;  // per output; DT_UNDEFINED until the function sets it
    std::unique_ptr<RuntimeAttrs> attrs_;
};

}  // namespace gert
