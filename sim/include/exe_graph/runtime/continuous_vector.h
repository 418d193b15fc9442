// gert::ContinuousVector / TypedContinuousVector<T>: a fixed-capacity array with a size,
// laid out as a header followed by the elements. The tiling context uses it for workspace
// sizes and for list attributes (GetListInt).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#include "graph/ge_error_codes.h"

namespace gert {

class ContinuousVector {
public:
    // One allocation holding the header and `capacity` elements of T; total_size gets its bytes
    // (CANN's signature). nullptr when the size overflows, as in CANN.
    template <typename T>
    static std::unique_ptr<uint8_t[]> Create(size_t capacity, size_t& total_size) {
        if (__builtin_mul_overflow(capacity, sizeof(T), &total_size) ||
            __builtin_add_overflow(total_size, sizeof(ContinuousVector), &total_size)) {
            return nullptr;
        }
        std::unique_ptr<uint8_t[]> buffer(new uint8_t[total_size]());
        auto* vector = new (buffer.get()) ContinuousVector();
        vector->capacity_ = capacity;
        return buffer;
    }
    template <typename T>
    static std::unique_ptr<uint8_t[]> Create(size_t capacity) {
        size_t total_size = 0;
        return Create<T>(capacity, total_size);
    }

    size_t GetSize() const { return size_; }
    size_t GetCapacity() const { return capacity_; }
    // GRAPH_FAILED (size unchanged) past the capacity, as in CANN.
    ge::graphStatus SetSize(size_t size) {
        if (size > capacity_) return ge::GRAPH_FAILED;
        size_ = size;
        return ge::GRAPH_SUCCESS;
    }
    const void* GetData() const { return this + 1; }
    void* MutableData() { return this + 1; }

private:
    ContinuousVector() = default;
    size_t capacity_ = 0;
    size_t size_ = 0;
    uint64_t reserved_ = 0;  // keeps the elements 8-byte aligned after a 24-byte header
};

template <typename T>
class TypedContinuousVector : public ContinuousVector {
public:
    const T* GetData() const { return static_cast<const T*>(ContinuousVector::GetData()); }
    T* MutableData() { return static_cast<T*>(ContinuousVector::MutableData()); }
};

}  // namespace gert
