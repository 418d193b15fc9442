// Argument checks of ThnnFusedLstmCellBackward, shared by every path: the TilingFunc runs them
// once per call (an aclnn call reaches the op only through it), graph mode's InferShape and
// InferDataType run them on a node, and the sim's aclnn layer runs them again only when the
// tiling refused, for the status code and message the caller gets.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "graph/types.h"
#include "lstm_cell_grad_args.h"
#include "lstm_cell_grad_tiling_input.h"

namespace lstm_cell_grad {

// What the checks need of one tensor argument.
struct TensorDesc {
    // A constructor, not aggregate initialisation: CANN's op_build step compiles op_host/ with
    // -std=c++11, where a struct with default member initialisers is no aggregate.
    TensorDesc(const char* argName = "") : name(argName) {}
    const char* name;               // the aclnn parameter name, e.g. "gradGatesOut"
    bool present = false;           // false for a null pointer
    std::vector<int64_t> shape;     // view shape
    ge::DataType dtype = ge::DT_FLOAT;
    ge::Format format = ge::FORMAT_ND;
};

// One member per tensor of the op's argument list (lstm_cell_grad_args.h), named as in the
// OpDef and labelled with its aclnn parameter name; Input(i) / Output(i) by IR index.
struct Arguments {
#define LSTM_CELL_GRAD_INPUT_MEMBER(index, name, kind) TensorDesc name{LSTM_CELL_GRAD_INPUT_PARAM(name, kind)};
#define LSTM_CELL_GRAD_OUTPUT_MEMBER(index, name, kind) TensorDesc name{LSTM_CELL_GRAD_OUTPUT_PARAM(name)};
    LSTM_CELL_GRAD_INPUTS(LSTM_CELL_GRAD_INPUT_MEMBER)
    LSTM_CELL_GRAD_OUTPUTS(LSTM_CELL_GRAD_OUTPUT_MEMBER)
#undef LSTM_CELL_GRAD_OUTPUT_MEMBER
#undef LSTM_CELL_GRAD_INPUT_MEMBER
    bool hasBias = false;

    TensorDesc& Input(size_t index);
    TensorDesc& Output(size_t index);
};

struct CheckResult {
    CheckResult(int32_t statusCode = 0, std::string text = "") : status(statusCode), message(std::move(text)) {}
    int32_t status;        // 0, 161001 (ACLNN_ERR_PARAM_NULLPTR) or 161002 (ACLNN_ERR_PARAM_INVALID)
    std::string message;   // names the argument and what is wrong
    CheckedTilingInput tiling;  // when ok(): what the tiling is computed from, its sizes checked
    bool ok() const { return status == 0; }
};

constexpr int32_t kStatusNullptr = 161001;  // ACLNN_ERR_PARAM_NULLPTR
constexpr int32_t kStatusInvalid = 161002;  // ACLNN_ERR_PARAM_INVALID

// Null required tensors, dtypes (float32/float16/bfloat16, all one dtype), formats (ND), ranks,
// sizes (CheckTilingInput) and shapes ([B, H], [B, 4H], [4H] with B and H taken from cx).
// Overlap of memory is checked by the caller, which knows the addresses. Run once per call:
// the result carries the checked tiling input on to the tiling.
CheckResult CheckArguments(const Arguments& args);

}  // namespace lstm_cell_grad

namespace lstm_cell_grad {
// The same checks with tensors in OpDef order, as the generated aclnn layer passes them.
CheckResult CheckArgumentList(std::vector<TensorDesc> inputs, bool hasBias, std::vector<TensorDesc> outputs);
// The message for argument lists of the wrong length ("expected 5 inputs and 3 outputs").
std::string ArgumentCountError();
}  // namespace lstm_cell_grad
