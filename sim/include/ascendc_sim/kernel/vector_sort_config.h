// SortType and SortConfig (CANN's include/adv_api/sort/sort_utils_constants.h, sort_utils.h and
// sort_tiling_intf.h). CANN declares SortConfig twice under one guard: the kernel's with
// {type, isDescend}, the host's with hasSrcIndex and hasDstIndex after them. A sim program is
// one translation unit holding both sides, so the sim keeps the one four-field struct for both;
// a kernel's two-element initializer ({RADIX_SORT, false}) still fills the first two.
#pragma once
#include <cstdint>

namespace AscendC {

#ifndef ASCC_ENUM_SORTTYPE
#define ASCC_ENUM_SORTTYPE
enum class SortType { RADIX_SORT, MERGE_SORT };
#endif

#ifndef ASCC_STRUCT_SORTCONFIG
#define ASCC_STRUCT_SORTCONFIG
struct SortConfig {
    SortType type = SortType::RADIX_SORT;
    bool isDescend = false;
    bool hasSrcIndex = false;
    bool hasDstIndex = false;
};
#endif

// The kernel side's constant (sort_utils.h). CANN's host header (sort_tiling_intf.h) declares
// none, and host code op_build compiles as C++11 could not brace-initialise a struct with member
// initialisers (C++14 can).
#if __cplusplus >= 201402L
constexpr SortConfig DEFAULT_SORT_CONFIG = {SortType::RADIX_SORT, false};
#endif

}  // namespace AscendC
