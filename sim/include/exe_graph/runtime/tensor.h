// gert::Tensor as a tiling function sees it: shape, format and dtype, plus a host data
// address that is set only for inputs the op declares as tiling value-dependent (nullptr
// otherwise, as in CANN).
#pragma once
#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace gert {

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& shape, const StorageFormat& format, ge::DataType dataType)
        : shape_(shape), format_(format), dataType_(dataType) {}

    int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
    const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
    const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
    const StorageShape& GetShape() const { return shape_; }
    Shape& MutableStorageShape() { return shape_.MutableStorageShape(); }
    Shape& MutableOriginShape() { return shape_.MutableOriginShape(); }

    ge::DataType GetDataType() const { return dataType_; }
    void SetDataType(ge::DataType dataType) { dataType_ = dataType; }
    const StorageFormat& GetFormat() const { return format_; }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    void SetStorageFormat(ge::Format format) { format_.SetStorageFormat(format); }
    void SetOriginFormat(ge::Format format) { format_.SetOriginFormat(format); }

    const void* GetAddr() const { return addr_; }
    template <typename T>
    const T* GetData() const { return static_cast<const T*>(addr_); }
    void SetAddr(const void* addr, size_t bytes) {
        addr_ = addr;
        size_ = bytes;
    }
    size_t GetSize() const { return size_; }

private:
    StorageShape shape_;
    StorageFormat format_;
    ge::DataType dataType_ = ge::DT_UNDEFINED;
    const void* addr_ = nullptr;
    size_t size_ = 0;
};

}  // namespace gert
