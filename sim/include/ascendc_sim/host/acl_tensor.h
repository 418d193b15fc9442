// What an aclTensor (and the other aclnn argument objects) hold, for the sim's aclnn layer.
//
// aclCreateTensor records its arguments and checks nothing else (as nnopbase does). Whether
// a view is usable is decided by the aclnn layer at GetWorkspaceSize time, with the helpers
// below: ViewFitsStorage (CANN's own rule: the view stays inside its storage shape),
// ViewFitsAllocation (the sim's stricter rule: the bytes the view touches lie inside one live
// device allocation) and Overlaps (for "outputs must not overlap").
//
// Units: shapes and strides count elements, offsets count elements from Data(); byte
// addresses appear only in ByteRange and in the allocation/overlap checks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascendc_sim/core/memory_overlap.h"

struct aclTensor {
    aclTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
              int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum, void* data);

    const std::vector<int64_t>& ViewShape() const { return viewShape_; }
    const std::vector<int64_t>& ViewStrides() const { return viewStrides_; }
    int64_t ViewOffset() const { return viewOffset_; }
    const std::vector<int64_t>& StorageShape() const { return storageShape_; }
    aclDataType DataType() const { return dataType_; }
    aclFormat Format() const { return format_; }
    void* Data() const { return data_; }  // storage base: element 0 of the storage

    void SetData(void* data) { data_ = data; }

private:
    std::vector<int64_t> viewShape_;
    std::vector<int64_t> viewStrides_;
    int64_t viewOffset_;
    std::vector<int64_t> storageShape_;
    aclDataType dataType_;
    aclFormat format_;
    void* data_;
};

struct aclScalar {
    aclScalar(const void* value, aclDataType dataType);
    aclDataType DataType() const { return dataType_; }
    // The value converted to double (half and bfloat16 exactly, integers and bool by value).
    // Returns false for data types without a numeric value (string, complex, sub-byte).
    bool ToDouble(double* out) const;
    const unsigned char* Bytes() const { return bytes_; }

private:
    aclDataType dataType_;
    unsigned char bytes_[16] = {};
};

struct aclIntArray {
    std::vector<int64_t> values;
};
struct aclFloatArray {
    std::vector<float> values;
};
struct aclBoolArray {
    std::vector<bool> values;
};
struct aclTensorList {
    std::vector<aclTensor*> tensors;  // owned (aclDestroyTensorList destroys them)
};
struct aclScalarList {
    std::vector<aclScalar*> scalars;  // owned
};

namespace sim::acl {

// Product of dims; false (and *why) on a negative dim or int64 overflow.
bool ElementCount(const std::vector<int64_t>& dims, int64_t* count, std::string* why);

// The elements a view touches, relative to Data(): [first, last], both inclusive.
struct ElementSpan {
    bool empty = true;  // a zero dim: the view touches nothing
    int64_t first = 0;
    int64_t last = 0;
};
// False (and *why) for what CANN documents as invalid (negative dims, strides or offset) and
// for int64 overflow.
bool TouchedElements(const aclTensor& tensor, ElementSpan* span, std::string* why);

// CANN's rule: every element the view touches lies inside the storage shape, i.e.
// offset + sum((dim_i - 1) * stride_i) < prod(storageDims). Empty views always fit.
bool ViewFitsStorage(const aclTensor& tensor, std::string* why);

// The sim's rule: Data() is not null, and the bytes the view touches lie inside the live
// device allocation (aclrtMalloc / GM registry) that contains Data(). Empty views always fit.
bool ViewFitsAllocation(const aclTensor& tensor, std::string* why);

// CANN's rule (the aclCreateTensor page of the aclnn API reference: tensorData, the device
// address, must be 32-byte aligned, else the behaviour is undefined): Data() of a non-empty
// view is a multiple of kTensorDataAlignment. aclrtMalloc memory is. The storage offset is
// not part of the rule: a view at any element offset is a legal aclTensor (CANN's l0op
// contiguous path copies a strided one; a contiguous one is read in place by the kernel's
// GM DMA, whose GM side needs no alignment, only its UB side).
constexpr uintptr_t kTensorDataAlignment = 32;
bool DataAligned(const aclTensor& tensor, std::string* why);

// Half-open byte interval [begin, end) spanned by the view's elements; begin == end when empty.
// False (and *why) as for TouchedElements, or when the data type has no byte size.
bool ByteRange(const aclTensor& tensor, uintptr_t* begin, uintptr_t* end, std::string* why);

// The tensor's view as memory (sim::MemoryView: the address of its first element, shape,
// byte strides), for the overlap rules of ascendc_sim/core/memory_overlap.h.
MemoryView MemoryViewOf(const aclTensor& tensor);
// Do two tensors write or read any common byte? sim::ViewsOverlap (exact up to
// kExactOverlapRuns runs each, conservative beyond); empty or invalid views overlap nothing.
using ::sim::kExactOverlapRuns;
bool Overlaps(const aclTensor& a, const aclTensor& b);
// Whether two elements of one view may share bytes: sim::ElementsShareMemory.
bool SelfOverlaps(const aclTensor& tensor);

// "[2, 8]": for messages.
std::string FormatDims(const std::vector<int64_t>& dims);
// "ACL_FLOAT16", "ACL_FORMAT_ND": for messages.
const char* DataTypeName(aclDataType dataType);
const char* FormatName(aclFormat format);

}  // namespace sim::acl
