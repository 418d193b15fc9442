// Graph-mode inference on the sim (sim::host::RunInferShape / RunInferDataType): the
// functions registered either way (OpDef::SetInferShape, IMPL_OP(type).InferShape) run on
// contexts laid out as a graph node: instance indices skip an absent optional input, IR
// indices do not; attributes come from the call or their defaults; the function's failure,
// its exception, a DataType output left unset and a call that does not match the OpDef are
// errors, never crashes.
#include <stdexcept>
#include <string>
#include <vector>

#include "ascendc_sim/host/infer_run.h"
#include "host_check.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"

namespace {

// What the last InferShape call of SimTestInferOp saw through each accessor.
struct Seen {
    int64_t instance1Dim0 = -99;       // GetInputShape(1)
    bool optionalAbsent = false;       // GetOptionalInputShape(1) == nullptr
    int64_t requiredY = -99;           // GetRequiredInputShape(2)
    int64_t scale = -99;               // attribute 0
    std::string nodeType;
} seen;

// y's shape with dim 0 times the scale attribute; fails for a rank-0 x, throws for rank 3.
ge::graphStatus ScaleShape(gert::InferShapeContext* context) {
    const gert::Shape* instance1 = context->GetInputShape(1);
    seen.instance1Dim0 = instance1 != nullptr ? instance1->GetDim(0) : -1;
    seen.optionalAbsent = context->GetOptionalInputShape(1) == nullptr;
    const gert::Shape* x = context->GetRequiredInputShape(0);
    const gert::Shape* y = context->GetRequiredInputShape(2);
    seen.requiredY = y->GetDim(0);
    seen.scale = *context->GetAttrs()->GetInt(0);
    seen.nodeType = context->GetNodeType();
    if (x->GetDimNum() == 0) return ge::GRAPH_FAILED;
    if (x->GetDimNum() == 3) throw std::runtime_error("rank 3 is not supported");
    gert::Shape* out = context->GetOutputShape(0);
    *out = *y;
    out->SetDim(0, y->GetDim(0) * seen.scale);
    return context->GetOutputShape(1) == nullptr ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;  // one output
}

// The output takes the optional input's dtype when present, else x's; int32 x leaves it unset.
ge::graphStatus BiasOrXType(gert::InferDataTypeContext* context) {
    const ge::DataType x = context->GetRequiredInputDataType(0);
    if (x == ge::DT_INT32) return ge::GRAPH_SUCCESS;
    const ge::DataType bias = context->GetOptionalInputDataType(1);
    if (context->SetOutputDataType(1, x) != ge::GRAPH_FAILED) return ge::GRAPH_FAILED;  // past the outputs
    return context->SetOutputDataType(0, bias != ge::DT_UNDEFINED ? bias : x);
}

ge::graphStatus OpDefShape(gert::InferShapeContext* context) {
    context->GetOutputShape(0)->AppendDim(7);
    return ge::GRAPH_SUCCESS;
}
ge::graphStatus ImplShape(gert::InferShapeContext* context) {
    context->GetOutputShape(0)->AppendDim(8);
    return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {

class SimTestInferOp : public OpDef {
public:
    explicit SimTestInferOp(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("scale").AttrType(OPTIONAL).Int(3);
    }
};
OP_ADD(SimTestInferOp);

class SimTestBothInferOp : public OpDef {
public:
    explicit SimTestBothInferOp(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->SetInferShape(OpDefShape);
    }
};
OP_ADD(SimTestBothInferOp);

}  // namespace ops

IMPL_OP(SimTestInferOp).InferShape(ScaleShape).InferDataType(BiasOrXType);
IMPL_OP(SimTestBothInferOp).InferShape(ImplShape);

namespace {

using Shapes = std::vector<std::optional<std::vector<int64_t>>>;

void CheckIndicesAndAttributes() {
    sim::host::InferShapeResult r =
        sim::host::RunInferShape("SimTestInferOp", Shapes{{{2, 3}}, std::nullopt, {{5, 6}}});
    CHECK(r.ok);
    CHECK(r.outputShapes == (std::vector<std::vector<int64_t>>{{15, 6}}));  // scale from its default, 3
    CHECK_EQ(seen.instance1Dim0, 5);  // bias absent: instance 1 is y
    CHECK(seen.optionalAbsent);
    CHECK_EQ(seen.requiredY, 5);
    CHECK_EQ(seen.nodeType, std::string("SimTestInferOp"));

    r = sim::host::RunInferShape("SimTestInferOp", Shapes{{{2, 3}}, {{4}}, {{5, 6}}},
                                 {sim::host::AttrValue(int64_t{2})});
    CHECK(r.ok);
    CHECK(r.outputShapes == (std::vector<std::vector<int64_t>>{{10, 6}}));
    CHECK_EQ(seen.instance1Dim0, 4);  // bias present: instance 1 is bias
    CHECK(!seen.optionalAbsent);
    CHECK_EQ(seen.scale, 2);
}

void CheckFailures() {
    sim::host::InferShapeResult r = sim::host::RunInferShape("SimTestInferOp", Shapes{{{}}, std::nullopt, {{5}}});
    CHECK(!r.ok && r.status == ge::GRAPH_FAILED);
    CHECK(CONTAINS(r.error, "SimTestInferOp: InferShape failed with status 4294967295"));
    r = sim::host::RunInferShape("SimTestInferOp", Shapes{{{1, 2, 3}}, std::nullopt, {{5}}});
    CHECK(!r.ok && CONTAINS(r.error, "InferShape threw: rank 3 is not supported"));
    r = sim::host::RunInferShape("SimTestInferOp", Shapes{std::nullopt, std::nullopt, {{5}}});
    CHECK(!r.ok && CONTAINS(r.error, "input 'x' is REQUIRED but absent"));
    r = sim::host::RunInferShape("SimTestInferOp", Shapes{{{1}}, {{5}}});
    CHECK(!r.ok && CONTAINS(r.error, "2 inputs given, the OpDef declares 3"));
    r = sim::host::RunInferShape("SimTestNoSuchOp", Shapes{});
    CHECK(!r.ok && CONTAINS(r.error, "no OpDef is registered"));
    sim::host::InferDataTypeResult d = sim::host::RunInferDataType("SimTestBothInferOp", {ge::DT_FLOAT});
    CHECK(!d.ok && CONTAINS(d.error, "no InferDataType function is registered"));
}

void CheckDataTypes() {
    sim::host::InferDataTypeResult r =
        sim::host::RunInferDataType("SimTestInferOp", {ge::DT_FLOAT, ge::DT_UNDEFINED, ge::DT_FLOAT});
    CHECK(r.ok && r.outputDataTypes == std::vector<ge::DataType>{ge::DT_FLOAT});
    r = sim::host::RunInferDataType("SimTestInferOp", {ge::DT_FLOAT, ge::DT_BF16, ge::DT_FLOAT});
    CHECK(r.ok && r.outputDataTypes == std::vector<ge::DataType>{ge::DT_BF16});
    r = sim::host::RunInferDataType("SimTestInferOp", {ge::DT_INT32, ge::DT_UNDEFINED, ge::DT_FLOAT});
    CHECK(!r.ok && CONTAINS(r.error, "InferDataType left output 'z' unset"));
}

void CheckTheOpDefFunctionWins() {
    const sim::host::InferShapeResult r = sim::host::RunInferShape("SimTestBothInferOp", Shapes{{{1}}});
    CHECK(r.ok && r.outputShapes == (std::vector<std::vector<int64_t>>{{7}}));
}

}  // namespace

int main() {
    CheckIndicesAndAttributes();
    CheckFailures();
    CheckDataTypes();
    CheckTheOpDefFunctionWins();
    return host_test::Finish("test_infer");
}
