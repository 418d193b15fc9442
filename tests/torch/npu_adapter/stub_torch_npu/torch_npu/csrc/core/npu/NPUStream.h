// TEST STAND-IN, not torch_npu: the one call framework/torch_npu/csrc/npu_kernels.cpp makes into
// torch_npu's torch_npu/csrc/core/npu/NPUStream.h, with the signature it assumes, so that the
// file compiles (and its registrations load) against PyTorch's CPU build. Nothing here is run
// as an NPU stream.
#pragma once

#include <c10/core/Device.h>

#include "acl/acl_base.h"

namespace c10_npu {

class NPUStream {
public:
    explicit NPUStream(aclrtStream stream) : stream_(stream) {}
    // torch_npu: the raw aclrtStream; need_empty = true first drains the task queue.
    aclrtStream stream(bool need_empty = true) const {
        (void)need_empty;
        return stream_;
    }

private:
    aclrtStream stream_;
};

inline NPUStream getCurrentNPUStream(c10::DeviceIndex device_index = -1) {
    (void)device_index;
    return NPUStream(nullptr);
}

}  // namespace c10_npu
