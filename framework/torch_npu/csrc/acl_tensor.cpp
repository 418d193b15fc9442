// NOT TESTED ON AN NPU: no torch_npu, CANN or NPU exists where this was written. This file
// needs neither torch_npu nor CANN: tests/torch/test_npu_adapter.py compiles it with
// PyTorch's CPU build and runs it against the sim's libcust_opapi.so.
#include "acl_tensor.h"

#include <c10/util/Exception.h>

namespace lstm_cell_grad_npu {

aclDataType ToAclDataType(at::ScalarType type) {
    switch (type) {
        case at::kFloat: return ACL_FLOAT;
        case at::kHalf: return ACL_FLOAT16;
        case at::kBFloat16: return ACL_BF16;
        case at::kDouble: return ACL_DOUBLE;
        default: return ACL_DT_UNDEFINED;
    }
}

AclTensorPtr MakeAclTensor(const OpApi& api, const at::Tensor& tensor, const char* name) {
    AclTensorDeleter deleter{api.destroyTensor};
    if (!tensor.defined()) return AclTensorPtr(nullptr, deleter);
    const aclDataType dataType = ToAclDataType(tensor.scalar_type());
    TORCH_CHECK(dataType != ACL_DT_UNDEFINED, "lstm_cell_grad_npu: ", name, " has dtype ", tensor.scalar_type(),
                ", which this adapter does not describe to aclnn");
    // aclCreateTensor takes the storage's base address, the view's offset from it in elements,
    // and the storage's extent in elements (the aclnn layer checks the view against it).
    const int64_t storageElements = static_cast<int64_t>(tensor.storage().nbytes() / tensor.itemsize());
    aclTensor* described = api.createTensor(tensor.sizes().data(), tensor.sizes().size(), dataType,
                                            tensor.strides().data(), tensor.storage_offset(), ACL_FORMAT_ND,
                                            &storageElements, 1, const_cast<void*>(tensor.storage().data()));
    TORCH_CHECK(described != nullptr, "lstm_cell_grad_npu: aclCreateTensor failed for ", name, " (shape ",
                tensor.sizes(), ", strides ", tensor.strides(), ", storage offset ", tensor.storage_offset(), ")");
    return AclTensorPtr(described, deleter);
}

}  // namespace lstm_cell_grad_npu
