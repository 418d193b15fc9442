// Ascend C kernel API, CPU stand-in (see sim/README.md). Same header name as CANN's.
#pragma once
#include "ascendc_sim/kernel/block_vars.h"
#include "ascendc_sim/kernel/check_local_memory.h"
#include "ascendc_sim/kernel/core_type.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/kernel_log.h"
#include "ascendc_sim/kernel/local_mem_allocator.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tiling.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/utils.h"
#include "ascendc_sim/numeric/half.h"
#include "utils/std/algorithm.h"
#include "utils/std/type_traits.h"
#include "ascendc_sim/kernel/device_builtins.h"
#if __has_include("ascendc_sim/kernel/data_copy.h")
#include "ascendc_sim/kernel/data_copy.h"
#endif
#if __has_include("ascendc_sim/kernel/vector.h")
#include "ascendc_sim/kernel/vector.h"
#endif
#if __has_include("ascendc_sim/kernel/spm_buffer.h")
#include "ascendc_sim/kernel/spm_buffer.h"
#endif
#if __has_include("ascendc_sim/kernel/block_sync.h")
#include "ascendc_sim/kernel/block_sync.h"
#endif
#if __has_include("ascendc_sim/kernel/atomic.h")
#include "ascendc_sim/kernel/atomic.h"
#endif
#if __has_include("ascendc_sim/kernel/init_global_memory.h")
#include "ascendc_sim/kernel/init_global_memory.h"
#endif
#if __has_include("ascendc_sim/kernel/type_utils.h")
#include "ascendc_sim/kernel/type_utils.h"
#endif
#if __has_include("ascendc_sim/kernel/debug_print.h")
#include "ascendc_sim/kernel/debug_print.h"
#endif
#if __has_include("ascendc_sim/kernel/std_type_traits.h")
#include "ascendc_sim/kernel/std_type_traits.h"
#endif
