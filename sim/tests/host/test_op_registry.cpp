// The op registry reports an OpDef exactly as declared: inputs and outputs in order with
// param type, dtypes and formats; attributes in order with type and default; AI Core
// configs; the tiling function. Also: definitions CANN's build would reject are flagged,
// and IMPL_OP_OPTILING merges with OP_ADD whatever the static-init order.
//
//   test_op_registry          run the checks
//   test_op_registry --json   print the registry JSON (pytest parses it)
#include <cstring>
#include <string>

#include "ascendc_sim/host/op_registry.h"
#include "host_check.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus RegistryTestTiling(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
static ge::graphStatus RegistryTestOtherTiling(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }
}  // namespace optiling

namespace ops {

class SimTestRegistryOp : public OpDef {
public:
    explicit SimTestRegistryOp(const char* name) : OpDef(name) {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("extras").ParamType(DYNAMIC).DataTypeList({ge::DT_INT32}).FormatList({ge::FORMAT_ND});
        this->Input("x").ValueDepend(OPTIONAL);  // a second mention amends "x", it adds no input
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("has_bias").AttrType(OPTIONAL).Bool(true);
        this->Attr("scale").AttrType(OPTIONAL).Float(0.25f);
        this->Attr("mode").AttrType(REQUIRED).Int();
        this->Attr("tag").AttrType(OPTIONAL).String("fwd");
        this->Attr("axes").AttrType(OPTIONAL).ListInt({1, -1});
        this->AICore().SetTiling(optiling::RegistryTestTiling).AddConfig("ascend910b");
        OpAICoreConfig a3;
        a3.DynamicCompileStaticFlag(true).DynamicRankSupportFlag(false).ExtendCfgInfo("opFile.value", "sim_test");
        this->AICore().AddConfig("ascend910_93", a3);
    }
};
OP_ADD(SimTestRegistryOp);

// Wrong on purpose: 2 dtypes with 1 format, an OPTIONAL attribute without a default, no SoC.
class SimTestBadOp : public OpDef {
public:
    explicit SimTestBadOp(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("alpha").AttrType(OPTIONAL).Float();
    }
};
OP_ADD(SimTestBadOp);

// Registered through both routes with different functions: RunTiling must refuse it.
class SimTestTwoTilingsOp : public OpDef {
public:
    explicit SimTestTwoTilingsOp(const char* name) : OpDef(name) {
        this->Input("x").DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->AICore().SetTiling(optiling::RegistryTestTiling).AddConfig("ascend910b");
    }
};
OP_ADD(SimTestTwoTilingsOp);

}  // namespace ops

namespace optiling {
IMPL_OP_OPTILING(SimTestTwoTilingsOp).Tiling(RegistryTestOtherTiling);
// Tiling registered ops-nn style for an op whose OpDef lives elsewhere (here: nowhere).
IMPL_OP_OPTILING(SimTestImplOnlyOp).Tiling(RegistryTestTiling, 1024);
}  // namespace optiling

namespace {

using sim::host::AttrType;
using sim::host::ParamKind;

void CheckDeclaredOp() {
    const std::optional<sim::host::OpInfo> found = sim::host::FindOp("SimTestRegistryOp");
    CHECK(found.has_value());
    if (!found) return;
    const sim::host::OpInfo& op = *found;
    CHECK(op.hasOpDef);
    CHECK_EQ(op.opDefRegistrations, 1);
    CHECK(op.definitionErrors.empty());

    CHECK_EQ(op.inputs.size(), 3u);
    CHECK_EQ(op.inputs[0].name, std::string("x"));
    CHECK(op.inputs[0].kind == ParamKind::Required);
    CHECK(op.inputs[0].valueDepend);
    CHECK(op.inputs[0].dataTypes == (std::vector<ge::DataType>{ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16}));
    CHECK(op.inputs[0].formats == (std::vector<ge::Format>(3, ge::FORMAT_ND)));
    CHECK(op.inputs[0].unknownShapeFormats == (std::vector<ge::Format>(3, ge::FORMAT_ND)));
    CHECK_EQ(op.inputs[1].name, std::string("bias"));
    CHECK(op.inputs[1].kind == ParamKind::Optional);
    CHECK(!op.inputs[1].valueDepend);
    CHECK_EQ(op.inputs[2].name, std::string("extras"));
    CHECK(op.inputs[2].kind == ParamKind::Dynamic);
    CHECK(op.inputs[2].dataTypeList && op.inputs[2].formatList);
    CHECK(op.inputs[2].dataTypes == std::vector<ge::DataType>{ge::DT_INT32});

    CHECK_EQ(op.outputs.size(), 1u);
    CHECK_EQ(op.outputs[0].name, std::string("y"));
    CHECK(op.outputs[0].kind == ParamKind::Required);

    CHECK_EQ(op.attrs.size(), 5u);
    const char* names[] = {"has_bias", "scale", "mode", "tag", "axes"};
    const AttrType types[] = {AttrType::Bool, AttrType::Float, AttrType::Int, AttrType::String, AttrType::ListInt};
    for (size_t i = 0; i < 5 && i < op.attrs.size(); ++i) {
        CHECK_EQ(op.attrs[i].name, std::string(names[i]));
        CHECK(op.attrs[i].type == types[i]);
    }
    CHECK(std::get<bool>(op.attrs[0].defaultValue) == true);
    CHECK(std::get<float>(op.attrs[1].defaultValue) == 0.25f);
    CHECK(op.attrs[2].kind == sim::host::AttrKind::Required);
    CHECK(std::holds_alternative<std::monostate>(op.attrs[2].defaultValue));
    CHECK(std::get<std::string>(op.attrs[3].defaultValue) == "fwd");
    CHECK(std::get<std::vector<int64_t>>(op.attrs[4].defaultValue) == (std::vector<int64_t>{1, -1}));

    CHECK_EQ(op.aicoreConfigs.size(), 2u);
    if (op.aicoreConfigs.size() == 2) {
        CHECK_EQ(op.aicoreConfigs[0].soc, std::string("ascend910b"));
        CHECK(!op.aicoreConfigs[0].hasConfig);
        CHECK(!op.aicoreConfigs[0].dynamicCompileStatic.has_value());
        CHECK_EQ(op.aicoreConfigs[1].soc, std::string("ascend910_93"));
        CHECK(op.aicoreConfigs[1].hasConfig);
        CHECK(op.aicoreConfigs[1].dynamicCompileStatic == std::optional<bool>(true));
        CHECK(op.aicoreConfigs[1].dynamicRankSupport == std::optional<bool>(false));
        CHECK(!op.aicoreConfigs[1].dynamicShapeSupport.has_value());
        CHECK_EQ(op.aicoreConfigs[1].extendCfgInfo.size(), 1u);
    }

    CHECK(op.opDefTiling == &optiling::RegistryTestTiling);
    CHECK(op.implTiling == nullptr);
    std::string error;
    const auto tiling = sim::host::ResolveTilingFunc("SimTestRegistryOp", &error);
    CHECK(tiling.has_value() && *tiling == &optiling::RegistryTestTiling);
}

void CheckRejectedDefinitions() {
    const std::optional<sim::host::OpInfo> bad = sim::host::FindOp("SimTestBadOp");
    CHECK(bad.has_value());
    if (!bad) return;
    CHECK_EQ(bad->definitionErrors.size(), 3u);
    std::string all;
    for (const std::string& e : bad->definitionErrors) all += e + "\n";
    CHECK(CONTAINS(all, "input 'x' has 2 DataType entries but 1 Format entries"));
    CHECK(CONTAINS(all, "OPTIONAL attribute 'alpha' has no default value"));
    CHECK(CONTAINS(all, "no AICore().AddConfig"));
}

void CheckTilingRoutes() {
    std::string error;
    CHECK(!sim::host::ResolveTilingFunc("SimTestTwoTilingsOp", &error).has_value());
    CHECK(CONTAINS(error, "two different tiling functions"));

    const std::optional<sim::host::OpInfo> implOnly = sim::host::FindOp("SimTestImplOnlyOp");
    CHECK(implOnly.has_value() && !implOnly->hasOpDef);
    if (implOnly) CHECK_EQ(implOnly->implMaxTilingDataSize, 1024u);
    error.clear();
    const auto tiling = sim::host::ResolveTilingFunc("SimTestImplOnlyOp", &error);
    CHECK(tiling.has_value() && *tiling == &optiling::RegistryTestTiling);

    CHECK(!sim::host::ResolveTilingFunc("SimTestNoSuchOp", &error).has_value());
    CHECK(CONTAINS(error, "no tiling function is registered for op type 'SimTestNoSuchOp'"));
}

// FindOpShared hands out one immutable copy per state of an entry: the same object until the
// entry changes, a new one after, and a copy handed out earlier keeps what it held.
void CheckSharedSnapshots() {
    const auto first = sim::host::FindOpShared("SimTestImplOnlyOp");
    CHECK(first != nullptr && first == sim::host::FindOpShared("SimTestImplOnlyOp"));
    CHECK(sim::host::FindOpShared("SimTestNoSuchOp") == nullptr);
    sim::host::RecordImplTiling("SimTestImplOnlyOp", &optiling::RegistryTestOtherTiling, 2048);
    const auto changed = sim::host::FindOpShared("SimTestImplOnlyOp");
    CHECK(changed != nullptr && changed != first);
    if (changed) {
        CHECK(changed->implTiling == &optiling::RegistryTestOtherTiling);
        CHECK_EQ(changed->implMaxTilingDataSize, 2048u);
    }
    if (first) {
        CHECK(first->implTiling == &optiling::RegistryTestTiling);
        CHECK_EQ(first->implMaxTilingDataSize, 1024u);
    }
    sim::host::RecordImplTiling("SimTestImplOnlyOp", &optiling::RegistryTestTiling, 1024);  // as declared
    const auto restored = sim::host::FindOpShared("SimTestImplOnlyOp");
    CHECK(restored != nullptr && restored != changed && restored->implTiling == &optiling::RegistryTestTiling);
}

void CheckListing() {
    const std::vector<std::string> types = sim::host::RegisteredOpTypes();
    const std::vector<std::string> expected = {"SimTestBadOp", "SimTestImplOnlyOp", "SimTestRegistryOp",
                                               "SimTestTwoTilingsOp"};
    CHECK(types == expected);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--json") == 0) {
        std::fputs(sim::host::OpRegistryJson().c_str(), stdout);
        return 0;
    }
    CheckDeclaredOp();
    CheckRejectedDefinitions();
    CheckTilingRoutes();
    CheckSharedSnapshots();
    CheckListing();
    return host_test::Finish("test_op_registry");
}
