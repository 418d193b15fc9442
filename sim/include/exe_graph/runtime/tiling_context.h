// gert::TilingContext: everything a CANN-8 style TilingFunc reads (shapes, dtypes,
// attributes, platform) and writes (block dim, tiling key, raw tiling data, workspace
// sizes, schedule mode), with CANN's method names and index semantics.
//
// Inputs are addressed two ways (see compute_node_info.h): GetInputShape/GetInputDesc/
// GetInputTensor take the instance index; the Optional/Required/Dynamic variants take the
// IR index. In the aclnn path every declared non-dynamic input has one instance slot, so
// for ops without DYNAMIC inputs the two indices coincide and an absent optional input
// answers nullptr from both GetInputShape(i) and GetOptionalInputShape(i).
//
// Contexts are made by sim::host::TilingContextBuilder, never by user code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/base_type.h"
#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "graph/ge_error_codes.h"
#include "platform/platform_infos_def.h"

namespace gert {

class TilingContext {
public:
    // ---- inputs and outputs -------------------------------------------------------------
    // By instance index. nullptr past the last instance or for an absent optional input.
    const StorageShape* GetInputShape(size_t index) const;
    const Tensor* GetInputTensor(size_t index) const;
    // nullptr past the last instance; an absent input's slot reads DT_UNDEFINED.
    const CompileTimeTensorDesc* GetInputDesc(size_t index) const;
    const StorageShape* GetOutputShape(size_t index) const;
    const Tensor* GetOutputTensor(size_t index) const;
    const CompileTimeTensorDesc* GetOutputDesc(size_t index) const;

    // By IR index. nullptr for an index past the declaration or an input not instantiated.
    const StorageShape* GetOptionalInputShape(size_t irIndex) const;
    const StorageShape* GetRequiredInputShape(size_t irIndex) const;
    const StorageShape* GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const;
    const Tensor* GetOptionalInputTensor(size_t irIndex) const;
    const Tensor* GetRequiredInputTensor(size_t irIndex) const;
    const Tensor* GetDynamicInputTensor(size_t irIndex, size_t relativeIndex) const;
    const CompileTimeTensorDesc* GetOptionalInputDesc(size_t irIndex) const;
    const CompileTimeTensorDesc* GetRequiredInputDesc(size_t irIndex) const;
    const CompileTimeTensorDesc* GetDynamicInputDesc(size_t irIndex, size_t relativeIndex) const;
    const AnchorInstanceInfo* GetIrInputInstanceInfo(size_t irIndex) const;

    // ---- node, attributes, platform -----------------------------------------------------
    const RuntimeAttrs* GetAttrs() const;
    const ComputeNodeInfo* GetComputeNodeInfo() const;
    const char* GetNodeName() const;
    const char* GetNodeType() const;
    fe::PlatFormInfos* GetPlatformInfo() const;
    // The object a TilingParse<T> function filled; nullptr when the op registered none.
    const void* GetCompileInfo() const;
    template <typename T>
    const T* GetCompileInfo() const {
        return static_cast<const T*>(GetCompileInfo());
    }
    // 0: deterministic computation not requested (the aclnn default).
    int32_t GetDeterministic() const;

    // ---- results ------------------------------------------------------------------------
    ge::graphStatus SetTilingKey(uint64_t tilingKey);
    uint64_t GetTilingKey() const;
    ge::graphStatus SetBlockDim(uint32_t blockDim);
    uint32_t GetBlockDim() const;
    ge::graphStatus SetSimdNumBlocks(uint32_t numBlocks);  // CANN 9 name of SetBlockDim
    uint32_t GetSimdNumBlocks() const;
    ge::graphStatus SetAicpuBlockDim(uint32_t blockDim);
    uint32_t GetAicpuBlockDim() const;
    ge::graphStatus SetScheduleMode(uint32_t scheduleMode);  // 1 = batch mode (needed by SyncAll)
    uint32_t GetScheduleMode() const;
    ge::graphStatus SetNeedAtomic(bool atomic);
    bool NeedAtomic() const;
    ge::graphStatus SetTilingCond(int32_t tilingCond);
    int32_t GetTilingCond() const;
    ge::graphStatus SetLocalMemorySize(uint32_t bytes);
    uint32_t GetLocalMemorySize() const;

    TilingData* GetRawTilingData();
    // The raw buffer viewed as T with its data size set to sizeof(T) (CANN 9 style);
    // nullptr if T does not fit.
    template <typename T>
    T* GetTilingData() {
        TilingData* raw = GetRawTilingData();
        if (raw == nullptr || raw->GetCapacity() < sizeof(T)) return nullptr;
        raw->SetDataSize(sizeof(T));
        return static_cast<T*>(raw->GetData());
    }
    // Sets the workspace count and returns the sizes to fill. Asking for more than the
    // framework supports (1 in the aclnn path) is recorded and fails the tiling run; a
    // writable array is still returned so the tiling function does not crash first.
    size_t* GetWorkspaceSizes(size_t workspaceCount);
    size_t GetWorkspaceNum() const;

    TilingContext(const TilingContext&) = delete;
    TilingContext& operator=(const TilingContext&) = delete;
    ~TilingContext();

private:
    friend struct ::sim::host::ContextFactory;
    TilingContext();

    size_t InputInstance(size_t irIndex, size_t relativeIndex, bool* found) const;

    std::unique_ptr<ComputeNodeInfo> node_;
    std::unique_ptr<RuntimeAttrs> attrs_;
    std::vector<std::unique_ptr<Tensor>> inputs_;   // by instance; nullptr = absent
    std::vector<std::unique_ptr<Tensor>> outputs_;  // by instance; nullptr = absent
    std::unique_ptr<fe::PlatFormInfos> platform_;
    const void* compileInfo_ = nullptr;

    uint64_t tilingKey_ = 0;
    uint32_t blockDim_ = 0;
    uint32_t aicpuBlockDim_ = 0;
    uint32_t scheduleMode_ = 0;
    bool needAtomic_ = false;
    int32_t tilingCond_ = -1;
    uint32_t localMemorySize_ = 0;
    std::unique_ptr<uint8_t[]> tilingBytes_;
    TilingData tilingData_;
    std::unique_ptr<uint8_t[]> workspaceVector_;       // TypedContinuousVector<size_t>
    std::vector<size_t> overflowWorkspaceSizes_;       // handed out past the capacity
    std::vector<std::string> contractViolations_;      // reported by RunTiling
};

}  // namespace gert
