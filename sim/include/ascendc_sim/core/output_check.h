// Outputs a kernel never wrote: after a launch, every byte of a declared output must have
// been written by some core (a DMA UB->GM or a scalar GM write), or the launch reports
// Check::UnwrittenOutput with the first unwritten element in the tensor's own coordinates.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sim {

// One output of a launch, as its caller knows it (the aclnn layer: from the OpDef and the
// aclTensor; ICPU_RUN_KF: GmAlloc buffers marked with tik::MarkOutput).
struct OutputTensor {
    const void* data = nullptr;
    uint64_t bytes = 0;
    std::string name;             // "gradGates"
    std::vector<int64_t> shape;   // contiguous, row-major; empty: a flat byte buffer
    uint32_t elementBytes = 1;
};

// Called by every GM write of a kernel (DataCopy/DataCopyPad UB->GM, GlobalTensor::SetValue).
void NoteGmWrite(const void* address, uint64_t bytes);

// The watch over one launch's outputs (owned by LaunchState).
class OutputWatch {
public:
    void Watch(const std::vector<OutputTensor>& outputs);
    void NoteWrite(const void* address, uint64_t bytes, uint32_t blockIdx);
    static constexpr uint32_t kManyCores = 255;  // writers are kept in a byte: cores past 254 share one mark
    // "" when every output with any byte written was written completely; else the report.
    // An output the launch never wrote at all is taken as one this call does not produce
    // (an optional output, e.g. gradBias with hasBias false) and not reported.
    std::string FirstUnwritten() const;
    bool Empty() const { return outputs_.empty(); }

private:
    std::vector<OutputTensor> outputs_;
    std::vector<std::vector<uint8_t>> written_;  // per output byte: 0 unwritten, else 1 + the writing core
};

}  // namespace sim
