// The core-type tests kernels branch on: `if ASCEND_IS_AIV { ... }`, `if (g_coreType == AIV)`.
// CANN (asc-devkit impl/utils/sys_macros.h, sys_constants.h) defines MIX = 0, AIC = 1, AIV = 2
// and, in CPU-debug mode, ASCEND_IS_AIV as the run-time test (g_coreType == AscendC::AIV) of
// the global each core's process sets. Every core the sim runs is a vector core, so g_coreType
// is the constant AIV: AIV branches run, AIC branches compile and are skipped (as on an AIV
// core of CANN's CPU mode).
#pragma once
#include <cstdint>

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
