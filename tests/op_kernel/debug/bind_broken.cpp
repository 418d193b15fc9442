// _broken_kernels: puts a broken variant of the kernel in place of the real one, so the
// test drives it through the real aclnn call (argument checks, tiling, launch, outputs)
// exactly as the op runs.
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

#include "ascendc_sim/core/launch.h"

// The entries of the variants (variants.inc is written by variants.py, one line per variant).
#define BROKEN_VARIANT(name)                                                                                 \
    extern "C" void broken_##name(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, \
                                  uint8_t*, uint8_t*, uint8_t*);
#include "variants.inc"
#undef BROKEN_VARIANT

namespace {

constexpr const char* kOpKernel = "thnn_fused_lstm_cell_backward";
constexpr int kGmArgs = 10;

sim::KernelEntry Entry(const std::string& variant) {
#define BROKEN_VARIANT(name) \
    if (variant == #name) return reinterpret_cast<sim::KernelEntry>(&broken_##name);
#include "variants.inc"
#undef BROKEN_VARIANT
    throw std::invalid_argument("no broken variant named '" + variant + "'");
}

sim::KernelEntry g_real = nullptr;

}  // namespace

PYBIND11_MODULE(_broken_kernels, m) {
    m.attr("VARIANTS_JSON") = BROKEN_VARIANTS_JSON;
    m.def("use", [](const std::string& variant) {
        if (g_real == nullptr) {
            g_real = sim::RegisteredKernel(kOpKernel, nullptr);
            if (g_real == nullptr) throw std::runtime_error("import lstm_cell_grad first: the op's kernel is not registered");
        }
        sim::RegisterKernel(kOpKernel, Entry(variant), kGmArgs);
    }, "Runs the named broken variant in place of the op's kernel.");
    m.def("restore", [] {
        if (g_real != nullptr) sim::RegisterKernel(kOpKernel, g_real, kGmArgs);
    }, "Puts the op's real kernel back.");
}
