// gert::RuntimeAttrs: the op's attribute values in OpDef declaration order, read by index
// with the C++ type the OpDef declared (Bool -> bool, Int -> int64_t, Float -> float,
// String -> char, ListInt -> TypedContinuousVector<int64_t>).
//
// Like CANN, GetAttrPointer<T> does not check T. Each value is stored zero-padded to at
// least 16 bytes, so reading a bool attr as int64_t gives a wrong number, never an
// out-of-bounds read.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"

namespace sim::host {
struct ContextFactory;
}  // namespace sim::host

namespace gert {

class Tensor;

class RuntimeAttrs {
public:
    template <typename T>
    const T* GetAttrPointer(size_t index) const {
        return reinterpret_cast<const T*>(GetPointerByIndex(index));
    }
    const int64_t* GetInt(size_t index) const { return GetAttrPointer<int64_t>(index); }
    const bool* GetBool(size_t index) const { return GetAttrPointer<bool>(index); }
    const float* GetFloat(size_t index) const { return GetAttrPointer<float>(index); }
    const char* GetStr(size_t index) const { return GetAttrPointer<char>(index); }
    const TypedContinuousVector<int64_t>* GetListInt(size_t index) const {
        return GetAttrPointer<TypedContinuousVector<int64_t>>(index);
    }
    const TypedContinuousVector<float>* GetListFloat(size_t index) const {
        return GetAttrPointer<TypedContinuousVector<float>>(index);
    }
    size_t GetAttrNum() const { return values_.size(); }

    RuntimeAttrs(const RuntimeAttrs&) = delete;
    RuntimeAttrs& operator=(const RuntimeAttrs&) = delete;

private:
    friend struct ::sim::host::ContextFactory;
    RuntimeAttrs() = default;
    // nullptr past the last attribute, as in CANN.
    const void* GetPointerByIndex(size_t index) const {
        return index < values_.size() ? values_[index].get() : nullptr;
    }

    std::vector<std::unique_ptr<uint8_t[]>> values_;
};

}  // namespace gert
