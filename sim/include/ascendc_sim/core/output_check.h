// Outputs a kernel never wrote: after a launch, every byte of a declared output must have
// been written by some core (a DMA UB->GM or a scalar GM write), or the launch reports
// Check::UnwrittenOutput with the first unwritten element in the tensor's own coordinates.
//
// Cheap by design, as the GM race check (gm_race.h): a GM write appends one record (rows,
// row length, pitch) to its core's list, or extends the previous one; nothing runs per byte
// or per element while the kernel runs. After the launch the records of each output are
// expanded into byte intervals, sorted and swept once for holes.
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

// Called by every GM write of a kernel: `rows` rows of `rowBytes`, `pitch` bytes apart, from
// `address` (DataCopy/DataCopyPad UB->GM; GlobalTensor::SetValue is one row).
void NoteGmWrite(const void* address, uint64_t rowBytes, uint64_t pitch = 0, uint32_t rows = 1);

// The watch over one launch's outputs (owned by LaunchState).
class OutputWatch {
public:
    void Watch(const std::vector<OutputTensor>& outputs, uint32_t blockDim);
    // On core `core`'s thread: only that core's list is touched, no lock.
    void NoteWrite(uint32_t core, const void* address, uint64_t rowBytes, uint64_t pitch, uint32_t rows);
    // "" when every output with any byte written was written completely; else the report.
    // An output the launch never wrote at all is taken as one this call does not produce
    // (an optional output, e.g. gradBias with hasBias false) and not reported.
    std::string FirstUnwritten() const;
    bool Empty() const { return outputs_.empty(); }

    struct Write {
        int64_t offset;  // of the first row, in bytes from the output's start (may be negative)
        uint64_t rowBytes;
        uint64_t pitch;
        uint32_t rows;
        uint32_t output;  // index into the watched outputs
    };

private:
    std::vector<OutputTensor> outputs_;
    std::vector<std::vector<Write>> writes_;  // per core
};

}  // namespace sim
