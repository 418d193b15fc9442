// Builds the gert::TilingContext the aclnn layer (nnopbase, in CANN) would build for one
// call, and runs the op's registered tiling function on it.
//
//   sim::host::TilingResult r = sim::host::TilingContextBuilder("ThnnFusedLstmCellBackward")
//       .Input(std::nullopt)                                  // gradHy: absent optional
//       .Input(sim::host::TensorSpec::Nd({4, 16}, ge::DT_FLOAT))
//       ...
//       .Output(sim::host::TensorSpec::Nd({4, 64}, ge::DT_FLOAT))
//       .Attr(true)
//       .RunTiling();
//
// Inputs, outputs and attributes are given in OpDef declaration order. When the op has an
// OpDef in the registry, Build() checks the call against it (counts, absent only where
// OPTIONAL, attribute types) and fills attributes left out at the end from their defaults;
// otherwise the context is built from the arguments alone.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/op_registry.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

namespace sim::host {

// One tensor as tiling sees it.
struct TensorSpec {
    std::vector<int64_t> storageShape;
    std::vector<int64_t> originShape;  // the logical shape; equal to storageShape for ND
    ge::DataType dataType = ge::DT_FLOAT;
    ge::Format storageFormat = ge::FORMAT_ND;
    ge::Format originFormat = ge::FORMAT_ND;
    // Host copy of the data, only for ValueDepend inputs (GetInputTensor()->GetData<T>()).
    const void* hostData = nullptr;
    size_t hostDataBytes = 0;

    // An ND tensor whose origin and storage shapes are both `shape`.
    static TensorSpec Nd(std::vector<int64_t> shape, ge::DataType dataType) {
        TensorSpec spec;
        spec.storageShape = shape;
        spec.originShape = std::move(shape);
        spec.dataType = dataType;
        return spec;
    }
};

// What one tiling run produced.
struct TilingResult {
    bool ok = false;
    uint32_t status = 0xFFFFFFFF;  // the tiling function's ge::graphStatus (GRAPH_FAILED if not run)
    std::string error;             // why ok is false: function failed, contract broken, ...
    std::vector<std::string> warnings;  // legal but suspicious, e.g. block dim never set
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    uint32_t scheduleMode = 0;
    bool needAtomic = false;
    uint32_t localMemorySize = 0;
    std::vector<size_t> workspaceSizes;  // GetWorkspaceSizes(n) as filled
    std::vector<uint8_t> tilingData;     // the raw tiling bytes, GetDataSize() of them
};

// A tiling function to run in place of the registered one (TilingContextBuilder::RunTiling,
// RunTiling below): a tool's own call into the op's tiling, with inputs of its choosing.
using TilingFunction = std::function<uint32_t(gert::TilingContext*)>;

class TilingContextBuilder {
public:
    // CANN's default raw tiling capacity in the aclnn path is not published; 4 KiB holds any
    // reasonable macro-style tiling struct and keeps "too big" an error the tests can see.
    static constexpr size_t kDefaultTilingCapacity = 4096;
    // nnopbase's tiling supports one workspace block ("当前限制使用一块").
    static constexpr size_t kDefaultMaxWorkspaceCount = 1;

    explicit TilingContextBuilder(std::string opType);

    TilingContextBuilder& NodeName(std::string nodeName);  // default: the op type
    // The next declared input; std::nullopt = an absent optional input.
    TilingContextBuilder& Input(std::optional<TensorSpec> tensor);
    // The next declared input, a DYNAMIC one, with its tensors.
    TilingContextBuilder& DynamicInput(std::vector<TensorSpec> tensors);
    // The next declared output; std::nullopt = an absent (null) output.
    TilingContextBuilder& Output(std::optional<TensorSpec> tensor);
    // The next declared attribute. Float attributes accept double too (aclnn passes double).
    TilingContextBuilder& Attr(AttrValue value);
    TilingContextBuilder& Attr(bool value) { return Attr(AttrValue(value)); }
    TilingContextBuilder& Attr(int64_t value) { return Attr(AttrValue(value)); }
    TilingContextBuilder& Attr(int value) { return Attr(AttrValue(static_cast<int64_t>(value))); }
    TilingContextBuilder& Attr(float value) { return Attr(AttrValue(value)); }
    TilingContextBuilder& Attr(double value) { return Attr(AttrValue(static_cast<float>(value))); }
    TilingContextBuilder& Attr(const char* value) { return Attr(AttrValue(std::string(value))); }
    // The SoC the context's platform info answers for; default: the calling thread's
    // current SoC and core cap at Build() time.
    TilingContextBuilder& Soc(const std::string& socName, uint32_t coreLimit = 0);
    TilingContextBuilder& TilingCapacity(size_t bytes);
    TilingContextBuilder& MaxWorkspaceCount(size_t count);

    // Throws std::invalid_argument naming the op and the argument when the call does not
    // match the registered OpDef.
    std::unique_ptr<gert::TilingContext> Build() const;
    // Build() and RunTiling(opType, context). Build errors are returned, not thrown.
    TilingResult RunTiling() const;
    // The same with `tiling` run instead of the registered function (when it is non-empty).
    TilingResult RunTiling(const TilingFunction& tiling) const;

    const std::string& OpType() const { return opType_; }

private:
    struct InputArg {
        bool dynamic = false;
        std::vector<std::optional<TensorSpec>> tensors;  // one entry unless dynamic
    };

    std::string opType_;
    std::string nodeName_;
    std::vector<InputArg> inputs_;
    std::vector<std::optional<TensorSpec>> outputs_;
    std::vector<AttrValue> attrs_;
    const SocSpec* soc_ = nullptr;
    uint32_t coreLimit_ = 0;
    size_t tilingCapacity_ = kDefaultTilingCapacity;
    size_t maxWorkspaceCount_ = kDefaultMaxWorkspaceCount;
};

// Runs the tiling function registered for `opType` on `context` (which should be fresh:
// results accumulate). Never throws: a missing function, a failed status, a C++ exception
// thrown by the tiling function, and a broken contract (tiling data larger than the
// capacity, more workspaces than allowed) all come back as ok == false with a message.
TilingResult RunTiling(const std::string& opType, gert::TilingContext& context);
// The same with `tiling` run instead of the registered function (when it is non-empty);
// the op's TilingParse and every contract check are as above.
TilingResult RunTiling(const std::string& opType, gert::TilingContext& context, const TilingFunction& tiling);

}  // namespace sim::host
