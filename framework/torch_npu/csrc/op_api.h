// NOT TESTED ON AN NPU: no torch_npu, CANN or NPU exists where this was written. This file
// needs neither torch_npu nor CANN: tests/torch/test_npu_adapter.py compiles it with
// PyTorch's CPU build and runs it against the sim's libcust_opapi.so.
//
// The op's aclnn entry points, found at run time the way the CANN samples' PyTorch helper
// finds them (dlopen libcust_opapi.so, dlsym by name; the CppExtensions examples of Ascend's
// samples repository), so that the extension builds without the op package and loads the op
// of whichever package is installed.
// Written for this project; the samples' pytorch_npu_helper.hpp is not used.
#pragma once

#include <cstdint>
#include <string>

#include "acl/acl_base.h"  // aclDataType, aclFormat, aclrtStream (torch_npu: include/third_party/acl/inc)

// Opaque aclnn handles, as CANN's aclnn/acl_meta.h declares them (repeating an identical
// typedef is legal C++): the adapter does not depend on where an install puts that header.
typedef struct aclTensor aclTensor;
typedef struct aclOpExecutor aclOpExecutor;

namespace lstm_cell_grad_npu {

using AclnnStatus = int32_t;

// The generated header aclnn_thnn_fused_lstm_cell_backward.h declares these two (OpDef order:
// inputs, attr, outputs; CANN docs, "单算子API调用", single-operator API call).
using GetWorkspaceSizeFn = AclnnStatus (*)(const aclTensor* gradHyOptional, const aclTensor* gradCOptional,
                                           const aclTensor* cx, const aclTensor* cy, const aclTensor* storage,
                                           bool hasBias, aclTensor* gradGatesOut, aclTensor* gradCxOut,
                                           aclTensor* gradBiasOut, uint64_t* workspaceSize,
                                           aclOpExecutor** executor);
using RunFn = AclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream);
// nnopbase's (libnnopbase.so, a dependency of every libcust_opapi.so).
using CreateTensorFn = aclTensor* (*)(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                      const int64_t* stride, int64_t offset, aclFormat format,
                                      const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData);
using DestroyTensorFn = AclnnStatus (*)(const aclTensor* tensor);
using RecentErrMsgFn = const char* (*)();

inline constexpr const char* kGetWorkspaceSizeSymbol = "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize";
inline constexpr const char* kRunSymbol = "aclnnThnnFusedLstmCellBackward";
inline constexpr const char* kOpApiLibrary = "libcust_opapi.so";

struct OpApi {
    GetWorkspaceSizeFn getWorkspaceSize = nullptr;
    RunFn run = nullptr;
    CreateTensorFn createTensor = nullptr;
    DestroyTensorFn destroyTensor = nullptr;
    RecentErrMsgFn recentErrMsg = nullptr;  // aclGetRecentErrMsg; null if not found
    std::string library;                    // where the op's two symbols were found

    // aclGetRecentErrMsg's text, or a note that there is none.
    std::string RecentError() const;
};

// Loaded on first use (thread-safe) from the first library that exports both of the op's
// symbols, trying in order: <dir>/op_api/lib/libcust_opapi.so for each dir of
// ASCEND_CUSTOM_OPP_PATH (the order set_env.bash gives them: the package sourced last comes
// first), then libcust_opapi.so by bare name (LD_LIBRARY_PATH, as the samples). Every vendor
// package has a libcust_opapi.so of its own; checking the symbols picks ours. CANN's built-in
// libopapi.so is deliberately not a fallback: it may hold ops-nn's kernel of the same name,
// which is not this project's. Throws c10::Error naming every library tried and why it failed.
const OpApi& GetOpApi();

}  // namespace lstm_cell_grad_npu
