// Each binding file registers a function that adds its bindings to the _simtest module:
//   SIMTEST_BINDINGS(vector) { m.def("add", ...); }
#pragma once
#include <functional>
#include <vector>

#include <pybind11/pybind11.h>

#include "ascendc_sim/core/launch.h"

namespace simtest {
using Binder = std::function<void(pybind11::module_&)>;
inline std::vector<Binder>& Binders() {
    static std::vector<Binder> binders;
    return binders;
}
struct Registrar {
    explicit Registrar(Binder binder) { Binders().push_back(std::move(binder)); }
};

// Registers a test kernel under `name` for sim::LaunchKernel (its GM_ADDR count from its type).
template <class... Args>
void RegisterKernel(const char* name, void (*kernel)(Args...)) {
    sim::RegisterKernel(name, reinterpret_cast<sim::KernelEntry>(kernel), static_cast<int>(sizeof...(Args)));
}

// The launch result as the dict every binding returns (module.cpp).
pybind11::dict LaunchResultDict(const sim::LaunchResult& r);
}  // namespace simtest

#define SIMTEST_BINDINGS(name)                                                       \
    static void simtest_bind_##name(pybind11::module_& m);                           \
    static ::simtest::Registrar simtest_registrar_##name(&simtest_bind_##name);      \
    static void simtest_bind_##name(pybind11::module_& m)
