// The vector compute API of the sim (count and mask/repeat forms, Cast, reductions, Tanh/Sigmoid).
// kernel_operator.h includes this when it exists.
#pragma once
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_ops.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "ascendc_sim/kernel/vector_activation.h"
#if __has_include("ascendc_sim/kernel/vector_bitwise.h")
#include "ascendc_sim/kernel/vector_bitwise.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_compound.h")
#include "ascendc_sim/kernel/vector_compound.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_highlevel.h")
#include "ascendc_sim/kernel/vector_highlevel.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_reduce_extreme.h")
#include "ascendc_sim/kernel/vector_reduce_extreme.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_gelu.h")
#include "ascendc_sim/kernel/vector_gelu.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_trig.h")
#include "ascendc_sim/kernel/vector_trig.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_compare.h")
#include "ascendc_sim/kernel/vector_compare.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_select.h")
#include "ascendc_sim/kernel/vector_select.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_copy.h")
#include "ascendc_sim/kernel/vector_copy.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_index.h")
#include "ascendc_sim/kernel/vector_index.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_gather.h")
#include "ascendc_sim/kernel/vector_gather.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_broadcast.h")
#include "ascendc_sim/kernel/vector_broadcast.h"
#endif
#if __has_include("ascendc_sim/kernel/scalar_ops.h")
#include "ascendc_sim/kernel/scalar_ops.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_fused_cast.h")
#include "ascendc_sim/kernel/vector_fused_cast.h"
#endif
#if __has_include("ascendc_sim/kernel/system_info.h")
#include "ascendc_sim/kernel/system_info.h"
#endif
#if __has_include("ascendc_sim/kernel/data_copy_slice.h")
#include "ascendc_sim/kernel/data_copy_slice.h"
#endif
#if __has_include("ascendc_sim/kernel/cross_core_sync.h")
#include "ascendc_sim/kernel/cross_core_sync.h"
#endif
#if __has_include("ascendc_sim/kernel/int4.h")
#include "ascendc_sim/kernel/int4.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_gather_mask.h")
#include "ascendc_sim/kernel/vector_gather_mask.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_sort.h")
#include "ascendc_sim/kernel/vector_sort.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_sort_highlevel.h")
#include "ascendc_sim/kernel/vector_sort_highlevel.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_round.h")
#include "ascendc_sim/kernel/vector_math_round.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_log.h")
#include "ascendc_sim/kernel/vector_math_log.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_clamp.h")
#include "ascendc_sim/kernel/vector_math_clamp.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_exp.h")
#include "ascendc_sim/kernel/vector_math_exp.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_axpy.h")
#include "ascendc_sim/kernel/vector_math_axpy.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_hyperbolic.h")
#include "ascendc_sim/kernel/vector_math_hyperbolic.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_erf.h")
#include "ascendc_sim/kernel/vector_math_erf.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_tan.h")
#include "ascendc_sim/kernel/vector_math_tan.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_softmax.h")
#include "ascendc_sim/kernel/vector_softmax.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_softmax_flash.h")
#include "ascendc_sim/kernel/vector_softmax_flash.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_reduce_type.h")
#include "ascendc_sim/kernel/vector_reduce_type.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_transpose.h")
#include "ascendc_sim/kernel/vector_transpose.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_reduce_sum_api.h")
#include "ascendc_sim/kernel/vector_reduce_sum_api.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_asin.h")
#include "ascendc_sim/kernel/vector_math_asin.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_atan.h")
#include "ascendc_sim/kernel/vector_math_atan.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_inv_hyperbolic.h")
#include "ascendc_sim/kernel/vector_math_inv_hyperbolic.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_erfc.h")
#include "ascendc_sim/kernel/vector_math_erfc.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_xor_fmod.h")
#include "ascendc_sim/kernel/vector_math_xor_fmod.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_sign.h")
#include "ascendc_sim/kernel/vector_math_sign.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_deq_basic.h")
#include "ascendc_sim/kernel/vector_deq_basic.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_quant.h")
#include "ascendc_sim/kernel/vector_quant.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_dequant.h")
#include "ascendc_sim/kernel/vector_dequant.h"
#endif
#if __has_include("ascendc_sim/kernel/init_output.h")
#include "ascendc_sim/kernel/init_output.h"
#endif
#if __has_include("ascendc_sim/kernel/scalar_convert_utils.h")
#include "ascendc_sim/kernel/scalar_convert_utils.h"
#endif
#if __has_include("ascendc_sim/kernel/arith_progression.h")
#include "ascendc_sim/kernel/arith_progression.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_glu.h")
#include "ascendc_sim/kernel/vector_glu.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_softmax_grad.h")
#include "ascendc_sim/kernel/vector_softmax_grad.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_log_softmax.h")
#include "ascendc_sim/kernel/vector_log_softmax.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_reduce_highlevel.h")
#include "ascendc_sim/kernel/vector_reduce_highlevel.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_reduce_xor_sum.h")
#include "ascendc_sim/kernel/vector_reduce_xor_sum.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_stack_temp_forms.h")
#include "ascendc_sim/kernel/vector_stack_temp_forms.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_power.h")
#include "ascendc_sim/kernel/vector_math_power.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_rmsnorm.h")
#include "ascendc_sim/kernel/vector_rmsnorm.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_welford.h")
#include "ascendc_sim/kernel/vector_welford.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_layernorm.h")
#include "ascendc_sim/kernel/vector_layernorm.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_deepnorm.h")
#include "ascendc_sim/kernel/vector_deepnorm.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_layernorm_grad.h")
#include "ascendc_sim/kernel/vector_layernorm_grad.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_pad.h")
#include "ascendc_sim/kernel/vector_pad.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_confusion_transpose.h")
#include "ascendc_sim/kernel/vector_confusion_transpose.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_transdata.h")
#include "ascendc_sim/kernel/vector_transdata.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_sort_config.h")
#include "ascendc_sim/kernel/vector_sort_config.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_dropout.h")
#include "ascendc_sim/kernel/vector_dropout.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_select_bytes.h")
#include "ascendc_sim/kernel/vector_select_bytes.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_cumsum.h")
#include "ascendc_sim/kernel/vector_cumsum.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_batchnorm.h")
#include "ascendc_sim/kernel/vector_batchnorm.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_groupnorm.h")
#include "ascendc_sim/kernel/vector_groupnorm.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_softmaxflash.h")
#include "ascendc_sim/kernel/vector_softmaxflash.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_sort_configured.h")
#include "ascendc_sim/kernel/vector_sort_configured.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_topk.h")
#include "ascendc_sim/kernel/vector_topk.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_broadcast_dynamic.h")
#include "ascendc_sim/kernel/vector_broadcast_dynamic.h"
#endif
#if __has_include("ascendc_sim/kernel/data_copy_nd2nz.h")
#include "ascendc_sim/kernel/data_copy_nd2nz.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_antiquant_scale.h")
#include "ascendc_sim/kernel/vector_antiquant_scale.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_bilinear.h")
#include "ascendc_sim/kernel/vector_bilinear.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_digamma.h")
#include "ascendc_sim/kernel/vector_math_digamma.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_math_lgamma.h")
#include "ascendc_sim/kernel/vector_math_lgamma.h"
#endif
#if __has_include("ascendc_sim/kernel/symbol_override.h")
#include "ascendc_sim/kernel/symbol_override.h"
#endif
