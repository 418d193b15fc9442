// gert::TilingContext accessors: instance-index and IR-index lookups of the inputs, and
// the result slots a tiling function writes.
#include "exe_graph/runtime/tiling_context.h"

#include <limits>
#include <string>

namespace gert {

TilingContext::TilingContext() = default;
TilingContext::~TilingContext() = default;

// ---- inputs and outputs ----------------------------------------------------------------

const StorageShape* TilingContext::GetInputShape(size_t index) const {
    const Tensor* tensor = GetInputTensor(index);
    return tensor == nullptr ? nullptr : &tensor->GetShape();
}

const Tensor* TilingContext::GetInputTensor(size_t index) const {
    return index < inputs_.size() ? inputs_[index].get() : nullptr;
}

const CompileTimeTensorDesc* TilingContext::GetInputDesc(size_t index) const {
    return node_->GetInputTdInfo(index);
}

const StorageShape* TilingContext::GetOutputShape(size_t index) const {
    const Tensor* tensor = GetOutputTensor(index);
    return tensor == nullptr ? nullptr : &tensor->GetShape();
}

const Tensor* TilingContext::GetOutputTensor(size_t index) const {
    return index < outputs_.size() ? outputs_[index].get() : nullptr;
}

const CompileTimeTensorDesc* TilingContext::GetOutputDesc(size_t index) const {
    return node_->GetOutputTdInfo(index);
}

// The instance index of the relativeIndex-th tensor of IR input irIndex; *found is false
// when the IR index is out of range or has fewer instances.
size_t TilingContext::InputInstance(size_t irIndex, size_t relativeIndex, bool* found) const {
    const AnchorInstanceInfo* info = node_->GetInputInstanceInfo(irIndex);
    *found = info != nullptr && relativeIndex < info->GetInstanceNum();
    return *found ? info->GetInstanceStart() + relativeIndex : 0;
}

const StorageShape* TilingContext::GetOptionalInputShape(size_t irIndex) const {
    return GetDynamicInputShape(irIndex, 0);
}

const StorageShape* TilingContext::GetRequiredInputShape(size_t irIndex) const {
    return GetDynamicInputShape(irIndex, 0);
}

const StorageShape* TilingContext::GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const {
    const Tensor* tensor = GetDynamicInputTensor(irIndex, relativeIndex);
    return tensor == nullptr ? nullptr : &tensor->GetShape();
}

const Tensor* TilingContext::GetOptionalInputTensor(size_t irIndex) const {
    return GetDynamicInputTensor(irIndex, 0);
}

const Tensor* TilingContext::GetRequiredInputTensor(size_t irIndex) const {
    return GetDynamicInputTensor(irIndex, 0);
}

const Tensor* TilingContext::GetDynamicInputTensor(size_t irIndex, size_t relativeIndex) const {
    bool found = false;
    const size_t index = InputInstance(irIndex, relativeIndex, &found);
    return found ? GetInputTensor(index) : nullptr;
}

const CompileTimeTensorDesc* TilingContext::GetOptionalInputDesc(size_t irIndex) const {
    return GetDynamicInputDesc(irIndex, 0);
}

const CompileTimeTensorDesc* TilingContext::GetRequiredInputDesc(size_t irIndex) const {
    return GetDynamicInputDesc(irIndex, 0);
}

const CompileTimeTensorDesc* TilingContext::GetDynamicInputDesc(size_t irIndex, size_t relativeIndex) const {
    bool found = false;
    const size_t index = InputInstance(irIndex, relativeIndex, &found);
    return found ? GetInputDesc(index) : nullptr;
}

const AnchorInstanceInfo* TilingContext::GetIrInputInstanceInfo(size_t irIndex) const {
    return node_->GetInputInstanceInfo(irIndex);
}

// ---- node, attributes, platform --------------------------------------------------------

const RuntimeAttrs* TilingContext::GetAttrs() const { return attrs_.get(); }
const ComputeNodeInfo* TilingContext::GetComputeNodeInfo() const { return node_.get(); }
const char* TilingContext::GetNodeName() const { return node_->GetNodeName(); }
const char* TilingContext::GetNodeType() const { return node_->GetNodeType(); }
fe::PlatFormInfos* TilingContext::GetPlatformInfo() const { return platform_.get(); }
const void* TilingContext::GetCompileInfo() const { return compileInfo_; }
int32_t TilingContext::GetDeterministic() const { return 0; }

// ---- results ---------------------------------------------------------------------------

ge::graphStatus TilingContext::SetTilingKey(uint64_t tilingKey) {
    tilingKey_ = tilingKey;
    return ge::GRAPH_SUCCESS;
}
uint64_t TilingContext::GetTilingKey() const { return tilingKey_; }

ge::graphStatus TilingContext::SetBlockDim(uint32_t blockDim) {
    blockDim_ = blockDim;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetBlockDim() const { return blockDim_; }
ge::graphStatus TilingContext::SetSimdNumBlocks(uint32_t numBlocks) { return SetBlockDim(numBlocks); }
uint32_t TilingContext::GetSimdNumBlocks() const { return GetBlockDim(); }

ge::graphStatus TilingContext::SetAicpuBlockDim(uint32_t blockDim) {
    aicpuBlockDim_ = blockDim;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetAicpuBlockDim() const { return aicpuBlockDim_; }

ge::graphStatus TilingContext::SetScheduleMode(uint32_t scheduleMode) {
    scheduleMode_ = scheduleMode;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetScheduleMode() const { return scheduleMode_; }

ge::graphStatus TilingContext::SetNeedAtomic(bool atomic) {
    needAtomic_ = atomic;
    return ge::GRAPH_SUCCESS;
}
bool TilingContext::NeedAtomic() const { return needAtomic_; }

ge::graphStatus TilingContext::SetTilingCond(int32_t tilingCond) {
    tilingCond_ = tilingCond;
    return ge::GRAPH_SUCCESS;
}
int32_t TilingContext::GetTilingCond() const { return tilingCond_; }

ge::graphStatus TilingContext::SetLocalMemorySize(uint32_t bytes) {
    localMemorySize_ = bytes;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetLocalMemorySize() const { return localMemorySize_; }

TilingData* TilingContext::GetRawTilingData() { return &tilingData_; }

size_t* TilingContext::GetWorkspaceSizes(size_t workspaceCount) {
    auto* sizes = reinterpret_cast<TypedContinuousVector<size_t>*>(workspaceVector_.get());
    if (sizes->SetSize(workspaceCount) == ge::GRAPH_SUCCESS) {
        overflowWorkspaceSizes_.clear();
        return sizes->MutableData();
    }
    // CANN returns nullptr here and the tiling function typically dereferences it. Record
    // the violation for RunTiling and hand out scratch space instead of crashing the host.
    contractViolations_.push_back("GetWorkspaceSizes(" + std::to_string(workspaceCount) + ") asks for more than " +
                                  std::to_string(sizes->GetCapacity()) + " workspace block(s), the most the " +
                                  "aclnn framework supports");
    overflowWorkspaceSizes_.assign(workspaceCount, 0);
    return overflowWorkspaceSizes_.data();
}

size_t TilingContext::GetWorkspaceNum() const {
    return reinterpret_cast<const TypedContinuousVector<size_t>*>(workspaceVector_.get())->GetSize();
}

}  // namespace gert
