// ops::OpDef and its parts (register/op_def.h), and OP_ADD's RegisterOpDef, which turns a
// finished definition into the registry's OpInfo and checks it the way CANN's op build
// would.
#include "register/op_def.h"

#include <algorithm>
#include <string>

#include "register/op_def_registry.h"

namespace sim::host {

struct OpDefAccess {
    static const std::string& Name(const ops::OpParamDef& param) { return param.info_.name; }
    static const std::string& Name(const ops::OpAttrDef& attr) { return attr.info_.name; }

    static std::vector<ParamInfo> Params(const std::deque<ops::OpParamDef>& params) {
        std::vector<ParamInfo> infos;
        for (const ops::OpParamDef& param : params) infos.push_back(param.info_);
        return infos;
    }

    static OpInfo Describe(const ops::OpDef& def) {
        OpInfo op;
        op.opType = def.opType_;
        op.inputs = Params(def.inputs_);
        op.outputs = Params(def.outputs_);
        for (const ops::OpAttrDef& attr : def.attrs_) op.attrs.push_back(attr.info_);
        op.aicoreConfigs = def.aicore_.configs_;
        op.opDefTiling = def.aicore_.tiling_;
        op.hasInferShape = def.inferShape_ != nullptr;
        op.hasInferDataType = def.inferDataType_ != nullptr;
        op.inferShape = def.inferShape_;
        op.inferDataType = def.inferDataType_;
        op.definitionErrors = Check(def);
        return op;
    }

    // What CANN's op build rejects, phrased for the op author.
    static std::vector<std::string> Check(const ops::OpDef& def) {
        std::vector<std::string> errors;
        auto checkParams = [&errors](const std::deque<ops::OpParamDef>& params, const char* what) {
            for (const ops::OpParamDef& param : params) {
                const ParamInfo& info = param.info_;
                if (info.dataTypes.empty()) {
                    errors.push_back(std::string(what) + " '" + info.name + "' declares no DataType");
                }
                const bool parallelLists = !info.dataTypeList && !info.formatList && !info.formats.empty();
                if (parallelLists && info.formats.size() != info.dataTypes.size()) {
                    errors.push_back(std::string(what) + " '" + info.name + "' has " +
                                     std::to_string(info.dataTypes.size()) + " DataType entries but " +
                                     std::to_string(info.formats.size()) + " Format entries (they pair up)");
                }
            }
        };
        checkParams(def.inputs_, "input");
        checkParams(def.outputs_, "output");
        for (const ops::OpAttrDef& attr : def.attrs_) {
            if (!attr.typeSet_) {
                errors.push_back("attribute '" + attr.info_.name + "' has no type (call Bool(), Int(), Float(), ...)");
            } else if (attr.info_.kind == AttrKind::Optional &&
                       std::holds_alternative<std::monostate>(attr.info_.defaultValue)) {
                errors.push_back("OPTIONAL attribute '" + attr.info_.name + "' has no default value");
            }
        }
        if (def.aicore_.configs_.empty()) {
            errors.push_back("no AICore().AddConfig(soc): the op would be built for no SoC");
        }
        return errors;
    }

    static void SetConfigParams(const ops::OpAICoreConfig& config, AICoreConfigInfo* info) {
        info->inputs = Params(config.inputs_);
        info->outputs = Params(config.outputs_);
    }
    static const AICoreConfigInfo& ConfigInfo(const ops::OpAICoreConfig& config) { return config.info_; }
};

int RegisterOpDef(const ops::OpDef& definition) {
    RegisterOpInfo(OpDefAccess::Describe(definition));
    return 0;
}

}  // namespace sim::host

namespace ops {
namespace {

sim::host::ParamKind ToParamKind(Option option) {
    switch (option) {
        case OPTIONAL: return sim::host::ParamKind::Optional;
        case DYNAMIC: return sim::host::ParamKind::Dynamic;
        default: return sim::host::ParamKind::Required;  // REQUIRED; IGNORE/VIRTUAL are not used by AI Core ops
    }
}

// The param or attribute named `name`, declared on first mention: naming it again amends
// the same definition (CANN's OpDef does this for attributes, GetOrCreateAttr; the sim does
// it for inputs and outputs too rather than declare a second param of the same name).
template <typename Def>
Def& FindOrDeclare(std::deque<Def>& defs, const char* name) {
    for (Def& def : defs) {
        if (sim::host::OpDefAccess::Name(def) == name) return def;
    }
    defs.emplace_back(name);
    return defs.back();
}

// CANN keys the configs by SoC name, so a SoC appears once; here the later AddConfig wins.
void AddOrReplaceConfig(std::vector<sim::host::AICoreConfigInfo>& configs, sim::host::AICoreConfigInfo info) {
    auto same = std::find_if(configs.begin(), configs.end(), [&](const auto& c) { return c.soc == info.soc; });
    if (same != configs.end()) *same = std::move(info);
    else configs.push_back(std::move(info));
}

}  // namespace

// ---- OpParamDef ------------------------------------------------------------------------

OpParamDef::OpParamDef(const char* name) { info_.name = name; }

OpParamDef& OpParamDef::ParamType(Option paramType) {
    info_.kind = ToParamKind(paramType);
    return *this;
}
OpParamDef& OpParamDef::DataType(std::vector<ge::DataType> types) {
    info_.dataTypes = std::move(types);
    info_.dataTypeList = false;
    return *this;
}
OpParamDef& OpParamDef::Format(std::vector<ge::Format> formats) {
    info_.formats = std::move(formats);
    info_.formatList = false;
    return *this;
}
OpParamDef& OpParamDef::DataTypeList(std::vector<ge::DataType> types) {
    info_.dataTypes = std::move(types);
    info_.dataTypeList = true;
    return *this;
}
OpParamDef& OpParamDef::FormatList(std::vector<ge::Format> formats) {
    info_.formats = std::move(formats);
    info_.formatList = true;
    return *this;
}
OpParamDef& OpParamDef::UnknownShapeFormat(std::vector<ge::Format> formats) {
    info_.unknownShapeFormats = std::move(formats);
    return *this;
}
OpParamDef& OpParamDef::ValueDepend(Option valueDepend) {
    info_.valueDepend = valueDepend == REQUIRED || valueDepend == OPTIONAL;
    return *this;
}
OpParamDef& OpParamDef::ValueDepend(Option valueDepend, DependScope) { return ValueDepend(valueDepend); }
OpParamDef& OpParamDef::IgnoreContiguous() {
    info_.ignoreContiguous = true;
    return *this;
}
OpParamDef& OpParamDef::AutoContiguous() {
    info_.ignoreContiguous = false;
    return *this;
}
OpParamDef& OpParamDef::Follow(const char* paramName) {
    info_.follow = paramName;
    return *this;
}
OpParamDef& OpParamDef::Follow(const char* paramName, FollowType) { return Follow(paramName); }
OpParamDef& OpParamDef::Version(uint32_t) { return *this; }
OpParamDef& OpParamDef::Comment(const char*) { return *this; }

// ---- OpAttrDef -------------------------------------------------------------------------

OpAttrDef::OpAttrDef(const char* name) { info_.name = name; }

OpAttrDef& OpAttrDef::AttrType(Option attrType) {
    info_.kind = attrType == REQUIRED ? sim::host::AttrKind::Required : sim::host::AttrKind::Optional;
    return *this;
}

#define ASCENDC_SIM_ATTR_SETTERS(Method, AttrTypeValue, ValueType)                  \
    OpAttrDef& OpAttrDef::Method() {                                                \
        info_.type = sim::host::AttrType::AttrTypeValue;                            \
        typeSet_ = true;                                                            \
        return *this;                                                               \
    }                                                                               \
    OpAttrDef& OpAttrDef::Method(ValueType value) {                                 \
        Method();                                                                   \
        info_.defaultValue = sim::host::AttrValue(std::move(value));                \
        return *this;                                                               \
    }
ASCENDC_SIM_ATTR_SETTERS(Bool, Bool, bool)
ASCENDC_SIM_ATTR_SETTERS(Float, Float, float)
ASCENDC_SIM_ATTR_SETTERS(Int, Int, int64_t)
ASCENDC_SIM_ATTR_SETTERS(ListBool, ListBool, std::vector<bool>)
ASCENDC_SIM_ATTR_SETTERS(ListFloat, ListFloat, std::vector<float>)
ASCENDC_SIM_ATTR_SETTERS(ListInt, ListInt, std::vector<int64_t>)
ASCENDC_SIM_ATTR_SETTERS(ListListInt, ListListInt, std::vector<std::vector<int64_t>>)
#undef ASCENDC_SIM_ATTR_SETTERS

OpAttrDef& OpAttrDef::String() {
    info_.type = sim::host::AttrType::String;
    typeSet_ = true;
    return *this;
}
OpAttrDef& OpAttrDef::String(const char* value) {
    String();
    info_.defaultValue = sim::host::AttrValue(std::string(value));
    return *this;
}
OpAttrDef& OpAttrDef::Version(uint32_t) { return *this; }
OpAttrDef& OpAttrDef::Comment(const char*) { return *this; }
bool OpAttrDef::IsRequired() { return info_.kind == sim::host::AttrKind::Required; }

// ---- OpAICoreConfig --------------------------------------------------------------------

OpAICoreConfig::OpAICoreConfig(const char* soc) { info_.soc = soc; }

OpParamDef& OpAICoreConfig::Input(const char* name) { return FindOrDeclare(inputs_, name); }
OpParamDef& OpAICoreConfig::Output(const char* name) { return FindOrDeclare(outputs_, name); }
OpAICoreConfig& OpAICoreConfig::DynamicCompileStaticFlag(bool flag) {
    info_.dynamicCompileStatic = flag;
    return *this;
}
OpAICoreConfig& OpAICoreConfig::DynamicFormatFlag(bool flag) {
    info_.dynamicFormat = flag;
    return *this;
}
OpAICoreConfig& OpAICoreConfig::DynamicRankSupportFlag(bool flag) {
    info_.dynamicRankSupport = flag;
    return *this;
}
OpAICoreConfig& OpAICoreConfig::DynamicShapeSupportFlag(bool flag) {
    info_.dynamicShapeSupport = flag;
    return *this;
}
OpAICoreConfig& OpAICoreConfig::NeedCheckSupportFlag(bool flag) {
    info_.needCheckSupport = flag;
    return *this;
}
OpAICoreConfig& OpAICoreConfig::PrecisionReduceFlag(bool flag) {
    info_.precisionReduce = flag;
    return *this;
}
OpAICoreConfig& OpAICoreConfig::ExtendCfgInfo(const char* key, const char* value) {
    info_.extendCfgInfo.emplace_back(key, value);
    return *this;
}

// ---- OpAICoreDef -----------------------------------------------------------------------

OpAICoreDef& OpAICoreDef::SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) {
    tiling_ = func;
    return *this;
}
gert::OpImplRegisterV2::TilingKernelFunc& OpAICoreDef::GetTiling() { return tiling_; }

OpAICoreDef& OpAICoreDef::AddConfig(const char* soc) {
    sim::host::AICoreConfigInfo info;
    info.soc = soc;
    AddOrReplaceConfig(configs_, std::move(info));
    return *this;
}

OpAICoreDef& OpAICoreDef::AddConfig(const char* soc, OpAICoreConfig& aicoreConfig) {
    sim::host::AICoreConfigInfo info = sim::host::OpDefAccess::ConfigInfo(aicoreConfig);
    info.soc = soc;
    info.hasConfig = true;
    sim::host::OpDefAccess::SetConfigParams(aicoreConfig, &info);
    AddOrReplaceConfig(configs_, std::move(info));
    return *this;
}

// ---- OpDef -----------------------------------------------------------------------------

OpDef::OpDef(const char* type) : opType_(type) {}

OpParamDef& OpDef::Input(const char* name) { return FindOrDeclare(inputs_, name); }
OpParamDef& OpDef::Output(const char* name) { return FindOrDeclare(outputs_, name); }
OpAttrDef& OpDef::Attr(const char* name) { return FindOrDeclare(attrs_, name); }
OpDef& OpDef::SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func) {
    inferShape_ = func;
    return *this;
}
OpDef& OpDef::SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func) {
    inferDataType_ = func;
    return *this;
}
gert::OpImplRegisterV2::InferShapeKernelFunc& OpDef::GetInferShape() { return inferShape_; }
gert::OpImplRegisterV2::InferDataTypeKernelFunc& OpDef::GetInferDataType() { return inferDataType_; }
OpAICoreDef& OpDef::AICore() { return aicore_; }

}  // namespace ops
