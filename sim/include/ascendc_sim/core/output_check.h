// Outputs a kernel never wrote: after a launch, every byte of a declared output must have
// been written by some core (a DMA UB->GM or a scalar GM write), or the launch reports
// Check::UnwrittenOutput with the first unwritten element in the tensor's own coordinates.
//
// Nothing runs while the kernel runs: the GM race tracker (gm_race.h) already keeps one
// record per GM write (rows, row length, pitch, core, kernel line) and, after the launch,
// those records as byte intervals sorted once for both checks. Each output's share of them
// is swept once for holes; the report names the core and the line that wrote next to the
// first hole.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sim {

class GmRaceTracker;

// One output of a launch, as its caller knows it (the aclnn layer: from the OpDef and the
// aclTensor; ICPU_RUN_KF: GmAlloc buffers marked with tik::MarkOutput).
struct OutputTensor {
    const void* data = nullptr;
    uint64_t bytes = 0;
    std::string name;             // "gradGates"
    std::vector<int64_t> shape;   // contiguous, row-major; empty: a flat byte buffer
    uint32_t elementBytes = 1;
    // False for an output the call may leave alone (an OPTIONAL OpDef output such as gradBias
    // with hasBias false): reported only when partly written. A required one no core writes
    // at all is reported too.
    bool required = true;
};

// The watch over one launch's outputs (owned by LaunchState).
class OutputWatch {
public:
    void Watch(const std::vector<OutputTensor>& outputs);
    // "" when every required output, and every optional one with any byte written (by the
    // writes `gm` recorded), was written completely; else the report. An optional output the
    // launch never wrote at all is taken as one this call does not produce (gradBias with
    // hasBias false) and not reported.
    std::string FirstUnwritten(const GmRaceTracker& gm) const;
    bool Empty() const { return outputs_.empty(); }

private:
    std::vector<OutputTensor> outputs_;
};

}  // namespace sim
