// Which bytes strided views of memory touch, and the overlap rules for an op's outputs: the
// one implementation the aclnn layer's checks (CheckCommon), the Python binding's checks on
// the caller's own arrays and its device mirror all use.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sim {

// Views split into more contiguous runs than this (their non-contiguous outer dims multiply
// to that many; e.g. any [B, H] column slice with B <= 2^20 stays below) are compared by their
// byte bounds only: conservative, an overlap is never missed.
constexpr int64_t kExactOverlapRuns = int64_t{1} << 20;

// A strided view of memory: the address of element 0, the shape, byte strides of any sign
// (a numpy view may step backwards) and the element size.
struct MemoryView {
    uintptr_t address = 0;
    std::vector<int64_t> shape;
    std::vector<int64_t> byteStrides;
    int64_t itemBytes = 0;
};

// Whether two elements of the view share a byte. With the dims sorted by stride, each stride
// must step past everything the smaller dims reach: exact for every layout a strided tensor
// library produces (permutations, slices, steps, repeats), conservative (true) for
// interleavings beyond them.
bool ElementsShareMemory(const MemoryView& view);

// Whether two views share a byte (exact up to kExactOverlapRuns runs each). Empty views
// share nothing.
bool ViewsOverlap(const MemoryView& a, const MemoryView& b);

// One argument of a call for OutputOverlapError: `view` null for an absent tensor.
struct NamedView {
    std::string name;
    const MemoryView* view = nullptr;
};

// The rules for an op's outputs: no output has elements sharing memory, no two outputs
// overlap, and an output meets an input only as the identical view (in place). "" when they
// hold, else the message naming the first view that breaks one.
std::string OutputOverlapError(const std::vector<NamedView>& inputs, const std::vector<NamedView>& outputs);

}  // namespace sim
