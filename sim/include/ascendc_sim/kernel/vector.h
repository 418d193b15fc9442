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
#if __has_include("ascendc_sim/kernel/vector_reduce_type.h")
#include "ascendc_sim/kernel/vector_reduce_type.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_transpose.h")
#include "ascendc_sim/kernel/vector_transpose.h"
#endif
#if __has_include("ascendc_sim/kernel/vector_reduce_sum_api.h")
#include "ascendc_sim/kernel/vector_reduce_sum_api.h"
#endif
