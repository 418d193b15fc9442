#include "lstm_cell_grad_check.h"

#include <sstream>
#include <string>

#include "lstm_cell_grad_tiling_input.h"

namespace lstm_cell_grad {
namespace {

std::string ShapeText(const std::vector<int64_t>& shape) {
    std::ostringstream out;
    out << "[";
    for (size_t i = 0; i < shape.size(); ++i) out << (i ? ", " : "") << shape[i];
    out << "]";
    return out.str();
}

// The dtype's own name; one the table lacks by its ge::DataType number, never a placeholder.
std::string DtypeName(ge::DataType dtype) {
    switch (dtype) {
        case ge::DT_FLOAT: return "float32";
        case ge::DT_FLOAT16: return "float16";
        case ge::DT_BF16: return "bfloat16";
        case ge::DT_DOUBLE: return "float64";
        case ge::DT_INT32: return "int32";
        case ge::DT_INT64: return "int64";
        case ge::DT_INT8: return "int8";
        case ge::DT_UINT8: return "uint8";
        case ge::DT_INT16: return "int16";
        case ge::DT_UINT16: return "uint16";
        case ge::DT_UINT32: return "uint32";
        case ge::DT_UINT64: return "uint64";
        case ge::DT_BOOL: return "bool";
        case ge::DT_COMPLEX32: return "complex32";
        case ge::DT_COMPLEX64: return "complex64";
        case ge::DT_COMPLEX128: return "complex128";
        default: return "ge::DataType " + std::to_string(static_cast<int>(dtype));
    }
}

CheckResult Fail(int32_t status, std::string message) { return CheckResult{status, std::move(message)}; }

}  // namespace

CheckResult CheckArguments(const Arguments& args) {
    // 1. Null pointers: required inputs, outputs, and gradBias when it is computed.
    for (const TensorDesc* t : {&args.cx, &args.cy, &args.storage, &args.gradGates, &args.gradCx}) {
        if (!t->present) return Fail(kStatusNullptr, std::string(t->name) + " is a null pointer; it is required");
    }
    if (args.hasBias && !args.gradBias.present) {
        return Fail(kStatusNullptr, "gradBiasOut is a null pointer but hasBias is true");
    }
    std::vector<const TensorDesc*> all = {&args.gradHy, &args.gradC, &args.cx, &args.cy, &args.storage,
                                          &args.gradGates, &args.gradCx};
    if (args.hasBias) all.push_back(&args.gradBias);

    // 2. Dtype and format: float32, float16 or bfloat16 (an extension beyond the API
    //    document), one dtype for all, ND.
    const ge::DataType dtype = args.cx.dtype;
    for (const TensorDesc* t : all) {
        if (!t->present) continue;
        if (t->dtype != ge::DT_FLOAT && t->dtype != ge::DT_FLOAT16 && t->dtype != ge::DT_BF16) {
            return Fail(kStatusInvalid, std::string(t->name) + " has dtype " + DtypeName(t->dtype) +
                                            "; supported: float32, float16, bfloat16");
        }
    }
    for (const TensorDesc* t : all) {
        if (t->present && t->dtype != dtype) {
            return Fail(kStatusInvalid, std::string(t->name) + " has dtype " + DtypeName(t->dtype) + " but cx has " +
                                            DtypeName(dtype) + "; all tensors must have the same dtype");
        }
        if (t->present && t->format != ge::FORMAT_ND) {
            return Fail(kStatusInvalid, std::string(t->name) + " has format " + std::to_string(t->format) +
                                            "; only ND (" + std::to_string(ge::FORMAT_ND) + ") is supported");
        }
    }

    // 3. Ranks and shapes, with batch and hidden taken from cx.
    if (args.cx.shape.size() != 2) {
        return Fail(kStatusInvalid, "cx has shape " + ShapeText(args.cx.shape) + "; expected rank 2 [batch, hidden_size]");
    }
    const int64_t batch = args.cx.shape[0], hidden = args.cx.shape[1];
    // Before anything is derived from them (4 * hidden_size, byte counts).
    const IoDtype io = dtype == ge::DT_FLOAT ? kIoFloat32 : dtype == ge::DT_BF16 ? kIoBfloat16 : kIoFloat16;
    const TilingInput input{batch, hidden, io, args.gradHy.present, args.gradC.present, args.hasBias};
    CheckResult passed;
    std::string limit;
    if (!CheckTilingInput(input, &passed.tiling, &limit)) {
        return Fail(kStatusInvalid, "cx has shape " + ShapeText(args.cx.shape) + ": " + limit);
    }
    const std::string where = " (batch " + std::to_string(batch) + ", hidden_size " + std::to_string(hidden) +
                              " taken from cx)";
    auto expect = [&](const TensorDesc& t, std::vector<int64_t> shape, const char* layout) -> CheckResult {
        if (!t.present || t.shape == shape) return CheckResult{};
        return Fail(kStatusInvalid, std::string(t.name) + " has shape " + ShapeText(t.shape) + "; expected " +
                                        ShapeText(shape) + " " + layout + where);
    };
    for (const CheckResult& r : {expect(args.gradHy, {batch, hidden}, "[batch, hidden_size]"),
                                 expect(args.gradC, {batch, hidden}, "[batch, hidden_size]"),
                                 expect(args.cy, {batch, hidden}, "[batch, hidden_size]"),
                                 expect(args.storage, {batch, 4 * hidden}, "[batch, 4 * hidden_size]"),
                                 expect(args.gradGates, {batch, 4 * hidden}, "[batch, 4 * hidden_size]"),
                                 expect(args.gradCx, {batch, hidden}, "[batch, hidden_size]")}) {
        if (!r.ok()) return r;
    }
    if (args.hasBias) {
        CheckResult r = expect(args.gradBias, {4 * hidden}, "[4 * hidden_size]");
        if (!r.ok()) return r;
    }
    return passed;
}

}  // namespace lstm_cell_grad

namespace lstm_cell_grad {

using arg::kInputCount;
using arg::kOutputCount;

TensorDesc& Arguments::Input(size_t index) {
#define LSTM_CELL_GRAD_INPUT_ADDRESS(index, name, kind) &name,
    TensorDesc* const inputs[kInputCount] = {LSTM_CELL_GRAD_INPUTS(LSTM_CELL_GRAD_INPUT_ADDRESS)};
#undef LSTM_CELL_GRAD_INPUT_ADDRESS
    return *inputs[index];
}

TensorDesc& Arguments::Output(size_t index) {
#define LSTM_CELL_GRAD_OUTPUT_ADDRESS(index, name, kind) &name,
    TensorDesc* const outputs[kOutputCount] = {LSTM_CELL_GRAD_OUTPUTS(LSTM_CELL_GRAD_OUTPUT_ADDRESS)};
#undef LSTM_CELL_GRAD_OUTPUT_ADDRESS
    return *outputs[index];
}

std::string ArgumentCountError() {
    return "expected " + std::to_string(kInputCount) + " inputs and " + std::to_string(kOutputCount) + " outputs";
}

CheckResult CheckArgumentList(std::vector<TensorDesc> inputs, bool hasBias, std::vector<TensorDesc> outputs) {
    if (inputs.size() != kInputCount || outputs.size() != kOutputCount) {
        return CheckResult{kStatusInvalid, ArgumentCountError()};
    }
    Arguments args;
    for (size_t i = 0; i < kInputCount; ++i) args.Input(i) = std::move(inputs[i]);
    for (size_t i = 0; i < kOutputCount; ++i) args.Output(i) = std::move(outputs[i]);
    args.hasBias = hasBias;
    return CheckArguments(args);
}

}  // namespace lstm_cell_grad
