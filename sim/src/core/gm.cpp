#include "ascendc_sim/core/gm.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace sim {
namespace {

struct Entry {
    size_t bytes;
    std::string label;
    bool owned;
};

// Keyed by base address; a lookup takes the last entry whose base is <= p.
std::map<uintptr_t, Entry>& Registry() {
    static std::map<uintptr_t, Entry> registry;
    return registry;
}
std::shared_mutex g_mutex;
std::atomic<uint64_t> g_serial{0};

// 512 B matches the alignment aclrtMalloc gives on the device; DMA bursts that reach the
// HBM share of a core want 512 B aligned addresses (performance_anchors 1.3).
constexpr size_t kAlign = 512;

}  // namespace

void* AllocGm(size_t bytes, const std::string& origin) {
    size_t rounded = ((bytes == 0 ? 1 : bytes) + kAlign - 1) / kAlign * kAlign;
    void* p = std::aligned_alloc(kAlign, rounded);
    if (p == nullptr) return nullptr;
    std::unique_lock lock(g_mutex);
    Registry()[reinterpret_cast<uintptr_t>(p)] =
        Entry{bytes, origin + " #" + std::to_string(++g_serial), true};
    return p;
}

bool FreeGm(void* p) {
    std::unique_lock lock(g_mutex);
    auto it = Registry().find(reinterpret_cast<uintptr_t>(p));
    if (it == Registry().end() || !it->second.owned) return false;
    Registry().erase(it);
    lock.unlock();
    std::free(p);
    return true;
}

void RegisterGm(const void* p, size_t bytes, const std::string& label) {
    std::unique_lock lock(g_mutex);
    Registry()[reinterpret_cast<uintptr_t>(p)] = Entry{bytes, label, false};
}

void UnregisterGm(const void* p) {
    std::unique_lock lock(g_mutex);
    auto it = Registry().find(reinterpret_cast<uintptr_t>(p));
    if (it != Registry().end() && !it->second.owned) Registry().erase(it);
}

void LabelGm(const void* p, const std::string& label) {
    std::unique_lock lock(g_mutex);
    auto& registry = Registry();
    auto it = registry.upper_bound(reinterpret_cast<uintptr_t>(p));
    if (it == registry.begin()) return;
    --it;
    if (reinterpret_cast<uintptr_t>(p) < it->first + it->second.bytes) it->second.label = label;
}

namespace {
// The entry holding `p`, or the registry's end. Caller holds g_mutex.
std::map<uintptr_t, Entry>::const_iterator FindLocked(const void* p) {
    const auto& registry = Registry();
    auto address = reinterpret_cast<uintptr_t>(p);
    auto it = registry.upper_bound(address);
    if (it == registry.begin()) return registry.end();
    --it;
    // An address one past the end belongs to no allocation, except for empty ranges
    // that callers check separately.
    if (address >= it->first + std::max<size_t>(it->second.bytes, 1)) return registry.end();
    return it;
}
}  // namespace

std::optional<GmAllocation> FindGm(const void* p) {
    std::shared_lock lock(g_mutex);
    auto it = FindLocked(p);
    if (it == Registry().end()) return std::nullopt;
    return GmAllocation{it->first, it->second.bytes, it->second.label};
}

bool FindGmExtent(const void* p, uintptr_t* base, size_t* bytes) {
    std::shared_lock lock(g_mutex);
    auto it = FindLocked(p);
    if (it == Registry().end()) return false;
    *base = it->first;
    *bytes = it->second.bytes;
    return true;
}

size_t LiveGmAllocations() {
    std::shared_lock lock(g_mutex);
    return Registry().size();
}

}  // namespace sim
