// AscendC::ReducePattern (CANN's include/adv_api/reduce/reduce_tiling.h and
// normalization/normalize_utils.h both declare it, under one guard): which axes a high-level
// Reduce or Normalize reduces (R) and keeps (A), outermost first. Host tiling and kernel APIs
// share this one definition.
#pragma once
#include <cstdint>

namespace AscendC {

enum class ReducePattern : uint32_t {
    AR = 0,
    RA = 1,
    R,
    ARA,
    ARAR,
    ARARA,
    ARARAR,
    ARARARA,
    ARARARAR,
    ARARARARA,
    RAR,
    RARA,
    RARAR,
    RARARA,
    RARARAR,
    RARARARA,
};

}  // namespace AscendC
