// Graph-mode inference of ThnnFusedLstmCellBackward on the sim, one case per input line, for
// tests/op_host/test_graph_mode.py. The op's InferShape / InferDataType run through
// sim::host::RunInferShape / RunInferDataType, found in the op registry where the OpDef
// (libcust_opimpl, loaded with libcust_opapi) registered them.
//
//   shape <gradHy> <gradC> <cx> <cy> <storage>     each "-" (absent) or dims "4,16" ("" = scalar: "[]")
//   dtype <gradHy> <gradC> <cx> <cy> <storage>     each "-" (absent) or a ge::DataType number
//
// prints "ok <output> <output> <output>" (same notation) or "error <message>".
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "aclnn_thnn_fused_lstm_cell_backward.h"
#include "ascendc_sim/host/infer_run.h"

namespace {

constexpr const char* kOpType = "ThnnFusedLstmCellBackward";

std::optional<std::vector<int64_t>> ParseShape(const std::string& token) {
    if (token == "-") return std::nullopt;
    std::vector<int64_t> dims;
    if (token == "[]") return dims;
    std::stringstream in(token);
    std::string dim;
    while (std::getline(in, dim, ',')) dims.push_back(std::stoll(dim));
    return dims;
}

std::string ShapeText(const std::vector<int64_t>& dims) {
    if (dims.empty()) return "[]";
    std::string text;
    for (size_t i = 0; i < dims.size(); ++i) text += (i ? "," : "") + std::to_string(dims[i]);
    return text;
}

}  // namespace

int main() {
    // A reference into libcust_opapi, so that linkers dropping unused libraries (--as-needed)
    // keep it: loading it is what registers the op.
    volatile auto keepTheOp = &aclnnThnnFusedLstmCellBackwardGetWorkspaceSize;
    (void)keepTheOp;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::stringstream in(line);
        std::string kind, token;
        in >> kind;
        std::vector<std::string> tokens;
        while (in >> token) tokens.push_back(token);
        if (kind == "shape") {
            std::vector<std::optional<std::vector<int64_t>>> inputs;
            for (const std::string& t : tokens) inputs.push_back(ParseShape(t));
            const sim::host::InferShapeResult r = sim::host::RunInferShape(kOpType, inputs);
            if (!r.ok) {
                std::cout << "error " << r.error << "\n";
                continue;
            }
            std::cout << "ok";
            for (const auto& shape : r.outputShapes) std::cout << " " << ShapeText(shape);
            std::cout << "\n";
        } else if (kind == "dtype") {
            std::vector<ge::DataType> inputs;
            for (const std::string& t : tokens) {
                inputs.push_back(t == "-" ? ge::DT_UNDEFINED : static_cast<ge::DataType>(std::stoi(t)));
            }
            const sim::host::InferDataTypeResult r = sim::host::RunInferDataType(kOpType, inputs);
            if (!r.ok) {
                std::cout << "error " << r.error << "\n";
                continue;
            }
            std::cout << "ok";
            for (ge::DataType dataType : r.outputDataTypes) std::cout << " " << static_cast<int>(dataType);
            std::cout << "\n";
        } else {
            std::cout << "error unknown request '" << kind << "'\n";
        }
        std::cout.flush();
    }
    return 0;
}
