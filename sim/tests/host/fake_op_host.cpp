// A small op_host library for the opdef_dump tests: one OpDef with an optional input,
// attributes with defaults and two AI Core configs; a tiling data class; and a tiling
// registered ops-nn style for an op type without an OpDef here.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(SimTestDumpTiling)
    TILING_DATA_FIELD_DEF(uint32_t, rows);
    TILING_DATA_FIELD_DEF(int64_t, cols);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(SimTestDumpOp, SimTestDumpTiling)

static ge::graphStatus DumpTestTiling(gert::TilingContext* context) {
    context->SetBlockDim(1);
    return ge::GRAPH_SUCCESS;
}
IMPL_OP_OPTILING(SimTestDumpImplOp).Tiling(DumpTestTiling);

}  // namespace optiling

namespace ops {

class SimTestDumpOp : public OpDef {
public:
    explicit SimTestDumpOp(const char* name) : OpDef(name) {
        this->Input("gradHy").ParamType(OPTIONAL).DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("cx").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("gradCx").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("hasBias").AttrType(OPTIONAL).Bool(false);
        this->Attr("eps").AttrType(OPTIONAL).Float(1e-5f);
        this->AICore().SetTiling(optiling::DumpTestTiling).AddConfig("ascend910b");
        OpAICoreConfig a3;
        a3.DynamicShapeSupportFlag(true);
        this->AICore().AddConfig("ascend910_93", a3);
    }
};
OP_ADD(SimTestDumpOp);

}  // namespace ops
