#include "l2_cache.h"

#include <algorithm>

namespace sim::model {
namespace {
constexpr uint8_t kNormal = 0, kDisable = 1, kLast = 2, kPersistent = 3;
}

L2Cache::L2Cache(uint64_t capacityBytes) : capacityLines_(std::max<uint64_t>(1, capacityBytes / kLineBytes)) {}

void L2Cache::Unlink(uint32_t i) {
    Line& l = lines_[i];
    if (l.prev != kNone) lines_[l.prev].next = l.next; else head_ = l.next;
    if (l.next != kNone) lines_[l.next].prev = l.prev; else tail_ = l.prev;
    l.prev = l.next = kNone;
}

void L2Cache::PushFront(uint32_t i) {
    Line& l = lines_[i];
    l.prev = kNone;
    l.next = head_;
    if (head_ != kNone) lines_[head_].prev = i;
    head_ = i;
    if (tail_ == kNone) tail_ = i;
}

void L2Cache::PushBack(uint32_t i) {
    Line& l = lines_[i];
    l.next = kNone;
    l.prev = tail_;
    if (tail_ != kNone) lines_[tail_].next = i;
    tail_ = i;
    if (head_ == kNone) head_ = i;
}

uint32_t L2Cache::Allocate(uint64_t tag, L2Traffic* traffic) {
    uint32_t i;
    if (index_.size() >= capacityLines_) {
        // Evict the least recently used line; a persistent one gets one more round (estimate).
        uint32_t victim = tail_;
        for (int tries = 0; tries < 4 && lines_[victim].persistent; ++tries) {
            lines_[victim].persistent = false;
            Unlink(victim);
            PushFront(victim);
            victim = tail_;
        }
        Unlink(victim);
        traffic->hbmWriteBytes += static_cast<uint64_t>(__builtin_popcount(lines_[victim].dirty)) * kSectorBytes;
        index_.erase(lines_[victim].tag);
        i = victim;
    } else if (!free_.empty()) {
        i = free_.back();
        free_.pop_back();
    } else {
        i = static_cast<uint32_t>(lines_.size());
        lines_.emplace_back();
    }
    lines_[i] = Line{};
    lines_[i].tag = tag;
    index_.emplace(tag, i);
    return i;
}

// `bytes` of line `tag` from byte `offset` in the line.
void L2Cache::Touch(uint64_t tag, uint64_t offset, uint64_t bytes, bool write, uint8_t cacheMode, L2Traffic* traffic) {
    const uint64_t first = offset / kSectorBytes, last = (offset + bytes - 1) / kSectorBytes;
    const uint16_t mask = static_cast<uint16_t>(((1u << (last - first + 1)) - 1u) << first);
    const uint64_t sectorBytes = (last - first + 1) * kSectorBytes;
    auto it = index_.find(tag);
    if (it != index_.end()) {
        const uint32_t i = it->second;
        Line& line = lines_[i];
        if (write) {
            line.valid |= mask;
            line.dirty |= mask;
        } else {
            const uint16_t missing = static_cast<uint16_t>(mask & ~line.valid);
            const uint64_t missBytes = static_cast<uint64_t>(__builtin_popcount(missing)) * kSectorBytes;
            traffic->missBytes += missBytes;
            traffic->hitBytes += sectorBytes > missBytes ? std::min(bytes, sectorBytes - missBytes) : 0;
            if (cacheMode != kDisable) line.valid |= mask;
        }
        if (cacheMode != kDisable) {
            Unlink(i);
            if (cacheMode == kLast) PushBack(i); else PushFront(i);
        }
        return;
    }
    if (cacheMode == kDisable) {
        // Bypass: reads come from HBM, writes go to HBM, nothing is allocated.
        if (write) traffic->hbmWriteBytes += sectorBytes; else traffic->missBytes += sectorBytes;
        return;
    }
    if (!write) traffic->missBytes += sectorBytes;
    const uint32_t i = Allocate(tag, traffic);
    lines_[i].valid = mask;
    lines_[i].dirty = write ? mask : 0;
    lines_[i].persistent = cacheMode == kPersistent;
    if (cacheMode == kLast) PushBack(i); else PushFront(i);
}

L2Traffic L2Cache::Access(bool write, uint64_t address, uint64_t bursts, uint64_t burstBytes, uint64_t pitch,
                          uint8_t cacheMode) {
    L2Traffic traffic;
    if (cacheMode > kPersistent) cacheMode = kNormal;
    for (uint64_t b = 0; b < bursts; ++b) {
        uint64_t at = address + b * pitch;
        uint64_t left = burstBytes;
        while (left > 0) {
            const uint64_t tag = at / kLineBytes;
            const uint64_t inLine = std::min<uint64_t>(left, (tag + 1) * kLineBytes - at);
            Touch(tag, at - tag * kLineBytes, inLine, write, cacheMode, &traffic);
            at += inLine;
            left -= inLine;
        }
    }
    return traffic;
}

}  // namespace sim::model
