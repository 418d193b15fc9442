// opdef_dump: prints the sim's op registry as JSON on stdout: every OpDef (OP_ADD), tiling
// registration (SetTiling / IMPL_OP_OPTILING) and tiling data class (REGISTER_TILING_DATA_
// CLASS) of the op_host code linked into it (see sim/cmake/opdef_dump.cmake) or loaded at
// run time. The aclnn code generator reads this JSON.
//
//   opdef_dump [--load LIB.so]... [--require OP_TYPE]... [--output FILE]
//     --load      dlopen an op_host shared library before dumping
//     --require   exit 2 (after writing) unless OP_TYPE has an OpDef without errors
//     --output    write the JSON to FILE instead of stdout
//
// JSON format:
// {
//   "ops": [                                    // sorted by op_type
//     {"op_type": "AddCustom",
//      "has_op_def": true,                      // false: only a tiling was registered
//      "op_def_registrations": 1,               // > 1: OP_ADD ran more than once
//      "inputs": [                              // OpDef declaration order
//        {"name": "x", "param_type": "required" | "optional" | "dynamic",
//         "data_types": ["DT_FLOAT", "DT_FLOAT16"], "data_type_values": [0, 1],
//         "formats": ["FORMAT_ND", "FORMAT_ND"], "format_values": [2, 2],   // pair with data_types
//         "unknown_shape_formats": [...], "data_type_list": false, "format_list": false,
//         "value_depend": false, "ignore_contiguous": false, "follow": ""}],
//      "outputs": [ same shape as inputs ],
//      "attrs": [                               // declaration order
//        {"name": "has_bias", "param_type": "required" | "optional",
//         "type": "bool" | "int" | "float" | "string" | "list_bool" | "list_int" | "list_float"
//                 | "list_list_int",
//         "default": false}],                   // null when none; floats inf/nan as "inf"/"nan"
//      "aicore": {"configs": [                  // AddConfig order
//        {"soc": "ascend910b", "has_config": false,
//         "flags": {"dynamic_compile_static": true, ...},   // only the flags that were set
//         "extend_cfg_info": {"key": "value"}, "inputs": [...], "outputs": [...]}]},
//      "tiling": {"registered": true, "source": "op_def" | "impl_op" | "both" | "none",
//                 "conflict": false, "max_tiling_data_size": 0, "tiling_parse": false},
//      "infer_shape": false, "infer_data_type": false,
//      "errors": []}                            // what CANN's op build would reject
//   ],
//   "tiling_data_classes": [{"op_type": "AddCustom", "class": "AddCustomTilingData", "bytes": 8}]
// }
#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "ascendc_sim/host/op_registry.h"

int main(int argc, char** argv) {
    std::vector<std::string> required;
    const char* output = nullptr;
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (std::strcmp(argv[i], "--load") == 0 && hasValue) {
            if (dlopen(argv[++i], RTLD_NOW | RTLD_GLOBAL) == nullptr) {
                std::fprintf(stderr, "opdef_dump: cannot load %s: %s\n", argv[i], dlerror());
                return 1;
            }
        } else if (std::strcmp(argv[i], "--require") == 0 && hasValue) {
            required.emplace_back(argv[++i]);
        } else if (std::strcmp(argv[i], "--output") == 0 && hasValue) {
            output = argv[++i];
        } else {
            std::fprintf(stderr, "usage: %s [--load LIB.so]... [--require OP_TYPE]... [--output FILE]\n", argv[0]);
            return 1;
        }
    }
    FILE* out = output != nullptr ? std::fopen(output, "w") : stdout;
    if (out == nullptr) {
        std::fprintf(stderr, "opdef_dump: cannot write %s\n", output);
        return 1;
    }
    std::fputs(sim::host::OpRegistryJson().c_str(), out);
    if (out != stdout) std::fclose(out);
    int status = 0;
    for (const std::string& opType : required) {
        const std::optional<sim::host::OpInfo> op = sim::host::FindOp(opType);
        if (!op || !op->hasOpDef) {
            std::fprintf(stderr, "opdef_dump: no OpDef is registered for %s\n", opType.c_str());
            status = 2;
        } else if (!op->definitionErrors.empty()) {
            for (const std::string& error : op->definitionErrors) {
                std::fprintf(stderr, "opdef_dump: %s: %s\n", opType.c_str(), error.c_str());
            }
            status = 2;
        }
    }
    return status;
}
