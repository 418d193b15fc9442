#include "site_names.h"

#include <fstream>
#include <map>
#include <regex>
#include <unordered_set>
#include <vector>

#include "ascendc_sim/core/source_location.h"

namespace sim::model {
namespace {

constexpr int kCallerFrames = 3;  // the line and up to three callers

std::string LineText(const std::string& file, uint32_t line) {
    std::ifstream in(file);
    std::string text;
    for (uint32_t i = 0; i < line && std::getline(in, text); ++i) {
    }
    return text;
}

// The first CamelCase call on the line that is not a method of an object: "Tanh" in
// "Tanh(gateT, gateT, tmp, n);", "DataCopyPad" in "AscendC::DataCopyPad(x, y, p);",
// "DeQue" in "inQueue_.template DeQue<T>()".
std::string ApiOfLine(const std::string& text) {
    static const std::regex kCall(R"(\b([A-Z][A-Za-z0-9_]*)\s*(?:<[^;()]*>)?\s*\()");
    std::smatch match;
    return std::regex_search(text, match, kCall) ? match[1].str() : std::string();
}

// "build/../op_kernel/x.h" -> "op_kernel/x.h": a path as the compiler saw it, lexically normal.
std::string Normal(const std::string& path) {
    std::vector<std::string> parts;
    size_t from = 0;
    const bool absolute = !path.empty() && path[0] == '/';
    while (from <= path.size()) {
        size_t to = path.find('/', from);
        if (to == std::string::npos) to = path.size();
        const std::string part = path.substr(from, to - from);
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..") parts.pop_back();
            else if (!absolute) parts.push_back(part);
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        from = to + 1;
    }
    std::string out = absolute ? "/" : "";
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
    return out;
}

}  // namespace

SiteNames::SiteNames(const std::vector<const CoreCounters*>& cores) {
    unknown_.code = "(unknown)";
    std::unordered_set<const void*> sites;
    for (const CoreCounters* core : cores) {
        for (const void* site : core->sites) {
            if (site != nullptr) sites.insert(site);
        }
    }
    // One addr2line run per batch of addresses warms the resolver's cache (a stack of them).
    std::vector<const void*> all(sites.begin(), sites.end());
    for (size_t from = 0; from < all.size(); from += CallStack::kMaxDepth) {
        CallStack batch;
        for (size_t i = from; i < all.size() && i < from + CallStack::kMaxDepth; ++i) batch.pcs[batch.depth++] = all[i];
        KernelFrames(batch, 0);
    }
    std::map<std::pair<std::string, uint32_t>, std::string> apis;
    for (const void* site : all) {
        const std::vector<SourceFrame> frames = KernelFrames(CallSiteStack(site), 1 + kCallerFrames);
        SiteName name;
        if (frames.empty()) {
            name = unknown_;
        } else {
            name.code = Normal(frames[0].file) + ":" + std::to_string(frames[0].line);
            name.function = frames[0].function;
            for (size_t i = 1; i < frames.size(); ++i) {
                if (!name.callers.empty()) name.callers += " < ";
                name.callers += Normal(frames[i].file) + ":" + std::to_string(frames[i].line);
            }
            auto key = std::make_pair(frames[0].file, frames[0].line);
            auto it = apis.find(key);
            if (it == apis.end()) it = apis.emplace(key, ApiOfLine(LineText(frames[0].file, frames[0].line))).first;
            name.api = it->second;
        }
        names_.emplace(site, std::move(name));
    }
}

const SiteName& SiteNames::Of(const void* site) const {
    auto it = names_.find(site);
    return it != names_.end() ? it->second : unknown_;
}

}  // namespace sim::model
