// OpRegistryJson: the op registry as JSON, the input of the aclnn code generator.
// The format is documented in sim/tools/opdef_dump.cpp.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <type_traits>

#include "ascendc_sim/host/op_registry.h"
#include "../core/json_quote.h"

namespace sim::host {
namespace {

std::string Quote(const std::string& text) { return JsonQuote(text); }

// JSON has no inf/nan: those become the strings "inf", "-inf", "nan".
std::string Number(float value) {
    if (std::isnan(value)) return "\"nan\"";
    if (std::isinf(value)) return value > 0 ? "\"inf\"" : "\"-inf\"";
    char text[32];
    std::snprintf(text, sizeof(text), "%.9g", static_cast<double>(value));
    return text;
}
std::string Number(int64_t value) { return std::to_string(value); }
std::string Number(bool value) { return value ? "true" : "false"; }

template <typename T, typename ToJson>
std::string List(const std::vector<T>& items, ToJson toJson) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + toJson(items[i]);
    return out + "]";
}

std::string ValueJson(const AttrValue& value) {
    return std::visit(
        [](const auto& v) -> std::string {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>) {
                return "null";
            } else if constexpr (std::is_same_v<V, std::string>) {
                return Quote(v);
            } else if constexpr (std::is_same_v<V, std::vector<bool>>) {
                std::string out = "[";
                for (size_t i = 0; i < v.size(); ++i) out += std::string(i ? ", " : "") + (v[i] ? "true" : "false");
                return out + "]";
            } else if constexpr (std::is_same_v<V, std::vector<std::vector<int64_t>>>) {
                return List(v, [](const std::vector<int64_t>& row) {
                    return List(row, [](int64_t x) { return Number(x); });
                });
            } else if constexpr (std::is_same_v<V, std::vector<int64_t>> || std::is_same_v<V, std::vector<float>>) {
                return List(v, [](auto x) { return Number(x); });
            } else {
                return Number(v);
            }
        },
        value);
}

std::string ParamJson(const ParamInfo& param) {
    std::ostringstream out;
    out << "{\"name\": " << Quote(param.name) << ", \"param_type\": " << Quote(ParamKindName(param.kind))
        << ", \"data_types\": " << List(param.dataTypes, [](ge::DataType t) { return Quote(DataTypeName(t)); })
        << ", \"data_type_values\": " << List(param.dataTypes, [](ge::DataType t) { return std::to_string(t); })
        << ", \"formats\": " << List(param.formats, [](ge::Format f) { return Quote(FormatName(f)); })
        << ", \"format_values\": " << List(param.formats, [](ge::Format f) { return std::to_string(f); })
        << ", \"unknown_shape_formats\": "
        << List(param.unknownShapeFormats, [](ge::Format f) { return Quote(FormatName(f)); })
        << ", \"data_type_list\": " << Number(param.dataTypeList) << ", \"format_list\": " << Number(param.formatList)
        << ", \"value_depend\": " << Number(param.valueDepend)
        << ", \"ignore_contiguous\": " << Number(param.ignoreContiguous) << ", \"follow\": " << Quote(param.follow)
        << "}";
    return out.str();
}

std::string AttrJson(const AttrInfo& attr) {
    std::ostringstream out;
    out << "{\"name\": " << Quote(attr.name)
        << ", \"param_type\": " << Quote(attr.kind == AttrKind::Required ? "required" : "optional")
        << ", \"type\": " << Quote(AttrTypeName(attr.type)) << ", \"default\": " << ValueJson(attr.defaultValue)
        << "}";
    return out.str();
}

std::string ConfigJson(const AICoreConfigInfo& config) {
    std::ostringstream out;
    out << "{\"soc\": " << Quote(config.soc) << ", \"has_config\": " << Number(config.hasConfig) << ", \"flags\": {";
    const std::pair<const char*, const std::optional<bool>*> flags[] = {
        {"dynamic_compile_static", &config.dynamicCompileStatic}, {"dynamic_format", &config.dynamicFormat},
        {"dynamic_rank_support", &config.dynamicRankSupport},     {"dynamic_shape_support", &config.dynamicShapeSupport},
        {"need_check_support", &config.needCheckSupport},         {"precision_reduce", &config.precisionReduce}};
    bool first = true;
    for (const auto& [name, flag] : flags) {
        if (!flag->has_value()) continue;  // only flags the OpDef set
        out << (first ? "" : ", ") << Quote(name) << ": " << Number(**flag);
        first = false;
    }
    out << "}, \"extend_cfg_info\": {";
    for (size_t i = 0; i < config.extendCfgInfo.size(); ++i) {
        out << (i ? ", " : "") << Quote(config.extendCfgInfo[i].first) << ": " << Quote(config.extendCfgInfo[i].second);
    }
    out << "}, \"inputs\": " << List(config.inputs, ParamJson) << ", \"outputs\": " << List(config.outputs, ParamJson)
        << "}";
    return out.str();
}

std::string TilingJson(const OpInfo& op) {
    const char* source = "none";
    if (op.opDefTiling != nullptr && op.implTiling != nullptr) source = "both";
    else if (op.opDefTiling != nullptr) source = "op_def";
    else if (op.implTiling != nullptr) source = "impl_op";
    const bool conflict = op.opDefTiling != nullptr && op.implTiling != nullptr && op.opDefTiling != op.implTiling;
    std::ostringstream out;
    out << "{\"registered\": " << Number(op.opDefTiling != nullptr || op.implTiling != nullptr)
        << ", \"source\": " << Quote(source) << ", \"conflict\": " << Number(conflict)
        << ", \"max_tiling_data_size\": " << op.implMaxTilingDataSize
        << ", \"tiling_parse\": " << Number(op.tilingParse != nullptr) << "}";
    return out.str();
}

std::string OpJson(const OpInfo& op) {
    std::ostringstream out;
    out << "    {\"op_type\": " << Quote(op.opType) << ", \"has_op_def\": " << Number(op.hasOpDef)
        << ", \"op_def_registrations\": " << op.opDefRegistrations << ",\n"
        << "     \"inputs\": " << List(op.inputs, ParamJson) << ",\n"
        << "     \"outputs\": " << List(op.outputs, ParamJson) << ",\n"
        << "     \"attrs\": " << List(op.attrs, AttrJson) << ",\n"
        << "     \"aicore\": {\"configs\": " << List(op.aicoreConfigs, ConfigJson) << "},\n"
        << "     \"tiling\": " << TilingJson(op) << ",\n"
        << "     \"infer_shape\": " << Number(op.hasInferShape)
        << ", \"infer_data_type\": " << Number(op.hasInferDataType) << ",\n"
        << "     \"errors\": " << List(op.definitionErrors, Quote) << "}";
    return out.str();
}

}  // namespace

std::string OpRegistryJson() {
    std::string out = "{\n  \"ops\": [";
    const std::vector<std::string> types = RegisteredOpTypes();
    for (size_t i = 0; i < types.size(); ++i) {
        if (const std::optional<OpInfo> op = FindOp(types[i])) out += (i ? ",\n" : "\n") + OpJson(*op);
    }
    out += types.empty() ? "],\n  \"tiling_data_classes\": [" : "\n  ],\n  \"tiling_data_classes\": [";
    const std::vector<TilingDataClassInfo> classes = RegisteredTilingDataClasses();
    for (size_t i = 0; i < classes.size(); ++i) {
        out += std::string(i ? "," : "") + "\n    {\"op_type\": " + Quote(classes[i].opType) +
               ", \"class\": " + Quote(classes[i].className) + ", \"bytes\": " + std::to_string(classes[i].bytes) +
               "}";
    }
    out += classes.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

}  // namespace sim::host
