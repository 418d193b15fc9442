// The L2 cache of the time model: one LRU over 512-byte lines of GM shared by all cores of a
// launch, each line valid and dirty per 32-byte sector (GM's access unit). Reads of valid
// sectors hit and are served at L2 bandwidth; missing sectors come from HBM and (by CacheMode)
// allocate; writes are absorbed (their sectors turn dirty) and reach HBM only when a dirty line
// is evicted during the kernel. The replacement policy is an estimate (docs/performance_model.md).
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace sim::model {

struct L2Traffic {
    uint64_t hitBytes = 0;        // served by L2
    uint64_t missBytes = 0;       // read from HBM
    uint64_t hbmWriteBytes = 0;   // written to HBM now: dirty evictions + writes that bypass L2
};

class L2Cache {
public:
    static constexpr uint64_t kLineBytes = 512;

    explicit L2Cache(uint64_t capacityBytes);

    // One DMA: `bursts` bursts of `burstBytes`, `pitch` apart in GM from `address`.
    // cacheMode: AscendC::CacheMode (0 NORMAL, 1 DISABLE, 2 LAST, 3 PERSISTENT).
    L2Traffic Access(bool write, uint64_t address, uint64_t bursts, uint64_t burstBytes, uint64_t pitch,
                     uint8_t cacheMode);

private:
    struct Line {
        uint64_t tag = 0;
        uint32_t prev = kNone, next = kNone;
        uint16_t valid = 0;   // 32-B sectors holding data
        uint16_t dirty = 0;   // 32-B sectors written since the line came in
        bool persistent = false;
    };
    static constexpr uint64_t kSectorBytes = 32;
    static constexpr uint32_t kNone = 0xFFFFFFFFu;

    void Touch(uint64_t tag, uint64_t offset, uint64_t bytes, bool write, uint8_t cacheMode, L2Traffic* traffic);
    void Unlink(uint32_t i);
    void PushFront(uint32_t i);  // most recently used
    void PushBack(uint32_t i);   // evicted next
    uint32_t Allocate(uint64_t tag, L2Traffic* traffic);

    uint64_t capacityLines_;
    std::vector<Line> lines_;
    std::vector<uint32_t> free_;
    std::unordered_map<uint64_t, uint32_t> index_;
    uint32_t head_ = kNone, tail_ = kNone;
};

}  // namespace sim::model
