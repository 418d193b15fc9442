// RunInferShape / RunInferDataType: the graph-mode inference calls, checked against the
// registered OpDef and laid out as a graph node (see infer_run.h).
#include "ascendc_sim/host/infer_run.h"

#include <exception>

#include "context_factory.h"
#include "graph/ge_error_codes.h"

namespace sim::host {
namespace {

// The op's definition, or why the call cannot run (the error names the op and argument).
std::optional<OpInfo> CheckCall(const std::string& opType, const std::vector<bool>& present,
                                const std::vector<AttrValue>& attrs, bool wantShape, std::string* error) {
    std::optional<OpInfo> op = FindOp(opType);
    const char* what = wantShape ? "InferShape" : "InferDataType";
    if (!op || !op->hasOpDef) {
        *error = opType + ": no OpDef is registered (OP_ADD), so graph mode has no " + what + " for it";
        return std::nullopt;
    }
    if (wantShape ? op->inferShape == nullptr : op->inferDataType == nullptr) {
        *error = opType + ": no " + what + " function is registered (OpDef::Set" + what + " or IMPL_OP(" + opType +
                 ")." + what + ")";
        return std::nullopt;
    }
    if (present.size() != op->inputs.size()) {
        *error = opType + ": " + std::to_string(present.size()) + " inputs given, the OpDef declares " +
                 std::to_string(op->inputs.size());
        return std::nullopt;
    }
    for (size_t i = 0; i < present.size(); ++i) {
        const ParamInfo& input = op->inputs[i];
        if (input.kind == ParamKind::Dynamic) {
            *error = opType + ": input '" + input.name + "' is DYNAMIC, which the sim's inference does not model";
            return std::nullopt;
        }
        if (!present[i] && input.kind == ParamKind::Required) {
            *error = opType + ": input '" + input.name + "' is REQUIRED but absent";
            return std::nullopt;
        }
    }
    if (attrs.size() > op->attrs.size()) {
        *error = opType + ": " + std::to_string(attrs.size()) + " attributes given, the OpDef declares " +
                 std::to_string(op->attrs.size());
        return std::nullopt;
    }
    for (size_t i = attrs.size(); i < op->attrs.size(); ++i) {
        if (std::holds_alternative<std::monostate>(op->attrs[i].defaultValue)) {
            *error = opType + ": attribute '" + op->attrs[i].name + "' is required and was not given";
            return std::nullopt;
        }
    }
    return op;
}

std::unique_ptr<gert::RuntimeAttrs> Attrs(const OpInfo& op, const std::vector<AttrValue>& given) {
    std::unique_ptr<gert::RuntimeAttrs> attrs = ContextFactory::NewRuntimeAttrs();
    for (size_t i = 0; i < op.attrs.size(); ++i) {
        const AttrValue& value = i < given.size() ? given[i] : op.attrs[i].defaultValue;
        ContextFactory::AttrValues(*attrs).push_back(EncodeAttr(value));
    }
    return attrs;
}

// Calls `function` and turns its status or exception into (ok, status, error).
template <typename Result, typename Call>
void Run(const std::string& opType, const char* what, Result* result, Call call) {
    try {
        result->status = call();
    } catch (const std::exception& exception) {
        result->error = opType + ": " + what + " threw: " + exception.what();
        return;
    } catch (...) {
        result->error = opType + ": " + what + " threw a non-standard exception";
        return;
    }
    if (result->status != ge::GRAPH_SUCCESS) {
        result->error = opType + ": " + what + " failed with status " + std::to_string(result->status);
        return;
    }
    result->ok = true;
}

}  // namespace

InferShapeResult RunInferShape(const std::string& opType,
                               const std::vector<std::optional<std::vector<int64_t>>>& inputs,
                               const std::vector<AttrValue>& attrs) {
    InferShapeResult result;
    std::vector<bool> present;
    for (const auto& input : inputs) present.push_back(input.has_value());
    const std::optional<OpInfo> op = CheckCall(opType, present, attrs, true, &result.error);
    if (!op) return result;

    std::unique_ptr<gert::InferShapeContext> context = ContextFactory::NewInferShapeContext();
    ContextFactory::NodeType(*context) = opType;
    ContextFactory::NodeName(*context) = opType;
    for (const auto& input : inputs) {
        gert::Shape shape;
        if (input) {
            for (int64_t dim : *input) shape.AppendDim(dim);
        }
        ContextFactory::InputShapes(*context).push_back(shape);
    }
    ContextFactory::InputPresent(*context) = present;
    ContextFactory::OutputShapes(*context).resize(op->outputs.size());
    ContextFactory::Attrs(*context) = Attrs(*op, attrs);

    Run(opType, "InferShape", &result, [&] { return op->inferShape(context.get()); });
    for (const gert::Shape& shape : ContextFactory::OutputShapes(*context)) {
        std::vector<int64_t> dims;
        for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
        result.outputShapes.push_back(dims);
    }
    return result;
}

InferDataTypeResult RunInferDataType(const std::string& opType, const std::vector<ge::DataType>& inputs,
                                     const std::vector<AttrValue>& attrs) {
    InferDataTypeResult result;
    std::vector<bool> present;
    for (ge::DataType dataType : inputs) present.push_back(dataType != ge::DT_UNDEFINED);
    const std::optional<OpInfo> op = CheckCall(opType, present, attrs, false, &result.error);
    if (!op) return result;

    std::unique_ptr<gert::InferDataTypeContext> context = ContextFactory::NewInferDataTypeContext();
    ContextFactory::NodeType(*context) = opType;
    ContextFactory::NodeName(*context) = opType;
    ContextFactory::InputDataTypes(*context) = inputs;
    ContextFactory::OutputDataTypes(*context).assign(op->outputs.size(), ge::DT_UNDEFINED);
    ContextFactory::Attrs(*context) = Attrs(*op, attrs);

    Run(opType, "InferDataType", &result, [&] { return op->inferDataType(context.get()); });
    result.outputDataTypes = ContextFactory::OutputDataTypes(*context);
    if (result.ok) {
        for (size_t i = 0; i < result.outputDataTypes.size(); ++i) {
            if (result.outputDataTypes[i] == ge::DT_UNDEFINED) {
                result.ok = false;
                result.error = opType + ": InferDataType left output '" + op->outputs[i].name + "' unset";
                break;
            }
        }
    }
    return result;
}

}  // namespace sim::host
