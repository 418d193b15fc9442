// Where in the kernel's source an instruction was issued.
//
// The kernel API is header templates inlined into the kernel's own code; they call
// out-of-line functions of libascendc_sim. A return address captured there lies in the
// kernel's code, and the kernel was compiled with line info (-g, RelWithDebInfo), so the
// call site is known for the price of a stack walk. Addresses are kept raw and turned into
// file:line only when a report is built (addr2line over the kernel's DSO, cached), skipping
// frames inside the sim's own headers and library.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sim {

// The calling thread's return addresses, innermost first (a handful of words).
struct CallStack {
    static constexpr int kMaxDepth = 24;
    std::array<const void*, kMaxDepth> pcs{};
    uint8_t depth = 0;
    bool Empty() const { return depth == 0; }
};

CallStack CaptureCallStack();
// The one-frame stack of a call site kept as a return address (no stack walk).
CallStack CallSiteStack(const void* returnAddress);

// One kernel source frame: "op_kernel/lstm_cell_grad_kernel.h", 142, "LstmCellGradKernel::LoadRows".
struct SourceFrame {
    std::string file;
    uint32_t line = 0;
    std::string function;
    std::string Text() const;  // "file:line in function"
};

// The kernel frames of a stack, innermost first (the API call, then its callers), at most
// `maxFrames`; empty when no frame outside the sim has line info.
std::vector<SourceFrame> KernelFrames(const CallStack& stack, int maxFrames = 4);

// Report lines for a stack: "\n    at file:line in F\n    called from file:line in G ...",
// or "\n    at (no line info: build the kernel with -g)" when the kernel has none.
std::string DescribeCallStack(const CallStack& stack, int maxFrames = 4);

// Short form for one line: "file:line in F (called from file:line)"; "" when unknown.
std::string ShortCallSite(const CallStack& stack);

// The kernel's name for a buffer, from the line that created it: for a stack captured in
// InitBuffer whose kernel line reads "pipe_->InitBuffer(inQueue_, 2, bytes);",
// BufferMember gives "inQueue_" and BufferOrigin "[member inQueue_, InitBuffer at kernel.h:74]"
// ("" / only the location when unknown).
std::string BufferMember(const CallStack& initBufferStack);
std::string BufferOrigin(const CallStack& initBufferStack);
// The object a method is called on in the kernel line of `stack`: "outQueue_" for
// "outQueue_.template AllocTensor<T>()" and method "AllocTensor"; "" when not found.
std::string CalledOn(const CallStack& stack, const std::string& method);

}  // namespace sim
