// lstm_cell_grad._C: converts between Python objects and the C++ layers (run_backward,
// tiling_report) and releases the GIL while the op runs. The Python API lives in _api.py.
#include <pybind11/pybind11.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "aclnn/opdev/op_errno.h"
#include "ascendc_sim/model/soc_timing.h"
#include "acl_session.h"
#include "call_gate.h"
#include "lstm_cell_grad_check.h"
#include "run_backward.h"
#include "sim_hooks.h"
#include "tiling_report.h"

namespace py = pybind11;
using namespace lstm_cell_grad::py;

namespace {

// (array, aclDataType) or None, as _api.py passes each argument.
using ArrayArg = std::optional<std::pair<py::array, int>>;

// `name` labels the errors: the aclnn parameter name.
HostView DescribeArray(const char* name, const ArrayArg& arg, bool isOutput) {
    HostView view;
    view.isOutput = isOutput;
    if (!arg) return view;
    const py::array& array = arg->first;
    view.present = true;
    view.dtype = static_cast<aclDataType>(arg->second);
    view.itemBytes = static_cast<size_t>(array.itemsize());
    if (isOutput && !array.writeable()) throw py::value_error(std::string(name) + ": the array is read-only");
    view.data = static_cast<uint8_t*>(const_cast<void*>(array.data()));
    view.shape.reserve(static_cast<size_t>(array.ndim()));
    view.strides.reserve(static_cast<size_t>(array.ndim()));
    for (py::ssize_t d = 0; d < array.ndim(); ++d) {
        const py::ssize_t strideBytes = array.strides(d);
        // _api.py copies views the aclTensor cannot describe before they get here.
        if (strideBytes < 0 || strideBytes % array.itemsize() != 0) {
            throw py::value_error(std::string(name) + ": strides must be non-negative multiples of the item size");
        }
        view.shape.push_back(array.shape(d));
        view.strides.push_back(strideBytes / array.itemsize());
    }
    return view;
}

lstm_cell_grad::TilingOverrides ToOverrides(const py::dict& values);

// None on success, else (status, api, message).
py::object Run(const std::vector<ArrayArg>& inputs, bool hasBias, const std::vector<ArrayArg>& outputs,
               const std::string& soc, uint32_t coreLimit, bool freshOutputs, const py::dict& tiling) {
    if (inputs.size() != lstm_cell_grad::arg::kInputCount || outputs.size() != lstm_cell_grad::arg::kOutputCount) {
        throw py::value_error(lstm_cell_grad::ArgumentCountError());
    }
    sim_hooks::RequireSoc(soc);  // std::invalid_argument (ValueError) naming the known SoCs
    RunRequest request;
    request.inputs.reserve(inputs.size());
    request.outputs.reserve(outputs.size());
    lstm_cell_grad::Arguments names;  // each tensor labelled with its aclnn parameter name
    for (size_t i = 0; i < inputs.size(); ++i) {
        request.inputs.push_back(DescribeArray(names.Input(i).name, inputs[i], false));
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        request.outputs.push_back(DescribeArray(names.Output(i).name, outputs[i], true));
    }
    request.hasBias = hasBias;
    request.soc = soc;
    request.coreLimit = coreLimit;
    request.freshOutputs = freshOutputs;
    request.overrides = ToOverrides(tiling);
    RunResult result = WithoutGil([&] { return RunBackward(std::move(request)); });
    if (result.status == 0) return py::none();
    return py::make_tuple(result.status, result.api, result.message);
}

// Below this size a fresh output is a plain numpy array, copied back from a device buffer;
// from it on it is allocated page aligned, so that DeviceMirror maps it for the cores
// (aclrtHostRegister) and the kernel writes it in place. Aligning costs about 2 us (measured
// on the 2-core dev VM); copying 128 KiB back costs a few us there.
constexpr size_t kMappedOutputMinBytes = 128 * 1024;

// An uninitialised C-contiguous array for one new output (run's fresh_outputs).
py::array NewOutput(const std::vector<py::ssize_t>& shape, const py::dtype& dtype) {
    size_t bytes = static_cast<size_t>(dtype.itemsize());
    for (py::ssize_t dim : shape) bytes *= static_cast<size_t>(dim);
    if (bytes < kMappedOutputMinBytes) return py::array(dtype, shape);
    const size_t page = sim_hooks::HostRegisterAlignment();
    void* data = std::aligned_alloc(page, (bytes + page - 1) / page * page);
    if (data == nullptr) throw std::bad_alloc();
    py::capsule owner(data, [](void* p) { std::free(p); });
    return py::array(dtype, shape, data, owner);
}

// Tiling overrides from a dict of TilingOverrides' fields (snake_case); unknown keys are an error.
lstm_cell_grad::TilingOverrides ToOverrides(const py::dict& values) {
    lstm_cell_grad::TilingOverrides o;
    const std::pair<const char*, uint32_t*> fields[] = {
        {"grid_rows", &o.gridRows},   {"grid_cols", &o.gridCols},           {"tile_rows", &o.tileRows},
        {"tile_cols", &o.tileCols},   {"bias_chunk_rows", &o.biasChunkRows}, {"buffer_num", &o.bufferNum}};
    for (const auto& [key, value] : values) {
        const std::string name = py::str(key);
        bool known = false;
        for (const auto& [field, target] : fields) {
            if (name == field) {
                *target = value.cast<uint32_t>();
                known = true;
            }
        }
        if (!known) throw std::invalid_argument("unknown tiling override: " + name);
    }
    return o;
}

// "gridRows" -> "grid_rows": the tiling data's names as Python spells them.
std::string SnakeCase(const std::string& camel) {
    std::string snake;
    for (char c : camel) {
        if (c >= 'A' && c <= 'Z') {
            snake += '_';
            snake += static_cast<char>(c - 'A' + 'a');
        } else {
            snake += c;
        }
    }
    return snake;
}

py::dict Plan(int64_t batch, int64_t hidden, uint32_t dtypeBytes, bool hasGradHy, bool hasGradC, bool hasBias,
              const std::string& soc, uint32_t coreLimit, const py::dict& overrides, bool bfloat16) {
    if (dtypeBytes != 4 && dtypeBytes != 2) {
        throw std::invalid_argument("dtype_bytes must be 4 (float32) or 2 (float16, bfloat16), got " +
                                    std::to_string(dtypeBytes));
    }
    const lstm_cell_grad::IoDtype dtype = dtypeBytes == 4 ? lstm_cell_grad::kIoFloat32
                                          : bfloat16      ? lstm_cell_grad::kIoBfloat16
                                                          : lstm_cell_grad::kIoFloat16;
    const TilingReport r = ReportTiling(
        TilingRequest{{batch, hidden, dtype, hasGradHy, hasGradC, hasBias}, soc, coreLimit, ToOverrides(overrides)});
    py::dict plan;
    plan["soc"] = r.soc;
    plan["aiv_cores"] = r.aivCores;
    plan["ub_bytes"] = r.ubBytes;
    plan["block_dim"] = r.blockDim;
    plan["tiling_key"] = r.tilingKey;
    plan["workspace_bytes"] = r.workspaceBytes;
    plan["schedule_mode"] = r.scheduleMode;
    plan["ub_bytes_used"] = r.ubBytesUsed;
    for (const TilingField& field : r.tilingData) plan[py::str(SnakeCase(field.name))] = field.value;
    plan["tile_rows"] = r.tileRows;
    plan["bias_chunk_rows"] = r.biasChunkRows;
    plan["busiest_core"] = r.busiestCore;
    plan["busiest_rows"] = r.busiestRows;
    plan["busiest_cols"] = r.busiestCols;
    py::list cores;
    for (const CoreRect& c : r.cores) cores.append(py::make_tuple(c.rowBegin, c.rowEnd, c.colBegin, c.colEnd));
    plan["core_rects"] = cores;
    return plan;
}

}  // namespace

PYBIND11_MODULE(_C, m) {
    m.doc() = "Binding of aclnnThnnFusedLstmCellBackward (two-phase aclnn API on the sim's ACL runtime)";
    InitCallGate();
    RegisterSessionForkHandlers();
    py::module_::import("atexit").attr("register")(py::cpp_function(&CloseGateAndDrain));
    m.attr("ACLNN_ERR_PARAM_NULLPTR") = ACLNN_ERR_PARAM_NULLPTR;
    m.attr("ACLNN_ERR_PARAM_INVALID") = ACLNN_ERR_PARAM_INVALID;
    m.attr("ACL_ERROR_RT_VECTOR_CORE_EXCEPTION") = ACL_ERROR_RT_VECTOR_CORE_EXCEPTION;
    // aclDataType by numpy dtype name (torch's and ml_dtypes' "bfloat16" included).
    const std::pair<const char*, aclDataType> kAclDtypes[] = {
        {"float32", ACL_FLOAT}, {"float16", ACL_FLOAT16}, {"bfloat16", ACL_BF16}, {"float64", ACL_DOUBLE},
        {"int8", ACL_INT8},     {"uint8", ACL_UINT8},     {"int16", ACL_INT16},   {"uint16", ACL_UINT16},
        {"int32", ACL_INT32},   {"uint32", ACL_UINT32},   {"int64", ACL_INT64},   {"uint64", ACL_UINT64},
        {"bool", ACL_BOOL},     {"complex64", ACL_COMPLEX64}, {"complex128", ACL_COMPLEX128}};
    py::dict aclDtypes;
    for (const auto& [name, dtype] : kAclDtypes) aclDtypes[name] = static_cast<int>(dtype);
    m.attr("ACL_DTYPES") = aclDtypes;
    m.def("run", &Run, py::arg("inputs"), py::arg("has_bias"), py::arg("outputs"), py::arg("soc"),
          py::arg("num_cores"), py::arg("fresh_outputs") = false, py::arg("tiling") = py::dict(),
          "Runs the op on (array, aclDataType) pairs; None on success, else (status, api, message). "
          "fresh_outputs: the outputs are new arrays the caller drops on failure; page-aligned ones are "
          "then written in place (aclrtHostRegister) instead of copied back. tiling: overrides (as for plan) "
          "the call's tiling applies (the op's tiling adapter, in place of its TilingFunc, sim only).");
    m.def("new_output", &NewOutput, py::arg("shape"), py::arg("dtype"),
          "An uninitialised C-contiguous array for a new output, page aligned from 128 KiB on (run maps such "
          "an array for the cores when fresh_outputs is set).");
    m.attr("HOST_REGISTER_ALIGNMENT") = sim_hooks::HostRegisterAlignment();
    m.def("output_overlap_error", &sim_hooks::OutputOverlapError, py::arg("inputs"), py::arg("outputs"),
          "The aclnn layer's overlap rules on host views, each None or (name, address, shape, byte strides, "
          "item size): None when the outputs keep them, else the message.");
    m.def("socs", &sim_hooks::SocTable, "The sim's SoC table, one dict per SoC.");
    m.def(
        "aiv_clock_ghz",
        [](const std::string& soc) {
            namespace timing = sim::model::timing;
            for (const timing::SocTiming& row : timing::kSocs) {
                if (soc == row.name) return row.clockGHz;
            }
            throw py::value_error("aiv_clock_ghz: soc '" + soc + "' is not in the time model's SoC table");
        },
        py::arg("soc"), "The AIV clock the time model runs the SoC at (soc_timing.h), in GHz.");
    m.def("default_soc", &sim_hooks::DefaultSoc,
          "The calling thread's SoC and core cap (ASCEND_SIM_SOC / ASCEND_SIM_MAX_CORES, else the sim's default).");
    m.def("plan", &Plan, py::arg("batch"), py::arg("hidden"), py::arg("dtype_bytes"), py::arg("has_grad_hy"),
          py::arg("has_grad_c"), py::arg("has_bias"), py::arg("soc"), py::arg("num_cores"),
          py::arg("overrides") = py::dict(), py::arg("bfloat16") = false,
          "The op's tiling (lstm_cell_grad::ComputeTiling) for a shape on a SoC, with optional overrides.");
    m.def("min_gm_bytes", [](int64_t batch, int64_t hidden, uint32_t dtypeBytes, bool hasBias, bool gradHy, bool gradC) {
              const lstm_cell_grad::IoDtype dtype = dtypeBytes == 4 ? lstm_cell_grad::kIoFloat32 : lstm_cell_grad::kIoFloat16;
              return lstm_cell_grad::MinGmBytes(batch, hidden, dtype, lstm_cell_grad::InputSet{gradHy, gradC}, hasBias);
          }, py::arg("batch"), py::arg("hidden"), py::arg("dtype_bytes"), py::arg("has_bias"), py::arg("grad_hy"),
          py::arg("grad_c"), "The fewest GM bytes a call can move (MinGmBytes, op_kernel/lstm_cell_grad_layout.h).");
    m.def("tiling_field_names", [] {
              py::list names;
              for (const char* name : TilingFieldNames()) names.append(SnakeCase(name));
              return names;
          }, "The tiling data's fields in declaration order, snake_case (Plan's middle fields).");
    m.def("reload_environment", &sim_hooks::ReloadEnvironment,
          "Reads the ASCEND_SIM_* variables again; the sim reads them once, when it is loaded. Runs with the "
          "GIL held, so no Python thread edits os.environ meanwhile.");
    m.def("last_launch", &sim_hooks::LastLaunch, "The calling thread's last op launch: checks, warnings, per-core counters.");
    m.def("last_profile", &sim_hooks::LastProfile, py::arg("timeline") = false,
          "JSON of the time model's profile (all figures modeled) of the calling thread's last op launch; "
          "timeline=True adds every instruction and SetFlag->WaitFlag pair.");
    m.def("last_report", &sim_hooks::LastReport, py::arg("trace") = false, py::arg("all_cores") = false,
          py::arg("top_lines") = 10,
          "The last op launch modeled once: profile JSON, code-line and instruction tables (CSV, msprof op "
          "simulator's field names), the top lines as text and, with trace=True, the Perfetto trace (bytes).");
}
