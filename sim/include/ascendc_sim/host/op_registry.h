// The process-wide registry of operator definitions, filled at static-initialisation time
// by the CANN-named registration macros (OP_ADD, IMPL_OP_OPTILING, REGISTER_TILING_DATA_
// CLASS) and read by the sim: the tiling runner looks up tiling functions here, and the
// aclnn code generator reads the JSON dump (OpRegistryJson) to generate the two-phase API.
//
// Registration can arrive in any order (static initialisers of different translation
// units run in an unspecified order), so entries are merged by op type.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "graph/types.h"

namespace gert {
class InferDataTypeContext;
class InferShapeContext;
class TilingContext;
class TilingParseContext;
}  // namespace gert

namespace sim::host {

using TilingFunc = uint32_t (*)(gert::TilingContext*);
using InferShapeFunc = uint32_t (*)(gert::InferShapeContext*);
using InferDataTypeFunc = uint32_t (*)(gert::InferDataTypeContext*);
using TilingParseFunc = uint32_t (*)(gert::TilingParseContext*);
using CompileInfoCreator = void* (*)();
using CompileInfoDeleter = void (*)(void*);

enum class ParamKind { Required, Optional, Dynamic };
enum class AttrKind { Required, Optional };
enum class AttrType { Bool, Int, Float, String, ListBool, ListInt, ListFloat, ListListInt };

// An attribute value; monostate = no default given.
using AttrValue = std::variant<std::monostate, bool, int64_t, float, std::string, std::vector<bool>,
                               std::vector<int64_t>, std::vector<float>, std::vector<std::vector<int64_t>>>;

// One declared input or output. dataTypes[i] goes with formats[i] (CANN's parallel lists).
struct ParamInfo {
    std::string name;
    ParamKind kind = ParamKind::Required;
    std::vector<ge::DataType> dataTypes;
    std::vector<ge::Format> formats;
    std::vector<ge::Format> unknownShapeFormats;
    bool dataTypeList = false;  // set with DataTypeList: any listed dtype with any format
    bool formatList = false;    // set with FormatList
    bool valueDepend = false;   // ValueDepend(REQUIRED|OPTIONAL): tiling reads its data
    bool ignoreContiguous = false;
    std::string follow;         // Follow(name): dtype/format/shape follow another param
};

struct AttrInfo {
    std::string name;
    AttrKind kind = AttrKind::Optional;
    AttrType type = AttrType::Int;
    AttrValue defaultValue;  // monostate for a required attribute
};

// One AICore().AddConfig(soc[, config]) call.
struct AICoreConfigInfo {
    std::string soc;  // "ascend910b", "ascend910_93", ...
    bool hasConfig = false;  // an OpAICoreConfig was passed
    std::optional<bool> dynamicCompileStatic, dynamicFormat, dynamicRankSupport, dynamicShapeSupport,
        needCheckSupport, precisionReduce;
    std::vector<std::pair<std::string, std::string>> extendCfgInfo;
    std::vector<ParamInfo> inputs;   // per-SoC Input() overrides given on the config
    std::vector<ParamInfo> outputs;
};

struct OpInfo {
    std::string opType;
    bool hasOpDef = false;  // OP_ADD ran for this type (else only a tiling was registered)
    int opDefRegistrations = 0;  // > 1 means OP_ADD ran twice; the first definition is kept
    std::vector<ParamInfo> inputs;
    std::vector<ParamInfo> outputs;
    std::vector<AttrInfo> attrs;
    std::vector<AICoreConfigInfo> aicoreConfigs;
    bool hasInferShape = false;
    bool hasInferDataType = false;
    // Graph mode's functions (OpDef::SetInferShape / SetInferDataType, or IMPL_OP(type)
    // .InferShape / .InferDataType): run by RunInferShape / RunInferDataType (infer_run.h).
    InferShapeFunc inferShape = nullptr;
    InferDataTypeFunc inferDataType = nullptr;
    // What CANN's op build would reject (dtype and format lists of different lengths, an
    // OPTIONAL attribute without a default, ...). The tiling context builder refuses an op
    // with errors; the JSON dump lists them.
    std::vector<std::string> definitionErrors;

    TilingFunc opDefTiling = nullptr;  // OpDef::AICore().SetTiling(fn)
    TilingFunc implTiling = nullptr;   // IMPL_OP_OPTILING(type).Tiling(fn)
    size_t implMaxTilingDataSize = 0;  // Tiling(fn, maxSize); 0 when not given that way
    TilingParseFunc tilingParse = nullptr;
    CompileInfoCreator createCompileInfo = nullptr;
    CompileInfoDeleter deleteCompileInfo = nullptr;
};

// One REGISTER_TILING_DATA_CLASS(opType, className).
struct TilingDataClassInfo {
    std::string opType;
    std::string className;
    size_t bytes = 0;  // sizeof the class == the bytes SaveToBuffer writes
};

// ---- queries -----------------------------------------------------------------------------
std::vector<std::string> RegisteredOpTypes();  // sorted
std::optional<OpInfo> FindOp(const std::string& opType);
// The same entry without copying it (nullptr if none): shared and immutable; a later
// registration for the type makes a new one and leaves this one as it was.
std::shared_ptr<const OpInfo> FindOpShared(const std::string& opType);
std::vector<TilingDataClassInfo> RegisteredTilingDataClasses();  // in registration order
// The tiling function RunTiling calls for `opType`. Fails (nullopt, reason in *error) when
// none is registered or when the OpDef and IMPL_OP_OPTILING registered different ones.
std::optional<TilingFunc> ResolveTilingFunc(const std::string& opType, std::string* error);
// All ops and tiling data classes as JSON (format documented in sim/tools/opdef_dump.cpp).
std::string OpRegistryJson();

// ---- registration entry points (called by the CANN-named headers' macros) ----------------
void RegisterOpInfo(const OpInfo& definition);  // from OP_ADD
void RecordImplTiling(const std::string& opType, TilingFunc tiling, size_t maxTilingDataSize);
void RecordImplTilingParse(const std::string& opType, TilingParseFunc parse, CompileInfoCreator create,
                           CompileInfoDeleter destroy);
void RecordImplInferShape(const std::string& opType, InferShapeFunc inferShape);
void RecordImplInferDataType(const std::string& opType, InferDataTypeFunc inferDataType);
bool RegisterTilingDataClass(const char* opType, const char* className, size_t bytes);

// Names used in the JSON dump: "DT_FLOAT", "FORMAT_ND", "required", "list_int", ...
const char* DataTypeName(ge::DataType dataType);
const char* FormatName(ge::Format format);
const char* ParamKindName(ParamKind kind);
const char* AttrTypeName(AttrType type);

}  // namespace sim::host
