// OpDef, TilingFunc, InferShape and InferDataType of ThnnFusedLstmCellBackward. Each only
// adapts its context: argument checks (lstm_cell_grad_check) and tiling (lstm_cell_grad_compute_tiling)
// are plain functions shared with the aclnn layer and Python.
#include "lstm_cell_grad_check.h"
#include "lstm_cell_grad_compute_tiling.h"
#include "lstm_cell_grad_tiling_context.h"
#include "lstm_cell_grad_tiling_memo.h"
#include "register/op_def_registry.h"
#include "thnn_fused_lstm_cell_backward_tiling.h"
#include "tiling/platform/platform_ascendc.h"

#include "lstm_cell_grad_args.h"

namespace {

// IR (declaration) indices of the OpDef below (lstm_cell_grad_args.h, the list it is declared
// from), for the TilingFunc and graph-mode inference.
using namespace lstm_cell_grad::arg;

}  // namespace

namespace optiling {
namespace {

void Describe(lstm_cell_grad::TensorDesc* desc, const gert::StorageShape* shape,
              const gert::CompileTimeTensorDesc* tensor) {
    desc->present = shape != nullptr && tensor != nullptr;
    if (!desc->present) return;
    const gert::Shape& dims = shape->GetStorageShape();
    desc->shape.clear();
    for (size_t i = 0; i < dims.GetDimNum(); ++i) desc->shape.push_back(dims.GetDim(i));
    desc->dtype = tensor->GetDataType();
    desc->format = tensor->GetStorageFormat();
}

// Every field of the tiling-data header's list, set from the plan's values.
void FillTilingData(const lstm_cell_grad::TilingValues& values, ThnnFusedLstmCellBackwardTilingData* tiling) {
#pragma push_macro("TILING_DATA_FIELD_DEF")
#undef TILING_DATA_FIELD_DEF
#define TILING_DATA_FIELD_DEF(type, name) tiling->set_##name(values.name)
    THNN_FUSED_LSTM_CELL_BACKWARD_TILING_FIELDS
#pragma pop_macro("TILING_DATA_FIELD_DEF")
}

// The op's only tiling function: the adapter with no overrides, as CANN runs it.
ge::graphStatus TilingFunc(gert::TilingContext* context) {
    lstm_cell_grad::TilingPlan plan;
    std::string error;
    return lstm_cell_grad::TilingFromContext(context, lstm_cell_grad::TilingOverrides(), &plan, &error);
}

}  // namespace
}  // namespace optiling

namespace lstm_cell_grad {

ge::graphStatus TilingFromContext(gert::TilingContext* context, const TilingOverrides& overrides, TilingPlan* plan,
                                  std::string* error) {
    using optiling::Describe;
    // The OpDef's IR indices (global): lstm_cell_grad's own kGradHy, kCx, ... are the kernel's UB slots.
    Arguments args;
    Describe(&args.gradHy, context->GetOptionalInputShape(::kGradHy), context->GetOptionalInputDesc(::kGradHy));
    Describe(&args.gradC, context->GetOptionalInputShape(::kGradC), context->GetOptionalInputDesc(::kGradC));
    Describe(&args.cx, context->GetRequiredInputShape(::kCx), context->GetRequiredInputDesc(::kCx));
    Describe(&args.cy, context->GetRequiredInputShape(::kCy), context->GetRequiredInputDesc(::kCy));
    Describe(&args.storage, context->GetRequiredInputShape(::kStorage), context->GetRequiredInputDesc(::kStorage));
    const bool* hasBias = context->GetAttrs()->GetAttrPointer<bool>(::kAttrHasBias);
    args.hasBias = hasBias != nullptr && *hasBias;
    Describe(&args.gradGates, context->GetOutputShape(::kGradGates), context->GetOutputDesc(::kGradGates));
    Describe(&args.gradCx, context->GetOutputShape(::kGradCx), context->GetOutputDesc(::kGradCx));
    Describe(&args.gradBias, context->GetOutputShape(::kGradBias), context->GetOutputDesc(::kGradBias));
    const CheckResult checked = CheckArguments(args);
    if (!checked.ok()) {
        *error = checked.message;
        return ge::GRAPH_FAILED;
    }

    platform_ascendc::PlatformAscendC ascendc(context->GetPlatformInfo());
    uint64_t ubBytes = 0;
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);
    const PlatformInfo platform{ascendc.GetCoreNumAiv(), ubBytes, static_cast<uint64_t>(ascendc.GetLibApiWorkSpaceSize())};
    if (!RememberedTiling(checked.tiling, platform, overrides, plan, error)) return ge::GRAPH_FAILED;

    context->SetBlockDim(plan->blockDim);
    context->SetTilingKey(plan->tilingKey);
    context->SetScheduleMode(plan->scheduleMode);
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = plan->workspaceBytes;
    // CANN's tiling class owns a buffer (no copies): one local object, filled once.
    optiling::ThnnFusedLstmCellBackwardTilingData tiling;
    optiling::FillTilingData(plan->values, &tiling);
    gert::TilingData* raw = context->GetRawTilingData();
    tiling.SaveToBuffer(raw->GetData(), raw->GetCapacity());
    raw->SetDataSize(tiling.GetDataSize());
    return ge::GRAPH_SUCCESS;
}

}  // namespace lstm_cell_grad

namespace ge {
namespace {

using lstm_cell_grad::TensorDesc;

// Unknown dims (-1) and unknown rank (-2) of a dynamic-shape graph propagate as they are;
// the node's shapes are then checked by the TilingFunc at run time.
int64_t TimesGates(int64_t dim) { return dim < 0 ? dim : 4 * dim; }

// The argument set of an aclnn call with these inputs and the outputs inferred from them,
// so that graph mode applies the op's own checks (lstm_cell_grad::CheckArguments).
lstm_cell_grad::Arguments NodeArguments(const TensorDesc (&inputs)[kInputCount],
                                        const std::vector<int64_t> (&outputs)[kOutputCount], DataType outputDtype) {
    lstm_cell_grad::Arguments args;
    for (size_t i = 0; i < kInputCount; ++i) {
        TensorDesc& in = args.Input(i);
        const char* name = in.name;
        in = inputs[i];
        in.name = name;
    }
    for (size_t i = 0; i < kOutputCount; ++i) {
        TensorDesc& out = args.Output(i);
        out.present = true;
        out.shape = outputs[i];
        out.dtype = outputDtype;
    }
    args.hasBias = true;  // gradBias is an output of the node whatever hasBias says
    return args;
}

// Graph mode (GE, ATC, torchair): gradGates [B, 4H], gradCx [B, H], gradBias [4H] with B and
// H from cx, after the aclnn call's shape checks. Inputs by IR index: an absent optional
// gradient has no instance, so instance indices would shift. (GetOptionalInputShape takes
// the IR index and answers the instance of a REQUIRED input too; GetRequiredInputShape
// exists only in newer CANN.)
graphStatus InferShape(gert::InferShapeContext* context) {
    TensorDesc inputs[kInputCount];
    bool unknown = false;
    for (size_t i = 0; i < kInputCount; ++i) {
        const gert::Shape* shape = context->GetOptionalInputShape(i);
        inputs[i].present = shape != nullptr;
        for (size_t d = 0; shape != nullptr && d < shape->GetDimNum(); ++d) {
            inputs[i].shape.push_back(shape->GetDim(d));
            unknown = unknown || shape->GetDim(d) < 0;
        }
    }
    const TensorDesc& cx = inputs[kCx];
    if (!cx.present || cx.shape.size() != 2) return GRAPH_FAILED;
    const int64_t batch = cx.shape[0], hidden = cx.shape[1];
    const std::vector<int64_t> outputs[kOutputCount] = {
        {batch, TimesGates(hidden)}, {batch, hidden}, {TimesGates(hidden)}};
    if (!unknown && !lstm_cell_grad::CheckArguments(NodeArguments(inputs, outputs, DT_FLOAT)).ok()) {
        return GRAPH_FAILED;
    }
    for (size_t i = 0; i < kOutputCount; ++i) {
        gert::Shape* shape = context->GetOutputShape(i);
        if (shape == nullptr) return GRAPH_FAILED;
        shape->SetDimNum(0);
        for (int64_t dim : outputs[i]) shape->AppendDim(dim);
    }
    return GRAPH_SUCCESS;
}

// Every output has cx's dtype, after the aclnn call's dtype checks (float32, float16 or
// bfloat16, one dtype for all present inputs).
graphStatus InferDataType(gert::InferDataTypeContext* context) {
    TensorDesc inputs[kInputCount];
    for (size_t i = 0; i < kInputCount; ++i) {
        inputs[i].dtype = context->GetOptionalInputDataType(i);
        inputs[i].present = inputs[i].dtype != DT_UNDEFINED;
        inputs[i].shape = {1, i == kStorage ? 4 : 1};  // shapes are InferShape's business
    }
    const DataType dtype = inputs[kCx].dtype;
    if (dtype == DT_UNDEFINED) return GRAPH_FAILED;
    const std::vector<int64_t> outputs[kOutputCount] = {{1, 4}, {1, 1}, {4}};
    if (!lstm_cell_grad::CheckArguments(NodeArguments(inputs, outputs, dtype)).ok()) return GRAPH_FAILED;
    for (size_t i = 0; i < kOutputCount; ++i) {
        if (context->SetOutputDataType(i, dtype) != GRAPH_SUCCESS) return GRAPH_FAILED;
    }
    return GRAPH_SUCCESS;
}

}  // namespace
}  // namespace ge

namespace ops {

class ThnnFusedLstmCellBackward : public OpDef {
public:
    explicit ThnnFusedLstmCellBackward(const char* name) : OpDef(name) {
        // AutoContiguous: the framework hands the kernel contiguous tensors, copying strided
        // views in and out (the kernel addresses rows as B x H and B x 4H blocks).
        // bfloat16 is an extension beyond the op's aclnn API page (float32, float16; ops-nn
        // rnn/thnn_fused_lstm_cell_grad/docs/aclnnThnnFusedLstmCellBackward.md): fp32 math as
        // for float16, for PyTorch's bfloat16 training.
        const std::vector<ge::DataType> dtypes = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16};
        const std::vector<ge::Format> formats = {ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND};
        // The tensors in declaration order, from the op's argument list (lstm_cell_grad_args.h).
#define LSTM_CELL_GRAD_OPDEF_TENSOR(Kind, index, name, paramType) \
    this->Kind(#name).ParamType(paramType).DataType(dtypes).Format(formats).UnknownShapeFormat(formats).AutoContiguous();
#define LSTM_CELL_GRAD_OPDEF_INPUT(index, name, paramType) LSTM_CELL_GRAD_OPDEF_TENSOR(Input, index, name, paramType)
#define LSTM_CELL_GRAD_OPDEF_OUTPUT(index, name, paramType) LSTM_CELL_GRAD_OPDEF_TENSOR(Output, index, name, paramType)
        LSTM_CELL_GRAD_INPUTS(LSTM_CELL_GRAD_OPDEF_INPUT)
        LSTM_CELL_GRAD_OUTPUTS(LSTM_CELL_GRAD_OPDEF_OUTPUT)
#undef LSTM_CELL_GRAD_OPDEF_OUTPUT
#undef LSTM_CELL_GRAD_OPDEF_INPUT
#undef LSTM_CELL_GRAD_OPDEF_TENSOR
        this->Attr("hasBias").AttrType(OPTIONAL).Bool(true);
        // Graph mode (GE, ATC, torchair) infers a node's outputs with these.
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc).AddConfig("ascend910b").AddConfig("ascend910_93");
    }
};

OP_ADD(ThnnFusedLstmCellBackward);

}  // namespace ops
