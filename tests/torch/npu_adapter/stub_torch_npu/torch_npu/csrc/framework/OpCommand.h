// TEST STAND-IN, not torch_npu: the part of torch_npu's torch_npu/csrc/framework/OpCommand.h that
// framework/torch_npu/csrc/npu_kernels.cpp uses (a named command with a custom handler, queued
// by Run), with the signatures it assumes, so that the file compiles against PyTorch's CPU
// build. Run() here calls the handler at once; torch_npu's queues it on its task queue.
#pragma once

#include <functional>
#include <string>
#include <utility>

namespace at_npu {
namespace native {

using PROC_FUNC = std::function<int()>;

class OpCommand {
public:
    OpCommand& Name(const std::string& name) {
        name_ = name;
        return *this;
    }
    OpCommand& SetCustomHandler(PROC_FUNC func) {
        handler_ = std::move(func);
        return *this;
    }
    void Run() {
        if (handler_) handler_();
    }

private:
    std::string name_;
    PROC_FUNC handler_;
};

}  // namespace native
}  // namespace at_npu
