#include "ascendc_sim/core/memory_overlap.h"

#include <algorithm>
#include <utility>

namespace sim {
namespace {

// A view as its lowest byte and its stepping dims: (size, positive byte stride), smallest
// stride first. Dims of size 1 and repeats (stride 0) add no bytes and are left out.
struct Footprint {
    bool empty = false;
    uintptr_t low = 0;
    std::vector<std::pair<int64_t, int64_t>> dims;
    int64_t itemBytes = 0;
};

Footprint FootprintOf(const MemoryView& view) {
    Footprint f;
    f.low = view.address;
    f.itemBytes = view.itemBytes;
    for (size_t d = 0; d < view.shape.size(); ++d) {
        const int64_t size = view.shape[d], stride = view.byteStrides[d];
        if (size == 0) f.empty = true;
        if (size <= 1 || stride == 0) continue;
        if (stride < 0) f.low -= static_cast<uintptr_t>((size - 1) * -stride);
        f.dims.emplace_back(size, stride < 0 ? -stride : stride);
    }
    std::sort(f.dims.begin(), f.dims.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    return f;
}

uintptr_t EndOf(const Footprint& f) {
    uintptr_t end = f.low + static_cast<uintptr_t>(f.itemBytes);
    for (const auto& [size, stride] : f.dims) end += static_cast<uintptr_t>((size - 1) * stride);
    return end;
}

// The byte intervals [begin, end) the view touches, sorted and merged; false beyond
// kExactOverlapRuns runs.
bool Intervals(const Footprint& f, std::vector<std::pair<uintptr_t, uintptr_t>>* merged) {
    int64_t run = f.itemBytes;
    size_t inner = 0;
    while (inner < f.dims.size() && f.dims[inner].second == run) run *= f.dims[inner++].first;  // back to back
    int64_t count = 1;
    for (size_t d = inner; d < f.dims.size(); ++d) {
        if (__builtin_mul_overflow(count, f.dims[d].first, &count) || count > kExactOverlapRuns) return false;
    }
    std::vector<std::pair<uintptr_t, uintptr_t>> intervals;
    intervals.reserve(static_cast<size_t>(count));
    std::vector<int64_t> index(f.dims.size() - inner, 0);
    while (true) {
        int64_t offset = 0;
        for (size_t d = 0; d < index.size(); ++d) offset += index[d] * f.dims[inner + d].second;
        const uintptr_t begin = f.low + static_cast<uintptr_t>(offset);
        intervals.emplace_back(begin, begin + static_cast<uintptr_t>(run));
        size_t d = 0;
        for (; d < index.size(); ++d) {
            if (++index[d] < f.dims[inner + d].first) break;
            index[d] = 0;
        }
        if (d == index.size()) break;
    }
    std::sort(intervals.begin(), intervals.end());
    for (const auto& interval : intervals) {
        if (!merged->empty() && interval.first <= merged->back().second) {
            merged->back().second = std::max(merged->back().second, interval.second);
        } else {
            merged->push_back(interval);
        }
    }
    return true;
}

std::string DimsText(const std::vector<int64_t>& dims) {
    std::string text = "[";
    for (size_t i = 0; i < dims.size(); ++i) text += (i ? ", " : "") + std::to_string(dims[i]);
    return text + "]";
}

bool SameView(const MemoryView& a, const MemoryView& b) {
    return a.address == b.address && a.shape == b.shape && a.byteStrides == b.byteStrides && a.itemBytes == b.itemBytes;
}

}  // namespace

bool ElementsShareMemory(const MemoryView& view) {
    const Footprint f = FootprintOf(view);
    if (f.empty) return false;
    for (size_t d = 0; d < view.shape.size(); ++d) {
        if (view.shape[d] > 1 && view.byteStrides[d] == 0) return true;  // a repeat
    }
    int64_t reach = f.itemBytes;  // bytes the smaller dims span
    for (const auto& [size, stride] : f.dims) {
        if (stride < reach) return true;
        int64_t span;
        if (__builtin_mul_overflow(stride, size - 1, &span) || __builtin_add_overflow(span, reach, &reach)) {
            return true;  // beyond int64: no real memory holds it
        }
    }
    return false;
}

bool ViewsOverlap(const MemoryView& a, const MemoryView& b) {
    const Footprint fa = FootprintOf(a), fb = FootprintOf(b);
    if (fa.empty || fb.empty) return false;
    if (EndOf(fa) <= fb.low || EndOf(fb) <= fa.low) return false;
    std::vector<std::pair<uintptr_t, uintptr_t>> ia, ib;
    if (!Intervals(fa, &ia) || !Intervals(fb, &ib)) return true;  // conservative
    size_t i = 0, j = 0;
    while (i < ia.size() && j < ib.size()) {
        if (ia[i].second <= ib[j].first) {
            ++i;
        } else if (ib[j].second <= ia[i].first) {
            ++j;
        } else {
            return true;
        }
    }
    return false;
}

std::string OutputOverlapError(const std::vector<NamedView>& inputs, const std::vector<NamedView>& outputs) {
    for (size_t i = 0; i < outputs.size(); ++i) {
        const MemoryView* out = outputs[i].view;
        if (out == nullptr) continue;
        if (ElementsShareMemory(*out)) {
            return outputs[i].name + " has elements sharing memory (view " + DimsText(out->shape) +
                   " with byte strides " + DimsText(out->byteStrides) +
                   "); every output element needs memory of its own";
        }
        for (size_t j = i + 1; j < outputs.size(); ++j) {
            if (outputs[j].view != nullptr && ViewsOverlap(*out, *outputs[j].view)) {
                return outputs[i].name + " and " + outputs[j].name + " overlap in memory; outputs must be disjoint";
            }
        }
        for (const NamedView& in : inputs) {
            if (in.view != nullptr && ViewsOverlap(*out, *in.view) && !SameView(*in.view, *out)) {
                return outputs[i].name + " partially overlaps input " + in.name +
                       "; an output may only alias an identical input view";
            }
        }
    }
    return "";
}

}  // namespace sim
