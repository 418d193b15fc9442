#include "ascendc_sim/host/aclnn_call.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <sys/sysinfo.h>

#include "aclnn/opdev/op_errno.h"
#include "ascendc_sim/core/environment.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/host/executor.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "view_copy.h"

namespace sim::aclnn {
namespace {

// The contiguous copies of strided views, and the op's own workspace before them, start
// 512-byte aligned in the workspace, as aclrtMalloc's device buffers do.
constexpr uint64_t kTempAlign = 512;
thread_local LaunchResult t_lastOpLaunch;  // what LastOpLaunch() returns

uint32_t ElementBytes(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
        case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
        case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: return 8;
        default: return 0;
    }
}

bool SameView(const aclTensor& a, const aclTensor& b) {
    return a.Data() == b.Data() && a.ViewOffset() == b.ViewOffset() && a.ViewShape() == b.ViewShape() &&
           a.ViewStrides() == b.ViewStrides() && a.DataType() == b.DataType();
}

// How one tensor reaches the kernel: in place, or through a contiguous copy in the workspace.
struct Placement {
    const char* name = "";
    bool present = false;
    bool viaCopy = false;
    ViewLayout view;
    uint64_t tempOffset = 0;        // into the workspace, when viaCopy
    bool required = true;           // an output the OpDef marks REQUIRED: the kernel must write it
};

// False when the contiguous copy would take the workspace past 2^63 bytes.
bool Place(const char* name, const aclTensor* t, uint64_t* tempBytes, Placement* p) {
    p->name = name;
    p->present = t != nullptr;
    if (t == nullptr) return true;
    p->view = ViewLayout{t->ViewShape(), t->ViewStrides(), t->ViewOffset(), ElementBytes(t->DataType())};
    p->viaCopy = !IsContiguous(p->view.shape, p->view.strides);
    if (!p->viaCopy) return true;
    // A stride-0 view of a small storage can stand for a huge tensor: its copy is as large
    // as the view, so each step is checked (a wrapped sum once sized a 16 MiB workspace).
    int64_t bytes = 0, aligned = 0, end = 0;
    if (__builtin_mul_overflow(p->view.Elements(), static_cast<int64_t>(p->view.elementBytes), &bytes) ||
        __builtin_add_overflow(bytes, static_cast<int64_t>(kTempAlign - 1), &aligned) ||
        __builtin_add_overflow(static_cast<int64_t>(*tempBytes), aligned / kTempAlign * kTempAlign, &end)) {
        return false;
    }
    p->tempOffset = *tempBytes;
    *tempBytes = static_cast<uint64_t>(end);
    return true;
}

// MemAvailable of /proc/meminfo, or 0 when unknown.
uint64_t MemoryAvailable() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key, unit;
    uint64_t kib = 0;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

// Whether `bytes` fit within half of the free RAM: one sysinfo call, where reading
// /proc/meminfo (MemoryAvailable) costs more than a whole small op call.
bool SurelyFits(uint64_t bytes) {
    struct sysinfo info {};
    if (sysinfo(&info) != 0) return false;
    return bytes <= static_cast<uint64_t>(info.freeram) * info.mem_unit / 2;
}

std::string DtypeList(const std::vector<ge::DataType>& dtypes) {
    std::ostringstream out;
    for (size_t i = 0; i < dtypes.size(); ++i) out << (i ? ", " : "") << static_cast<int>(dtypes[i]);
    return out.str();
}

}  // namespace

const LaunchResult& LastOpLaunch() { return t_lastOpLaunch; }

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
    for (size_t i = 0; i < outputs_.size(); ++i) {
        const aclTensor* out = outputs_[i].tensor;
        if (out == nullptr) continue;
        if (sim::acl::SelfOverlaps(*out)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, std::string(outputs_[i].name) + " (view " +
                                                     sim::acl::FormatDims(out->ViewShape()) + " with strides " +
                                                     sim::acl::FormatDims(out->ViewStrides()) +
                                                     ") has elements sharing memory; every output element needs "
                                                     "memory of its own");
        }
        for (size_t j = i + 1; j < outputs_.size(); ++j) {
            if (outputs_[j].tensor != nullptr && sim::acl::Overlaps(*out, *outputs_[j].tensor)) {
                return Fail(ACLNN_ERR_PARAM_INVALID, std::string(outputs_[i].name) + " and " + outputs_[j].name +
                                                         " overlap in memory; outputs must be disjoint");
            }
        }
        for (const Arg& in : inputs_) {
            if (in.tensor != nullptr && sim::acl::Overlaps(*out, *in.tensor) && !SameView(*in.tensor, *out)) {
                return Fail(ACLNN_ERR_PARAM_INVALID, std::string(outputs_[i].name) + " partially overlaps input " +
                                                         in.name + "; an output may only alias an identical input view");
            }
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus Call::Prepare(uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (const std::string bad = EnvironmentError(); !bad.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, bad);
    const SocSpec& soc = CurrentSoc();
    const uint32_t coreLimit = CurrentCoreLimit();
    sim::host::TilingContextBuilder builder(opType_);
    builder.Soc(soc.name, coreLimit);
    auto spec = [](const aclTensor* t) -> std::optional<sim::host::TensorSpec> {
        if (t == nullptr) return std::nullopt;
        // The kernel sees contiguous tensors of the view's shape (views are copied if needed).
        return sim::host::TensorSpec::Nd(t->ViewShape(), static_cast<ge::DataType>(t->DataType()));
    };
    for (const Arg& a : inputs_) builder.Input(spec(a.tensor));
    for (const sim::host::AttrValue& v : attrs_) builder.Attr(v);
    for (const Arg& a : outputs_) builder.Output(spec(a.tensor));
    sim::host::TilingResult tiling = builder.RunTiling();
    if (!tiling.ok) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "tiling of " + opType_ + " failed: " + tiling.error);

    const uint64_t opWorkspace = tiling.workspaceSizes.empty() ? 0 : tiling.workspaceSizes[0];
    std::vector<Placement> inputs, outputs;
    const bool launches = tiling.blockDim > 0;
    const uint64_t opWorkspaceAligned = (opWorkspace + kTempAlign - 1) / kTempAlign * kTempAlign;
    // Contiguous copies of strided views follow the op's own workspace.
    uint64_t tempBytes = opWorkspaceAligned;
    for (auto [args, placements] : {std::pair{&inputs_, &inputs}, std::pair{&outputs_, &outputs}}) {
        for (const Arg& a : *args) {
            placements->emplace_back();
            if (!Place(a.name, launches ? a.tensor : nullptr, &tempBytes, &placements->back())) {
                return Fail(ACLNN_ERR_PARAM_INVALID, std::string(a.name) + " (view " +
                                                         sim::acl::FormatDims(a.tensor->ViewShape()) +
                                                         "): its contiguous copy would take the workspace past "
                                                         "2^63 bytes");
            }
        }
    }
    if (op_) {  // CheckCommon matched the OpDef's outputs to ours
        for (size_t i = 0; i < outputs.size() && i < op_->outputs.size(); ++i) {
            outputs[i].required = op_->outputs[i].kind == sim::host::ParamKind::Required;
        }
    }
    const uint64_t total = launches ? tempBytes : 0;
    // A request that cannot fit fails here with a status, not later with the OOM killer.
    // The cap ASCEND_SIM_MAX_WORKSPACE_BYTES (for tests and shared machines), when set, is the
    // limit; else half the free RAM is surely fine and MemAvailable decides past it (0: unknown).
    const EnvironmentSnapshot& env = Environment();
    if (!env.workspaceCapError.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, env.workspaceCapError);
    uint64_t available = 0;
    if (env.workspaceCapped) {
        available = env.workspaceCapBytes;
    } else if (!SurelyFits(total)) {
        available = MemoryAvailable();
    }
    if (available != 0 && total > available) {
        std::string copies;
        for (const auto* placements : {&inputs, &outputs}) {
            for (const Placement& p : *placements) {
                if (p.present && p.viaCopy) copies += std::string(copies.empty() ? "" : ", ") + p.name;
            }
        }
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "the workspace needs " + std::to_string(total) + " bytes (" + std::to_string(opWorkspaceAligned) +
                        " for the op" + (copies.empty() ? "" : ", the rest for contiguous copies of " + copies) +
                        ") but only " + std::to_string(available) + " bytes of memory are available");
    }
    // The kernel's `workspace` points past the library's system workspace (op projects
    // hand kernels the user part).
    const uint64_t systemWorkspace = std::min<uint64_t>(soc.libWorkspaceBytes, opWorkspace);

    std::vector<void*> inAddrs, outAddrs;
    inAddrs.reserve(inputs_.size());
    outAddrs.reserve(outputs_.size());
    for (const Arg& a : inputs_) inAddrs.push_back(a.tensor ? a.tensor->Data() : nullptr);
    for (const Arg& a : outputs_) outAddrs.push_back(a.tensor ? a.tensor->Data() : nullptr);
    const std::string kernel = kernelName_, opType = opType_;
    const SocSpec* socPtr = &soc;
    // The placements and the tiling move into the body (nothing below reads them again).
    auto body = [=, inputs = std::move(inputs), outputs = std::move(outputs), tiling = std::move(tiling)](
                    const aclOpExecutor& self, void* workspace, aclrtStream stream) -> aclnnStatus {
        if (!launches) return ACLNN_SUCCESS;
        auto* ws = static_cast<uint8_t*>(workspace);
        // The captured placements stay as they are (a repeatable executor may run on several
        // threads); each run reads its storage from the executor's current addresses.
        const std::vector<Placement>& ins = inputs;
        const std::vector<Placement>& outs = outputs;
        auto storageOf = [&](const std::vector<void*>& addresses, size_t i) { return static_cast<uint8_t*>(addresses[i]); };
        auto direct = [](const Placement& p, uint8_t* storage) { return storage + p.view.offset * p.view.elementBytes; };
        auto fail = [&](const LaunchResult& r) {
            // Reported once, by the stream's next synchronize, naming this call; as on the
            // device, the call itself succeeds and the fault surfaces at aclrtSynchronizeStream.
            sim::acl::RecordLaunch(stream, r, "aclnn" + opType);
            return ACLNN_SUCCESS;
        };
        std::vector<void*> args;
        args.reserve(ins.size() + outs.size() + 2);
        for (size_t i = 0; i < ins.size(); ++i) {
            const Placement& p = ins[i];
            uint8_t* storage = storageOf(self.inputAddresses, i);
            if (p.present && p.viaCopy) {
                LaunchResult r = GatherView(p.view, storage, ws + p.tempOffset);
                if (!r.ok) return fail(r);
            }
            args.push_back(!p.present ? nullptr : p.viaCopy ? ws + p.tempOffset : direct(p, storage));
        }
        for (size_t i = 0; i < outs.size(); ++i) {
            const Placement& p = outs[i];
            args.push_back(!p.present ? nullptr
                           : p.viaCopy ? ws + p.tempOffset
                                       : direct(p, storageOf(self.outputAddresses, i)));
        }
        args.push_back(opWorkspace > 0 ? ws + systemWorkspace : nullptr);
        // Tiling data lives in device memory, as the runtime places it.
        std::unique_ptr<void, bool (*)(void*)> tilingGm(AllocGm(std::max<size_t>(tiling.tilingData.size(), 8), "tiling"),
                                                         &FreeGm);
        std::copy(tiling.tilingData.begin(), tiling.tilingData.end(), static_cast<uint8_t*>(tilingGm.get()));
        args.push_back(tilingGm.get());

        LaunchConfig config;
        config.blockDim = tiling.blockDim;
        config.tilingKey = tiling.tilingKey;
        config.tilingKeySet = true;
        config.soc = socPtr;
        size_t k = 0;
        for (const Placement& p : ins) config.args.push_back({args[k++], p.name});
        for (const Placement& p : outs) config.args.push_back({args[k++], p.name});
        config.args.push_back({args[k++], "workspace"});
        config.args.push_back({args[k++], "tiling"});
        // The outputs as the kernel sees them (contiguous): bytes no core writes are reported.
        for (size_t i = 0; i < outs.size(); ++i) {
            if (!outs[i].present) continue;
            const ViewLayout& v = outs[i].view;
            config.outputs.push_back(OutputTensor{args[ins.size() + i], static_cast<uint64_t>(v.Elements()) * v.elementBytes,
                                                  outs[i].name, v.shape, v.elementBytes, outs[i].required});
        }
        {
            SocScope scope(socPtr->name, coreLimit);
            t_lastOpLaunch = LaunchKernel(kernel, config, args);  // shares the launch's logs (CoreLogs)
            const LaunchResult& r = t_lastOpLaunch;
            if (!r.ok) return fail(r);
            sim::acl::RecordLaunch(stream, r);
        }
        for (size_t i = 0; i < outs.size(); ++i) {
            const Placement& p = outs[i];
            if (p.present && p.viaCopy) {
                LaunchResult r = ScatterView(p.view, ws + p.tempOffset, storageOf(self.outputAddresses, i));
                if (!r.ok) return fail(r);
            }
        }
        return ACLNN_SUCCESS;
    };
    *workspaceSize = total;
    // Moved, not copied: the body holds the placements, the tiling and their vectors.
    *executor = sim::acl::CreateExecutor(opType_, total, std::move(inAddrs), std::move(outAddrs), std::move(body));
    if (*executor == nullptr) return Fail(ACLNN_ERR_INNER_CREATE_EXECUTOR, "could not create the executor");
    return ACLNN_SUCCESS;
}

}  // namespace sim::aclnn
