// Storage and queries of the op registry (see ascendc_sim/host/op_registry.h).
#include "ascendc_sim/host/op_registry.h"

#include <map>
#include <memory>
#include <mutex>

#include "ascendc_sim/core/fork_guard.h"

namespace sim::host {
namespace {

struct Registry {
    ForkSafeMutex mutex{LockRank::OpRegistry};
    std::map<std::string, OpInfo> ops;
    // Immutable copies for FindOpShared, made on first query and dropped whenever the entry
    // changes: a call queries its op several times, and copying an OpInfo (names, dtype and
    // format lists) took a tenth of a small call.
    std::map<std::string, std::shared_ptr<const OpInfo>> snapshots;
    std::vector<TilingDataClassInfo> tilingDataClasses;
};

// Function-local static: registration runs from static initialisers of other translation
// units, possibly before this file's globals would be constructed.
Registry& TheRegistry() {
    static Registry registry;
    return registry;
}

// The entry for `opType`, created empty on first mention. Caller holds the mutex.
OpInfo& EntryLocked(Registry& registry, const std::string& opType) {
    registry.snapshots.erase(opType);  // every caller changes the entry
    OpInfo& entry = registry.ops[opType];
    entry.opType = opType;
    return entry;
}

}  // namespace

// ---- registration ----------------------------------------------------------------------

void RegisterOpInfo(const OpInfo& definition) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    OpInfo& entry = EntryLocked(registry, definition.opType);
    ++entry.opDefRegistrations;
    if (entry.hasOpDef) return;  // keep the first definition; the count shows the duplicate
    // Keep what IMPL_OP_OPTILING may already have recorded for this type.
    const OpInfo implPart = entry;
    entry = definition;
    entry.hasOpDef = true;
    entry.opDefRegistrations = implPart.opDefRegistrations;
    entry.implTiling = implPart.implTiling;
    entry.implMaxTilingDataSize = implPart.implMaxTilingDataSize;
    entry.tilingParse = implPart.tilingParse;
    entry.createCompileInfo = implPart.createCompileInfo;
    entry.deleteCompileInfo = implPart.deleteCompileInfo;
    entry.hasInferShape = definition.hasInferShape || implPart.hasInferShape;
    entry.hasInferDataType = definition.hasInferDataType || implPart.hasInferDataType;
    // The OpDef's function wins over IMPL_OP's, as its SetInferShape is the later, op-local one.
    entry.inferShape = definition.inferShape != nullptr ? definition.inferShape : implPart.inferShape;
    entry.inferDataType = definition.inferDataType != nullptr ? definition.inferDataType : implPart.inferDataType;
}

void RecordImplTiling(const std::string& opType, TilingFunc tiling, size_t maxTilingDataSize) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    OpInfo& entry = EntryLocked(registry, opType);
    entry.implTiling = tiling;
    entry.implMaxTilingDataSize = maxTilingDataSize;
}

void RecordImplTilingParse(const std::string& opType, TilingParseFunc parse, CompileInfoCreator create,
                           CompileInfoDeleter destroy) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    OpInfo& entry = EntryLocked(registry, opType);
    entry.tilingParse = parse;
    entry.createCompileInfo = create;
    entry.deleteCompileInfo = destroy;
}

void RecordImplInferShape(const std::string& opType, InferShapeFunc inferShape) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    OpInfo& entry = EntryLocked(registry, opType);
    entry.hasInferShape = true;
    if (entry.inferShape == nullptr) entry.inferShape = inferShape;
}

void RecordImplInferDataType(const std::string& opType, InferDataTypeFunc inferDataType) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    OpInfo& entry = EntryLocked(registry, opType);
    entry.hasInferDataType = true;
    if (entry.inferDataType == nullptr) entry.inferDataType = inferDataType;
}

bool RegisterTilingDataClass(const char* opType, const char* className, size_t bytes) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    // The same header is compiled into the host tiling and the kernel: register once.
    for (const TilingDataClassInfo& known : registry.tilingDataClasses) {
        if (known.opType == opType && known.className == className) return true;
    }
    registry.tilingDataClasses.push_back({opType, className, bytes});
    return true;
}

// ---- queries ---------------------------------------------------------------------------

std::vector<std::string> RegisteredOpTypes() {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    std::vector<std::string> types;
    for (const auto& [type, info] : registry.ops) types.push_back(type);
    return types;  // std::map keeps them sorted
}

std::optional<OpInfo> FindOp(const std::string& opType) {
    const std::shared_ptr<const OpInfo> op = FindOpShared(opType);
    if (!op) return std::nullopt;
    return *op;
}

std::shared_ptr<const OpInfo> FindOpShared(const std::string& opType) {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto known = registry.snapshots.find(opType);
    if (known != registry.snapshots.end()) return known->second;
    auto it = registry.ops.find(opType);
    if (it == registry.ops.end()) return nullptr;
    auto snapshot = std::make_shared<const OpInfo>(it->second);
    registry.snapshots.emplace(opType, snapshot);
    return snapshot;
}

std::vector<TilingDataClassInfo> RegisteredTilingDataClasses() {
    Registry& registry = TheRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    return registry.tilingDataClasses;
}

std::optional<TilingFunc> ResolveTilingFunc(const std::string& opType, std::string* error) {
    const std::shared_ptr<const OpInfo> op = FindOpShared(opType);
    if (!op || (op->opDefTiling == nullptr && op->implTiling == nullptr)) {
        *error = "no tiling function is registered for op type '" + opType +
                 "' (neither OpDef::AICore().SetTiling nor IMPL_OP_OPTILING(" + opType + ").Tiling)";
        return std::nullopt;
    }
    if (op->opDefTiling != nullptr && op->implTiling != nullptr && op->opDefTiling != op->implTiling) {
        // CANN would keep whichever registration ran last, which depends on link order.
        *error = "op type '" + opType + "' has two different tiling functions: one from "
                 "OpDef::AICore().SetTiling and one from IMPL_OP_OPTILING; register one";
        return std::nullopt;
    }
    return op->implTiling != nullptr ? op->implTiling : op->opDefTiling;
}

// ---- names -----------------------------------------------------------------------------

const char* DataTypeName(ge::DataType dataType) {
    switch (dataType) {
        case ge::DT_FLOAT: return "DT_FLOAT";
        case ge::DT_FLOAT16: return "DT_FLOAT16";
        case ge::DT_INT8: return "DT_INT8";
        case ge::DT_INT32: return "DT_INT32";
        case ge::DT_UINT8: return "DT_UINT8";
        case ge::DT_INT16: return "DT_INT16";
        case ge::DT_UINT16: return "DT_UINT16";
        case ge::DT_UINT32: return "DT_UINT32";
        case ge::DT_INT64: return "DT_INT64";
        case ge::DT_UINT64: return "DT_UINT64";
        case ge::DT_DOUBLE: return "DT_DOUBLE";
        case ge::DT_BOOL: return "DT_BOOL";
        case ge::DT_STRING: return "DT_STRING";
        case ge::DT_COMPLEX64: return "DT_COMPLEX64";
        case ge::DT_COMPLEX128: return "DT_COMPLEX128";
        case ge::DT_BF16: return "DT_BF16";
        case ge::DT_UNDEFINED: return "DT_UNDEFINED";
        case ge::DT_INT4: return "DT_INT4";
        case ge::DT_COMPLEX32: return "DT_COMPLEX32";
        case ge::DT_HIFLOAT8: return "DT_HIFLOAT8";
        case ge::DT_FLOAT8_E5M2: return "DT_FLOAT8_E5M2";
        case ge::DT_FLOAT8_E4M3FN: return "DT_FLOAT8_E4M3FN";
        default: return "DT_OTHER";  // the JSON carries the numeric value as well
    }
}

const char* FormatName(ge::Format format) {
    switch (format) {
        case ge::FORMAT_NCHW: return "FORMAT_NCHW";
        case ge::FORMAT_NHWC: return "FORMAT_NHWC";
        case ge::FORMAT_ND: return "FORMAT_ND";
        case ge::FORMAT_NC1HWC0: return "FORMAT_NC1HWC0";
        case ge::FORMAT_FRACTAL_Z: return "FORMAT_FRACTAL_Z";
        case ge::FORMAT_NCDHW: return "FORMAT_NCDHW";
        case ge::FORMAT_NDHWC: return "FORMAT_NDHWC";
        case ge::FORMAT_FRACTAL_NZ: return "FORMAT_FRACTAL_NZ";
        case ge::FORMAT_NCL: return "FORMAT_NCL";
        case ge::FORMAT_RESERVED: return "FORMAT_RESERVED";
        default: return "FORMAT_OTHER";  // the JSON carries the numeric value as well
    }
}

const char* ParamKindName(ParamKind kind) {
    switch (kind) {
        case ParamKind::Required: return "required";
        case ParamKind::Optional: return "optional";
        case ParamKind::Dynamic: return "dynamic";
    }
    return "required";
}

const char* AttrTypeName(AttrType type) {
    switch (type) {
        case AttrType::Bool: return "bool";
        case AttrType::Int: return "int";
        case AttrType::Float: return "float";
        case AttrType::String: return "string";
        case AttrType::ListBool: return "list_bool";
        case AttrType::ListInt: return "list_int";
        case AttrType::ListFloat: return "list_float";
        case AttrType::ListListInt: return "list_list_int";
    }
    return "int";
}

}  // namespace sim::host
