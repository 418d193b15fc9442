// TilingContextBuilder + RunTiling: the tiling function sees what the aclnn layer passed
// (absent optional input -> nullptr by instance and by IR index; shapes, dtypes and
// attributes of the others, defaults filled in), and everything it writes comes back.
// A failed status, an exception, too many workspaces or too much tiling data are failures
// with a message; calls that do not match the OpDef are refused before the tiling runs.
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "ascendc_sim/host/tiling_context_builder.h"
#include "host_check.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(SimTestContextTiling)
    TILING_DATA_FIELD_DEF(int64_t, batch);
    TILING_DATA_FIELD_DEF(uint32_t, hidden);
    TILING_DATA_FIELD_DEF(float, scale);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(SimTestContextOp, SimTestContextTiling)

// A second class in the same translation unit, CANN's per-tiling-key style: the host side
// must still compile (only a kernel-side GET_TILING_DATA would be ambiguous here).
BEGIN_TILING_DATA_DEF(SimTestContextKeyTiling)
    TILING_DATA_FIELD_DEF(uint64_t, key);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(SimTestContextOp_1, SimTestContextKeyTiling)
static_assert(std::is_same<::ascendc_sim_tiling::SimTestContextOp_1, SimTestContextKeyTiling>::value,
              "each registration is reachable under its op type");

// What the tiling function saw, for the test to check afterwards.
struct Observed {
    bool gradHyByInstanceIsNull = false;
    bool gradHyByIrIsNull = false;
    bool gradHyTensorIsNull = false;
    ge::DataType gradHyDescType = ge::DT_FLOAT;
    bool gradHyDescExists = true;
    gert::Shape cx, storage, out;
    ge::DataType cxType = ge::DT_UNDEFINED, storageType = ge::DT_UNDEFINED;
    ge::Format cxFormat = ge::FORMAT_RESERVED;
    bool cxByIrMatches = false;
    bool gradBiasOutputIsNull = false;
    bool pastLastInputIsNull = false;
    size_t attrNum = 0;
    bool hasBias = false;
    float scale = 0;
    int64_t mode = 0;
    std::vector<int64_t> axes;
    std::string tag;
    std::string nodeName, nodeType;
    uint32_t aivCores = 0;
    bool compileInfoIsNull = false;
};
Observed g_seen;

enum class Behaviour { Normal, Fail, Throw, TooManyWorkspaces, DataSizePastCapacity };
Behaviour g_behaviour = Behaviour::Normal;

static ge::graphStatus ContextTestTiling(gert::TilingContext* context) {
    Observed& s = g_seen;
    s = Observed{};
    s.gradHyByInstanceIsNull = context->GetInputShape(0) == nullptr;
    s.gradHyByIrIsNull = context->GetOptionalInputShape(0) == nullptr;
    s.gradHyTensorIsNull = context->GetInputTensor(0) == nullptr;
    s.gradHyDescType = context->GetInputDesc(0)->GetDataType();
    s.gradHyDescExists = context->GetInputDesc(0)->IsExist();
    s.cx = context->GetInputShape(1)->GetStorageShape();
    s.cxType = context->GetInputDesc(1)->GetDataType();
    s.cxFormat = context->GetInputDesc(1)->GetStorageFormat();
    s.cxByIrMatches = context->GetRequiredInputShape(1) == context->GetInputShape(1);
    s.storage = context->GetInputShape(2)->GetOriginShape();
    s.storageType = context->GetInputTensor(2)->GetDataType();
    s.pastLastInputIsNull = context->GetInputShape(3) == nullptr && context->GetInputDesc(3) == nullptr;
    s.out = context->GetOutputShape(0)->GetStorageShape();
    s.gradBiasOutputIsNull = context->GetOutputShape(1) == nullptr;
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    s.attrNum = attrs->GetAttrNum();
    s.hasBias = *attrs->GetAttrPointer<bool>(0);
    s.scale = *attrs->GetFloat(1);
    s.mode = *attrs->GetInt(2);
    const gert::TypedContinuousVector<int64_t>* axes = attrs->GetListInt(3);
    s.axes.assign(axes->GetData(), axes->GetData() + axes->GetSize());
    s.tag = attrs->GetStr(4);
    s.nodeName = context->GetNodeName();
    s.nodeType = context->GetNodeType();
    s.aivCores = platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv();
    s.compileInfoIsNull = context->GetCompileInfo() == nullptr;

    switch (g_behaviour) {
        case Behaviour::Fail: return ge::GRAPH_FAILED;
        case Behaviour::Throw: throw std::runtime_error("shape too large for the test");
        default: break;
    }
    SimTestContextTiling tiling;
    tiling.set_batch(s.cx.GetDim(0));
    tiling.set_hidden(static_cast<uint32_t>(s.cx.GetDim(1)));
    tiling.set_scale(s.scale);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    if (g_behaviour == Behaviour::DataSizePastCapacity) {
        context->GetRawTilingData()->SetDataSize(context->GetRawTilingData()->GetCapacity() + 8);
    }
    context->SetBlockDim(s.aivCores);
    context->SetTilingKey(7);
    context->SetScheduleMode(1);
    size_t* workspace = context->GetWorkspaceSizes(g_behaviour == Behaviour::TooManyWorkspaces ? 2 : 1);
    workspace[0] = 16u * 1024 * 1024 + 100;
    return ge::GRAPH_SUCCESS;
}

// ---- an op with a DYNAMIC input, for the instance/IR index mapping -----------------------
struct DynamicSeen {
    size_t irInputs = 0, inputs = 0;
    size_t listStart = 0, listCount = 0;
    int64_t firstDims[5] = {};
    bool lastByIrIsB = false;
    bool listThirdByIr = false;
    bool listFourthIsNull = false;
};
DynamicSeen g_dynamic;

static ge::graphStatus DynamicTestTiling(gert::TilingContext* context) {
    DynamicSeen& s = g_dynamic;
    s.irInputs = context->GetComputeNodeInfo()->GetIrInputsNum();
    s.inputs = context->GetComputeNodeInfo()->GetInputsNum();
    s.listStart = context->GetIrInputInstanceInfo(1)->GetInstanceStart();
    s.listCount = context->GetIrInputInstanceInfo(1)->GetInstanceNum();
    for (size_t i = 0; i < 5; ++i) s.firstDims[i] = context->GetInputShape(i)->GetStorageShape().GetDim(0);
    s.lastByIrIsB = context->GetOptionalInputShape(2) == context->GetInputShape(4);
    s.listThirdByIr = context->GetDynamicInputShape(1, 2) == context->GetInputShape(3);
    s.listFourthIsNull = context->GetDynamicInputShape(1, 3) == nullptr;
    context->SetBlockDim(1);
    return ge::GRAPH_SUCCESS;
}

// ---- an op registered ops-nn style, with compile info from TilingParse ---------------------
struct SimTestParseCompileInfo {
    uint32_t coreNum = 0;
};
static ge::graphStatus ParseTestPrepare(gert::TilingParseContext* context) {
    auto* info = context->GetCompiledInfo<SimTestParseCompileInfo>();
    info->coreNum = platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv();
    return ge::GRAPH_SUCCESS;
}
static ge::graphStatus ParseTestTiling(gert::TilingContext* context) {
    const auto* info = context->GetCompileInfo<SimTestParseCompileInfo>();
    if (info == nullptr) return ge::GRAPH_FAILED;
    context->SetBlockDim(info->coreNum);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(SimTestParseOp).Tiling(ParseTestTiling).TilingParse<SimTestParseCompileInfo>(ParseTestPrepare);

}  // namespace optiling

namespace ops {

class SimTestContextOp : public OpDef {
public:
    explicit SimTestContextOp(const char* name) : OpDef(name) {
        const std::vector<ge::DataType> types = {ge::DT_FLOAT, ge::DT_FLOAT16};
        const std::vector<ge::Format> formats = {ge::FORMAT_ND, ge::FORMAT_ND};
        this->Input("gradHy").ParamType(OPTIONAL).DataType(types).Format(formats);
        this->Input("cx").ParamType(REQUIRED).DataType(types).Format(formats);
        this->Input("storage").ParamType(REQUIRED).DataType(types).Format(formats);
        this->Output("out").ParamType(REQUIRED).DataType(types).Format(formats);
        this->Output("gradBias").ParamType(OPTIONAL).DataType(types).Format(formats);
        this->Attr("hasBias").AttrType(OPTIONAL).Bool(false);
        this->Attr("scale").AttrType(OPTIONAL).Float(1.5f);
        this->Attr("mode").AttrType(OPTIONAL).Int(3);
        this->Attr("axes").AttrType(OPTIONAL).ListInt({4, 5, 6});
        this->Attr("tag").AttrType(OPTIONAL).String("abc");
        this->AICore().SetTiling(optiling::ContextTestTiling).AddConfig("ascend910b");
    }
};
OP_ADD(SimTestContextOp);

class SimTestDynamicOp : public OpDef {
public:
    explicit SimTestDynamicOp(const char* name) : OpDef(name) {
        this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("list").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Input("b").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().SetTiling(optiling::DynamicTestTiling).AddConfig("ascend910b");
    }
};
OP_ADD(SimTestDynamicOp);

class SimTestInvalidOp : public OpDef {
public:
    explicit SimTestInvalidOp(const char* name) : OpDef(name) {
        this->Input("x").DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Output("y").DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().SetTiling(optiling::DynamicTestTiling).AddConfig("ascend910b");
    }
};
OP_ADD(SimTestInvalidOp);

}  // namespace ops

namespace {

using sim::host::TensorSpec;
using sim::host::TilingContextBuilder;
using sim::host::TilingResult;

// gradHy absent; cx [4, 16] float; storage [4, 64] float; out [4, 64]; gradBias absent;
// attributes: hasBias given, the rest from their defaults.
TilingContextBuilder ContextOpCall() {
    TilingContextBuilder builder("SimTestContextOp");
    builder.Input(std::nullopt)
        .Input(TensorSpec::Nd({4, 16}, ge::DT_FLOAT))
        .Input(TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
        .Output(TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
        .Output(std::nullopt)
        .Attr(true)
        .Soc("Ascend910B3");
    return builder;
}

bool SameDims(const gert::Shape& shape, std::vector<int64_t> dims) {
    if (shape.GetDimNum() != dims.size()) return false;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (shape.GetDim(i) != dims[i]) return false;
    }
    return true;
}

void CheckWhatTheTilingSees() {
    optiling::g_behaviour = optiling::Behaviour::Normal;
    const TilingResult r = ContextOpCall().NodeName("lstm_grad_0").RunTiling();
    CHECK(r.ok);
    if (!r.ok) std::fprintf(stderr, "error: %s\n", r.error.c_str());
    const optiling::Observed& s = optiling::g_seen;
    CHECK(s.gradHyByInstanceIsNull);
    CHECK(s.gradHyByIrIsNull);
    CHECK(s.gradHyTensorIsNull);
    CHECK(s.gradHyDescType == ge::DT_UNDEFINED);
    CHECK(!s.gradHyDescExists);
    CHECK(SameDims(s.cx, {4, 16}));
    CHECK(s.cxType == ge::DT_FLOAT);
    CHECK(s.cxFormat == ge::FORMAT_ND);
    CHECK(s.cxByIrMatches);
    CHECK(SameDims(s.storage, {4, 64}));
    CHECK(s.storageType == ge::DT_FLOAT);
    CHECK(s.pastLastInputIsNull);
    CHECK(SameDims(s.out, {4, 64}));
    CHECK(s.gradBiasOutputIsNull);
    CHECK_EQ(s.attrNum, 5u);
    CHECK(s.hasBias);
    CHECK_EQ(s.scale, 1.5f);
    CHECK_EQ(s.mode, 3);
    CHECK(s.axes == (std::vector<int64_t>{4, 5, 6}));
    CHECK_EQ(s.tag, std::string("abc"));
    CHECK_EQ(s.nodeName, std::string("lstm_grad_0"));
    CHECK_EQ(s.nodeType, std::string("SimTestContextOp"));
    CHECK_EQ(s.aivCores, 40u);  // Ascend910B3, whatever the thread's current SoC
    CHECK(s.compileInfoIsNull);
}

void CheckWhatComesBack() {
    optiling::g_behaviour = optiling::Behaviour::Normal;
    const TilingResult r = ContextOpCall().RunTiling();
    CHECK(r.ok);
    CHECK_EQ(r.status, ge::GRAPH_SUCCESS);
    CHECK(r.warnings.empty());
    CHECK_EQ(r.blockDim, 40u);
    CHECK_EQ(r.tilingKey, 7u);
    CHECK_EQ(r.scheduleMode, 1u);
    CHECK_EQ(r.workspaceSizes.size(), 1u);
    if (!r.workspaceSizes.empty()) CHECK_EQ(r.workspaceSizes[0], 16u * 1024 * 1024 + 100);
    CHECK_EQ(r.tilingData.size(), optiling::SimTestContextTiling().GetDataSize());
    // The kernel's view: int64 batch at 0, uint32 hidden at 8, float scale at 12 (CANN's layout).
    struct {
        int64_t batch;
        uint32_t hidden;
        float scale;
    } kernelView;
    CHECK_EQ(r.tilingData.size(), sizeof(kernelView));
    std::memcpy(&kernelView, r.tilingData.data(), sizeof(kernelView));
    CHECK_EQ(kernelView.batch, 4);
    CHECK_EQ(kernelView.hidden, 16u);
    CHECK_EQ(kernelView.scale, 1.5f);
}

void CheckFailures() {
    optiling::g_behaviour = optiling::Behaviour::Fail;
    TilingResult r = ContextOpCall().RunTiling();
    CHECK(!r.ok);
    CHECK_EQ(r.status, ge::GRAPH_FAILED);
    CHECK(CONTAINS(r.error, "the tiling function of SimTestContextOp returned 4294967295 (0xFFFFFFFF, GRAPH_FAILED)"));

    optiling::g_behaviour = optiling::Behaviour::Throw;
    r = ContextOpCall().RunTiling();
    CHECK(!r.ok);
    CHECK(CONTAINS(r.error, "threw: shape too large for the test"));

    optiling::g_behaviour = optiling::Behaviour::TooManyWorkspaces;
    r = ContextOpCall().RunTiling();
    CHECK(!r.ok);
    CHECK(CONTAINS(r.error, "GetWorkspaceSizes(2) asks for more than 1 workspace block(s)"));
    CHECK_EQ(r.workspaceSizes.size(), 2u);  // what the tiling wrote is still reported

    optiling::g_behaviour = optiling::Behaviour::Normal;
    r = ContextOpCall().TilingCapacity(8).RunTiling();  // the 16-byte struct does not fit
    CHECK(!r.ok);
    CHECK(CONTAINS(r.error, "SimTestContextTiling::SaveToBuffer needs 16 bytes but the tiling buffer holds 8 bytes"));

    optiling::g_behaviour = optiling::Behaviour::DataSizePastCapacity;
    r = ContextOpCall().RunTiling();
    CHECK(!r.ok);
    CHECK(CONTAINS(r.error, "SetDataSize(4104) is past the tiling buffer's 4096 bytes"));
    optiling::g_behaviour = optiling::Behaviour::Normal;
}

void CheckCallsThatDoNotMatchTheOpDef() {
    TilingResult r = TilingContextBuilder("SimTestContextOp")
                         .Input(TensorSpec::Nd({4, 16}, ge::DT_FLOAT))
                         .Input(std::nullopt)
                         .Input(TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
                         .Output(TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
                         .Output(std::nullopt)
                         .RunTiling();
    CHECK(!r.ok);
    CHECK(CONTAINS(r.error, "required input 'cx' is absent"));

    r = TilingContextBuilder("SimTestContextOp").Input(std::nullopt).RunTiling();
    CHECK(CONTAINS(r.error, "the OpDef declares 3 inputs (gradHy, cx, storage), the call gives 1"));

    r = ContextOpCall().Attr(2.0).RunTiling();  // scale is Float: a double is accepted
    CHECK(r.ok);
    r = TilingContextBuilder("SimTestContextOp")
            .Input(std::nullopt)
            .Input(TensorSpec::Nd({4, 16}, ge::DT_FLOAT))
            .Input(TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
            .Output(TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
            .Output(std::nullopt)
            .Attr(int64_t{1})
            .RunTiling();
    CHECK(CONTAINS(r.error, "attribute 'hasBias' is declared bool, the call gives a int64"));

    bool threw = false;
    try {
        TilingContextBuilder("SimTestInvalidOp").Input(TensorSpec::Nd({1}, ge::DT_FLOAT)).Build();
    } catch (const std::invalid_argument& e) {
        threw = CONTAINS(e.what(), "the OpDef is invalid; input 'x' has 2 DataType entries but 1 Format entries");
    }
    CHECK(threw);

    r = TilingContextBuilder("SimTestNotRegisteredOp").RunTiling();
    CHECK(!r.ok);
    CHECK(CONTAINS(r.error, "no tiling function is registered for op type 'SimTestNotRegisteredOp'"));
}

void CheckDynamicInputIndices() {
    const TilingResult r = TilingContextBuilder("SimTestDynamicOp")
                               .Input(TensorSpec::Nd({10}, ge::DT_FLOAT))
                               .DynamicInput({TensorSpec::Nd({11}, ge::DT_FLOAT), TensorSpec::Nd({12}, ge::DT_FLOAT),
                                              TensorSpec::Nd({13}, ge::DT_FLOAT)})
                               .Input(TensorSpec::Nd({14}, ge::DT_FLOAT))
                               .Output(TensorSpec::Nd({10}, ge::DT_FLOAT))
                               .RunTiling();
    CHECK(r.ok);
    const optiling::DynamicSeen& s = optiling::g_dynamic;
    CHECK_EQ(s.irInputs, 3u);
    CHECK_EQ(s.inputs, 5u);
    CHECK_EQ(s.listStart, 1u);
    CHECK_EQ(s.listCount, 3u);
    for (int i = 0; i < 5; ++i) CHECK_EQ(s.firstDims[i], 10 + i);
    CHECK(s.lastByIrIsB);
    CHECK(s.listThirdByIr);
    CHECK(s.listFourthIsNull);
}

void CheckImplOnlyOpWithCompileInfo() {
    // No OpDef: the context is laid out from the arguments alone.
    const TilingResult r = TilingContextBuilder("SimTestParseOp")
                               .Input(TensorSpec::Nd({2, 3}, ge::DT_FLOAT16))
                               .Output(TensorSpec::Nd({2, 3}, ge::DT_FLOAT16))
                               .Soc("Ascend910B4", 7)
                               .RunTiling();
    CHECK(r.ok);
    CHECK_EQ(r.blockDim, 7u);  // TilingParse saw the capped platform
    CHECK(!r.warnings.empty());  // no tiling data was written
}

}  // namespace

int main() {
    CheckWhatTheTilingSees();
    CheckWhatComesBack();
    CheckFailures();
    CheckCallsThatDoNotMatchTheOpDef();
    CheckDynamicInputIndices();
    CheckImplOnlyOpWithCompileInfo();
    return host_test::Finish("test_tiling_context");
}
