// NOT TESTED ON AN NPU: no torch_npu, CANN or NPU exists where this was written. This file
// needs neither torch_npu nor CANN: tests/torch/test_npu_adapter.py compiles it with
// PyTorch's CPU build and runs it against the sim's libcust_opapi.so.
#include "op_api.h"

#include <dlfcn.h>

#include <cstdlib>
#include <sstream>
#include <vector>

#include <c10/util/Exception.h>

namespace lstm_cell_grad_npu {
namespace {

std::vector<std::string> CandidateLibraries() {
    std::vector<std::string> candidates;
    if (const char* customOppPath = std::getenv("ASCEND_CUSTOM_OPP_PATH")) {
        std::stringstream dirs(customOppPath);
        for (std::string dir; std::getline(dirs, dir, ':');) {
            if (!dir.empty()) candidates.push_back(dir + "/op_api/lib/" + kOpApiLibrary);
        }
    }
    candidates.push_back(kOpApiLibrary);
    return candidates;
}

// A symbol from the library or, failing that, from its dependencies or the process
// (dlsym on a handle searches the handle's dependency tree; RTLD_DEFAULT the whole process,
// where torch_npu has loaded libascendcl for aclGetRecentErrMsg).
void* FindSymbol(void* handle, const char* name) {
    if (void* symbol = dlsym(handle, name)) return symbol;
    return dlsym(RTLD_DEFAULT, name);
}

template <typename Fn>
Fn As(void* symbol) {
    return reinterpret_cast<Fn>(symbol);
}

OpApi Load() {
    std::ostringstream tried;
    for (const std::string& candidate : CandidateLibraries()) {
        void* handle = dlopen(candidate.c_str(), RTLD_LAZY | RTLD_LOCAL);
        if (handle == nullptr) {
            const char* why = dlerror();
            tried << "\n  " << candidate << ": " << (why ? why : "dlopen failed");
            continue;
        }
        OpApi api;
        api.getWorkspaceSize = As<GetWorkspaceSizeFn>(dlsym(handle, kGetWorkspaceSizeSymbol));
        api.run = As<RunFn>(dlsym(handle, kRunSymbol));
        if (api.getWorkspaceSize == nullptr || api.run == nullptr) {
            tried << "\n  " << candidate << ": loaded, but it does not export " << kGetWorkspaceSizeSymbol << " and "
                  << kRunSymbol << " (another vendor's package?)";
            dlclose(handle);
            continue;
        }
        api.createTensor = As<CreateTensorFn>(FindSymbol(handle, "aclCreateTensor"));
        api.destroyTensor = As<DestroyTensorFn>(FindSymbol(handle, "aclDestroyTensor"));
        api.recentErrMsg = As<RecentErrMsgFn>(FindSymbol(handle, "aclGetRecentErrMsg"));
        TORCH_CHECK(api.createTensor != nullptr && api.destroyTensor != nullptr, "lstm_cell_grad_npu: ", candidate,
                    " exports the op but aclCreateTensor / aclDestroyTensor (libnnopbase.so) were not found: "
                    "is CANN's environment set (source set_env.sh)?");
        api.library = candidate;
        return api;  // the handle stays open for the life of the process
    }
    TORCH_CHECK(false, "lstm_cell_grad_npu: no library exports ", kRunSymbol,
                "; install the op's custom opp package (custom_opp_<os>_<arch>.run), source its "
                "vendors/<vendor>/bin/set_env.bash (ASCEND_CUSTOM_OPP_PATH) or put its op_api/lib on "
                "LD_LIBRARY_PATH. Tried:",
                tried.str());
}

}  // namespace

std::string OpApi::RecentError() const {
    const char* message = recentErrMsg != nullptr ? recentErrMsg() : nullptr;
    return (message != nullptr && *message != '\0') ? message : "(aclGetRecentErrMsg has no message)";
}

const OpApi& GetOpApi() {
    static const OpApi api = Load();  // a throwing initializer is retried on the next call
    return api;
}

}  // namespace lstm_cell_grad_npu
