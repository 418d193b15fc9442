// Kernel-side tiling access: GET_TILING_DATA reads the bytes the host's TilingFunc saved;
// TILING_KEY_IS selects the branch of the launch's tiling key; kernel-type declarations.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/kernel/markers.h"

namespace sim {
// Copies `size` bytes of tiling data from GM into `dst` (checked against the allocation).
void ReadTilingData(void* dst, size_t size, const uint8_t* tiling);
}  // namespace sim

// REGISTER_TILING_DATA_CLASS(Op, Struct) (register/tilingdata_base.h) names the struct
// ascendc_sim_tiling::Default for the kernel translation unit that includes it.
#define GET_TILING_DATA(var, tiling)         \
    ::ascendc_sim_tiling::Default var;       \
    ::sim::ReadTilingData(&var, sizeof(var), (tiling))
#define GET_TILING_DATA_WITH_STRUCT(type, var, tiling) \
    type var;                                          \
    ::sim::ReadTilingData(&var, sizeof(var), (tiling))
#define GET_TILING_DATA_MEMBER(type, member, var, tiling)                                        \
    decltype(type::member) var;                                                                  \
    ::sim::ReadTilingData(&var, sizeof(var), (tiling) + offsetof(type, member))

#define TILING_KEY_IS(key) (::sim::TilingKeyMatches(static_cast<uint64_t>(key)))

enum KernelMetaType {
    KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_VECTOR_CORE
};
// The sim launches vector cores only; the declarations compile and are otherwise inert.
#define KERNEL_TASK_TYPE_DEFAULT(type) ((void)(type))
#define KERNEL_TASK_TYPE(key, type) ((void)(key), (void)(type))
