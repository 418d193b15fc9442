// Scalar helpers CANN's kernel_operator.h declares for every kernel, in namespace AscendC:
//   ToFloat(bfloat16_t)  (impl/basic_api/kernel_scalar_convert.h, deprecated there for Cast): on
//                        dav-2201 the one overload, exact (a bfloat16 widened to float); a float
//                        argument converts to bfloat16_t first, as in CANN's build;
//   AlignUp, ConstCeil, Ceil (impl/basic_api/utils/kernel_utils_ceil_oom_que.h): uint32_t
//                        ceil-division helpers; AlignUp(a, b) rounds a up to a multiple of b;
//   PRELOAD(len)         (same header): an instruction-cache preload of the next len bytes of
//                        code on the NPU, an empty block in CANN's CPU-debug build and here.
#pragma once
#include <cstdint>

#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/scalar_ops.h"

#ifndef PRELOAD
#define PRELOAD(len) \
    {}
#endif

namespace AscendC {

__aicore__ inline float ToFloat(const bfloat16_t& bVal) { return Cast(bVal); }

__aicore__ constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) { return (a + b - 1) / b * b; }
__aicore__ constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

}  // namespace AscendC
