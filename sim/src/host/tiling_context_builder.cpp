// TilingContextBuilder: checks a call against the op's registered OpDef and lays it out
// the way nnopbase lays out an aclnn call's tiling context (one instance slot per declared
// non-dynamic input, null for an absent optional one; attributes in declaration order).
#include "ascendc_sim/host/tiling_context_builder.h"

#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "context_factory.h"

namespace sim::host {
namespace {

// Attribute values are stored zero-padded to at least this many bytes so that reading
// one with a wider type than declared stays inside the allocation.
constexpr size_t kMinAttrBytes = 16;
static_assert(sizeof(gert::ContinuousVector) >= kMinAttrBytes, "list attributes rely on the header's size");

std::unique_ptr<uint8_t[]> Bytes(const void* data, size_t bytes) {
    const size_t allocated = bytes < kMinAttrBytes ? kMinAttrBytes : bytes;
    std::unique_ptr<uint8_t[]> buffer(new uint8_t[allocated]());
    if (bytes != 0) std::memcpy(buffer.get(), data, bytes);
    return buffer;
}

template <typename T>
std::unique_ptr<uint8_t[]> ListBytes(const T* data, size_t count) {
    // Header + elements, as gert::TypedContinuousVector<T> reads them. The header alone is
    // larger than kMinAttrBytes.
    std::unique_ptr<uint8_t[]> buffer = gert::ContinuousVector::Create<T>(count);
    auto* vector = reinterpret_cast<gert::ContinuousVector*>(buffer.get());
    vector->SetSize(count);
    if (count != 0) std::memcpy(vector->MutableData(), data, count * sizeof(T));
    return buffer;
}

}  // namespace

// The bytes RuntimeAttrs::GetAttrPointer<T> reads for `value`, T being the C++ type of
// the declared attribute type (bool, int64_t, float, char, TypedContinuousVector<...>).
std::unique_ptr<uint8_t[]> EncodeAttr(const AttrValue& value) {
    return std::visit(
        [](const auto& v) -> std::unique_ptr<uint8_t[]> {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>) {
                return Bytes(nullptr, 0);
            } else if constexpr (std::is_same_v<V, std::string>) {
                return Bytes(v.c_str(), v.size() + 1);
            } else if constexpr (std::is_same_v<V, std::vector<bool>>) {
                std::unique_ptr<bool[]> flags(new bool[v.size() + 1]());
                for (size_t i = 0; i < v.size(); ++i) flags[i] = v[i];
                return ListBytes(flags.get(), v.size());
            } else if constexpr (std::is_same_v<V, std::vector<int64_t>> || std::is_same_v<V, std::vector<float>>) {
                return ListBytes(v.data(), v.size());
            } else if constexpr (std::is_same_v<V, std::vector<std::vector<int64_t>>>) {
                // CANN's ContinuousVectorVector is not modelled; list-of-lists reads as empty.
                return ListBytes<int64_t>(nullptr, 0);
            } else {
                return Bytes(&v, sizeof(v));
            }
        },
        value);
}

namespace {

const char* ValueTypeName(const AttrValue& value) {
    static const char* const kNames[] = {"nothing", "bool", "int64", "float", "string",
                                         "list of bool", "list of int64", "list of float", "list of lists"};
    return kNames[value.index()];
}

bool Matches(AttrType type, const AttrValue& value) {
    switch (type) {
        case AttrType::Bool: return std::holds_alternative<bool>(value);
        case AttrType::Int: return std::holds_alternative<int64_t>(value);
        case AttrType::Float: return std::holds_alternative<float>(value);
        case AttrType::String: return std::holds_alternative<std::string>(value);
        case AttrType::ListBool: return std::holds_alternative<std::vector<bool>>(value);
        case AttrType::ListInt: return std::holds_alternative<std::vector<int64_t>>(value);
        case AttrType::ListFloat: return std::holds_alternative<std::vector<float>>(value);
        case AttrType::ListListInt: return std::holds_alternative<std::vector<std::vector<int64_t>>>(value);
    }
    return false;
}

std::unique_ptr<gert::Tensor> MakeTensor(const TensorSpec& spec) {
    gert::StorageShape shape;
    for (int64_t dim : spec.storageShape) shape.MutableStorageShape().AppendDim(dim);
    for (int64_t dim : spec.originShape) shape.MutableOriginShape().AppendDim(dim);
    auto tensor = std::make_unique<gert::Tensor>(
        shape, gert::StorageFormat(spec.originFormat, spec.storageFormat), spec.dataType);
    tensor->SetAddr(spec.hostData, spec.hostDataBytes);
    return tensor;
}

gert::CompileTimeTensorDesc MakeDesc(const std::optional<TensorSpec>& spec) {
    gert::CompileTimeTensorDesc desc;  // absent: DT_UNDEFINED, FORMAT_RESERVED, !IsExist()
    if (spec) {
        desc.SetDataType(spec->dataType);
        desc.SetStorageFormat(spec->storageFormat);
        desc.SetOriginFormat(spec->originFormat);
        desc.SetExist(true);
    }
    return desc;
}

[[noreturn]] void Reject(const std::string& opType, const std::string& what) {
    throw std::invalid_argument("tiling context for " + opType + ": " + what);
}

std::string Names(const std::vector<ParamInfo>& params) {
    std::string names;
    for (const ParamInfo& p : params) names += (names.empty() ? "" : ", ") + p.name;
    return names;
}

}  // namespace

TilingContextBuilder::TilingContextBuilder(std::string opType) : opType_(std::move(opType)) {}

TilingContextBuilder& TilingContextBuilder::NodeName(std::string nodeName) {
    nodeName_ = std::move(nodeName);
    return *this;
}

TilingContextBuilder& TilingContextBuilder::Input(std::optional<TensorSpec> tensor) {
    inputs_.push_back(InputArg{false, {std::move(tensor)}});
    return *this;
}

TilingContextBuilder& TilingContextBuilder::DynamicInput(std::vector<TensorSpec> tensors) {
    InputArg arg{true, {}};
    for (TensorSpec& t : tensors) arg.tensors.emplace_back(std::move(t));
    inputs_.push_back(std::move(arg));
    return *this;
}

TilingContextBuilder& TilingContextBuilder::Output(std::optional<TensorSpec> tensor) {
    outputs_.push_back(std::move(tensor));
    return *this;
}

TilingContextBuilder& TilingContextBuilder::Attr(AttrValue value) {
    attrs_.push_back(std::move(value));
    return *this;
}

TilingContextBuilder& TilingContextBuilder::Soc(const std::string& socName, uint32_t coreLimit) {
    soc_ = &FindSoc(socName);
    coreLimit_ = coreLimit;
    return *this;
}

TilingContextBuilder& TilingContextBuilder::TilingCapacity(size_t bytes) {
    tilingCapacity_ = bytes;
    return *this;
}

TilingContextBuilder& TilingContextBuilder::MaxWorkspaceCount(size_t count) {
    maxWorkspaceCount_ = count;
    return *this;
}

std::unique_ptr<gert::TilingContext> TilingContextBuilder::Build() const {
    std::vector<AttrValue> attrs = attrs_;
    const std::shared_ptr<const OpInfo> op = FindOpShared(opType_);
    if (op && op->hasOpDef) {
        if (!op->definitionErrors.empty()) {
            std::string errors;
            for (const std::string& e : op->definitionErrors) errors += "; " + e;
            Reject(opType_, "the OpDef is invalid" + errors);
        }
        if (inputs_.size() != op->inputs.size()) {
            Reject(opType_, "the OpDef declares " + std::to_string(op->inputs.size()) + " inputs (" +
                                Names(op->inputs) + "), the call gives " + std::to_string(inputs_.size()));
        }
        for (size_t i = 0; i < inputs_.size(); ++i) {
            const ParamInfo& declared = op->inputs[i];
            const bool dynamic = declared.kind == ParamKind::Dynamic;
            if (inputs_[i].dynamic != dynamic) {
                Reject(opType_, "input '" + declared.name + "' is " + ParamKindName(declared.kind) + ", give it with " +
                                    (dynamic ? "DynamicInput()" : "Input()"));
            }
            if (!dynamic && !inputs_[i].tensors[0] && declared.kind != ParamKind::Optional) {
                Reject(opType_, "required input '" + declared.name + "' is absent");
            }
        }
        if (outputs_.size() != op->outputs.size()) {
            Reject(opType_, "the OpDef declares " + std::to_string(op->outputs.size()) + " outputs (" +
                                Names(op->outputs) + "), the call gives " + std::to_string(outputs_.size()));
        }
        for (size_t i = 0; i < outputs_.size(); ++i) {
            if (!outputs_[i] && op->outputs[i].kind != ParamKind::Optional) {
                Reject(opType_, "required output '" + op->outputs[i].name + "' is absent");
            }
        }
        if (attrs.size() > op->attrs.size()) {
            Reject(opType_, "the OpDef declares " + std::to_string(op->attrs.size()) + " attributes, the call gives " +
                                std::to_string(attrs.size()));
        }
        for (size_t i = 0; i < op->attrs.size(); ++i) {
            const AttrInfo& declared = op->attrs[i];
            if (i >= attrs.size()) {  // left out: the declared default
                if (std::holds_alternative<std::monostate>(declared.defaultValue)) {
                    Reject(opType_, "required attribute '" + declared.name + "' is not given");
                }
                attrs.push_back(declared.defaultValue);
            } else if (!Matches(declared.type, attrs[i])) {
                Reject(opType_, "attribute '" + declared.name + "' is declared " + AttrTypeName(declared.type) +
                                    ", the call gives a " + ValueTypeName(attrs[i]));
            }
        }
    }

    std::unique_ptr<gert::TilingContext> context = ContextFactory::NewTilingContext();
    gert::TilingContext& c = *context;

    auto& node = ContextFactory::Node(c);
    node = ContextFactory::NewComputeNodeInfo();
    ContextFactory::NodeType(*node) = opType_;
    ContextFactory::NodeName(*node) = nodeName_.empty() ? opType_ : nodeName_;

    for (const InputArg& arg : inputs_) {
        const uint32_t start = static_cast<uint32_t>(ContextFactory::Inputs(c).size());
        uint32_t present = 0;
        for (const std::optional<TensorSpec>& spec : arg.tensors) {
            ContextFactory::Inputs(c).push_back(spec ? MakeTensor(*spec) : nullptr);
            ContextFactory::InputDescs(*node).push_back(MakeDesc(spec));
            present += spec ? 1 : 0;
        }
        ContextFactory::IrInputs(*node).emplace_back(start, present);
    }
    for (const std::optional<TensorSpec>& spec : outputs_) {
        const uint32_t index = static_cast<uint32_t>(ContextFactory::Outputs(c).size());
        ContextFactory::Outputs(c).push_back(spec ? MakeTensor(*spec) : nullptr);
        ContextFactory::OutputDescs(*node).push_back(MakeDesc(spec));
        ContextFactory::IrOutputs(*node).emplace_back(index, spec ? 1 : 0);
    }

    auto& runtimeAttrs = ContextFactory::Attrs(c);
    runtimeAttrs = ContextFactory::NewRuntimeAttrs();
    for (const AttrValue& value : attrs) ContextFactory::AttrValues(*runtimeAttrs).push_back(EncodeAttr(value));
    ContextFactory::NodeAttrs(*node) = runtimeAttrs.get();

    const SocSpec& soc = soc_ != nullptr ? *soc_ : CurrentSoc();
    const uint32_t coreLimit = soc_ != nullptr ? coreLimit_ : CurrentCoreLimit();
    ContextFactory::Platform(c) = std::make_unique<fe::PlatFormInfos>(soc, coreLimit);

    auto& tilingBytes = ContextFactory::TilingBytes(c);
    tilingBytes.reset(new uint8_t[tilingCapacity_ == 0 ? 1 : tilingCapacity_]());
    ContextFactory::Tiling(c).Init(tilingCapacity_, tilingBytes.get());
    ContextFactory::WorkspaceVector(c) = gert::ContinuousVector::Create<size_t>(maxWorkspaceCount_);
    return context;
}

TilingResult TilingContextBuilder::RunTiling() const { return RunTiling(TilingFunction()); }

TilingResult TilingContextBuilder::RunTiling(const TilingFunction& tiling) const {
    std::unique_ptr<gert::TilingContext> context;
    try {
        context = Build();
    } catch (const std::exception& e) {
        TilingResult result;
        result.error = e.what();
        return result;
    }
    return sim::host::RunTiling(opType_, *context, tiling);
}

}  // namespace sim::host
