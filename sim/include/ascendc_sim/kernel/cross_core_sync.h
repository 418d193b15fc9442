// SyncAll's software form (asc-devkit 同步控制/核间同步/SyncAll.md): a barrier of the launch's
// cores through a GM workspace of GetBlockNum() * 32 bytes (zeroed) and a UB workspace of as
// much. The sim checks both sizes and then runs the cores' barrier itself (as the hardware
// form); it does not write the workspaces as CANN's implementation does, and times the barrier
// as the hardware SyncAll. usedCores other than 0 (all) or GetBlockNum() — a barrier of the
// first cores only — is reported (api-misuse), not modeled.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"

namespace AscendC {

template <bool isAIVOnly = true>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SyncAll(const GlobalTensor<int32_t>& gmWorkspace,
                                                    const LocalTensor<int32_t>& ubWorkspace, const int32_t usedCores = 0) {
    static_assert(isAIVOnly, "SyncAll(gmWorkspace, ubWorkspace, usedCores): the software form supports isAIVOnly = true only");
    const int64_t blocks = GetBlockNum();
    const uint64_t need = static_cast<uint64_t>(blocks) * 32;
    if (ubWorkspace.GetLength() < need) {
        sim::Violation(sim::Check::OperandBounds, "SyncAll(gmWorkspace, ubWorkspace): ubWorkspace has " +
                                                      std::to_string(ubWorkspace.GetLength()) + " bytes, needs GetBlockNum() * 32 = " +
                                                      std::to_string(need));
    }
    if (gmWorkspace.GetSize() != 0 && gmWorkspace.GetSize() * sizeof(int32_t) < need) {
        sim::Violation(sim::Check::OperandBounds, "SyncAll(gmWorkspace, ubWorkspace): gmWorkspace has " +
                                                      std::to_string(gmWorkspace.GetSize() * sizeof(int32_t)) +
                                                      " bytes, needs GetBlockNum() * 32 = " + std::to_string(need));
    }
    if (usedCores < 0 || usedCores > blocks) {
        sim::Violation(sim::Check::SyncMisuse, "SyncAll(..., usedCores " + std::to_string(usedCores) +
                                                   "): more cores than the launch's " + std::to_string(blocks) +
                                                   " (hangs on hardware)");
        return;
    }
    if (usedCores != 0 && usedCores != blocks) {
        sim::Violation(sim::Check::ApiMisuse, "SyncAll(..., usedCores " + std::to_string(usedCores) +
                                                  "): a barrier of part of the launch's " + std::to_string(blocks) +
                                                  " cores is not modeled by the sim");
        return;
    }
    sim::SyncAllImpl();
}

}  // namespace AscendC
