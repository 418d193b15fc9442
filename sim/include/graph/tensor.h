// ge::Shape: the graph-side shape that the high-level API tiling helpers take
// (AscendC::GetTanhMaxMinTmpSize(const ge::Shape&, ...)). Only the shape part of CANN's
// graph/tensor.h is provided; ge::Tensor and ge::TensorDesc are graph-mode only.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graph/types.h"

namespace ge {

class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}

    size_t GetDimNum() const { return dims_.size(); }
    // 0 for an index past the rank.
    int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
    graphStatus SetDim(size_t idx, int64_t value) {
        if (idx >= dims_.size()) return GRAPH_FAILED;
        dims_[idx] = value;
        return GRAPH_SUCCESS;
    }
    std::vector<int64_t> GetDims() const { return dims_; }
    // Element count: 1 for a scalar, -1 if a dim is unknown (negative), 0 if one is 0.
    int64_t GetShapeSize() const {
        int64_t size = 1;
        for (int64_t dim : dims_) {
            if (dim < 0) return -1;
            size *= dim;
        }
        return size;
    }

private:
    std::vector<int64_t> dims_;
};

}  // namespace ge
