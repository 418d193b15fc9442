#include "aclnn_launch.h"

#include <algorithm>
#include <memory>

#include "aclnn/opdev/op_errno.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/host/aclnn_call.h"
#include "ascendc_sim/host/executor.h"

namespace sim::aclnn {
namespace {

thread_local LaunchResult t_lastOpLaunch;  // what LastOpLaunch() returns

uint8_t* Storage(const std::vector<void*>& addresses, size_t i) { return static_cast<uint8_t*>(addresses[i]); }

// Where the kernel finds a tensor placed in place: its first element in its storage.
uint8_t* Direct(const Placement& p, uint8_t* storage) { return storage + p.view.offset * p.view.elementBytes; }

// The GM address the kernel gets for each tensor (inputs, then outputs), nullptr for an absent one.
std::vector<void*> TensorAddresses(const KernelLaunch& launch, const aclOpExecutor& self, uint8_t* ws) {
    std::vector<void*> args;
    args.reserve(launch.inputs.size() + launch.outputs.size() + 2);
    for (auto [placements, addresses] : {std::pair{&launch.inputs, &self.inputAddresses},
                                         std::pair{&launch.outputs, &self.outputAddresses}}) {
        for (size_t i = 0; i < placements->size(); ++i) {
            const Placement& p = (*placements)[i];
            args.push_back(!p.present ? nullptr : p.viaCopy ? ws + p.tempOffset : Direct(p, Storage(*addresses, i)));
        }
    }
    return args;
}

// The launch of `args` (tensors, workspace, tiling): names for the checks' messages, and the
// outputs as the kernel sees them (contiguous), so that bytes no core writes are reported.
LaunchConfig Config(const KernelLaunch& launch, const std::vector<void*>& args) {
    LaunchConfig config;
    config.blockDim = launch.tiling.blockDim;
    config.tilingKey = launch.tiling.tilingKey;
    config.tilingKeySet = true;
    config.soc = launch.soc;
    size_t k = 0;
    for (const Placement& p : launch.inputs) config.args.push_back({args[k++], p.name});
    for (const Placement& p : launch.outputs) config.args.push_back({args[k++], p.name});
    config.args.push_back({args[k++], "workspace"});
    config.args.push_back({args[k++], "tiling"});
    for (size_t i = 0; i < launch.outputs.size(); ++i) {
        const Placement& p = launch.outputs[i];
        if (!p.present) continue;
        const ViewLayout& v = p.view;
        config.outputs.push_back(OutputTensor{args[launch.inputs.size() + i],
                                              static_cast<uint64_t>(v.Elements()) * v.elementBytes, p.name, v.shape,
                                              v.elementBytes, p.required});
    }
    return config;
}

}  // namespace

const LaunchResult& LastOpLaunch() { return t_lastOpLaunch; }

uint32_t ElementBytes(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
        case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
        case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: return 8;
        default: return 0;
    }
}

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

aclnnStatus KernelLaunch::operator()(const aclOpExecutor& self, void* workspace, aclrtStream stream) const {
    if (!launches) return ACLNN_SUCCESS;
    auto* ws = static_cast<uint8_t*>(workspace);
    auto fail = [&](const LaunchResult& r) {
        // Reported once, by the stream's next synchronize, naming this call; as on the
        // device, the call itself succeeds and the fault surfaces at aclrtSynchronizeStream.
        sim::acl::RecordLaunch(stream, r, "aclnn" + opType);
        return ACLNN_SUCCESS;
    };
    for (size_t i = 0; i < inputs.size(); ++i) {
        const Placement& p = inputs[i];
        if (!p.present || !p.viaCopy) continue;
        if (LaunchResult r = GatherView(p.view, Storage(self.inputAddresses, i), ws + p.tempOffset); !r.ok) {
            return fail(r);
        }
    }
    std::vector<void*> args = TensorAddresses(*this, self, ws);
    args.push_back(opWorkspace > 0 ? ws + systemWorkspace : nullptr);
    // Tiling data lives in device memory, as the runtime places it.
    std::unique_ptr<void, bool (*)(void*)> tilingGm(AllocGm(std::max<size_t>(tiling.tilingData.size(), 8), "tiling"),
                                                     &FreeGm);
    std::copy(tiling.tilingData.begin(), tiling.tilingData.end(), static_cast<uint8_t*>(tilingGm.get()));
    args.push_back(tilingGm.get());
    {
        SocScope scope(soc->name, coreLimit);
        t_lastOpLaunch = LaunchKernel(kernel, Config(*this, args), args);  // shares the launch's logs (CoreLogs)
        if (!t_lastOpLaunch.ok) return fail(t_lastOpLaunch);
        sim::acl::RecordLaunch(stream, t_lastOpLaunch);
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        const Placement& p = outputs[i];
        if (!p.present || !p.viaCopy) continue;
        if (LaunchResult r = ScatterView(p.view, ws + p.tempOffset, Storage(self.outputAddresses, i)); !r.ok) {
            return fail(r);
        }
    }
    return ACLNN_SUCCESS;
}

}  // namespace sim::aclnn
