// The kernel's view of the high-level APIs' tiling structs (CANN generates
// kernel_tiling/kernel_tiling.h from asc-devkit's adv_api *_tilingdata.h blocks at build time:
// one plain struct per BEGIN_TILING_DATA_DEF, at global scope, e.g. SoftMaxTiling). Kernels and
// .asc programs include it directly, and tiling/tiling_api.h reaches it, as in CANN.
//
// The sim declares here the structs of the high-level APIs it implements. Tanh and Sigmoid take
// no tiling struct; a kernel that names the struct of an API the sim lacks fails to compile
// on that name, which is the API it needs.
#pragma once
#include <cstdint>
