// NOT TESTED ON AN NPU: no torch_npu, CANN or NPU exists where this was written. This file
// needs neither torch_npu nor CANN: tests/torch/test_npu_adapter.py compiles it with
// PyTorch's CPU build and runs it against the sim's libcust_opapi.so.
//
// at::Tensor -> aclTensor, describing the view as it is (no copy): view shape, element
// strides, storage offset, and the whole storage as the storage shape, so that the aclnn layer
// sees what it may touch (docs/operator_contract.md: every tensor may be a non-contiguous view).
#pragma once

#include <memory>

#include <ATen/core/Tensor.h>

#include "op_api.h"

namespace lstm_cell_grad_npu {

struct AclTensorDeleter {
    DestroyTensorFn destroy = nullptr;
    void operator()(aclTensor* tensor) const {
        if (tensor != nullptr && destroy != nullptr) destroy(tensor);
    }
};
using AclTensorPtr = std::unique_ptr<aclTensor, AclTensorDeleter>;

// ACL_FLOAT, ACL_FLOAT16, ACL_BF16 or ACL_DOUBLE; ACL_DT_UNDEFINED for any other dtype.
aclDataType ToAclDataType(at::ScalarType type);

// The aclTensor of `tensor` (format ND), or null for an undefined tensor (an absent optional
// argument, passed to aclnn as a null pointer). `name` (the aclnn parameter) goes into errors.
AclTensorPtr MakeAclTensor(const OpApi& api, const at::Tensor& tensor, const char* name);

}  // namespace lstm_cell_grad_npu
