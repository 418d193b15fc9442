// gert::ComputeNodeInfo: what the framework knows about the op node a tiling runs for:
// its type and name, how each IR (OpDef-declared) input and output was instantiated, the
// compile-time descriptor (dtype, formats) of each instance, and the attributes.
//
// Index spaces (CANN's, and easy to confuse):
//  - IR index: position in the OpDef declaration (GetOptionalInputShape(irIndex), ...);
//  - instance index: position among the instantiated tensors (GetInputShape(index), ...).
// The aclnn path (nnopbase) gives every non-dynamic IR input exactly one instance slot,
// also when an optional input is null; that slot then holds no shape (nullptr) and its IR
// entry reports 0 instances. A DYNAMIC input takes as many slots as it has tensors.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_format.h"
#include "graph/types.h"

namespace gert {

class AnchorInstanceInfo {
public:
    AnchorInstanceInfo() = default;
    AnchorInstanceInfo(uint32_t instanceStart, uint32_t instantiationNum)
        : instanceStart_(instanceStart), instantiationNum_(instantiationNum) {}

    size_t GetInstanceNum() const { return instantiationNum_; }
    size_t GetInstanceStart() const { return instanceStart_; }
    void SetInstanceStart(uint32_t instanceStart) { instanceStart_ = instanceStart; }
    void SetInstantiationNum(uint32_t instantiationNum) { instantiationNum_ = instantiationNum; }

private:
    uint32_t instanceStart_ = 0;
    uint32_t instantiationNum_ = 0;
};

class CompileTimeTensorDesc {
public:
    ge::DataType GetDataType() const { return dataType_; }
    const StorageFormat& GetFormat() const { return format_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    void SetDataType(ge::DataType dataType) { dataType_ = dataType; }
    void SetStorageFormat(ge::Format format) { format_.SetStorageFormat(format); }
    void SetOriginFormat(ge::Format format) { format_.SetOriginFormat(format); }
    // False for the slot of an absent optional tensor.
    bool IsExist() const { return exists_; }
    void SetExist(bool exists) { exists_ = exists; }

private:
    // An absent tensor's slot reads DT_UNDEFINED / FORMAT_RESERVED (CANN leaves it stale),
    // so a tiling that looks at it fails its dtype check instead of reading garbage.
    ge::DataType dataType_ = ge::DT_UNDEFINED;
    StorageFormat format_;
    bool exists_ = false;
};

class ComputeNodeInfo {
public:
    const ge::char_t* GetNodeType() const { return nodeType_.c_str(); }
    const ge::char_t* GetNodeName() const { return nodeName_.c_str(); }
    size_t GetIrInputsNum() const { return irInputs_.size(); }
    size_t GetIrOutputsNum() const { return irOutputs_.size(); }
    size_t GetInputsNum() const { return inputDescs_.size(); }
    size_t GetOutputsNum() const { return outputDescs_.size(); }
    // nullptr for an IR index past the declaration.
    const AnchorInstanceInfo* GetInputInstanceInfo(size_t irIndex) const {
        return irIndex < irInputs_.size() ? &irInputs_[irIndex] : nullptr;
    }
    const AnchorInstanceInfo* GetOutputInstanceInfo(size_t irIndex) const {
        return irIndex < irOutputs_.size() ? &irOutputs_[irIndex] : nullptr;
    }
    // By instance index; nullptr past the last instance.
    const CompileTimeTensorDesc* GetInputTdInfo(size_t index) const {
        return index < inputDescs_.size() ? &inputDescs_[index] : nullptr;
    }
    const CompileTimeTensorDesc* GetOutputTdInfo(size_t index) const {
        return index < outputDescs_.size() ? &outputDescs_[index] : nullptr;
    }
    const RuntimeAttrs* GetAttrs() const { return attrs_; }

    ComputeNodeInfo(const ComputeNodeInfo&) = delete;
    ComputeNodeInfo& operator=(const ComputeNodeInfo&) = delete;

private:
    friend struct ::sim::host::ContextFactory;
    ComputeNodeInfo() = default;

    std::string nodeType_;
    std::string nodeName_;
    std::vector<AnchorInstanceInfo> irInputs_;
    std::vector<AnchorInstanceInfo> irOutputs_;
    std::vector<CompileTimeTensorDesc> inputDescs_;
    std::vector<CompileTimeTensorDesc> outputDescs_;
    const RuntimeAttrs* attrs_ = nullptr;
};

}  // namespace gert
