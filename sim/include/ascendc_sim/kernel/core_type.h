// The core-type tests kernels branch on: `if ASCEND_IS_AIV { ... }`, `if (g_coreType == AIV)`.
// CANN (asc-devkit impl/utils/sys_macros.h, sys_constants.h) defines MIX = 0, AIC = 1, AIV = 2
// and, in CPU-debug mode, ASCEND_IS_AIV as the run-time test (g_coreType == AscendC::AIV) of
// the global each core's process sets. Every core the sim runs is a vector core, so g_coreType
// is the constant AIV: AIV branches run, AIC branches compile and are skipped (as on an AIV
// core of CANN's CPU mode).
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/markers.h"

namespace AscendC {
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
}  // namespace AscendC

constexpr int32_t g_coreType = AscendC::AIV;

#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AscendC::AIC)

namespace AscendC {
// Async<engine, function>(args...) (asc-devkit docs 基础API/工具接口/执行模式/Async.md; the enum
// as include/basic_api/kernel_operator_utils_intf.h declares it): calls the function on the
// cores of that engine only, the ASCEND_IS_AIV / ASCEND_IS_AIC branch written once. On the
// sim's vector cores an AIV function runs and an AIC one is skipped.
enum class EngineType : int32_t { AIC = 1, AIV = 2 };

template <EngineType engine, auto funPtr, class... Args>
__aicore__ void Async(Args... args) {
    if (g_coreType == static_cast<int32_t>(engine)) funPtr(args...);  // AIC = 1, AIV = 2 in both
}
}  // namespace AscendC
