// What CANN's op-API runtime (nnopbase) does around a generated two-phase aclnn API, for
// the sim build: argument bookkeeping, the checks every op gets from its OpDef, views,
// tiling through the registered TilingFunc, and an executor that launches the kernel.
//
// The generated aclnn_<op>.cpp (sim/tools/aclnn_gen) is a thin sequence of calls on this
// class, in OpDef order, so the API cannot drift from the op definition.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/op_registry.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "graph/types.h"

namespace sim::aclnn {

struct KernelLaunch;  // what the executor runs (src/host/aclnn_launch.h)

class Call {
public:
    // apiName "aclnnXxxGetWorkspaceSize"; kernelName: the registered kernel entry.
    Call(const char* apiName, const char* opType, const char* kernelName);

    Call& Input(const char* name, const aclTensor* tensor);
    Call& Output(const char* name, const aclTensor* tensor);
    Call& Attr(const char* name, sim::host::AttrValue value);

    // The tensors as the op's own argument checks see them, in its own descriptor type: a
    // default-constructible struct with members name, present, shape, dtype and format.
    template <typename Desc>
    std::vector<Desc> InputDescs() const { return Descs<Desc>(inputs_); }
    template <typename Desc>
    std::vector<Desc> OutputDescs() const { return Descs<Desc>(outputs_); }

    // Null out-pointers; required tensors null; dtypes and formats against the OpDef;
    // views inside their storage and allocation; overlapping outputs; partial overlap of an
    // output with an input. Returns ACLNN_SUCCESS or the status after recording the message.
    aclnnStatus CheckCommon(uint64_t* workspaceSize, aclOpExecutor** executor);
    // Records `message` for aclGetRecentErrMsg and returns `status`.
    aclnnStatus Fail(int32_t status, const std::string& message) const;
    // Runs the tiling, sizes the workspace, builds the executor.
    aclnnStatus Prepare(uint64_t* workspaceSize, aclOpExecutor** executor);

    // An op's own argument check: status 0 if the arguments are fine, else the aclnn status
    // and a message naming the argument.
    struct Verdict {
        int32_t status;
        std::string message;
    };
    using ArgumentCheck = std::function<Verdict()>;
    // For an op whose TilingFunc checks its own arguments. An aclnn call reaches an op's code
    // only through its TilingFunc (nnopbase's NnopbaseExecutorRunForWorkspace tiles and runs no
    // InferShape), so the tiling runs first, once, and its check is the call's. Only when the
    // tiling refuses is `check` run, to give the caller the status and the message that a
    // TilingFunc can only report as a failed ge::graphStatus. Then CheckCommon and Prepare.
    aclnnStatus TileThenPrepare(uint64_t* workspaceSize, aclOpExecutor** executor, const ArgumentCheck& check);

private:
    struct Arg {
        const char* name;
        const aclTensor* tensor;
    };
    template <typename Desc>
    static std::vector<Desc> Descs(const std::vector<Arg>& args) {
        std::vector<Desc> descs(args.size());
        for (size_t i = 0; i < args.size(); ++i) {
            descs[i].name = args[i].name;
            descs[i].present = args[i].tensor != nullptr;
            if (descs[i].present) ViewFacts(*args[i].tensor, &descs[i].shape, &descs[i].dtype, &descs[i].format);
        }
        return descs;
    }
    // Prepare's steps: the TilingFunc on the call's tensors; where each tensor reaches the
    // kernel (in place or copied into the workspace, advancing *tempBytes); whether the
    // workspace fits in memory.
    sim::host::TilingResult RunTiling(const SocSpec& soc, uint32_t coreLimit) const;
    // Prepare with the tiling already run (TileThenPrepare) or not yet (nullopt).
    aclnnStatus Prepare(uint64_t* workspaceSize, aclOpExecutor** executor,
                        std::optional<sim::host::TilingResult> tiled);
    aclnnStatus PlaceTensors(KernelLaunch* launch, uint64_t* tempBytes) const;
    aclnnStatus CheckWorkspaceFits(const KernelLaunch& launch, uint64_t total, uint64_t opWorkspaceAligned) const;
    // A tensor's view shape, dtype and format (aclDataType and ge::DataType share values, as
    // do aclFormat and ge::Format).
    static void ViewFacts(const aclTensor& tensor, std::vector<int64_t>* shape, ge::DataType* dtype,
                          ge::Format* format);

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
