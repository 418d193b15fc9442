// gert::TilingData: the raw tiling buffer a tiling function fills (GetData, GetCapacity)
// and whose used length it declares (SetDataSize). As in CANN, SetDataSize does not check
// the capacity; the sim's RunTiling reports a size past the capacity as a failure.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "graph/ge_error_codes.h"

namespace gert {

class TilingData {
public:
    size_t GetCapacity() const { return capacity_; }
    size_t GetDataSize() const { return dataSize_; }
    void SetDataSize(size_t size) { dataSize_ = size; }
    void* GetData() { return data_; }
    const void* GetData() const { return data_; }

    // Appends the bytes of `value`; GRAPH_FAILED (nothing written) past the capacity.
    template <typename T, typename std::enable_if<std::is_standard_layout<T>::value, int>::type = 0>
    ge::graphStatus Append(const T& value) {
        void* slot = Expand(sizeof(T));
        if (slot == nullptr) return ge::GRAPH_FAILED;
        std::memcpy(slot, &value, sizeof(T));
        return ge::GRAPH_SUCCESS;
    }
    template <typename T, typename std::enable_if<std::is_standard_layout<T>::value, int>::type = 0>
    ge::graphStatus Append(const T* values, size_t count) {
        void* slot = Expand(sizeof(T) * count);
        if (slot == nullptr) return ge::GRAPH_FAILED;
        std::memcpy(slot, values, sizeof(T) * count);
        return ge::GRAPH_SUCCESS;
    }
    // Grows the used length by `size` and returns where the new bytes go; nullptr past
    // the capacity.
    void* Expand(size_t size) {
        if (dataSize_ > capacity_ || size > capacity_ - dataSize_) return nullptr;
        void* slot = static_cast<uint8_t*>(data_) + dataSize_;
        dataSize_ += size;
        return slot;
    }
    // Points the object at `capacity` bytes owned by the caller, with no data yet.
    void Init(size_t capacity, void* data) {
        capacity_ = capacity;
        dataSize_ = 0;
        data_ = data;
    }

    TilingData() = default;
    TilingData(const TilingData&) = delete;
    TilingData& operator=(const TilingData&) = delete;

private:
    size_t capacity_ = 0;
    size_t dataSize_ = 0;
    void* data_ = nullptr;
};

// Appends `value`; silently ignored past the capacity, as in CANN.
template <typename T>
TilingData& operator<<(TilingData& out, const T& value) {
    out.Append(value);
    return out;
}

}  // namespace gert
