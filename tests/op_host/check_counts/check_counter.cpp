// A counting stand-in for the op's two checks, preloaded (LD_PRELOAD) into a process that
// runs the op: lstm_cell_grad::CheckArguments and lstm_cell_grad::CheckSizeLimits are found
// here first by the dynamic linker, counted, and forwarded to libcust_opimpl's own definitions.
// libcust_opimpl is built -fPIC with default visibility, so its calls to its own exported
// functions go through the PLT and reach these too; nothing in op_host knows about the count
// (tests/op_host/test_checks_once.py).
#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lstm_cell_grad_check.h"  // not compute_tiling.h: its tiling-data class would register here too

namespace {

std::atomic<int> g_argumentChecks{0};
std::atomic<int> g_sizeChecks{0};

// The real definition of `mangled` in libcust_opimpl, or abort naming it: a renamed or
// re-typed check must fail the test loudly, never count zero silently. Looked up in that
// library itself (RTLD_NOLOAD: already loaded), not with RTLD_NEXT: Python loads extension
// modules RTLD_LOCAL, so the library is not in the global scope RTLD_NEXT searches.
template <typename Function>
Function Real(const char* mangled) {
    void* library = dlopen("libcust_opimpl.so", RTLD_LAZY | RTLD_NOLOAD);
    void* symbol = library == nullptr ? nullptr : dlsym(library, mangled);
    if (symbol == nullptr) {
        std::fprintf(stderr, "check_counter: %s not found in libcust_opimpl.so (%s)\n", mangled, dlerror());
        std::abort();
    }
    return reinterpret_cast<Function>(symbol);
}

}  // namespace

namespace lstm_cell_grad {

CheckResult CheckArguments(const Arguments& args) {
    using Fn = CheckResult (*)(const Arguments&);
    static const Fn real = Real<Fn>("_ZN14lstm_cell_grad14CheckArgumentsERKNS_9ArgumentsE");
    ++g_argumentChecks;
    return real(args);
}

bool CheckSizeLimits(int64_t batch, int64_t hidden, uint32_t dtypeBytes, bool hasBias, std::string* error) {
    using Fn = bool (*)(int64_t, int64_t, uint32_t, bool, std::string*);
    static const Fn real = Real<Fn>(
        "_ZN14lstm_cell_grad15CheckSizeLimitsElljbPNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE");
    ++g_sizeChecks;
    return real(batch, hidden, dtypeBytes, hasBias, error);
}

}  // namespace lstm_cell_grad

// Read and reset by the test through ctypes.
extern "C" int check_counter_arguments() { return g_argumentChecks.exchange(0); }
extern "C" int check_counter_sizes() { return g_sizeChecks.exchange(0); }
