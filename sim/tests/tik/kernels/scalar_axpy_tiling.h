// Tiling data of the scalar_axpy kernels, shared by the kernel and its unit test (the
// CANN 9 style: a plain struct the host writes into the tiling buffer).
#pragma once
#include <cstdint>

struct ScalarAxpyTilingData {
    uint32_t totalLength;  // elements of x, y and z
    uint32_t tileLength;   // elements per UB tile (one queue buffer)
    float alpha;
};

// TILING_KEY_IS values: which formula the kernel applies.
constexpr uint64_t SCALAR_AXPY_KEY_ADD = 1;  // z = alpha * x + y
constexpr uint64_t SCALAR_AXPY_KEY_SUB = 2;  // z = alpha * x - y
