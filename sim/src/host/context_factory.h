// Private to sim/src/host: the one place allowed to construct the CANN-named runtime
// classes (TilingContext, ComputeNodeInfo, RuntimeAttrs, TilingParseContext,
// InferShapeContext, InferDataTypeContext), whose
// constructors are private as in CANN, and to reach their internals.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ascendc_sim/host/op_registry.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"

namespace sim::host {

// The bytes RuntimeAttrs::GetAttrPointer<T> reads for an attribute value
// (tiling_context_builder.cpp).
std::unique_ptr<uint8_t[]> EncodeAttr(const AttrValue& value);

struct ContextFactory {
    static std::unique_ptr<gert::TilingContext> NewTilingContext() {
        return std::unique_ptr<gert::TilingContext>(new gert::TilingContext());
    }
    static std::unique_ptr<gert::ComputeNodeInfo> NewComputeNodeInfo() {
        return std::unique_ptr<gert::ComputeNodeInfo>(new gert::ComputeNodeInfo());
    }
    static std::unique_ptr<gert::RuntimeAttrs> NewRuntimeAttrs() {
        return std::unique_ptr<gert::RuntimeAttrs>(new gert::RuntimeAttrs());
    }
    static gert::TilingParseContext NewTilingParseContext(void* compiledInfo, fe::PlatFormInfos* platform) {
        return gert::TilingParseContext(compiledInfo, platform);
    }

    // Internals, for the builder and the runner.
    static std::unique_ptr<gert::ComputeNodeInfo>& Node(gert::TilingContext& c) { return c.node_; }
    static std::unique_ptr<gert::RuntimeAttrs>& Attrs(gert::TilingContext& c) { return c.attrs_; }
    static std::vector<std::unique_ptr<gert::Tensor>>& Inputs(gert::TilingContext& c) { return c.inputs_; }
    static std::vector<std::unique_ptr<gert::Tensor>>& Outputs(gert::TilingContext& c) { return c.outputs_; }
    static std::unique_ptr<fe::PlatFormInfos>& Platform(gert::TilingContext& c) { return c.platform_; }
    static const void*& CompileInfo(gert::TilingContext& c) { return c.compileInfo_; }
    static std::unique_ptr<uint8_t[]>& TilingBytes(gert::TilingContext& c) { return c.tilingBytes_; }
    static gert::TilingData& Tiling(gert::TilingContext& c) { return c.tilingData_; }
    static std::unique_ptr<uint8_t[]>& WorkspaceVector(gert::TilingContext& c) { return c.workspaceVector_; }
    static std::vector<std::string>& Violations(gert::TilingContext& c) { return c.contractViolations_; }
    static std::vector<size_t>& OverflowWorkspaceSizes(gert::TilingContext& c) { return c.overflowWorkspaceSizes_; }

    static std::string& NodeType(gert::ComputeNodeInfo& n) { return n.nodeType_; }
    static std::string& NodeName(gert::ComputeNodeInfo& n) { return n.nodeName_; }
    static std::vector<gert::AnchorInstanceInfo>& IrInputs(gert::ComputeNodeInfo& n) { return n.irInputs_; }
    static std::vector<gert::AnchorInstanceInfo>& IrOutputs(gert::ComputeNodeInfo& n) { return n.irOutputs_; }
    static std::vector<gert::CompileTimeTensorDesc>& InputDescs(gert::ComputeNodeInfo& n) { return n.inputDescs_; }
    static std::vector<gert::CompileTimeTensorDesc>& OutputDescs(gert::ComputeNodeInfo& n) { return n.outputDescs_; }
    static const gert::RuntimeAttrs*& NodeAttrs(gert::ComputeNodeInfo& n) { return n.attrs_; }

    static std::vector<std::unique_ptr<uint8_t[]>>& AttrValues(gert::RuntimeAttrs& a) { return a.values_; }

    // Graph-mode inference contexts (infer_run.cpp).
    static std::unique_ptr<gert::InferShapeContext> NewInferShapeContext() {
        return std::unique_ptr<gert::InferShapeContext>(new gert::InferShapeContext());
    }
    static std::unique_ptr<gert::InferDataTypeContext> NewInferDataTypeContext() {
        return std::unique_ptr<gert::InferDataTypeContext>(new gert::InferDataTypeContext());
    }
    static std::string& NodeType(gert::InferShapeContext& c) { return c.nodeType_; }
    static std::string& NodeName(gert::InferShapeContext& c) { return c.nodeName_; }
    static std::vector<gert::Shape>& InputShapes(gert::InferShapeContext& c) { return c.inputs_; }
    static std::vector<bool>& InputPresent(gert::InferShapeContext& c) { return c.present_; }
    static std::vector<gert::Shape>& OutputShapes(gert::InferShapeContext& c) { return c.outputs_; }
    static std::unique_ptr<gert::RuntimeAttrs>& Attrs(gert::InferShapeContext& c) { return c.attrs_; }
    static std::string& NodeType(gert::InferDataTypeContext& c) { return c.nodeType_; }
    static std::string& NodeName(gert::InferDataTypeContext& c) { return c.nodeName_; }
    static std::vector<ge::DataType>& InputDataTypes(gert::InferDataTypeContext& c) { return c.inputs_; }
    static std::vector<ge::DataType>& OutputDataTypes(gert::InferDataTypeContext& c) { return c.outputs_; }
    static std::unique_ptr<gert::RuntimeAttrs>& Attrs(gert::InferDataTypeContext& c) { return c.attrs_; }
};

}  // namespace sim::host
