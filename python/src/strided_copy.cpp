#include "strided_copy.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace lstm_cell_grad::py {
namespace {

// A transposed pair of dimensions is copied in square tiles of this many elements a side, so
// the reads and the writes of one tile both stay in the L1 cache (64 x 64 x 8 bytes = 32 KiB
// at most for the source and the destination each).
constexpr int64_t kTile = 64;

struct Dims {
    std::vector<int64_t> shape, strided, packed;  // strides in elements
};

// The view's dimensions without those of size 1, adjacent ones merged where the view keeps
// them contiguous to each other (the packed side always does), in the element unit `unit`.
Dims Simplify(const HostView& view, int64_t unitsPerItem) {
    Dims dims;
    for (size_t d = 0; d < view.shape.size(); ++d) {
        if (view.shape[d] == 1) continue;
        dims.shape.push_back(view.shape[d]);
        dims.strided.push_back(view.strides[d] * unitsPerItem);
    }
    if (unitsPerItem > 1) {  // an item of several units: its units are one more dimension
        dims.shape.push_back(unitsPerItem);
        dims.strided.push_back(1);
    }
    for (size_t d = dims.shape.size(); d-- > 1;) {
        if (dims.strided[d - 1] == dims.strided[d] * dims.shape[d]) {
            dims.shape[d - 1] *= dims.shape[d];
            dims.strided[d - 1] = dims.strided[d];
            dims.shape.erase(dims.shape.begin() + static_cast<std::ptrdiff_t>(d));
            dims.strided.erase(dims.strided.begin() + static_cast<std::ptrdiff_t>(d));
        }
    }
    dims.packed.assign(dims.shape.size(), 1);
    for (size_t d = dims.shape.size(); d-- > 1;) dims.packed[d - 1] = dims.packed[d] * dims.shape[d];
    return dims;
}

// Calls body(stridedOffset, packedOffset) for every index of the dimensions not in `inner`
// (the dims the body copies itself), in row-major order.
template <typename Body>
void ForEachOuter(const Dims& dims, const std::vector<bool>& inner, Body body) {
    std::vector<size_t> outer;
    for (size_t d = 0; d < dims.shape.size(); ++d) {
        if (!inner[d]) outer.push_back(d);
    }
    std::vector<int64_t> index(outer.size(), 0);
    while (true) {
        int64_t s = 0, p = 0;
        for (size_t k = 0; k < outer.size(); ++k) {
            s += index[k] * dims.strided[outer[k]];
            p += index[k] * dims.packed[outer[k]];
        }
        body(s, p);
        size_t k = outer.size();
        while (k > 0 && ++index[k - 1] == dims.shape[outer[k - 1]]) index[--k] = 0;
        if (k == 0) return;
    }
}

template <typename T, bool kGather>
void Copy(T* strided, T* packed, const Dims& dims) {
    const size_t rank = dims.shape.size();
    if (rank == 0) {
        if (kGather) *packed = *strided; else *strided = *packed;
        return;
    }
    const size_t last = rank - 1;
    std::vector<bool> inner(rank, false);
    inner[last] = true;
    const int64_t n = dims.shape[last], step = dims.strided[last];
    if (step == 1) {  // rows: one memcpy each
        ForEachOuter(dims, inner, [&](int64_t s, int64_t p) {
            if (kGather) std::memcpy(packed + p, strided + s, static_cast<size_t>(n) * sizeof(T));
            else std::memcpy(strided + s, packed + p, static_cast<size_t>(n) * sizeof(T));
        });
        return;
    }
    // The dimension the strided side walks fastest: with the last one it forms a transpose,
    // copied tile by tile so both sides are read and written a cache line at a time.
    size_t fast = last;
    for (size_t d = 0; d < last; ++d) {
        if (dims.strided[d] < dims.strided[fast]) fast = d;
    }
    if (fast == last) {
        ForEachOuter(dims, inner, [&](int64_t s, int64_t p) {
            for (int64_t j = 0; j < n; ++j) {
                if (kGather) packed[p + j] = strided[s + j * step]; else strided[s + j * step] = packed[p + j];
            }
        });
        return;
    }
    inner[fast] = true;
    const int64_t m = dims.shape[fast], fastStride = dims.strided[fast], packedRow = dims.packed[fast];
    ForEachOuter(dims, inner, [&](int64_t s, int64_t p) {
        for (int64_t i0 = 0; i0 < m; i0 += kTile) {
            const int64_t i1 = std::min(m, i0 + kTile);
            for (int64_t j0 = 0; j0 < n; j0 += kTile) {
                const int64_t j1 = std::min(n, j0 + kTile);
                for (int64_t j = j0; j < j1; ++j) {
                    T* column = strided + s + j * step;
                    T* packedColumn = packed + p + j;
                    for (int64_t i = i0; i < i1; ++i) {
                        if (kGather) packedColumn[i * packedRow] = column[i * fastStride];
                        else column[i * fastStride] = packedColumn[i * packedRow];
                    }
                }
            }
        }
    });
}

template <bool kGather>
void Dispatch(uint8_t* strided, uint8_t* packed, const HostView& view) {
    if (view.Empty()) return;
    // An item not on its own alignment (a float32 view at an odd host address) goes byte-wise.
    const bool aligned = reinterpret_cast<uintptr_t>(strided) % view.itemBytes == 0;
    switch (aligned ? view.itemBytes : 1) {
        case 2: return Copy<uint16_t, kGather>(reinterpret_cast<uint16_t*>(strided), reinterpret_cast<uint16_t*>(packed), Simplify(view, 1));
        case 4: return Copy<uint32_t, kGather>(reinterpret_cast<uint32_t*>(strided), reinterpret_cast<uint32_t*>(packed), Simplify(view, 1));
        case 8: return Copy<uint64_t, kGather>(reinterpret_cast<uint64_t*>(strided), reinterpret_cast<uint64_t*>(packed), Simplify(view, 1));
        default: return Copy<uint8_t, kGather>(strided, packed, Simplify(view, static_cast<int64_t>(view.itemBytes)));
    }
}

}  // namespace

void GatherView(const HostView& view, uint8_t* packed) { Dispatch<true>(view.data, packed, view); }

void ScatterView(const uint8_t* packed, const HostView& view) {
    Dispatch<false>(view.data, const_cast<uint8_t*>(packed), view);
}

}  // namespace lstm_cell_grad::py
