// acl_meta.h objects: aclTensor, aclScalar, arrays and lists, their creation, getters and
// destruction. Validation is nnopbase's (almost none); see ascendc_sim/host/acl_tensor.h for
// the checks the aclnn layer makes later.
#include <algorithm>
#include <cstring>
#include <new>

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/numeric/half.h"

namespace {

std::vector<int64_t> CopyDims(const int64_t* dims, uint64_t count) {
    return dims == nullptr ? std::vector<int64_t>{} : std::vector<int64_t>(dims, dims + count);
}

// Row-major strides of `shape` (what nnopbase uses when stride is null).
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t i = shape.size(); i > 1; --i) strides[i - 2] = strides[i - 1] * std::max<int64_t>(shape[i - 1], 1);
    return strides;
}

// Hands out a copy of `values` in a new[] array, as nnopbase's getters do.
aclnnStatus HandOut(const std::vector<int64_t>& values, int64_t** out, uint64_t* count) {
    *count = values.size();
    *out = new (std::nothrow) int64_t[values.size()];
    if (*out == nullptr) return ACLNN_ERR_INNER_NULLPTR;
    std::copy(values.begin(), values.end(), *out);
    return ACLNN_SUCCESS;
}

template <class Array, class T>
Array* NewArray(const T* value, uint64_t size) {
    if (value == nullptr && size > 0) return nullptr;  // sim: nnopbase would read through null
    auto* array = new (std::nothrow) Array;
    if (array != nullptr && size > 0) array->values.assign(value, value + size);
    return array;
}

}  // namespace

aclTensor::aclTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                     int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                     void* data)
    : viewShape_(CopyDims(viewDims, viewDimsNum)),
      viewStrides_(stride != nullptr ? CopyDims(stride, viewDimsNum) : ContiguousStrides(viewShape_)),
      viewOffset_(offset),
      storageShape_(CopyDims(storageDims, storageDimsNum)),
      dataType_(dataType),
      format_(format),
      data_(data) {}

aclScalar::aclScalar(const void* value, aclDataType dataType) : dataType_(dataType) {
    std::memcpy(bytes_, value, std::min(aclDataTypeSize(dataType), sizeof(bytes_)));
}

bool aclScalar::ToDouble(double* out) const {
    auto read = [this](auto zero) {
        decltype(zero) v;
        std::memcpy(&v, bytes_, sizeof(v));
        return static_cast<double>(v);
    };
    switch (dataType_) {
        case ACL_FLOAT: *out = read(0.0f); return true;
        case ACL_DOUBLE: *out = read(0.0); return true;
        case ACL_FLOAT16: *out = sim::num::HalfBitsToFloat(static_cast<uint16_t>(read(uint16_t{}))); return true;
        case ACL_BF16: *out = sim::num::Bf16BitsToFloat(static_cast<uint16_t>(read(uint16_t{}))); return true;
        case ACL_INT8: *out = read(int8_t{}); return true;
        case ACL_UINT8: *out = read(uint8_t{}); return true;
        case ACL_INT16: *out = read(int16_t{}); return true;
        case ACL_UINT16: *out = read(uint16_t{}); return true;
        case ACL_INT32: *out = read(int32_t{}); return true;
        case ACL_UINT32: *out = read(uint32_t{}); return true;
        case ACL_INT64: *out = read(int64_t{}); return true;
        case ACL_UINT64: *out = read(uint64_t{}); return true;
        case ACL_BOOL: *out = bytes_[0] != 0 ? 1.0 : 0.0; return true;
        default: return false;
    }
}

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
    if ((viewDims == nullptr && viewDimsNum > 0) || (storageDims == nullptr && storageDimsNum > 0)) return nullptr;
    try {
        return new aclTensor(viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                             tensorData);
    } catch (const std::exception&) {  // absurd dim counts: out of memory
        return nullptr;
    }
}

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
    if (value == nullptr) return nullptr;
    return new (std::nothrow) aclScalar(value, dataType);
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) { return NewArray<aclIntArray>(value, size); }

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) { return NewArray<aclFloatArray>(value, size); }

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) { return NewArray<aclBoolArray>(value, size); }

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
    if (value == nullptr && size > 0) return nullptr;
    auto* list = new (std::nothrow) aclTensorList;
    if (list == nullptr) return nullptr;
    for (uint64_t i = 0; i < size; ++i) list->tensors.push_back(const_cast<aclTensor*>(value[i]));
    return list;
}

aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
    if (value == nullptr && size > 0) return nullptr;
    auto* list = new (std::nothrow) aclScalarList;
    if (list == nullptr) return nullptr;
    for (uint64_t i = 0; i < size; ++i) list->scalars.push_back(const_cast<aclScalar*>(value[i]));
    return list;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
    delete tensor;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
    delete scalar;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
    if (array == nullptr) return ACLNN_SUCCESS;
    for (aclTensor* tensor : array->tensors) delete tensor;
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
    if (array == nullptr) return ACLNN_SUCCESS;
    for (aclScalar* scalar : array->scalars) delete scalar;
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
    if (tensor == nullptr || viewDims == nullptr || viewDimsNum == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    return HandOut(tensor->ViewShape(), viewDims, viewDimsNum);
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum) {
    if (tensor == nullptr || storageDims == nullptr || storageDimsNum == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    return HandOut(tensor->StorageShape(), storageDims, storageDimsNum);
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum) {
    if (tensor == nullptr || stridesValue == nullptr || stridesNum == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    return HandOut(tensor->ViewStrides(), stridesValue, stridesNum);
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
    if (tensor == nullptr || offset == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *offset = tensor->ViewOffset();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
    if (tensor == nullptr || format == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *format = tensor->Format();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
    if (tensor == nullptr || dataType == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *dataType = tensor->DataType();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
    if (array == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = array->values.size();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
    if (array == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = array->values.size();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
    if (array == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = array->values.size();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
    if (tensorList == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = tensorList->tensors.size();
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
    if (scalarList == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = scalarList->scalars.size();
    return ACLNN_SUCCESS;
}

aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                          const int64_t* stride, int64_t offset, aclFormat format, const int64_t* storageDims,
                          uint64_t storageDimsNum, void* tensorDataAddr) {
    if (tensor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    if ((viewDims == nullptr && viewDimsNum > 0) || (storageDims == nullptr && storageDimsNum > 0)) {
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *tensor = aclTensor(viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                        tensorDataAddr);
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
    if (tensor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    tensor->SetData(addr);
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
    if (tensor == nullptr || addr == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *addr = tensor->Data();
    return ACLNN_SUCCESS;
}

}  // extern "C"
