#include "ascendc_sim/host/aclnn_call.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "aclnn/opdev/op_errno.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/host/executor.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "aclnn_launch.h"
#include "host_memory.h"

namespace sim::aclnn {
namespace {

thread_local const ScopedTilingFunction* t_tilingScope = nullptr;  // innermost ScopedTilingFunction

std::string DtypeList(const std::vector<ge::DataType>& dtypes) {
    std::ostringstream out;
    for (size_t i = 0; i < dtypes.size(); ++i) out << (i ? ", " : "") << static_cast<int>(dtypes[i]);
    return out.str();
}

}  // namespace

ScopedTilingFunction::ScopedTilingFunction(std::string opType, sim::host::TilingFunction tiling)
    : opType_(std::move(opType)), tiling_(std::move(tiling)), previous_(t_tilingScope) {
    t_tilingScope = this;
}
ScopedTilingFunction::~ScopedTilingFunction() { t_tilingScope = previous_; }

const sim::host::TilingFunction* TilingFunctionFor(const std::string& opType) {
    for (const ScopedTilingFunction* scope = t_tilingScope; scope != nullptr; scope = scope->previous_) {
        if (scope->opType_ == opType) return &scope->tiling_;
    }
    return nullptr;
}

Call::Call(const char* apiName, const char* opType, const char* kernelName)
    : apiName_(apiName), opType_(opType), kernelName_(kernelName) {}

Call& Call::Input(const char* name, const aclTensor* tensor) {
    inputs_.push_back(Arg{name, tensor});
    return *this;
}
Call& Call::Output(const char* name, const aclTensor* tensor) {
    outputs_.push_back(Arg{name, tensor});
    return *this;
}
Call& Call::Attr(const char*, sim::host::AttrValue value) {
    attrs_.push_back(std::move(value));
    return *this;
}

void Call::ViewFacts(const aclTensor& tensor, std::vector<int64_t>* shape, ge::DataType* dtype, ge::Format* format) {
    *shape = tensor.ViewShape();
    *dtype = static_cast<ge::DataType>(tensor.DataType());
    *format = static_cast<ge::Format>(tensor.Format());
}

aclnnStatus Call::Fail(int32_t status, const std::string& message) const {
    sim::acl::SetRecentError(std::string(apiName_) + ": " + message);
    return status;
}

aclnnStatus Call::CheckCommon(uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "workspaceSize is a null pointer");
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "executor is a null pointer");
    op_ = sim::host::FindOpShared(opType_);
    const auto& op = op_;
    if (!op || op->inputs.size() != inputs_.size() || op->outputs.size() != outputs_.size()) {
        return Fail(ACLNN_ERR_INNER, "no OpDef for " + opType_ + " matches this API (op library not loaded?)");
    }
    // Required per the OpDef.
    auto checkParams = [&](const std::vector<Arg>& args, const std::vector<sim::host::ParamInfo>& params) -> aclnnStatus {
        for (size_t i = 0; i < args.size(); ++i) {
            if (args[i].tensor == nullptr && params[i].kind == sim::host::ParamKind::Required) {
                return Fail(ACLNN_ERR_PARAM_NULLPTR, std::string(args[i].name) + " is a null pointer; it is required");
            }
        }
        return ACLNN_SUCCESS;
    };
    if (aclnnStatus s = checkParams(inputs_, op->inputs); s != ACLNN_SUCCESS) return s;
    if (aclnnStatus s = checkParams(outputs_, op->outputs); s != ACLNN_SUCCESS) return s;
    // Dtypes: the OpDef's lists are parallel columns; one column must match every present tensor.
    std::vector<std::pair<const Arg*, const sim::host::ParamInfo*>> all;
    for (size_t i = 0; i < inputs_.size(); ++i) all.emplace_back(&inputs_[i], &op->inputs[i]);
    for (size_t i = 0; i < outputs_.size(); ++i) all.emplace_back(&outputs_[i], &op->outputs[i]);
    const size_t columns = op->inputs.empty() ? 0 : op->inputs[0].dataTypes.size();
    bool anyColumn = false;
    for (size_t c = 0; c < columns && !anyColumn; ++c) {
        bool match = true;
        for (auto& [arg, param] : all) {
            if (arg->tensor == nullptr || c >= param->dataTypes.size()) continue;
            match = match && static_cast<ge::DataType>(arg->tensor->DataType()) == param->dataTypes[c] &&
                    (c >= param->formats.size() || static_cast<ge::Format>(arg->tensor->Format()) == param->formats[c]);
        }
        anyColumn = match;
    }
    if (!anyColumn && columns > 0) {
        std::string got;
        for (auto& [arg, param] : all) {
            if (arg->tensor == nullptr) continue;
            got += std::string(got.empty() ? "" : ", ") + arg->name + " dtype " +
                   std::to_string(static_cast<int>(arg->tensor->DataType())) + " format " +
                   std::to_string(static_cast<int>(arg->tensor->Format()));
        }
        return Fail(ACLNN_ERR_PARAM_INVALID, "the dtypes/formats (" + got + ") match no combination of the OpDef (" +
                                                 op->inputs[0].name + " dtypes: " + DtypeList(op->inputs[0].dataTypes) + ")");
    }
    // Views inside their storage and their device allocation, at an aligned device address.
    for (auto& [arg, param] : all) {
        if (arg->tensor == nullptr) continue;
        std::string why;
        if (ElementBytes(arg->tensor->DataType()) == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, std::string(arg->name) + ": unsupported dtype");
        }
        if (!sim::acl::ViewFitsStorage(*arg->tensor, &why) || !sim::acl::ViewFitsAllocation(*arg->tensor, &why) ||
            !sim::acl::DataAligned(*arg->tensor, &why)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, std::string(arg->name) + ": " + why);
        }
    }
    // Outputs must not share memory between their own elements, nor overlap each other, nor
    // partially overlap an input (exact for strided views: two disjoint column blocks of one
    // buffer do not overlap).
    std::vector<MemoryView> views;
    views.reserve(inputs_.size() + outputs_.size());
    std::vector<NamedView> namedInputs, namedOutputs;
    for (auto [args, named] : {std::pair{&inputs_, &namedInputs}, std::pair{&outputs_, &namedOutputs}}) {
        for (const Arg& a : *args) {
            if (a.tensor != nullptr) views.push_back(sim::acl::MemoryViewOf(*a.tensor));
            named->push_back(NamedView{a.name, a.tensor != nullptr ? &views.back() : nullptr});
        }
    }
    if (std::string overlap = OutputOverlapError(namedInputs, namedOutputs); !overlap.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, overlap);
    }
    return ACLNN_SUCCESS;
}

sim::host::TilingResult Call::RunTiling(const SocSpec& soc, uint32_t coreLimit) const {
    sim::host::TilingContextBuilder builder(opType_);
    builder.Soc(soc.name, coreLimit);
    auto spec = [](const aclTensor* t) -> std::optional<sim::host::TensorSpec> {
        if (t == nullptr) return std::nullopt;
        // The kernel sees contiguous tensors of the view's shape (views are copied if needed),
        // in the tensor's own format, which the op's checks may refuse.
        sim::host::TensorSpec spec = sim::host::TensorSpec::Nd(t->ViewShape(), static_cast<ge::DataType>(t->DataType()));
        spec.storageFormat = spec.originFormat = static_cast<ge::Format>(t->Format());
        return spec;
    };
    for (const Arg& a : inputs_) builder.Input(spec(a.tensor));
    for (const sim::host::AttrValue& v : attrs_) builder.Attr(v);
    for (const Arg& a : outputs_) builder.Output(spec(a.tensor));
    const sim::host::TilingFunction* substitute = TilingFunctionFor(opType_);
    return substitute ? builder.RunTiling(*substitute) : builder.RunTiling();
}

aclnnStatus Call::PlaceTensors(KernelLaunch* launch, uint64_t* tempBytes) const {
    for (auto [args, placements] : {std::pair{&inputs_, &launch->inputs}, std::pair{&outputs_, &launch->outputs}}) {
        for (const Arg& a : *args) {
            placements->emplace_back();
            if (!Place(a.name, launch->launches ? a.tensor : nullptr, tempBytes, &placements->back())) {
                return Fail(ACLNN_ERR_PARAM_INVALID, std::string(a.name) + " (view " +
                                                         sim::acl::FormatDims(a.tensor->ViewShape()) +
                                                         "): its contiguous copy would take the workspace past "
                                                         "2^63 bytes");
            }
        }
    }
    if (op_) {  // CheckCommon matched the OpDef's outputs to ours
        for (size_t i = 0; i < launch->outputs.size() && i < op_->outputs.size(); ++i) {
            launch->outputs[i].required = op_->outputs[i].kind == sim::host::ParamKind::Required;
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus Call::CheckWorkspaceFits(const KernelLaunch& launch, uint64_t total, uint64_t opWorkspaceAligned) const {
    // A request that cannot fit fails here with a status, not later with the OOM killer.
    const EnvironmentSnapshot& env = Environment();
    if (!env.workspaceCapError.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, env.workspaceCapError);
    const uint64_t available = sim::host::WorkspaceLimit(total, env);
    if (available == 0 || total <= available) return ACLNN_SUCCESS;
    std::string copies;
    for (const auto* placements : {&launch.inputs, &launch.outputs}) {
        for (const Placement& p : *placements) {
            if (p.present && p.viaCopy) copies += std::string(copies.empty() ? "" : ", ") + p.name;
        }
    }
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "the workspace needs " + std::to_string(total) + " bytes (" + std::to_string(opWorkspaceAligned) +
                    " for the op" + (copies.empty() ? "" : ", the rest for contiguous copies of " + copies) +
                    ") but only " + std::to_string(available) + " bytes of memory are available");
}

aclnnStatus Call::TileThenPrepare(uint64_t* workspaceSize, aclOpExecutor** executor, const ArgumentCheck& check) {
    sim::host::TilingResult tiling = RunTiling(CurrentSoc(), CurrentCoreLimit());
    if (!tiling.ok) {
        const Verdict verdict = check();
        if (verdict.status != 0) return Fail(verdict.status, verdict.message);
    }
    if (aclnnStatus status = CheckCommon(workspaceSize, executor); status != ACLNN_SUCCESS) return status;
    return Prepare(workspaceSize, executor, std::move(tiling));
}

aclnnStatus Call::Prepare(uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Prepare(workspaceSize, executor, std::nullopt);
}

aclnnStatus Call::Prepare(uint64_t* workspaceSize, aclOpExecutor** executor,
                          std::optional<sim::host::TilingResult> tiled) {
    if (const std::string bad = EnvironmentError(); !bad.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, bad);
    const SocSpec& soc = CurrentSoc();
    KernelLaunch launch;
    launch.coreLimit = CurrentCoreLimit();
    launch.tiling = tiled ? std::move(*tiled) : RunTiling(soc, launch.coreLimit);
    if (!launch.tiling.ok) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "tiling of " + opType_ + " failed: " + launch.tiling.error);
    }
    launch.launches = launch.tiling.blockDim > 0;
    launch.opWorkspace = launch.tiling.workspaceSizes.empty() ? 0 : launch.tiling.workspaceSizes[0];
    // The kernel's `workspace` points past the library's system workspace (op projects
    // hand kernels the user part).
    launch.systemWorkspace = std::min<uint64_t>(soc.libWorkspaceBytes, launch.opWorkspace);
    launch.kernel = kernelName_;
    launch.opType = opType_;
    launch.soc = &soc;

    // Contiguous copies of strided views follow the op's own workspace.
    const uint64_t opWorkspaceAligned = (launch.opWorkspace + kTempAlign - 1) / kTempAlign * kTempAlign;
    uint64_t tempBytes = opWorkspaceAligned;
    if (aclnnStatus s = PlaceTensors(&launch, &tempBytes); s != ACLNN_SUCCESS) return s;
    const uint64_t total = launch.launches ? tempBytes : 0;
    if (aclnnStatus s = CheckWorkspaceFits(launch, total, opWorkspaceAligned); s != ACLNN_SUCCESS) return s;

    std::vector<void*> inAddrs, outAddrs;
    inAddrs.reserve(inputs_.size());
    outAddrs.reserve(outputs_.size());
    for (const Arg& a : inputs_) inAddrs.push_back(a.tensor ? a.tensor->Data() : nullptr);
    for (const Arg& a : outputs_) outAddrs.push_back(a.tensor ? a.tensor->Data() : nullptr);
    *workspaceSize = total;
    // Moved, not copied: the body holds the placements, the tiling and their vectors.
    *executor = sim::acl::CreateExecutor(opType_, total, std::move(inAddrs), std::move(outAddrs), std::move(launch));
    if (*executor == nullptr) return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR, "could not create the executor");
    return ACLNN_SUCCESS;
}

}  // namespace sim::aclnn
