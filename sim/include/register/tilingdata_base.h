// The tiling-data macros (CANN 8.x "macro style"), compiled by both the host tiling and
// the kernel in the sim build:
//
//   namespace optiling {
//   BEGIN_TILING_DATA_DEF(FooTilingData)
//       TILING_DATA_FIELD_DEF(int64_t, batch);
//       TILING_DATA_FIELD_DEF_ARR(uint32_t, 4, splits);
//       TILING_DATA_FIELD_DEF_STRUCT(FooSubTiling, sub);
//   END_TILING_DATA_DEF;
//   REGISTER_TILING_DATA_CLASS(FooCustom, FooTilingData)
//   }
//
// Host side, as in CANN: set_batch(v), get_batch(), set_splits(ptr), get_splits(),
// sub.set_x(v), SaveToBuffer(data, capacity), GetDataSize().
// Kernel side, as CANN's generated kernel struct: tiling.batch, tiling.splits[i], tiling.sub.x.
//
// CANN keeps the bytes in a side buffer whose layout is: fields in declaration order, each
// at an offset that is a multiple of its element size (padding inserted), nested structs at
// multiples of 8, total size rounded up to 8. Here the class *is* that layout: every field
// is a plain public member (scalars and arrays are naturally aligned to their element size
// on the hosts we build for), nested tiling structs and the class itself are alignas(8), so
// SaveToBuffer is one memcpy of the object and the kernel's memcpy of the saved bytes back
// into the same class reproduces every field. The static_asserts below enforce it.
//
// REGISTER_TILING_DATA_CLASS(OpType, Name) also declares ascendc_sim_tiling::Default and
// ascendc_sim_tiling::OpType as aliases of Name, for the sim's GET_TILING_DATA (kernel side,
// ascendc_sim/kernel/tiling.h). The macro usually expands inside namespace optiling; the
// using-directive below makes ::ascendc_sim_tiling::Default find those aliases too. (A
// registration inside any other namespace is not found by the kernel macro.)
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace sim::host {
// Copies `bytes` of a tiling-data object to `data` if `capacity` allows; otherwise writes
// nothing and reports the overflow (it fails the tiling run in progress, if any).
void SaveTilingBytes(const void* object, size_t bytes, void* data, size_t capacity, const char* className);
bool RegisterTilingDataClass(const char* opType, const char* className, size_t bytes);
}  // namespace sim::host

namespace optiling {
namespace ascendc_sim_tiling {}
}  // namespace optiling
namespace ascendc_sim_tiling {
using namespace ::optiling::ascendc_sim_tiling;
}  // namespace ascendc_sim_tiling

namespace sim::host {
// CANN allows int8..uint64 and float fields (no bool, no double); the layout argument
// above needs each to be aligned to its own size.
template <typename T>
constexpr bool kIsTilingScalar = std::is_arithmetic<T>::value && !std::is_same<T, bool>::value &&
                                 !std::is_same<T, double>::value && !std::is_same<T, long double>::value &&
                                 alignof(T) == sizeof(T);
}  // namespace sim::host

#define BEGIN_TILING_DATA_DEF(class_name)                                                            \
    class alignas(8) class_name {                                                                    \
    public:                                                                                          \
        void SaveToBuffer(void* data, size_t capacity) const {                                      \
            ::sim::host::SaveTilingBytes(this, sizeof(class_name), data, capacity, #class_name);     \
        }                                                                                            \
        size_t GetDataSize() const { return sizeof(class_name); }                                    \
        const char* GetTilingClassName() const { return #class_name; }                               \
        static constexpr bool AscendcSimLayoutIsPod() {                                              \
            static_assert(std::is_trivially_copyable<class_name>::value,                             \
                          "tiling data must be trivially copyable (kernel side memcpy's it)");       \
            static_assert(std::is_standard_layout<class_name>::value,                                \
                          "tiling data must be standard-layout (fields in declaration order)");      \
            static_assert(sizeof(class_name) % 8 == 0, "tiling data size must be a multiple of 8"); \
            return true;                                                                             \
        }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                                 \
    static_assert(::sim::host::kIsTilingScalar<data_type>,                                           \
                  "TILING_DATA_FIELD_DEF takes int8..uint64 or float types");                        \
                                                                                                     \
public:                                                                                              \
    data_type field_name = 0;                                                                        \
    void set_##field_name(data_type value) { field_name = value; }                                   \
    data_type get_##field_name() const { return field_name; }

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                    \
    static_assert(::sim::host::kIsTilingScalar<arr_type>,                                            \
                  "TILING_DATA_FIELD_DEF_ARR takes int8..uint64 or float element types");            \
                                                                                                     \
public:                                                                                              \
    arr_type field_name[arr_size] = {};                                                              \
    /* Copies arr_size elements from `values` (CANN's setter takes a pointer too). */               \
    void set_##field_name(const arr_type* values) {                                                  \
        if (values != field_name) std::memcpy(field_name, values, sizeof(field_name));              \
    }                                                                                                \
    arr_type* get_##field_name() { return field_name; }

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                                        \
    static_assert(alignof(struct_type) == 8 && std::is_trivially_copyable<struct_type>::value,      \
                  "TILING_DATA_FIELD_DEF_STRUCT takes a type defined with BEGIN_TILING_DATA_DEF");   \
                                                                                                     \
public:                                                                                              \
    struct_type field_name;

#define END_TILING_DATA_DEF }

// Default sits in an inline namespace of its own, so that a translation unit registering
// several classes (CANN's per-tiling-key "OpType_<key>" registrations) still compiles; only
// a GET_TILING_DATA in such a unit is ambiguous (use GET_TILING_DATA_WITH_STRUCT there).
#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                              \
    namespace ascendc_sim_tiling {                                                                   \
    inline namespace registered_##op_type##_##class_name {                                           \
    using Default = class_name;                                                                      \
    }                                                                                                \
    using op_type = class_name;                                                                      \
    }                                                                                                \
    namespace {                                                                                      \
    [[maybe_unused]] const bool g_ascendcSimTiling_##op_type##_##class_name =                        \
        class_name::AscendcSimLayoutIsPod() &&                                                       \
        ::sim::host::RegisterTilingDataClass(#op_type, #class_name, sizeof(class_name));             \
    }
