// Each binding file registers a function that adds its bindings to the _simtest module:
//   SIMTEST_BINDINGS(vector) { m.def("add", ...); }
#pragma once
#include <functional>
#include <vector>

#include <pybind11/pybind11.h>

namespace simtest {
using Binder = std::function<void(pybind11::module_&)>;
inline std::vector<Binder>& Binders() {
    static std::vector<Binder> binders;
    return binders;
}
struct Registrar {
    explicit Registrar(Binder binder) { Binders().push_back(std::move(binder)); }
};
}  // namespace simtest

#define SIMTEST_BINDINGS(name)                                                       \
    static void simtest_bind_##name(pybind11::module_& m);                           \
    static ::simtest::Registrar simtest_registrar_##name(&simtest_bind_##name);      \
    static void simtest_bind_##name(pybind11::module_& m)
