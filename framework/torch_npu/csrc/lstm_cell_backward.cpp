// NOT TESTED ON AN NPU: no torch_npu, CANN or NPU exists where this was written. This file
// needs neither torch_npu nor CANN: tests/torch/test_npu_adapter.py compiles it with
// PyTorch's CPU build and runs it against the sim's libcust_opapi.so (with DeviceHooks that
// stand for the NPU's allocator and task queue).
#include "lstm_cell_backward.h"

#include <string>
#include <utility>

#include <ATen/ATen.h>
#include <c10/util/Exception.h>

namespace lstm_cell_grad_npu {
namespace {

bool IsDefined(const c10::optional<at::Tensor>& tensor) { return tensor.has_value() && tensor->defined(); }

at::Tensor OrUndefined(const c10::optional<at::Tensor>& tensor) { return IsDefined(tensor) ? *tensor : at::Tensor(); }

void CheckCommonArguments(const c10::optional<at::Tensor>& gradHy, const c10::optional<at::Tensor>& gradCy,
                          const at::Tensor& cx, const at::Tensor& cy, const at::Tensor& workspace) {
    TORCH_CHECK(cx.dim() == 2, "lstm_cell_grad_npu: cx must be [batch, hidden], got shape ", cx.sizes());
    const std::pair<const char*, at::Tensor> others[] = {
        {"grad_hy", OrUndefined(gradHy)}, {"grad_cy", OrUndefined(gradCy)}, {"cy", cy}, {"workspace", workspace}};
    for (const auto& [name, tensor] : others) {
        if (!tensor.defined()) continue;
        TORCH_CHECK(tensor.device() == cx.device(), "lstm_cell_grad_npu: ", name, " is on ", tensor.device(),
                    ", cx on ", cx.device(), ": all tensors must be on one device");
        TORCH_CHECK(tensor.scalar_type() == cx.scalar_type(), "lstm_cell_grad_npu: ", name, " has dtype ",
                    tensor.scalar_type(), ", cx ", cx.scalar_type(), ": all must match");
    }
}

}  // namespace

PreparedBackward::PreparedBackward(const OpApi& api, std::vector<AclTensorPtr> tensors, aclOpExecutor* executor,
                                   uint64_t workspaceBytes)
    : api_(api), tensors_(std::move(tensors)), executor_(executor), workspaceBytes_(workspaceBytes) {}

void PreparedBackward::Run(void* workspace, aclrtStream stream) {
    TORCH_CHECK(!ran_, "lstm_cell_grad_npu: the executor of ", kRunSymbol, " is one-shot and has run already");
    ran_ = true;
    const AclnnStatus status = api_.run(workspace, workspaceBytes_, executor_, stream);
    const std::string message = status == 0 ? std::string() : api_.RecentError();
    tensors_.clear();  // the argument descriptors are released once the second phase returns
    TORCH_CHECK(status == 0, "lstm_cell_grad_npu: ", kRunSymbol, " failed with status ", status, ": ", message);
}

// The OpDef's dtypes: float32, float16 (the op's aclnn API page) and bfloat16 (the project's
// extension).
bool OpTakesDtype(at::ScalarType type) { return type == at::kFloat || type == at::kHalf || type == at::kBFloat16; }

BackwardResults LstmCellBackward(const DeviceHooks& hooks, const c10::optional<at::Tensor>& gradHy,
                                 const c10::optional<at::Tensor>& gradCy, const at::Tensor& cx, const at::Tensor& cy,
                                 const at::Tensor& workspace, bool hasBias) {
    CheckCommonArguments(gradHy, gradCy, cx, cy, workspace);
    if (!OpTakesDtype(cx.scalar_type())) return BackwardWithAtenOps(gradHy, gradCy, cx, cy, workspace, hasBias);

    const int64_t batch = cx.size(0);
    const int64_t hidden = cx.size(1);
    const at::TensorOptions options = cx.options();
    at::Tensor gradGates = hooks.empty({batch, 4 * hidden}, options);
    at::Tensor gradCx = hooks.empty({batch, hidden}, options);
    at::Tensor gradBias = hasBias ? hooks.empty({4 * hidden}, options) : at::Tensor();

    // OpDef order: gradHyOptional, gradCOptional, cx, cy, storage, then the outputs.
    const OpApi& api = GetOpApi();
    const at::Tensor gradHyTensor = OrUndefined(gradHy);
    const at::Tensor gradCyTensor = OrUndefined(gradCy);
    std::vector<AclTensorPtr> tensors;
    tensors.push_back(MakeAclTensor(api, gradHyTensor, "gradHyOptional"));
    tensors.push_back(MakeAclTensor(api, gradCyTensor, "gradCOptional"));
    tensors.push_back(MakeAclTensor(api, cx, "cx"));
    tensors.push_back(MakeAclTensor(api, cy, "cy"));
    tensors.push_back(MakeAclTensor(api, workspace, "storage"));
    tensors.push_back(MakeAclTensor(api, gradGates, "gradGatesOut"));
    tensors.push_back(MakeAclTensor(api, gradCx, "gradCxOut"));
    tensors.push_back(MakeAclTensor(api, gradBias, "gradBiasOut"));

    uint64_t workspaceBytes = 0;
    aclOpExecutor* executor = nullptr;
    const AclnnStatus status = api.getWorkspaceSize(
        tensors[0].get(), tensors[1].get(), tensors[2].get(), tensors[3].get(), tensors[4].get(), hasBias,
        tensors[5].get(), tensors[6].get(), tensors[7].get(), &workspaceBytes, &executor);
    TORCH_CHECK(status == 0, "lstm_cell_grad_npu: ", kGetWorkspaceSizeSymbol, " failed with status ", status, ": ",
                api.RecentError());

    auto prepared = std::make_shared<PreparedBackward>(api, std::move(tensors), executor, workspaceBytes);
    at::Tensor workspaceBuffer;
    if (workspaceBytes > 0) {
        workspaceBuffer = hooks.empty({static_cast<int64_t>(workspaceBytes)}, options.dtype(at::kByte));
    }
    hooks.launch(prepared, workspaceBuffer,
                 {gradHyTensor, gradCyTensor, cx, cy, workspace, gradGates, gradCx, gradBias});
    return {gradGates, gradCx, gradBias};
}

BackwardResults ThnnFusedLstmCellBackwardImpl(const DeviceHooks& hooks, const c10::optional<at::Tensor>& gradHy,
                                              const c10::optional<at::Tensor>& gradCy, const at::Tensor& cx,
                                              const at::Tensor& cy, const at::Tensor& workspace, bool hasBias) {
    if (!IsDefined(gradHy) && !IsDefined(gradCy)) return {};  // nothing flows back
    return LstmCellBackward(hooks, gradHy, gradCy, cx, cy, workspace, hasBias);
}

BackwardResults BackwardWithAtenOps(const c10::optional<at::Tensor>& gradHy, const c10::optional<at::Tensor>& gradCy,
                                    const at::Tensor& cx, const at::Tensor& cy, const at::Tensor& workspace,
                                    bool hasBias) {
    CheckCommonArguments(gradHy, gradCy, cx, cy, workspace);
    const at::ScalarType dtype = cx.scalar_type();
    const at::ScalarType mathType = (dtype == at::kHalf || dtype == at::kBFloat16) ? at::kFloat : dtype;
    const at::Tensor cxMath = cx.to(mathType);
    const std::vector<at::Tensor> gates = workspace.to(mathType).chunk(4, 1);
    const at::Tensor& i = gates[0];
    const at::Tensor& f = gates[1];
    const at::Tensor& g = gates[2];
    const at::Tensor& o = gates[3];
    const at::Tensor t = cy.to(mathType).tanh();

    at::Tensor gct = IsDefined(gradCy) ? gradCy->to(mathType) : at::zeros_like(cxMath);
    at::Tensor gradO = at::zeros_like(cxMath);
    if (IsDefined(gradHy)) {
        const at::Tensor dhy = gradHy->to(mathType);
        gct = gct + dhy * o * (1 - t * t);
        gradO = dhy * t * o * (1 - o);
    }
    const at::Tensor gradI = gct * g * i * (1 - i);
    const at::Tensor gradF = gct * cxMath * f * (1 - f);
    const at::Tensor gradG = gct * i * (1 - g * g);
    const at::Tensor gradGates = at::cat({gradI, gradF, gradG, gradO}, 1);
    const at::Tensor gradBias = hasBias ? gradGates.sum(0).to(dtype) : at::Tensor();
    return {gradGates.to(dtype), (gct * f).to(dtype), gradBias};
}

}  // namespace lstm_cell_grad_npu
