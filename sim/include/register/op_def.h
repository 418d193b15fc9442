// ops::OpDef and its parts: the operator prototype an op_host source declares (inputs,
// outputs, attributes, AI Core configs, tiling function), with CANN's builder API.
//
// Each setter records what CANN records; OP_ADD (register/op_def_registry.h) then copies
// the finished definition into the sim's op registry (ascendc_sim/host/op_registry.h).
// Setters for features the sim has no use for (check-support hooks, MC2, AICPU) are left
// out on purpose: calling one is a compile error, not a silent no-op.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/host/op_registry.h"
#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace sim::host {
struct OpDefAccess;
}  // namespace sim::host

namespace ops {

// Values as in CANN.
enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };
enum class DependScope : uint32_t { ALL = 0, TILING = 1, INVALID_SCOPE };
enum class FollowType : uint32_t { ALL = 0, DTYPE = 1, FORMAT = 2, SHAPE = 3, INVALID_TYPE };

class OpParamDef {
public:
    explicit OpParamDef(const char* name);

    // REQUIRED, OPTIONAL or DYNAMIC.
    OpParamDef& ParamType(Option paramType);
    // Supported combinations: DataType({a, b}) with Format({f, g}) means (a, f) and (b, g).
    OpParamDef& DataType(std::vector<ge::DataType> types);
    OpParamDef& Format(std::vector<ge::Format> formats);
    // Any listed dtype / format combined with every combination of the other params.
    OpParamDef& DataTypeList(std::vector<ge::DataType> types);
    OpParamDef& FormatList(std::vector<ge::Format> formats);
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats);
    OpParamDef& ValueDepend(Option valueDepend);
    OpParamDef& ValueDepend(Option valueDepend, DependScope scope);
    OpParamDef& IgnoreContiguous();
    OpParamDef& AutoContiguous();
    OpParamDef& Follow(const char* paramName);
    OpParamDef& Follow(const char* paramName, FollowType followType);
    OpParamDef& Version(uint32_t version);
    OpParamDef& Comment(const char* comment);

private:
    friend struct ::sim::host::OpDefAccess;
    sim::host::ParamInfo info_;
};

class OpAttrDef {
public:
    explicit OpAttrDef(const char* name);

    // REQUIRED or OPTIONAL (an OPTIONAL attribute needs a default value).
    OpAttrDef& AttrType(Option attrType);
    // The no-argument forms set the type only (for REQUIRED attributes).
    OpAttrDef& Bool();
    OpAttrDef& Bool(bool value);
    OpAttrDef& Float();
    OpAttrDef& Float(float value);
    OpAttrDef& Int();
    OpAttrDef& Int(int64_t value);
    OpAttrDef& String();
    OpAttrDef& String(const char* value);
    OpAttrDef& ListBool();
    OpAttrDef& ListBool(std::vector<bool> value);
    OpAttrDef& ListFloat();
    OpAttrDef& ListFloat(std::vector<float> value);
    OpAttrDef& ListInt();
    OpAttrDef& ListInt(std::vector<int64_t> value);
    OpAttrDef& ListListInt();
    OpAttrDef& ListListInt(std::vector<std::vector<int64_t>> value);
    OpAttrDef& Version(uint32_t version);
    OpAttrDef& Comment(const char* comment);
    bool IsRequired();

private:
    friend struct ::sim::host::OpDefAccess;
    sim::host::AttrInfo info_;
    bool typeSet_ = false;  // one of Bool()/Int()/... was called
};

class OpAICoreConfig {
public:
    OpAICoreConfig() = default;
    explicit OpAICoreConfig(const char* soc);

    // Per-SoC overrides of the op's inputs/outputs.
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAICoreConfig& DynamicCompileStaticFlag(bool flag);
    OpAICoreConfig& DynamicFormatFlag(bool flag);
    OpAICoreConfig& DynamicRankSupportFlag(bool flag);
    OpAICoreConfig& DynamicShapeSupportFlag(bool flag);
    OpAICoreConfig& NeedCheckSupportFlag(bool flag);
    OpAICoreConfig& PrecisionReduceFlag(bool flag);
    OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value);

private:
    friend struct ::sim::host::OpDefAccess;
    sim::host::AICoreConfigInfo info_;
    // deques: references returned by Input()/Output() stay valid as more are declared.
    std::deque<OpParamDef> inputs_;
    std::deque<OpParamDef> outputs_;
};

class OpAICoreDef {
public:
    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func);
    gert::OpImplRegisterV2::TilingKernelFunc& GetTiling();
    // CANN takes the config by non-const reference; so does the sim, so that code passing
    // a temporary fails here as it would with CANN.
    OpAICoreDef& AddConfig(const char* soc);
    OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& aicoreConfig);

private:
    friend struct ::sim::host::OpDefAccess;
    gert::OpImplRegisterV2::TilingKernelFunc tiling_ = nullptr;
    std::vector<sim::host::AICoreConfigInfo> configs_;
};

class OpDef {
public:
    explicit OpDef(const char* type);

    // Naming an input, output or attribute again returns (and amends) the existing one.
    OpParamDef& Input(const char* name);
    OpParamDef& Output(const char* name);
    OpAttrDef& Attr(const char* name);
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func);
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func);
    gert::OpImplRegisterV2::InferShapeKernelFunc& GetInferShape();
    gert::OpImplRegisterV2::InferDataTypeKernelFunc& GetInferDataType();
    OpAICoreDef& AICore();

private:
    friend struct ::sim::host::OpDefAccess;
    std::string opType_;
    // deques: references returned by Input()/Output()/Attr() stay valid as more are declared.
    std::deque<OpParamDef> inputs_;
    std::deque<OpParamDef> outputs_;
    std::deque<OpAttrDef> attrs_;
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape_ = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType_ = nullptr;
    OpAICoreDef aicore_;
};

}  // namespace ops
