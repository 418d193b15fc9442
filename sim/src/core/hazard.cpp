#include "ascendc_sim/core/hazard.h"

#include <algorithm>
#include <iterator>

#include "ascendc_sim/core/source_location.h"

namespace sim {
namespace {
constexpr uint64_t kBlock = 32;
int Index(Pipe p) { return static_cast<int>(p); }
}  // namespace

std::string Race::Describe(Pipe pipe) const {
    const std::string bytes =
        "UB bytes [" + std::to_string(blockStart) + ", " + std::to_string(blockStart + kBlock) + ")";
    // The earlier access and, when its call site is known, its kernel line (the reporting
    // access's own line follows the message as "at ...").
    const std::string site = otherSite != nullptr ? ShortCallSite(CallSiteStack(otherSite)) : std::string();
    const std::string instruction = " (instruction " + std::to_string(otherSeq) + " of that pipe" +
                                    (site.empty() ? std::string() : ", at " + site) + ")";
    switch (kind) {
        case ReadAfterWrite:
        case WriteAfterWrite:
            return std::string(kind == WriteAfterWrite ? "write-after-write" : "read-after-write") + ": " + bytes +
                   " were written by pipe " + PipeName(other) + instruction + " and pipe " + PipeName(pipe) +
                   " has not waited for it (missing SetFlag/WaitFlag or EnQue/DeQue)";
        case WriteAfterRead:
            return "write-after-read: " + bytes + " are still being read by pipe " + PipeName(other) + instruction +
                   " and pipe " + PipeName(pipe) +
                   " overwrites them without waiting (missing SetFlag/WaitFlag or FreeTensor/AllocTensor)";
        case None: break;
    }
    return {};
}

bool HazardTracker::State::operator==(const State& other) const {
    return writer == other.writer && writeSeq == other.writeSeq && readSeq[0] == other.readSeq[0] &&
           readSeq[1] == other.readSeq[1] && readSeq[2] == other.readSeq[2] && readSeq[3] == other.readSeq[3];
}

HazardTracker::HazardTracker(uint64_t ubBytes) : blockCount_(static_cast<uint32_t>((ubBytes + kBlock - 1) / kBlock)) {
    Reset();
}

void HazardTracker::Reset() {
    runs_.clear();
    runs_.push_back(Run{0u, State{}});
    std::fill(std::begin(issued_), std::end(issued_), 0);
    for (auto& sites : sites_) sites.clear();
    std::fill(std::begin(observed_), std::end(observed_), VectorClock{});
    for (auto& [key, queue] : pending_) queue.clear();
}

uint64_t HazardTracker::Issue(Pipe pipe, const void* site) {
    sites_[Index(pipe)].push_back(site);
    return ++issued_[Index(pipe)];
}

const void* HazardTracker::SiteOf(int pipe, uint64_t seq) const {
    return seq >= 1 && seq <= sites_[pipe].size() ? sites_[pipe][seq - 1] : nullptr;
}

size_t HazardTracker::RunOf(uint32_t block) const {
    const auto after = std::upper_bound(runs_.begin(), runs_.end(), block,
                                        [](uint32_t b, const Run& run) { return b < run.start; });
    return static_cast<size_t>(after - runs_.begin()) - 1;  // runs_[0].start == 0 <= block
}

size_t HazardTracker::SplitAt(uint32_t block) {
    const size_t containing = RunOf(block);
    if (runs_[containing].start == block) return containing;
    const State state = runs_[containing].state;  // (insert may reallocate)
    runs_.insert(runs_.begin() + static_cast<std::ptrdiff_t>(containing + 1), Run{block, state});
    return containing + 1;
}

void HazardTracker::MergeRange(size_t from, size_t to) {
    // Compacts runs (from - 1, min(to + 1, last)] in place, dropping each equal to the one kept before it.
    const size_t stop = std::min(to + 2, runs_.size());
    size_t kept = from == 0 ? 0 : from - 1;
    for (size_t i = kept + 1; i < stop; ++i) {
        if (runs_[i].state == runs_[kept].state) continue;
        if (++kept != i) runs_[kept] = runs_[i];
    }
    runs_.erase(runs_.begin() + static_cast<std::ptrdiff_t>(kept + 1), runs_.begin() + static_cast<std::ptrdiff_t>(stop));
}

Race HazardTracker::FirstRace(size_t lo, size_t hi, Pipe pipe, bool write) const {
    const int me = Index(pipe);
    const VectorClock& seen = observed_[me];
    for (size_t at = lo; at < hi; ++at) {
        const State& run = runs_[at].state;
        const uint64_t blockStart = uint64_t{runs_[at].start} * kBlock;
        if (run.writeSeq != 0 && run.writer != me && seen[run.writer] < run.writeSeq) {
            return Race{write ? Race::WriteAfterWrite : Race::ReadAfterWrite, blockStart, static_cast<Pipe>(run.writer),
                        run.writeSeq, SiteOf(run.writer, run.writeSeq)};
        }
        if (write) {
            for (int r = 0; r < kPipeCount; ++r) {
                if (r != me && run.readSeq[r] > seen[r]) {
                    return Race{Race::WriteAfterRead, blockStart, static_cast<Pipe>(r), run.readSeq[r],
                                SiteOf(r, run.readSeq[r])};
                }
            }
        }
    }
    return {};
}

bool HazardTracker::WouldRace(Pipe pipe, uint64_t ubOffset, uint64_t bytes, bool write) const {
    if (bytes == 0 || ubOffset / kBlock >= blockCount_) return false;
    const uint32_t first = static_cast<uint32_t>(ubOffset / kBlock);
    const uint32_t last = static_cast<uint32_t>(std::min<uint64_t>((ubOffset + bytes - 1) / kBlock, blockCount_ - 1));
    // The first run may start before the range; its state is that of the range's first block.
    return static_cast<bool>(FirstRace(RunOf(first), RunOf(last) + 1, pipe, write));
}

Race HazardTracker::Access(Pipe pipe, uint64_t seq, uint64_t ubOffset, uint64_t bytes, bool write) {
    if (bytes == 0 || ubOffset / kBlock >= blockCount_) return {};
    const int me = Index(pipe);
    const uint32_t first = static_cast<uint32_t>(ubOffset / kBlock);
    const uint32_t last = static_cast<uint32_t>(std::min<uint64_t>((ubOffset + bytes - 1) / kBlock, blockCount_ - 1));
    const size_t lo = SplitAt(first);
    const size_t hi = last + 1 < blockCount_ ? SplitAt(last + 1) : runs_.size();  // the run after the range
    const Race race = FirstRace(lo, hi, pipe, write);
    if (write) {
        State& run = runs_[lo].state;
        run = State{};
        run.writer = static_cast<uint8_t>(me);
        run.writeSeq = seq;
        runs_.erase(runs_.begin() + static_cast<std::ptrdiff_t>(lo + 1), runs_.begin() + static_cast<std::ptrdiff_t>(hi));
        MergeRange(lo, lo);
    } else {
        for (size_t at = lo; at < hi; ++at) {
            uint64_t& read = runs_[at].state.readSeq[me];
            read = std::max(read, seq);
        }
        MergeRange(lo, hi - 1);
    }
    return race;
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
        const std::string first = queue.front().site != nullptr ? ShortCallSite(CallSiteStack(queue.front().site))
                                                                : std::string();
        *problem = std::string("SetFlag<") + PipeName(from) + "_" + PipeName(to) + ">(" + std::to_string(id) +
                   ") issued again before its WaitFlag: the event is already set" +
                   (first.empty() ? std::string() : " (by the SetFlag at " + first + ")") +
                   " (hangs or is lost on hardware)";
        return false;
    }
    queue.push_back(PendingFlag{Snapshot(from), SiteOf(Index(from), issued_[Index(from)])});
    return true;
}

bool HazardTracker::WaitFlag(Pipe from, Pipe to, int32_t id, std::string* problem) {
    auto& queue = pending_[{Index(from) * kPipeCount + Index(to), id}];
    if (queue.empty()) {
        *problem = std::string("WaitFlag<") + PipeName(from) + "_" + PipeName(to) + ">(" + std::to_string(id) +
                   ") with no SetFlag pending: pipe " + PipeName(to) + " would wait forever on hardware";
        return false;
    }
    Observe(to, queue.front().token);
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
