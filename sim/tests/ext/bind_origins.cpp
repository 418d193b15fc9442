// Test hook for the origins of undefined UB bytes (core/origins.h) on their own: a list of
// tags is applied to one UndefinedOrigins and the origin of every byte asked about comes back,
// so test_origins.py can hold it against a byte-by-byte model.
#include <pybind11/stl.h>

#include <tuple>
#include <vector>

#include "ascendc_sim/core/origins.h"
#include "registry.h"

namespace py = pybind11;

namespace {

// tags: (offset, bytes, id) applied in order; returns At(b) for b in [0, ubBytes).
std::vector<uint32_t> OriginsAfter(uint32_t ubBytes, const std::vector<std::tuple<uint32_t, uint32_t, uint32_t>>& tags) {
    sim::UndefinedOrigins origins;
    for (const auto& [offset, bytes, id] : tags) origins.Tag(offset, bytes, id);
    std::vector<uint32_t> at(ubBytes);
    for (uint32_t b = 0; b < ubBytes; ++b) at[b] = origins.At(b);
    return at;
}

}  // namespace

SIMTEST_BINDINGS(origins) {
    m.def("origins_after", &OriginsAfter, py::arg("ub_bytes"), py::arg("tags"));
}
