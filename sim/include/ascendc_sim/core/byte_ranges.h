// A set of UB byte ranges, kept sorted, disjoint and not adjacent: what the lazy state of a
// core's UB is made of (bytes still to be poisoned, bytes that may hold undefined data).
// Instructions touch whole operands, so the ranges stay few and each query is a binary search.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace sim {

class ByteRanges {
public:
    struct Range {
        uint32_t begin;
        uint32_t end;
    };

    void Clear() { ranges_.clear(); }
    void Reserve(size_t n) { ranges_.reserve(n); }
    bool Empty() const { return ranges_.empty(); }

    // Whether any byte of [begin, end) is in the set.
    bool Intersects(uint64_t begin, uint64_t end) const {
        if (begin >= end) return false;
        const auto it = FirstEndingAfter(begin);
        return it != ranges_.end() && it->begin < end;
    }

    // Adds [begin, end), joining every range it overlaps or touches.
    void Add(uint32_t begin, uint32_t end) {
        if (begin >= end) return;
        auto first = std::lower_bound(ranges_.begin(), ranges_.end(), begin,
                                      [](const Range& r, uint32_t at) { return r.end < at; });
        auto last = first;
        Range merged{begin, end};
        while (last != ranges_.end() && last->begin <= end) {
            merged.begin = std::min(merged.begin, last->begin);
            merged.end = std::max(merged.end, last->end);
            ++last;
        }
        if (first == last) {
            ranges_.insert(first, merged);
        } else {
            *first = merged;
            ranges_.erase(first + 1, last);
        }
    }

    // Removes [begin, end), calling piece(from, to) for each part that was in the set.
    template <class Piece>
    void Remove(uint64_t begin, uint64_t end, Piece piece) {
        if (begin >= end) return;
        size_t i = static_cast<size_t>(FirstEndingAfter(begin) - ranges_.begin());
        while (i < ranges_.size() && ranges_[i].begin < end) {
            Range& range = ranges_[i];
            const uint32_t from = static_cast<uint32_t>(std::max<uint64_t>(range.begin, begin));
            const uint32_t to = static_cast<uint32_t>(std::min<uint64_t>(range.end, end));
            piece(from, to);
            if (range.begin < from && to < range.end) {  // a hole in the middle: split
                const Range tail{to, range.end};
                range.end = from;
                ranges_.insert(ranges_.begin() + static_cast<std::ptrdiff_t>(i) + 1, tail);
                return;
            }
            if (range.begin < from) {
                range.end = from;
                ++i;
            } else if (to < range.end) {
                range.begin = to;
                ++i;
            } else {
                ranges_.erase(ranges_.begin() + static_cast<std::ptrdiff_t>(i));
            }
        }
    }

    // Calls piece(from, to) for each part of [begin, end) in the set, in order.
    template <class Piece>
    void ForEachIn(uint64_t begin, uint64_t end, Piece piece) const {
        for (auto it = FirstEndingAfter(begin); it != ranges_.end() && it->begin < end; ++it) {
            piece(static_cast<uint32_t>(std::max<uint64_t>(it->begin, begin)),
                  static_cast<uint32_t>(std::min<uint64_t>(it->end, end)));
        }
    }

    // Calls gap(from, to) for each part of [begin, end) not in the set, in order.
    template <class Gap>
    void ForEachGapIn(uint64_t begin, uint64_t end, Gap gap) const {
        uint64_t at = begin;
        ForEachIn(begin, end, [&](uint32_t from, uint32_t to) {
            if (at < from) gap(static_cast<uint32_t>(at), from);
            at = to;
        });
        if (at < end) gap(static_cast<uint32_t>(at), static_cast<uint32_t>(end));
    }

private:
    std::vector<Range>::const_iterator FirstEndingAfter(uint64_t at) const {
        return std::upper_bound(ranges_.begin(), ranges_.end(), at,
                                [](uint64_t a, const Range& r) { return a < r.end; });
    }
    std::vector<Range>::iterator FirstEndingAfter(uint64_t at) {
        return std::upper_bound(ranges_.begin(), ranges_.end(), at,
                                [](uint64_t a, const Range& r) { return a < r.end; });
    }

    std::vector<Range> ranges_;
};

}  // namespace sim
