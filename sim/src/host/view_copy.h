// Gathers a strided view into a contiguous device buffer and scatters it back: the sim's
// counterpart of CANN's l0op::Contiguous / ViewCopy, written as an Ascend C kernel so that
// it runs under the same checks and counters as any other launch.
#pragma once
#include <cstdint>
#include <vector>

#include "ascendc_sim/core/launch.h"

namespace sim::aclnn {

struct ViewLayout {
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;  // elements
    int64_t offset = 0;            // elements from the storage base
    uint32_t elementBytes = 4;
    int64_t Elements() const;
};

// contiguous[i] = view[i] (gather) or view[i] = contiguous[i] (scatter), i in row-major order.
LaunchResult GatherView(const ViewLayout& view, const uint8_t* storageBase, uint8_t* contiguous);
LaunchResult ScatterView(const ViewLayout& view, const uint8_t* contiguous, uint8_t* storageBase);

bool IsContiguous(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides);

}  // namespace sim::aclnn
