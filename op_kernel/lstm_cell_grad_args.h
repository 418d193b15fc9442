// The tensor arguments of ThnnFusedLstmCellBackward, in OpDef declaration order: the one list
// the OpDef (op_host/thnn_fused_lstm_cell_backward.cpp) is declared from and every C++ layer
// takes its indices, names and order from (the argument checks, the kernel's GM arguments,
// the Python binding). Python reads the same OpDef through the generated aclnn API's
// _signature.py (sim/tools/aclnn_gen).
//
// A hand-written list rather than a header generated from the OpDef: the OpDef needs the
// indices to compile, and CANN's op_build compiles op_host/ before anything could dump it.
// Plain preprocessor and enums, so op_host (C++11 under op_build) and the kernel compiler
// both read it.
#ifndef LSTM_CELL_GRAD_ARGS_H
#define LSTM_CELL_GRAD_ARGS_H

#include <stdint.h>

// X(index, name, kind): the enumerator, the OpDef name and the OpDef ParamType (REQUIRED or
// OPTIONAL). The aclnn parameter name follows CANN's rule: an optional input's name + "Optional",
// an output's name + "Out".
#define LSTM_CELL_GRAD_INPUTS(X) \
    X(kGradHy, gradHy, OPTIONAL) \
    X(kGradC, gradC, OPTIONAL)   \
    X(kCx, cx, REQUIRED)         \
    X(kCy, cy, REQUIRED)         \
    X(kStorage, storage, REQUIRED)
// gradBias is optional: with hasBias false it is neither read nor written and may be null.
#define LSTM_CELL_GRAD_OUTPUTS(X)      \
    X(kGradGates, gradGates, REQUIRED) \
    X(kGradCx, gradCx, REQUIRED)       \
    X(kGradBias, gradBias, OPTIONAL)

#define LSTM_CELL_GRAD_INPUT_SUFFIX_OPTIONAL "Optional"
#define LSTM_CELL_GRAD_INPUT_SUFFIX_REQUIRED ""
// The aclnn parameter name of an input / an output, a string literal.
#define LSTM_CELL_GRAD_INPUT_PARAM(name, kind) #name LSTM_CELL_GRAD_INPUT_SUFFIX_##kind
#define LSTM_CELL_GRAD_OUTPUT_PARAM(name) #name "Out"

// In a namespace of their own: lstm_cell_grad_layout.h's Input names the kinds of input a
// tile reads (the gates separately), a different list.
namespace lstm_cell_grad {
namespace arg {  // not nested-namespace syntax: op_build compiles op_host/ as C++11

#define LSTM_CELL_GRAD_ENUMERATOR(index, name, kind) index,
// IR (declaration) indices; the kernel's GM arguments are the inputs, then the outputs.
enum InputIndex : uint32_t { LSTM_CELL_GRAD_INPUTS(LSTM_CELL_GRAD_ENUMERATOR) kInputCount };
enum OutputIndex : uint32_t { LSTM_CELL_GRAD_OUTPUTS(LSTM_CELL_GRAD_ENUMERATOR) kOutputCount };
#undef LSTM_CELL_GRAD_ENUMERATOR
constexpr uint32_t kAttrHasBias = 0;  // the OpDef's one attribute

}  // namespace arg
}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_ARGS_H
