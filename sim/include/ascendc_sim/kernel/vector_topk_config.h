// TopK's enums and shape struct, shared by the kernel's TopK and the host's TopK tiling (CANN's
// include/adv_api/sort/topk_utils_constants.h and topk_utils.h). TopKConfig and TopKAlgo /
// TopKOrder belong to the Ascend 950 forms of TopK (and GetTopKMaxMinTmpSize's radix-select
// overload); the host header declares them in CANN, so they are kept for code that names them.
// defaultTopKConfig is declared by CANN only for Ascend 950 (impl/adv_api/detail/sort/topk/
// topk_common_utils.h) and is not declared here.
#pragma once
#include <cstdint>

namespace AscendC {

enum class TopKMode {
    TOPK_NORMAL,
    TOPK_NSMALL,
};

enum class TopKAlgo { RADIX_SELECT, MERGE_SORT };

enum class TopKOrder { UNSET, LARGEST, SMALLEST };

struct TopKConfig {
    TopKAlgo algo = TopKAlgo::MERGE_SORT;
    TopKOrder order = TopKOrder::UNSET;
    bool sorted = true;
};

// The shape of TopK's source: outter rows of inner elements (n of them real, inner = n rounded
// up to a multiple of 32 by the caller's padding).
struct TopKInfo {
    int32_t outter = 1;
    int32_t inner;
    int32_t n;
};

}  // namespace AscendC
