// gert::StorageShape: the origin (logical, as the user gave it) and storage (as laid out
// in memory, e.g. after a private format) shape of one tensor. For ND tensors, which is
// all this project uses, the two are equal.
#pragma once
#include "exe_graph/runtime/shape.h"

namespace gert {

struct StorageShape {
public:
    StorageShape() = default;
    StorageShape(const std::initializer_list<int64_t>& origin, const std::initializer_list<int64_t>& storage)
        : originShape_(origin), storageShape_(storage) {}
    StorageShape(const Shape& origin, const Shape& storage) : originShape_(origin), storageShape_(storage) {}

    const Shape& GetOriginShape() const { return originShape_; }
    const Shape& GetStorageShape() const { return storageShape_; }
    Shape& MutableOriginShape() { return originShape_; }
    Shape& MutableStorageShape() { return storageShape_; }

    bool operator==(const StorageShape& other) const {
        return originShape_ == other.originShape_ && storageShape_ == other.storageShape_;
    }
    bool operator!=(const StorageShape& other) const { return !(*this == other); }

private:
    Shape originShape_;
    Shape storageShape_;
};

}  // namespace gert
