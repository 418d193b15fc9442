// What CANN's op-API runtime (nnopbase) does around a generated two-phase aclnn API, for
// the sim build: argument bookkeeping, the checks every op gets from its OpDef, views,
// tiling through the registered TilingFunc, and an executor that launches the kernel.
//
// The generated aclnn_<op>.cpp (sim/tools/aclnn_gen) is a thin sequence of calls on this
// class, in OpDef order, so the API cannot drift from the op definition.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/host/op_registry.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "graph/types.h"

namespace sim::aclnn {

// One tensor argument as an op's own argument checks see it.
struct ArgDesc {
    const char* name = "";
    bool present = false;
    std::vector<int64_t> shape;
    ge::DataType dtype = ge::DT_FLOAT;
    ge::Format format = ge::FORMAT_ND;
};

// The descriptors converted to the op's own descriptor type (same field names), as its check
// function takes them; taken by value, so a temporary (InputDescs(), OutputDescs()) gives up
// its shapes instead of copying them.
template <typename Desc>
std::vector<Desc> ConvertDescs(std::vector<ArgDesc> descs) {
    std::vector<Desc> out;
    out.reserve(descs.size());
    for (ArgDesc& d : descs) {
        Desc desc{};
        desc.name = d.name;
        desc.present = d.present;
        desc.shape = std::move(d.shape);
        desc.dtype = d.dtype;
        desc.format = d.format;
        out.push_back(std::move(desc));
    }
    return out;
}

class Call {
public:
    // apiName "aclnnXxxGetWorkspaceSize"; kernelName: the registered kernel entry.
    Call(const char* apiName, const char* opType, const char* kernelName);

    Call& Input(const char* name, const aclTensor* tensor);
    Call& Output(const char* name, const aclTensor* tensor);
    Call& Attr(const char* name, sim::host::AttrValue value);

    std::vector<ArgDesc> InputDescs() const;
    std::vector<ArgDesc> OutputDescs() const;

    // Null out-pointers; required tensors null; dtypes and formats against the OpDef;
    // views inside their storage and allocation; overlapping outputs; partial overlap of an
    // output with an input. Returns ACLNN_SUCCESS or the status after recording the message.
    aclnnStatus CheckCommon(uint64_t* workspaceSize, aclOpExecutor** executor);
    // Records `message` for aclGetRecentErrMsg and returns `status`.
    aclnnStatus Fail(int32_t status, const std::string& message) const;
    // Runs the tiling, sizes the workspace, builds the executor.
    aclnnStatus Prepare(uint64_t* workspaceSize, aclOpExecutor** executor);

private:
    struct Arg {
        const char* name;
        const aclTensor* tensor;
    };
    const char* apiName_;
    std::string opType_;
    std::string kernelName_;
    std::vector<Arg> inputs_, outputs_;
    std::vector<sim::host::AttrValue> attrs_;
    std::shared_ptr<const sim::host::OpInfo> op_;  // the OpDef entry CheckCommon matched
};

// Sim only, no CANN counterpart: while it lives, the calling thread's aclnn calls of `opType`
// tile with `tiling` instead of the op's registered tiling function (which CANN would run).
// How a tuning tool launches the real op with a plan of its choosing: its choices travel as
// arguments of its own function, and the op's code holds no state for them. Nests.
class ScopedTilingFunction {
public:
    ScopedTilingFunction(std::string opType, sim::host::TilingFunction tiling);
    ~ScopedTilingFunction();
    ScopedTilingFunction(const ScopedTilingFunction&) = delete;
    ScopedTilingFunction& operator=(const ScopedTilingFunction&) = delete;

private:
    std::string opType_;
    sim::host::TilingFunction tiling_;
    const ScopedTilingFunction* previous_;
    friend const sim::host::TilingFunction* TilingFunctionFor(const std::string& opType);
};

// The calling thread's innermost ScopedTilingFunction for `opType` (nullptr: none).
const sim::host::TilingFunction* TilingFunctionFor(const std::string& opType);

// The calling thread's last op-kernel launch made by an executor (view copies excluded):
// what tests and Python read for checks and counters.
const LaunchResult& LastOpLaunch();

}  // namespace sim::aclnn
