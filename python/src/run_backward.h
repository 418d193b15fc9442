// One call of the op through its two-phase aclnn API, as a host program makes it: device
// buffers and aclTensors for the caller's arrays, GetWorkspaceSize, workspace, the launch,
// aclrtSynchronizeStream, results copied back. Runs without the GIL.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "device_mirror.h"
#include "lstm_cell_grad_compute_tiling.h"

namespace lstm_cell_grad::py {

// Where a call failed: "" (it did not), or the API whose status is reported.
struct RunResult {
    int32_t status = 0;   // aclnn / ACL status: 161001, 161002, 507035, ...
    std::string api;      // "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize", "aclrtSynchronizeStream", ...
    std::string message;  // aclGetRecentErrMsg for the failure
};

struct RunRequest {
    std::vector<HostView> inputs;   // in OpDef order (lstm_cell_grad_args.h)
    bool hasBias = true;
    std::vector<HostView> outputs;  // likewise
    std::string soc;                // a name from the sim's SoC table (sim_hooks)
    uint32_t coreLimit = 0;         // 0: all the SoC's AIV cores
    // The outputs are new arrays the caller discards if the call fails: they may be written in
    // place (DeviceMirror) instead of copied back.
    bool freshOutputs = false;
    // Explicit tiling choices (tune): the call tiles through the op's adapter with them instead
    // of its TilingFunc. None set: the TilingFunc, as on the NPU.
    TilingOverrides overrides;
};

// Takes the request's views (they move into the call's device mirror).
RunResult RunBackward(RunRequest&& request);

}  // namespace lstm_cell_grad::py
