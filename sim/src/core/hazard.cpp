#include "ascendc_sim/core/hazard.h"

#include <algorithm>

namespace sim {
namespace {
constexpr uint64_t kBlock = 32;
int Index(Pipe p) { return static_cast<int>(p); }
}  // namespace

HazardTracker::HazardTracker(uint64_t ubBytes) : blocks_((ubBytes + kBlock - 1) / kBlock) {}

uint64_t HazardTracker::Issue(Pipe pipe) { return ++issued_[Index(pipe)]; }

std::string HazardTracker::Access(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write) {
    if (bytes == 0) return {};
    const int me = Index(pipe);
    const VectorClock& seen = observed_[me];
    std::string problem;
    uint64_t first = ubOffset / kBlock, last = (ubOffset + bytes - 1) / kBlock;
    for (uint64_t b = first; b <= last && b < blocks_.size(); ++b) {
        Block& block = blocks_[b];
        if (problem.empty()) {
            if (block.writeSeq != 0 && block.writer != me && seen[block.writer] < block.writeSeq) {
                problem = std::string(write ? "write-after-write" : "read-after-write") + ": UB bytes [" +
                          std::to_string(b * kBlock) + ", " + std::to_string(b * kBlock + kBlock) +
                          ") were written by pipe " + PipeName(static_cast<Pipe>(block.writer)) + " (instruction " +
                          std::to_string(block.writeSeq) + " of that pipe) and pipe " + PipeName(pipe) +
                          " has not waited for it (missing SetFlag/WaitFlag or EnQue/DeQue)";
            } else if (write) {
                for (int r = 0; r < kPipeCount; ++r) {
                    if (r != me && block.readSeq[r] > seen[r]) {
                        problem = "write-after-read: UB bytes [" + std::to_string(b * kBlock) + ", " +
                                  std::to_string(b * kBlock + kBlock) + ") are still being read by pipe " +
                                  PipeName(static_cast<Pipe>(r)) + " (instruction " +
                                  std::to_string(block.readSeq[r]) + ") and pipe " + PipeName(pipe) +
                                  " overwrites them without waiting (missing SetFlag/WaitFlag or FreeTensor/AllocTensor)";
                        break;
                    }
                }
            }
        }
        if (write) {
            block.writer = static_cast<uint8_t>(me);
            block.writeSeq = seq;
            std::fill(std::begin(block.readSeq), std::end(block.readSeq), 0);
        } else {
            block.readSeq[me] = std::max(block.readSeq[me], seq);
        }
    }
    return problem;
}

VectorClock HazardTracker::Snapshot(Pipe from) const {
    VectorClock token = observed_[Index(from)];
    token[Index(from)] = issued_[Index(from)];
    return token;
}

void HazardTracker::Observe(Pipe to, const VectorClock& token) {
    VectorClock& seen = observed_[Index(to)];
    for (int i = 0; i < kPipeCount; ++i) seen[i] = std::max(seen[i], token[i]);
}

bool HazardTracker::SetFlag(Pipe from, Pipe to, int32_t id, std::string* problem) {
    auto& queue = pending_[{Index(from) * kPipeCount + Index(to), id}];
    if (!queue.empty()) {
        *problem = std::string("SetFlag<") + PipeName(from) + "_" + PipeName(to) + ">(" + std::to_string(id) +
                   ") issued again before its WaitFlag: the event is already set (hangs or is lost on hardware)";
        return false;
    }
    queue.push_back(Snapshot(from));
    return true;
}

bool HazardTracker::WaitFlag(Pipe from, Pipe to, int32_t id, std::string* problem) {
    auto& queue = pending_[{Index(from) * kPipeCount + Index(to), id}];
    if (queue.empty()) {
        *problem = std::string("WaitFlag<") + PipeName(from) + "_" + PipeName(to) + ">(" + std::to_string(id) +
                   ") with no SetFlag pending: pipe " + PipeName(to) + " would wait forever on hardware";
        return false;
    }
    Observe(to, queue.front());
    queue.pop_front();
    return true;
}

void HazardTracker::BarrierAll() {
    VectorClock all{};
    for (int p = 0; p < kPipeCount; ++p) {
        all[p] = issued_[p];
    }
    for (int p = 0; p < kPipeCount; ++p) observed_[p] = all;
}

}  // namespace sim
