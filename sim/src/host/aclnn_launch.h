// What an aclnn executor runs (its body): gathers non-contiguous inputs into the workspace,
// launches the op's kernel with GM addresses in OpDef order, then the workspace and the
// tiling, and scatters non-contiguous outputs back to their views. Call::Prepare plans it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/tiling_context_builder.h"
#include "view_copy.h"

namespace sim::aclnn {

// The contiguous copies of strided views, and the op's own workspace before them, start
// 512-byte aligned in the workspace, as aclrtMalloc's device buffers do.
constexpr uint64_t kTempAlign = 512;

// The element size of the dtypes a kernel may take (0: one it cannot).
uint32_t ElementBytes(aclDataType dtype);

// How one tensor reaches the kernel: in place, or through a contiguous copy in the workspace.
struct Placement {
    const char* name = "";
    bool present = false;
    bool viaCopy = false;
    ViewLayout view;
    uint64_t tempOffset = 0;        // into the workspace, when viaCopy
    bool required = true;           // an output the OpDef marks REQUIRED: the kernel must write it
};

// Places tensor `t` (nullptr: absent) after `*tempBytes` of the workspace, advancing it past
// a contiguous copy when the view needs one. False when the copy would take the workspace
// past 2^63 bytes.
bool Place(const char* name, const aclTensor* t, uint64_t* tempBytes, Placement* p);

// The executor's body: everything it needs is planned by the first phase and never changes
// (a repeatable executor may run on several threads); each run reads its tensors' storage
// from the executor's current addresses.
struct KernelLaunch {
    bool launches = false;                  // block dim > 0
    std::vector<Placement> inputs, outputs;
    sim::host::TilingResult tiling;
    uint64_t opWorkspace = 0;               // the TilingFunc's workspace size
    uint64_t systemWorkspace = 0;           // the library's part of it, skipped for the kernel
    std::string kernel, opType;
    const SocSpec* soc = nullptr;
    uint32_t coreLimit = 0;

    aclnnStatus operator()(const aclOpExecutor& self, void* workspace, aclrtStream stream) const;
};

}  // namespace sim::aclnn
