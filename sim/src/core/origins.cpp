#include "ascendc_sim/core/origins.h"

#include <algorithm>
#include <iterator>

namespace sim {

std::string BufferName::Text() const {
    std::string text = kind != nullptr ? kind : "";
    if (position != nullptr) text += std::string("<") + position + ">";
    if (number >= 0) text += "#" + std::to_string(number);
    if (slot >= 0) text += " buffer " + std::to_string(slot);
    return text;
}

std::string OriginText::Text() const {
    return prefix + (buffer.kind != nullptr ? buffer.Text() : std::string()) + suffix;
}

uint32_t UndefinedOrigins::Add(const OriginText& what, const void* site, const char* method) {
    // A kernel's buffers and call sites: one allocation, kept across launches (Clear).
    if (origins_.capacity() == 0) origins_.reserve(16);
    origins_.push_back(Origin{what, site, method, false, nullptr});
    return static_cast<uint32_t>(origins_.size());
}

uint32_t UndefinedOrigins::ForBuffer(const BufferName& name, const void* site) {
    return Add(OriginText{"InitBuffer of ", name, ""}, site, nullptr);
}

void UndefinedOrigins::Clear() {
    origins_.clear();
    bySite_.clear();
    intervals_.clear();
}

std::vector<UndefinedOrigins::Interval>::const_iterator UndefinedOrigins::FirstEndingAfter(uint32_t offset) const {
    return std::upper_bound(intervals_.begin(), intervals_.end(), offset,
                            [](uint32_t at, const Interval& interval) { return at < interval.end; });
}

void UndefinedOrigins::Tag(uint32_t offset, uint64_t bytes, uint32_t id) {
    if (bytes == 0) return;
    const uint32_t end = static_cast<uint32_t>(offset + bytes);
    if (id == 0 && intervals_.empty()) return;
    const auto first = FirstEndingAfter(offset);
    // A kernel re-tags the same bytes with the same origin tile after tile (a row's padding,
    // the results computed from it): an interval that is exactly this one needs no change.
    if (first != intervals_.end() && first->begin == offset && first->end == end && first->id == id) return;
    auto last = first;
    while (last != intervals_.end() && last->begin < end) ++last;
    // The intervals [first, last) overlap the range: keep the head of the first and the tail
    // of the last that lie outside it, around the new one.
    Interval pieces[3];
    size_t count = 0;
    if (first != last && first->begin < offset) pieces[count++] = Interval{first->begin, offset, first->id};
    if (id != 0) pieces[count++] = Interval{offset, end, id};
    if (first != last && std::prev(last)->end > end) pieces[count++] = Interval{end, std::prev(last)->end, std::prev(last)->id};
    const auto at = intervals_.erase(first, last);
    intervals_.insert(at, pieces, pieces + count);
}

uint32_t UndefinedOrigins::At(uint32_t offset) const {
    const auto it = FirstEndingAfter(offset);
    return it != intervals_.end() && it->begin <= offset ? it->id : 0;
}

void UndefinedOrigins::NoteRead(uint32_t id) {
    if (id == 0 || id > origins_.size() || origins_[id - 1].read) return;
    origins_[id - 1].read = true;
    origins_[id - 1].firstRead = std::make_unique<CallStack>(CaptureCallStack());
}

std::string UndefinedOrigins::Describe(uint32_t id) const {
    if (id == 0 || id > origins_.size()) return {};
    const Origin& origin = origins_[id - 1];
    const CallStack site = CallSiteStack(origin.site);
    std::string where = ShortCallSite(site);
    std::string member = origin.method == nullptr ? BufferMember(site) : CalledOn(site, origin.method);
    std::string text = "undefined since " + origin.what.Text() + (member.empty() ? "" : " [member " + member + "]") +
                       (where.empty() ? "" : " at " + where);
    if (origin.read) {
        std::string read = ShortCallSite(*origin.firstRead);
        if (!read.empty()) text += "; first read by the instruction at " + read;
    }
    return text;
}

}  // namespace sim
