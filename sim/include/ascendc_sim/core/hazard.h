// Cross-pipe ordering of UB accesses, with vector clocks.
//
// Each pipe counts the instructions it has issued; each pipe also knows how far it has
// observed every other pipe (advanced only by syncs: SetFlag/WaitFlag, the implicit
// events of EnQue/DeQue/AllocTensor/FreeTensor, PipeBarrier<PIPE_ALL>, SyncAll). A UB
// access by pipe R to a 32-byte block last written by pipe W != R is a race unless R has
// observed that write (read-after-write, write-after-write); a write by P to a block
// that pipe R read is a race unless P has observed that read (write-after-read).
// Same-pipe order is left to the pipe itself (the compiler's auto-sync handles V->V).
#pragma once
#include <cstdint>
#include <array>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/core/counters.h"

namespace sim {

using VectorClock = std::array<uint64_t, kPipeCount>;

class HazardTracker {
public:
    explicit HazardTracker(uint64_t ubBytes);

    // Counts one instruction on `pipe`; returns its sequence number (1-based).
    uint64_t Issue(Pipe pipe);
    // Returns a description of the race if the access is not ordered, else empty.
    std::string Access(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write);

    // Explicit flags: the token carries what `from` has issued so far.
    // Returns false (with *problem set) on misuse: Set twice without Wait, Wait with nothing set.
    bool SetFlag(Pipe from, Pipe to, int32_t id, std::string* problem);
    bool WaitFlag(Pipe from, Pipe to, int32_t id, std::string* problem);
    // Anonymous tokens for queue buffers (EnQue/DeQue, FreeTensor/AllocTensor).
    VectorClock Snapshot(Pipe from) const;
    void Observe(Pipe to, const VectorClock& token);
    void BarrierAll();  // PipeBarrier<PIPE_ALL> and SyncAll

private:
    struct Block {
        uint8_t writer = 0;
        uint64_t writeSeq = 0;
        uint64_t readSeq[kPipeCount] = {0, 0, 0, 0};
    };
    std::vector<Block> blocks_;
    uint64_t issued_[kPipeCount] = {0, 0, 0, 0};
    VectorClock observed_[kPipeCount] = {};
    std::map<std::pair<int, int32_t>, std::deque<VectorClock>> pending_;
};

}  // namespace sim
