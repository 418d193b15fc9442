#include "ascendc_sim/core/origins.h"

#include <iterator>

namespace sim {

uint32_t UndefinedOrigins::Add(std::string what, const void* site, const char* method) {
    if (origins_.empty()) origins_.reserve(16);  // a kernel's buffers and call sites: one allocation
    origins_.push_back(Origin{std::move(what), site, method, false, nullptr});
    return static_cast<uint32_t>(origins_.size());
}

uint32_t UndefinedOrigins::ForBuffer(const std::string& name, const void* site) {
    return Add("InitBuffer of " + name, site, nullptr);
}

void UndefinedOrigins::Tag(uint32_t offset, uint64_t bytes, uint32_t id) {
    if (bytes == 0) return;
    const uint32_t end = static_cast<uint32_t>(offset + bytes);
    if (id == 0 && intervals_.empty()) return;
    // A kernel re-tags the same bytes with the same origin tile after tile (a row's padding,
    // the results computed from it): an interval that is exactly this one needs no change.
    if (id != 0) {
        const auto same = intervals_.find(offset);
        if (same != intervals_.end() && same->second.first == end && same->second.second == id) return;
    }
    // An interval that starts before `offset` and reaches into it keeps only its head (and
    // its tail past `end`).
    auto it = intervals_.lower_bound(offset);
    if (it != intervals_.begin()) {
        auto before = std::prev(it);
        auto [beforeEnd, beforeId] = before->second;
        if (beforeEnd > offset) {
            before->second.first = offset;
            if (beforeEnd > end) intervals_[end] = {beforeEnd, beforeId};
        }
    }
    it = intervals_.lower_bound(offset);
    while (it != intervals_.end() && it->first < end) {
        auto [itEnd, itId] = it->second;
        it = intervals_.erase(it);
        if (itEnd > end) {
            intervals_[end] = {itEnd, itId};
            break;
        }
    }
    if (id != 0) intervals_[offset] = {end, id};
}

uint32_t UndefinedOrigins::At(uint32_t offset) const {
    auto it = intervals_.upper_bound(offset);
    if (it == intervals_.begin()) return 0;
    --it;
    return offset < it->second.first ? it->second.second : 0;
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
    std::string text = "undefined since " + origin.what + (member.empty() ? "" : " [member " + member + "]") +
                       (where.empty() ? "" : " at " + where);
    if (origin.read) {
        std::string read = ShortCallSite(*origin.firstRead);
        if (!read.empty()) text += "; first read by the instruction at " + read;
    }
    return text;
}

}  // namespace sim
