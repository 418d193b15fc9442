// aclCreateTensor and the other acl_meta.h objects: creation, getters, destruction.
#include <cstdint>
#include <cstring>
#include <vector>

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "ascendc_sim/numeric/half.h"
#include "case_registry.h"

namespace {

std::vector<int64_t> Take(int64_t* values, uint64_t count) {
    std::vector<int64_t> copy(values, values + count);
    delete[] values;  // CANN: the caller frees what the getters hand out
    return copy;
}

std::vector<int64_t> ViewShape(const aclTensor* tensor) {
    int64_t* values = nullptr;
    uint64_t count = 0;
    EXPECT_EQ(aclGetViewShape(tensor, &values, &count), ACLNN_SUCCESS);
    return Take(values, count);
}

std::vector<int64_t> ViewStrides(const aclTensor* tensor) {
    int64_t* values = nullptr;
    uint64_t count = 0;
    EXPECT_EQ(aclGetViewStrides(tensor, &values, &count), ACLNN_SUCCESS);
    return Take(values, count);
}

std::vector<int64_t> StorageShape(const aclTensor* tensor) {
    int64_t* values = nullptr;
    uint64_t count = 0;
    EXPECT_EQ(aclGetStorageShape(tensor, &values, &count), ACLNN_SUCCESS);
    return Take(values, count);
}

using Dims = std::vector<int64_t>;

}  // namespace

ACL_CASE(create_tensor_and_read_it_back) {
    const int64_t view[] = {2, 4};
    const int64_t strides[] = {8, 1};
    const int64_t storage[] = {16};
    alignas(32) static uint16_t data[16];
    aclTensor* tensor = aclCreateTensor(view, 2, ACL_FLOAT16, strides, 3, ACL_FORMAT_ND, storage, 1, data);
    EXPECT_TRUE(tensor != nullptr);
    EXPECT_EQ(ViewShape(tensor), (Dims{2, 4}));
    EXPECT_EQ(ViewStrides(tensor), (Dims{8, 1}));
    EXPECT_EQ(StorageShape(tensor), (Dims{16}));
    int64_t offset = -1;
    EXPECT_EQ(aclGetViewOffset(tensor, &offset), ACLNN_SUCCESS);
    EXPECT_EQ(offset, 3);
    aclDataType dataType = ACL_DT_UNDEFINED;
    EXPECT_EQ(aclGetDataType(tensor, &dataType), ACLNN_SUCCESS);
    EXPECT_EQ(static_cast<int>(dataType), static_cast<int>(ACL_FLOAT16));
    aclFormat format = ACL_FORMAT_UNDEFINED;
    EXPECT_EQ(aclGetFormat(tensor, &format), ACLNN_SUCCESS);
    EXPECT_EQ(static_cast<int>(format), static_cast<int>(ACL_FORMAT_ND));
    void* address = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(tensor, &address), ACLNN_SUCCESS);
    EXPECT_TRUE(address == data);
    // The sim-side view the aclnn layer reads.
    EXPECT_EQ(tensor->ViewShape(), (Dims{2, 4}));
    EXPECT_EQ(tensor->ViewOffset(), 3);
    EXPECT_TRUE(tensor->Data() == data);
    EXPECT_EQ(aclSetRawTensorAddr(tensor, data + 8), ACLNN_SUCCESS);
    EXPECT_TRUE(tensor->Data() == data + 8);

    // aclInitTensor re-describes the same object.
    const int64_t newView[] = {3};
    EXPECT_EQ(aclInitTensor(tensor, newView, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, newView, 1, data),
              ACLNN_SUCCESS);
    EXPECT_EQ(ViewShape(tensor), (Dims{3}));
    EXPECT_EQ(ViewStrides(tensor), (Dims{1}));
    EXPECT_EQ(aclGetFormat(tensor, &format), ACLNN_SUCCESS);
    EXPECT_EQ(static_cast<int>(format), static_cast<int>(ACL_FORMAT_NCHW));
    EXPECT_EQ(aclInitTensor(nullptr, newView, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, newView, 1, data),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
}

ACL_CASE(create_tensor_defaults_and_rejections) {
    // stride == nullptr: row-major contiguous (zero dims count as one, like PyTorch).
    const int64_t view[] = {2, 3, 4};
    aclTensor* contiguous = aclCreateTensor(view, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 3, nullptr);
    EXPECT_EQ(ViewStrides(contiguous), (Dims{12, 4, 1}));
    const int64_t withZero[] = {2, 0, 3};
    aclTensor* empty = aclCreateTensor(withZero, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, withZero, 3, nullptr);
    EXPECT_EQ(ViewStrides(empty), (Dims{3, 3, 1}));
    // A 0-d tensor (a scalar in a tensor).
    aclTensor* scalarTensor = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
    EXPECT_TRUE(scalarTensor != nullptr);
    EXPECT_EQ(ViewShape(scalarTensor), Dims{});
    // What nnopbase rejects: null dims with a nonzero count.
    EXPECT_TRUE(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 3, nullptr) == nullptr);
    EXPECT_TRUE(aclCreateTensor(view, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, nullptr) == nullptr);
    // What it accepts and the aclnn layer rejects later: negative values, any dtype/format.
    const int64_t negative[] = {-2, 3};
    const int64_t negativeStrides[] = {3, -1};
    aclTensor* odd = aclCreateTensor(negative, 2, static_cast<aclDataType>(99), negativeStrides, -5,
                                     static_cast<aclFormat>(77), view, 1, nullptr);
    EXPECT_TRUE(odd != nullptr);
    EXPECT_EQ(ViewStrides(odd), (Dims{3, -1}));
    for (aclTensor* tensor : {contiguous, empty, scalarTensor, odd}) EXPECT_EQ(aclDestroyTensor(tensor), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
}

ACL_CASE(tensor_getters_reject_null_arguments) {
    const int64_t view[] = {4};
    aclTensor* tensor = aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr);
    int64_t* values = nullptr;
    uint64_t count = 0;
    int64_t offset = 0;
    aclFormat format;
    aclDataType dataType;
    void* address = nullptr;
    EXPECT_EQ(aclGetViewShape(nullptr, &values, &count), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewShape(tensor, nullptr, &count), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewShape(tensor, &values, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewStrides(nullptr, &values, &count), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewStrides(tensor, nullptr, &count), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetStorageShape(nullptr, &values, &count), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetStorageShape(tensor, &values, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewOffset(nullptr, &offset), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewOffset(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetFormat(nullptr, &format), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetFormat(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetDataType(nullptr, &dataType), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetDataType(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetRawTensorAddr(nullptr, &address), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetRawTensorAddr(tensor, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclSetRawTensorAddr(nullptr, address), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(ACLNN_ERR_PARAM_NULLPTR, 161001);
    aclDestroyTensor(tensor);
}

ACL_CASE(scalars) {
    float f = 1.5f;
    double d = -2.25;
    int64_t i = -(int64_t{1} << 40);
    uint16_t h = sim::num::FloatToHalfBits(0.333251953125f);  // exactly representable in binary16
    uint16_t b = sim::num::FloatToBf16Bits(3.0f);
    bool flag = true;
    struct Case {
        void* value;
        aclDataType type;
        double expected;
    } cases[] = {{&f, ACL_FLOAT, 1.5},       {&d, ACL_DOUBLE, -2.25},          {&i, ACL_INT64, -1099511627776.0},
                 {&h, ACL_FLOAT16, 0.333251953125}, {&b, ACL_BF16, 3.0},   {&flag, ACL_BOOL, 1.0}};
    for (const Case& c : cases) {
        aclScalar* scalar = aclCreateScalar(c.value, c.type);
        EXPECT_TRUE(scalar != nullptr);
        double value = 0;
        EXPECT_TRUE(scalar->ToDouble(&value));
        EXPECT_EQ(value, c.expected);
        EXPECT_EQ(static_cast<int>(scalar->DataType()), static_cast<int>(c.type));
        EXPECT_EQ(aclDestroyScalar(scalar), ACLNN_SUCCESS);
    }
    // The value is copied at creation.
    int32_t mutableValue = 7;
    aclScalar* copied = aclCreateScalar(&mutableValue, ACL_INT32);
    mutableValue = 8;
    double value = 0;
    EXPECT_TRUE(copied->ToDouble(&value));
    EXPECT_EQ(value, 7.0);
    aclDestroyScalar(copied);
    EXPECT_TRUE(aclCreateScalar(nullptr, ACL_FLOAT) == nullptr);
    aclScalar* text = aclCreateScalar(&f, ACL_STRING);
    EXPECT_TRUE(!text->ToDouble(&value));  // no numeric value
    aclDestroyScalar(text);
    EXPECT_EQ(aclDestroyScalar(nullptr), ACLNN_SUCCESS);
}

ACL_CASE(arrays_and_lists) {
    const int64_t ints[] = {3, -1, 4};
    const float floats[] = {0.5f, 2.0f};
    const bool bools[] = {true, false, true, true};
    aclIntArray* intArray = aclCreateIntArray(ints, 3);
    aclFloatArray* floatArray = aclCreateFloatArray(floats, 2);
    aclBoolArray* boolArray = aclCreateBoolArray(bools, 4);
    uint64_t size = 0;
    EXPECT_EQ(aclGetIntArraySize(intArray, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 3u);
    EXPECT_EQ(intArray->values, (Dims{3, -1, 4}));
    EXPECT_EQ(aclGetFloatArraySize(floatArray, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    EXPECT_EQ(floatArray->values[1], 2.0f);
    EXPECT_EQ(aclGetBoolArraySize(boolArray, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 4u);
    EXPECT_EQ(boolArray->values[1], false);
    EXPECT_TRUE(aclCreateIntArray(nullptr, 2) == nullptr);
    aclIntArray* emptyArray = aclCreateIntArray(nullptr, 0);
    EXPECT_EQ(aclGetIntArraySize(emptyArray, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(aclGetIntArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetIntArraySize(intArray, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetFloatArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetBoolArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    for (auto status : {aclDestroyIntArray(intArray), aclDestroyIntArray(emptyArray), aclDestroyFloatArray(floatArray),
                        aclDestroyBoolArray(boolArray), aclDestroyIntArray(nullptr), aclDestroyFloatArray(nullptr),
                        aclDestroyBoolArray(nullptr)}) {
        EXPECT_EQ(status, ACLNN_SUCCESS);
    }

    const int64_t view[] = {2};
    const aclTensor* tensors[] = {aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr),
                                  aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr)};
    aclTensorList* tensorList = aclCreateTensorList(tensors, 2);
    EXPECT_EQ(aclGetTensorListSize(tensorList, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    EXPECT_TRUE(tensorList->tensors[1] == tensors[1]);
    EXPECT_EQ(aclGetTensorListSize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_TRUE(aclCreateTensorList(nullptr, 1) == nullptr);
    EXPECT_EQ(aclDestroyTensorList(tensorList), ACLNN_SUCCESS);  // destroys both tensors too

    float one = 1.0f;
    const aclScalar* scalars[] = {aclCreateScalar(&one, ACL_FLOAT)};
    aclScalarList* scalarList = aclCreateScalarList(scalars, 1);
    EXPECT_EQ(aclGetScalarListSize(scalarList, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 1u);
    EXPECT_EQ(aclGetScalarListSize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyScalarList(scalarList), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyTensorList(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyScalarList(nullptr), ACLNN_SUCCESS);
}
