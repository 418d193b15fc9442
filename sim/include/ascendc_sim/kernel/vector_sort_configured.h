// The six SortConfig forms of the high-level Sort (asc-devkit include/adv_api/sort/sort.h; page
// docs/zh/api/SIMD-API/高阶API/排序操作/Sort.md, "带SortConfig"): without index tensors, with
// dstIndexTensor only, with both; each with and without sharedTmpBuffer; template parameters
// <T[, U], isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG> as CANN names
// them.
//
// The page gives these forms to Ascend 950PR/950DT only ("仅在Ascend 950PR/Ascend 950DT上支持"),
// and CANN's sort.h compiles their bodies only for __NPU_ARCH__ 3510/5102/3003/3113: on Atlas
// A2/A3 (dav-2201, the SoC the sim models) a call compiles and does nothing, leaving dstTensor
// and dstIndexTensor unwritten. The sim compiles them the same way, with the page's type lists
// as static_asserts, and reports each call as ApiMisuse (the kernel would silently produce
// garbage on the device): an A2/A3 kernel sorts with Sort<T, isFullSort> over Concat'ed scores
// and Extract (vector_sort_highlevel.h). GetSortMaxMinTmpSize, the host query of these forms,
// likewise refuses on A2/A3 (tiling/sort_tiling.h).
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_sort_config.h"

namespace sim::vec::sort_config {

// The page's value types: RADIX_SORT takes 11, MERGE_SORT half and float.
template <class T, const AscendC::SortConfig& config>
constexpr bool kValueType =
    config.type == AscendC::SortType::MERGE_SORT
        ? kIsOneOf<T, half, float>
        : kIsOneOf<T, uint8_t, int8_t, uint16_t, int16_t, uint32_t, int32_t, half, bfloat16_t, float, uint64_t,
                   int64_t>;

// The page's index types: RADIX_SORT uint32_t, int32_t, uint64_t, int64_t; MERGE_SORT uint32_t.
template <class U, const AscendC::SortConfig& config>
constexpr bool kIndexType = config.type == AscendC::SortType::MERGE_SORT
                                ? std::is_same_v<U, uint32_t>
                                : kIsOneOf<U, uint32_t, int32_t, uint64_t, int64_t>;

inline void NotOnA2(const char* form, uint32_t calCount) {
    Violation(Check::ApiMisuse,
              std::string("Sort<T, isReuseSource, config> (") + form + ", calCount " + std::to_string(calCount) +
                  "): the SortConfig forms of Sort are implemented on Ascend 950 only; on Atlas A2/A3 CANN's "
                  "sort.h compiles them to nothing and dstTensor is never written. Sort on A2/A3 with "
                  "Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime) and Extract");
}

}  // namespace sim::vec::sort_config

namespace AscendC {

#define ASCENDC_SIM_SORT_CONFIG_TYPES()                                                                         \
    static_assert(sim::vec::sort_config::kValueType<T, config>,                                                 \
                  "Sort: T must be uint8_t, int8_t, uint16_t, int16_t, uint32_t, int32_t, half, bfloat16_t, "   \
                  "float, uint64_t or int64_t with RADIX_SORT, half or float with MERGE_SORT")
#define ASCENDC_SIM_SORT_CONFIG_INDEX(Index)                                                                    \
    static_assert(sim::vec::sort_config::kIndexType<Index, config>,                                             \
                  "Sort: the index type must be uint32_t, int32_t, uint64_t or int64_t with RADIX_SORT, "       \
                  "uint32_t with MERGE_SORT")

template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(LocalTensor<T>& dstTensor, LocalTensor<U>& dstIndexTensor,
                                                 const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<U>& srcIndexTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                 const uint32_t calCount) {
    ASCENDC_SIM_SORT_CONFIG_TYPES();
    ASCENDC_SIM_SORT_CONFIG_INDEX(U);
    sim::NoteCallSite();
    (void)dstTensor, (void)dstIndexTensor, (void)srcTensor, (void)srcIndexTensor, (void)sharedTmpBuffer;
    sim::vec::sort_config::NotOnA2("with srcIndexTensor and dstIndexTensor, sharedTmpBuffer", calCount);
}

template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor,
                                                 const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<U>& srcIndexTensor, const uint32_t calCount) {
    ASCENDC_SIM_SORT_CONFIG_TYPES();
    ASCENDC_SIM_SORT_CONFIG_INDEX(U);
    sim::NoteCallSite();
    (void)dstTensor, (void)dstIndexTensor, (void)srcTensor, (void)srcIndexTensor;
    sim::vec::sort_config::NotOnA2("with srcIndexTensor and dstIndexTensor", calCount);
}

template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                 const uint32_t calCount) {
    ASCENDC_SIM_SORT_CONFIG_TYPES();
    sim::NoteCallSite();
    (void)dstTensor, (void)srcTensor, (void)sharedTmpBuffer;
    sim::vec::sort_config::NotOnA2("values only, sharedTmpBuffer", calCount);
}

template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                 const uint32_t calCount) {
    ASCENDC_SIM_SORT_CONFIG_TYPES();
    sim::NoteCallSite();
    (void)dstTensor, (void)srcTensor;
    sim::vec::sort_config::NotOnA2("values only", calCount);
}

template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor,
                                                 const LocalTensor<T>& srcTensor,
                                                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                 const uint32_t calCount) {
    ASCENDC_SIM_SORT_CONFIG_TYPES();
    ASCENDC_SIM_SORT_CONFIG_INDEX(uint32_t);
    sim::NoteCallSite();
    (void)dstTensor, (void)dstIndexTensor, (void)srcTensor, (void)sharedTmpBuffer;
    sim::vec::sort_config::NotOnA2("with dstIndexTensor, sharedTmpBuffer", calCount);
}

template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor,
                                                 const LocalTensor<T>& srcTensor, const uint32_t calCount) {
    ASCENDC_SIM_SORT_CONFIG_TYPES();
    ASCENDC_SIM_SORT_CONFIG_INDEX(uint32_t);
    sim::NoteCallSite();
    (void)dstTensor, (void)dstIndexTensor, (void)srcTensor;
    sim::vec::sort_config::NotOnA2("with dstIndexTensor", calCount);
}

#undef ASCENDC_SIM_SORT_CONFIG_TYPES
#undef ASCENDC_SIM_SORT_CONFIG_INDEX

}  // namespace AscendC
