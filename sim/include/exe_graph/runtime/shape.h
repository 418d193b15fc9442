// gert::Shape: the runtime shape a tiling function reads (up to 25 dims, as in CANN).
//
// Stricter than CANN in one place: GetDim(i) for i >= GetDimNum() answers
// kInvalidDimValue instead of whatever stale value CANN's fixed array holds there, so a
// tiling that reads past the rank gets an absurd number rather than a plausible one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>

namespace gert {

struct Shape {
public:
    static constexpr size_t kMaxDimNum = 25;
    static constexpr int64_t kInvalidDimValue = std::numeric_limits<int64_t>::min();

    Shape() = default;
    // More than kMaxDimNum dims leaves the shape empty, as in CANN.
    Shape(const std::initializer_list<int64_t>& dims) {
        if (dims.size() > kMaxDimNum) return;
        for (int64_t dim : dims) dims_[dimNum_++] = dim;
    }

    bool operator==(const Shape& other) const {
        if (dimNum_ != other.dimNum_) return false;
        for (size_t i = 0; i < dimNum_; ++i) {
            if (dims_[i] != other.dims_[i]) return false;
        }
        return true;
    }
    bool operator!=(const Shape& other) const { return !(*this == other); }

    // Product of the dims (1 for a scalar); kInvalidDimValue on int64 overflow.
    int64_t GetShapeSize() const {
        int64_t size = 1;
        for (size_t i = 0; i < dimNum_; ++i) {
            if (__builtin_mul_overflow(size, dims_[i], &size)) return kInvalidDimValue;
        }
        return size;
    }
    bool IsScalar() const { return dimNum_ == 0; }
    void SetScalar() { dimNum_ = 0; }
    size_t GetDimNum() const { return dimNum_; }
    void SetDimNum(size_t dimNum) { dimNum_ = dimNum <= kMaxDimNum ? dimNum : kMaxDimNum; }
    int64_t GetDim(size_t idx) const { return idx < dimNum_ ? dims_[idx] : kInvalidDimValue; }
    const int64_t& operator[](size_t idx) const { return dims_[idx]; }
    int64_t& operator[](size_t idx) { return dims_[idx]; }
    void SetDim(size_t idx, int64_t value) {
        if (idx < kMaxDimNum) dims_[idx] = value;
    }
    // Ignored when the shape already has kMaxDimNum dims, as in CANN.
    Shape& AppendDim(int64_t value) {
        if (dimNum_ < kMaxDimNum) dims_[dimNum_++] = value;
        return *this;
    }

private:
    size_t dimNum_ = 0;
    int64_t dims_[kMaxDimNum] = {};
};

}  // namespace gert
