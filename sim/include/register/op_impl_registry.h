// gert::OpImplRegisterV2 and the IMPL_OP* macros: the ops-nn way to register an op's
// tiling function separately from its OpDef:
//
//   IMPL_OP_OPTILING(MyOp).Tiling(MyTilingFunc).TilingParse<MyCompileInfo>(MyTilingParse);
//
// Every call records into the sim's op registry immediately, so the order in which static
// initialisers run does not matter.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "ascendc_sim/host/op_registry.h"
#include "exe_graph/runtime/base_type.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace gert {

class OpImplRegisterV2 {
public:
    using InferShapeKernelFunc = UINT32 (*)(InferShapeContext*);
    using InferDataTypeKernelFunc = UINT32 (*)(InferDataTypeContext*);
    using TilingKernelFunc = UINT32 (*)(TilingContext*);
    using TilingParseFunc = UINT32 (*)(TilingParseContext*);

    explicit OpImplRegisterV2(const ge::char_t* opType) : opType_(opType) {}
    OpImplRegisterV2(const OpImplRegisterV2& other) = default;
    OpImplRegisterV2& operator=(const OpImplRegisterV2&) = delete;

    OpImplRegisterV2& InferShape(InferShapeKernelFunc func) {
        if (func != nullptr) sim::host::RecordImplInferShape(opType_, func);
        return *this;
    }
    OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc func) {
        if (func != nullptr) sim::host::RecordImplInferDataType(opType_, func);
        return *this;
    }
    // maxTilingDataSize: CANN's default bound on the raw tiling data (bytes).
    OpImplRegisterV2& Tiling(TilingKernelFunc func, size_t maxTilingDataSize = 2048) {
        sim::host::RecordImplTiling(opType_, func, maxTilingDataSize);
        return *this;
    }
    // T is the compile-info type the parse function fills; the sim creates one per tiling
    // run and passes it to the tiling function as GetCompileInfo<T>().
    template <typename T>
    OpImplRegisterV2& TilingParse(TilingParseFunc func) {
        sim::host::RecordImplTilingParse(opType_, func, &CreateCompileInfo<T>, &DeleteCompileInfo<T>);
        return *this;
    }
    // Value-dependent inputs are declared on the OpDef (ValueDepend); accepted for source
    // compatibility.
    OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t>) { return *this; }
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t>) { return *this; }

private:
    template <typename T>
    static void* CreateCompileInfo() { return new T(); }
    template <typename T>
    static void DeleteCompileInfo(void* info) { delete static_cast<T*>(info); }

    std::string opType_;
};

}  // namespace gert

#define ASCENDC_SIM_IMPL_OP_CONCAT_(a, b) a##b
#define ASCENDC_SIM_IMPL_OP_NAME_(prefix, counter) ASCENDC_SIM_IMPL_OP_CONCAT_(prefix, counter)

#define IMPL_OP(op_type)                                                                        \
    [[maybe_unused]] static gert::OpImplRegisterV2 ASCENDC_SIM_IMPL_OP_NAME_(                   \
        op_impl_register_##op_type, __COUNTER__) = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_DEFAULT() IMPL_OP(DefaultImpl)
// Not static, as in CANN: registering the same op type twice in one program is a link error.
#define IMPL_OP_INFERSHAPE(op_type) \
    [[maybe_unused]] gert::OpImplRegisterV2 op_impl_register_infershape_##op_type = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type) \
    [[maybe_unused]] gert::OpImplRegisterV2 op_impl_register_optiling_##op_type = gert::OpImplRegisterV2(#op_type)
