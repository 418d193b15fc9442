// The tiling-data macros (CANN 8.x "macro style"):
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
// The same header makes two different things, as in CANN:
//
// HOST side (the default): a class derived from optiling::TilingDef with CANN's ownership
// (CANN's register/tilingdata_base.h and base/asc/tilingdata_base_impl.cc): the constructor
// allocates a zeroed heap buffer of GetDataSize() bytes, the destructor frees it, and the
// class has no copy operations of its own, so a copy shares the buffer: the copy's or the
// original's destructor frees it twice (glibc aborts, ASan reports), and a setter on an
// object assigned from a temporary writes freed memory. Use a tiling-data object as CANN
// code does: one local object, set_ each field, SaveToBuffer, SetDataSize. Fields are
// private; set_x(v) stores v and writes it into the buffer at the field's offset, get_x()
// (non-const, as CANN's) returns it; array getters point into the buffer; a nested struct
// member is public and writes into its parent's buffer. SaveToBuffer copies the buffer.
//
// KERNEL side (ASCENDC_SIM_KERNEL_TILING defined: the sim's CMake sets it on kernel
// translation units): the plain struct with public fields CANN's op build generates for the
// kernel: tiling.batch, tiling.splits[i], tiling.sub.x, read by GET_TILING_DATA's memcpy.
//
// Layout (CANN's CheckAlignAndGenPlaceHolder): fields in declaration order, each at an
// offset that is a multiple of its element size, nested structs at multiples of 8, total
// size rounded up to 8. The host class computes the offsets so; the kernel struct is that
// layout by natural alignment (alignas(8) on the struct), checked by its static_asserts.
// The two definitions of one class live in different inline namespaces of optiling, so a
// library holding host and kernel code has no two definitions of one name.
//
// REGISTER_TILING_DATA_CLASS(OpType, Name) also declares ascendc_sim_tiling::Default and
// ascendc_sim_tiling::OpType as aliases of Name, for the sim's GET_TILING_DATA (kernel side,
// ascendc_sim/kernel/tiling.h). The macro usually expands inside namespace optiling; the
// using-directive below makes ::ascendc_sim_tiling::Default find those aliases too. (A
// registration inside any other namespace is not found by the kernel macro.)
//
// C++11: op_host code compiles against this header in CANN's op build's language level.
// Each field macro ends without ';': the field line's own ';' ends it (no empty member
// declarations, which -pedantic refuses).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>
#include "securec.h"  // as CANN's tilingdata_base.h: host code gets memcpy_s from here

namespace sim {
namespace host {
// Copies `bytes` from `object` to `data` if `capacity` allows; otherwise writes nothing and
// reports the overflow (it fails the tiling run in progress, if any).
void SaveTilingBytes(const void* object, size_t bytes, void* data, size_t capacity, const char* className);
bool RegisterTilingDataClass(const char* opType, const char* className, size_t bytes);

// CANN allows bool, int8..uint64 and float fields (no double; bool fields are CANN's own:
// asc-devkit include/adv_api/normalization/groupnorm_tilingdata.h, the topk sample's isLargest);
// the layout needs each to be aligned to its own size.
template <typename T>
constexpr bool IsTilingScalar() {
    return std::is_arithmetic<T>::value && !std::is_same<T, double>::value &&
           !std::is_same<T, long double>::value && alignof(T) == sizeof(T);
}
}  // namespace host
}  // namespace sim

namespace optiling {
namespace ascendc_sim_tiling {}
}  // namespace optiling
namespace ascendc_sim_tiling {
using namespace ::optiling::ascendc_sim_tiling;
}  // namespace ascendc_sim_tiling

#if !defined(ASCENDC_SIM_KERNEL_TILING)

namespace optiling {
inline namespace ascendc_sim_host_tiling {

class TilingDef {
public:
    ~TilingDef() {
        if (!borrowedData_) delete[] data_ptr_;
        data_ptr_ = nullptr;
    }
    // Nothing to copy once the object writes into a buffer it was given (SetDataPtr), as CANN.
    void SaveToBuffer(void* data, size_t capacity) {
        if (borrowedData_) return;
        ::sim::host::SaveTilingBytes(data_ptr_, data_size_, data, capacity, class_name_);
    }
    const char* GetTilingClassName() const { return class_name_; }
    size_t GetDataSize() const { return data_size_; }
    // Writes go to `dataPtr` from now on (the object's own buffer is freed); nested structs follow.
    void SetDataPtr(void* dataPtr) {
        if (!borrowedData_) delete[] data_ptr_;
        borrowedData_ = true;
        data_ptr_ = static_cast<uint8_t*>(dataPtr);
        for (size_t i = 0; i < nested_.size(); ++i) nested_[i].first->SetDataPtr(data_ptr_ + nested_[i].second);
    }

protected:
    // The offset of the next field of `bytes` aligned to `align` (CANN's placement rule).
    size_t AddField(size_t align, size_t bytes) {
        data_size_ = (data_size_ + align - 1) / align * align;
        const size_t offset = data_size_;
        data_size_ += bytes;
        return offset;
    }
    size_t AddStruct(TilingDef* member, size_t bytes) {
        const size_t offset = AddField(8, bytes);
        nested_.push_back(std::make_pair(member, offset));
        return offset;
    }
    void FinishLayout(const char* className) {
        class_name_ = className;
        data_size_ = (data_size_ + 7) / 8 * 8;
    }
    void InitData() {
        data_ptr_ = new uint8_t[data_size_ == 0 ? 1 : data_size_]();
        for (size_t i = 0; i < nested_.size(); ++i) nested_[i].first->SetDataPtr(data_ptr_ + nested_[i].second);
    }
    void WriteField(size_t offset, const void* value, size_t bytes) { std::memcpy(data_ptr_ + offset, value, bytes); }

    uint8_t* data_ptr_ = nullptr;
    size_t data_size_ = 0;
    const char* class_name_ = nullptr;
    bool borrowedData_ = false;  // data_ptr_ is not ours (SetDataPtr)
    std::vector<std::pair<TilingDef*, size_t>> nested_;  // nested struct members and their offsets
};

}  // namespace ascendc_sim_host_tiling
}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)                                                            \
    inline namespace ascendc_sim_host_tiling {                                                       \
    class class_name : public ::optiling::TilingDef {                                                            \
    public:                                                                                          \
        class_name() {                                                                               \
            FinishLayout(#class_name);                                                               \
            InitData();                                                                              \
        }                                                                                            \
        /* Writes into `ptr` (a nested struct, or CANN's in-place use); nullptr: no buffer yet. */   \
        explicit class_name(void* ptr) {                                                             \
            FinishLayout(#class_name);                                                               \
            if (ptr != nullptr) SetDataPtr(ptr);                                                     \
        }

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                                 \
    static_assert(::sim::host::IsTilingScalar<data_type>(),                                          \
                  "TILING_DATA_FIELD_DEF takes bool, int8..uint64 or float types");                        \
                                                                                                     \
public:                                                                                              \
    void set_##field_name(data_type value) {                                                         \
        field_name##_ = value;                                                                       \
        WriteField(field_name##_offset_, &value, sizeof(value));                                     \
    }                                                                                                \
    data_type get_##field_name() { return field_name##_; }                                           \
                                                                                                     \
private:                                                                                             \
    data_type field_name##_ = 0;                                                                     \
    size_t field_name##_offset_ = AddField(sizeof(data_type), sizeof(data_type))

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                    \
    static_assert(::sim::host::IsTilingScalar<arr_type>(),                                           \
                  "TILING_DATA_FIELD_DEF_ARR takes bool, int8..uint64 or float element types");            \
                                                                                                     \
public:                                                                                              \
    /* Copies arr_size elements from `values` (CANN's setter takes a pointer too). */               \
    void set_##field_name(const arr_type* values) {                                                  \
        if (values != get_##field_name()) WriteField(field_name##_offset_, values, sizeof(arr_type) * (arr_size)); \
    }                                                                                                \
    arr_type* get_##field_name() { return reinterpret_cast<arr_type*>(data_ptr_ + field_name##_offset_); } \
                                                                                                     \
private:                                                                                             \
    size_t field_name##_offset_ = AddField(sizeof(arr_type), sizeof(arr_type) * (arr_size))

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                                        \
    static_assert(std::is_base_of<::optiling::TilingDef, struct_type>::value,                                    \
                  "TILING_DATA_FIELD_DEF_STRUCT takes a type defined with BEGIN_TILING_DATA_DEF");   \
                                                                                                     \
public:                                                                                              \
    struct_type field_name{nullptr};                                                                 \
                                                                                                     \
private:                                                                                             \
    size_t field_name##_offset_ = AddStruct(&field_name, field_name.GetDataSize())

#define END_TILING_DATA_DEF \
    }                       \
    ;                       \
    }

#define ASCENDC_SIM_TILING_DATA_BYTES(class_name) class_name().GetDataSize()

#else  // ASCENDC_SIM_KERNEL_TILING: the kernel's plain struct

#define BEGIN_TILING_DATA_DEF(class_name)                                                            \
    inline namespace ascendc_sim_kernel_tiling {                                                     \
    class alignas(8) class_name {                                                                    \
    public:                                                                                          \
        static constexpr bool AscendcSimLayoutIsPod() {                                              \
            static_assert(std::is_trivially_copyable<class_name>::value,                             \
                          "tiling data must be trivially copyable (GET_TILING_DATA memcpy's it)");   \
            static_assert(std::is_standard_layout<class_name>::value,                                \
                          "tiling data must be standard-layout (fields in declaration order)");      \
            static_assert(sizeof(class_name) % 8 == 0, "tiling data size must be a multiple of 8"); \
            return true;                                                                             \
        }

// Scalars and arrays are aligned to their element size on the hosts the sim builds for,
// nested structs are alignas(8): natural layout is CANN's.
#define TILING_DATA_FIELD_DEF(data_type, field_name)                                                 \
    static_assert(::sim::host::IsTilingScalar<data_type>(),                                          \
                  "TILING_DATA_FIELD_DEF takes bool, int8..uint64 or float types");                        \
                                                                                                     \
public:                                                                                              \
    data_type field_name = 0

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                    \
    static_assert(::sim::host::IsTilingScalar<arr_type>(),                                           \
                  "TILING_DATA_FIELD_DEF_ARR takes bool, int8..uint64 or float element types");            \
                                                                                                     \
public:                                                                                              \
    arr_type field_name[arr_size] = {}

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                                        \
    static_assert(alignof(struct_type) == 8 && struct_type::AscendcSimLayoutIsPod(),                 \
                  "TILING_DATA_FIELD_DEF_STRUCT takes a type defined with BEGIN_TILING_DATA_DEF");   \
                                                                                                     \
public:                                                                                              \
    struct_type field_name

#define END_TILING_DATA_DEF \
    }                       \
    ;                       \
    }

#define ASCENDC_SIM_TILING_DATA_BYTES(class_name) (class_name::AscendcSimLayoutIsPod() ? sizeof(class_name) : 0)

#endif  // ASCENDC_SIM_KERNEL_TILING

// Default sits in an inline namespace of its own, so that a translation unit registering
// several classes (CANN's per-tiling-key "OpType_<key>" registrations) still compiles; only
// a GET_TILING_DATA in such a unit is ambiguous (use GET_TILING_DATA_WITH_STRUCT there).
// Host and kernel translation units both register; the registry keeps one entry.
#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                              \
    namespace ascendc_sim_tiling {                                                                   \
    inline namespace registered_##op_type##_##class_name {                                           \
    typedef class_name Default;                                                                      \
    }                                                                                                \
    typedef class_name op_type;                                                                      \
    }                                                                                                \
    namespace {                                                                                      \
    __attribute__((unused)) const bool g_ascendcSimTiling_##op_type##_##class_name =                 \
        ::sim::host::RegisterTilingDataClass(#op_type, #class_name, ASCENDC_SIM_TILING_DATA_BYTES(class_name)); \
    }
