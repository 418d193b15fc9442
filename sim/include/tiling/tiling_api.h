// Host-side helpers of the high-level kernel APIs (CANN's libtiling_api): how much
// temporary UB Tanh and Sigmoid need for a given input.
//
// The numbers are CANN's (asc-devkit adv_api tiling), which follow the kernel algorithms
// (asc-devkit impl/adv_api/detail/math/tanh/tanh_common_impl.h and
// impl/adv_api/detail/activation/sigmoid/sigmoid_impl.h):
//  - Tanh computes in float. A float input needs one float work copy (1 x input bytes),
//    a half input needs 4 x input bytes (a float copy of the input plus a float work
//    buffer: 2 floats = 8 bytes per half element). min = one 256-byte vector repeat times
//    that factor (256 B for float, 1024 B for half); max = factor x max(input bytes, 256).
//    The kernel's own minimum is one 32-element chunk (128 B float / 256 B half), so CANN's
//    min is conservative, and a tiling sized with it is safe in the sim and on the chip.
//  - Sigmoid computes in T itself: one buffer of T. min = 256 B (one repeat);
//    max = max(input bytes, 256).
// typeSize is sizeof(T) (2 for half, 4 for float). isReuseSource is reserved (false).
// An empty shape is an error: the outputs are left unchanged and a message is printed.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
// CANN's tiling_api.h reaches the tiling-data macros (BEGIN_TILING_DATA_DEF ...) through its
// per-API tiling headers (asc-devkit include/adv_api/*/..._tiling.h include
// register/tilingdata_base.h) and the kernel's tiling structs through kernel_tiling/kernel_tiling.h;
// a program that includes only tiling_api.h uses both.
#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"

namespace AscendC {

// The shape the host tiling functions take (asc-devkit include/adv_api/utils/types.h).
using TensorShape = ge::Shape;

void GetTanhMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                          uint32_t& maxValue, uint32_t& minValue);
// Temp bytes = maxLiveNodeCount x input bytes + extraBuf.
void GetTanhTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf);

void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC

// Further high-level APIs' host helpers, one header each (as CANN's adv_api *_tiling.h).
#if __has_include("tiling/gelu_tiling.h")
#include "tiling/gelu_tiling.h"
#endif
#if __has_include("tiling/trig_tiling.h")
#include "tiling/trig_tiling.h"
#endif
#if __has_include("tiling/softmax_tiling.h")
#include "tiling/softmax_tiling.h"
#endif
#if __has_include("tiling/broadcast_tiling.h")
#include "tiling/broadcast_tiling.h"
#endif
#if __has_include("tiling/math_tiling.h")
#include "tiling/math_tiling.h"
#endif
#if __has_include("tiling/softmax_flashv2_tiling.h")
#include "tiling/softmax_flashv2_tiling.h"
#endif
#if __has_include("tiling/sum_tiling.h")
#include "tiling/sum_tiling.h"
#endif
#if __has_include("tiling/math_tiling_arc.h")
#include "tiling/math_tiling_arc.h"
#endif
#if __has_include("tiling/quant_tiling.h")
#include "tiling/quant_tiling.h"
#endif
#if __has_include("tiling/glu_tiling.h")
#include "tiling/glu_tiling.h"
#endif
#if __has_include("tiling/softmax_grad_tiling.h")
#include "tiling/softmax_grad_tiling.h"
#endif
#if __has_include("tiling/log_softmax_tiling.h")
#include "tiling/log_softmax_tiling.h"
#endif
#if __has_include("tiling/reduce_tiling.h")
#include "tiling/reduce_tiling.h"
#endif
#if __has_include("tiling/power_tiling.h")
#include "tiling/power_tiling.h"
#endif
#if __has_include("tiling/rmsnorm_tiling.h")
#include "tiling/rmsnorm_tiling.h"
#endif
#if __has_include("tiling/welford_tiling.h")
#include "tiling/welford_tiling.h"
#endif
#if __has_include("tiling/layernorm_tiling.h")
#include "tiling/layernorm_tiling.h"
#endif
#if __has_include("tiling/welfordfinalize_tiling.h")
#include "tiling/welfordfinalize_tiling.h"
#endif
#if __has_include("tiling/deepnorm_tiling.h")
#include "tiling/deepnorm_tiling.h"
#endif
#if __has_include("tiling/layernorm_grad_tiling.h")
#include "tiling/layernorm_grad_tiling.h"
#endif
#if __has_include("tiling/layernorm_grad_beta_tiling.h")
#include "tiling/layernorm_grad_beta_tiling.h"
#endif
#if __has_include("tiling/pad_tiling.h")
#include "tiling/pad_tiling.h"
#endif
#if __has_include("tiling/confusion_transpose_tiling.h")
#include "tiling/confusion_transpose_tiling.h"
#endif
#if __has_include("tiling/transdata_tiling.h")
#include "tiling/transdata_tiling.h"
#endif
#if __has_include("tiling/swish_tiling.h")
#include "tiling/swish_tiling.h"
#endif
#if __has_include("tiling/sort_tiling.h")
#include "tiling/sort_tiling.h"
#endif
#if __has_include("tiling/dropout_tiling.h")
#include "tiling/dropout_tiling.h"
#endif
#if __has_include("tiling/selectwithbytesmask_tiling.h")
#include "tiling/selectwithbytesmask_tiling.h"
#endif
#if __has_include("tiling/cumsum_tiling.h")
#include "tiling/cumsum_tiling.h"
#endif
#if __has_include("tiling/batchnorm_tiling.h")
#include "tiling/batchnorm_tiling.h"
#endif
#if __has_include("tiling/groupnorm_tiling.h")
#include "tiling/groupnorm_tiling.h"
#endif
#if __has_include("tiling/softmax_flash_tiling.h")
#include "tiling/softmax_flash_tiling.h"
#endif
#if __has_include("tiling/topk_tiling.h")
#include "tiling/topk_tiling.h"
#endif
#if __has_include("tiling/gamma_tiling.h")
#include "tiling/gamma_tiling.h"
#endif
