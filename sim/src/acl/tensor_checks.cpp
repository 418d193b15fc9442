// The aclnn layer's view checks: extent of a strided view, fit in its storage and in its
// allocation, and overlap between two views.
#include <algorithm>
#include <utility>

#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/memory_overlap.h"
#include "ascendc_sim/host/acl_tensor.h"

namespace sim::acl {
namespace {

bool MultiplyChecked(int64_t a, int64_t b, int64_t* out) { return !__builtin_mul_overflow(a, b, out); }
bool AddChecked(int64_t a, int64_t b, int64_t* out) { return !__builtin_add_overflow(a, b, out); }

std::string Describe(const aclTensor& tensor) {
    return "view " + FormatDims(tensor.ViewShape()) + " with strides " + FormatDims(tensor.ViewStrides()) +
           " and offset " + std::to_string(tensor.ViewOffset());
}

}  // namespace

std::string FormatDims(const std::vector<int64_t>& dims) {
    std::string text = "[";
    for (size_t i = 0; i < dims.size(); ++i) text += (i ? ", " : "") + std::to_string(dims[i]);
    return text + "]";
}

bool ElementCount(const std::vector<int64_t>& dims, int64_t* count, std::string* why) {
    int64_t product = 1;
    for (int64_t dim : dims) {
        if (dim < 0) {
            if (why) *why = "shape " + FormatDims(dims) + " has a negative dim";
            return false;
        }
        if (!MultiplyChecked(product, dim, &product)) {
            if (why) *why = "shape " + FormatDims(dims) + " has more than 2^63 elements";
            return false;
        }
    }
    *count = product;
    return true;
}

bool TouchedElements(const aclTensor& tensor, ElementSpan* span, std::string* why) {
    const auto& shape = tensor.ViewShape();
    const auto& strides = tensor.ViewStrides();
    if (strides.size() != shape.size()) {
        if (why) *why = Describe(tensor) + ": the stride count differs from the dim count";
        return false;
    }
    if (tensor.ViewOffset() < 0) {
        if (why) *why = Describe(tensor) + ": the offset is negative";
        return false;
    }
    bool empty = false;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] < 0 || strides[i] < 0) {
            if (why) *why = Describe(tensor) + ": dims and strides must not be negative";
            return false;
        }
        empty = empty || shape[i] == 0;
    }
    ElementSpan result;
    result.empty = empty;
    result.first = tensor.ViewOffset();
    result.last = tensor.ViewOffset();
    if (!empty) {
        for (size_t i = 0; i < shape.size(); ++i) {
            int64_t reach;
            if (!MultiplyChecked(shape[i] - 1, strides[i], &reach) || !AddChecked(result.last, reach, &result.last)) {
                if (why) *why = Describe(tensor) + ": its last element lies beyond 2^63";
                return false;
            }
        }
    }
    *span = result;
    return true;
}

bool ViewFitsStorage(const aclTensor& tensor, std::string* why) {
    ElementSpan span;
    if (!TouchedElements(tensor, &span, why)) return false;
    int64_t storageElements;
    if (!ElementCount(tensor.StorageShape(), &storageElements, why)) {
        if (why) *why = "storage " + *why;
        return false;
    }
    if (span.empty || span.last < storageElements) return true;
    if (why) {
        *why = Describe(tensor) + " reaches element " + std::to_string(span.last) + ", but storage " +
               FormatDims(tensor.StorageShape()) + " holds " + std::to_string(storageElements) + " elements";
    }
    return false;
}

bool ByteRange(const aclTensor& tensor, uintptr_t* begin, uintptr_t* end, std::string* why) {
    ElementSpan span;
    if (!TouchedElements(tensor, &span, why)) return false;
    const int64_t elementBytes = static_cast<int64_t>(aclDataTypeSize(tensor.DataType()));
    if (elementBytes == 0) {
        if (why) *why = std::string("data type ") + DataTypeName(tensor.DataType()) + " has no byte size";
        return false;
    }
    const uintptr_t base = reinterpret_cast<uintptr_t>(tensor.Data());
    if (span.empty) {
        *begin = *end = base;
        return true;
    }
    int64_t firstByte, endByte;
    if (!MultiplyChecked(span.first, elementBytes, &firstByte) ||
        !MultiplyChecked(span.last + 1, elementBytes, &endByte)) {
        if (why) *why = Describe(tensor) + ": its byte extent lies beyond 2^63";
        return false;
    }
    *begin = base + static_cast<uintptr_t>(firstByte);
    *end = base + static_cast<uintptr_t>(endByte);
    return true;
}

bool ViewFitsAllocation(const aclTensor& tensor, std::string* why) {
    uintptr_t begin, end;
    if (!ByteRange(tensor, &begin, &end, why)) return false;
    if (begin == end) return true;
    if (tensor.Data() == nullptr) {
        if (why) *why = Describe(tensor) + " is not empty but its data pointer is null";
        return false;
    }
    uintptr_t allocationBase = 0;
    size_t allocationBytes = 0;
    if (!FindGmExtent(tensor.Data(), &allocationBase, &allocationBytes)) {
        if (why) {
            *why = "its data pointer is not device memory (not inside a live aclrtMalloc allocation; "
                   "never allocated, already freed, or host memory)";
        }
        return false;
    }
    if (begin >= allocationBase && end <= allocationBase + allocationBytes) return true;
    // Outside it: the label, for the message (checked every call, so looked up only here).
    auto allocation = FindGm(tensor.Data());
    if (why && allocation) {
        const auto dataOffset = static_cast<int64_t>(reinterpret_cast<uintptr_t>(tensor.Data()) - allocation->base);
        *why = Describe(tensor) + " of " + DataTypeName(tensor.DataType()) + " at byte " + std::to_string(dataOffset) +
               " of " + allocation->label + " touches bytes [" +
               std::to_string(static_cast<int64_t>(begin - allocation->base)) + ", " +
               std::to_string(static_cast<int64_t>(end - allocation->base)) + ") but the allocation holds " +
               std::to_string(allocation->bytes) + " bytes";
    }
    return false;
}

bool DataAligned(const aclTensor& tensor, std::string* why) {
    uintptr_t begin, end;
    if (!ByteRange(tensor, &begin, &end, why)) return false;
    const auto address = reinterpret_cast<uintptr_t>(tensor.Data());
    if (begin == end || address % kTensorDataAlignment == 0) return true;
    if (why) {
        *why = "its data pointer is " + std::to_string(address % kTensorDataAlignment) + " bytes past a " +
               std::to_string(kTensorDataAlignment) +
               "-byte boundary; aclCreateTensor's device address must be 32-byte aligned (aclrtMalloc's is; "
               "place a view inside an allocation with the storage offset instead)";
    }
    return false;
}

MemoryView MemoryViewOf(const aclTensor& tensor) {
    MemoryView view;
    view.itemBytes = static_cast<int64_t>(aclDataTypeSize(tensor.DataType()));
    view.address = reinterpret_cast<uintptr_t>(tensor.Data()) + static_cast<uintptr_t>(tensor.ViewOffset() * view.itemBytes);
    view.shape = tensor.ViewShape();
    for (int64_t stride : tensor.ViewStrides()) view.byteStrides.push_back(stride * view.itemBytes);
    view.byteStrides.resize(view.shape.size(), 0);
    return view;
}

bool Overlaps(const aclTensor& a, const aclTensor& b) {
    uintptr_t begin, end;
    if (!ByteRange(a, &begin, &end, nullptr) || !ByteRange(b, &begin, &end, nullptr)) return false;
    return ViewsOverlap(MemoryViewOf(a), MemoryViewOf(b));
}

bool SelfOverlaps(const aclTensor& tensor) { return ElementsShareMemory(MemoryViewOf(tensor)); }

const char* DataTypeName(aclDataType dataType) {
    switch (dataType) {
        case ACL_DT_UNDEFINED: return "ACL_DT_UNDEFINED";
        case ACL_FLOAT: return "ACL_FLOAT";
        case ACL_FLOAT16: return "ACL_FLOAT16";
        case ACL_INT8: return "ACL_INT8";
        case ACL_INT32: return "ACL_INT32";
        case ACL_UINT8: return "ACL_UINT8";
        case ACL_INT16: return "ACL_INT16";
        case ACL_UINT16: return "ACL_UINT16";
        case ACL_UINT32: return "ACL_UINT32";
        case ACL_INT64: return "ACL_INT64";
        case ACL_UINT64: return "ACL_UINT64";
        case ACL_DOUBLE: return "ACL_DOUBLE";
        case ACL_BOOL: return "ACL_BOOL";
        case ACL_STRING: return "ACL_STRING";
        case ACL_COMPLEX64: return "ACL_COMPLEX64";
        case ACL_COMPLEX128: return "ACL_COMPLEX128";
        case ACL_BF16: return "ACL_BF16";
        case ACL_INT4: return "ACL_INT4";
        case ACL_UINT1: return "ACL_UINT1";
        case ACL_COMPLEX32: return "ACL_COMPLEX32";
    }
    return "an unknown aclDataType";
}

const char* FormatName(aclFormat format) {
    switch (format) {
        case ACL_FORMAT_UNDEFINED: return "ACL_FORMAT_UNDEFINED";
        case ACL_FORMAT_NCHW: return "ACL_FORMAT_NCHW";
        case ACL_FORMAT_NHWC: return "ACL_FORMAT_NHWC";
        case ACL_FORMAT_ND: return "ACL_FORMAT_ND";
        case ACL_FORMAT_NC1HWC0: return "ACL_FORMAT_NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z: return "ACL_FORMAT_FRACTAL_Z";
        case ACL_FORMAT_NC1HWC0_C04: return "ACL_FORMAT_NC1HWC0_C04";
        case ACL_FORMAT_HWCN: return "ACL_FORMAT_HWCN";
        case ACL_FORMAT_NDHWC: return "ACL_FORMAT_NDHWC";
        case ACL_FORMAT_FRACTAL_NZ: return "ACL_FORMAT_FRACTAL_NZ";
        case ACL_FORMAT_NCDHW: return "ACL_FORMAT_NCDHW";
        case ACL_FORMAT_NDC1HWC0: return "ACL_FORMAT_NDC1HWC0";
        case ACL_FRACTAL_Z_3D: return "ACL_FRACTAL_Z_3D";
        case ACL_FORMAT_NC: return "ACL_FORMAT_NC";
        case ACL_FORMAT_NCL: return "ACL_FORMAT_NCL";
    }
    return "an unknown aclFormat";
}

}  // namespace sim::acl
