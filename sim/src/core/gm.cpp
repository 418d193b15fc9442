#include "ascendc_sim/core/gm.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <iterator>
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
// Counts the changes of the registry's extents (an allocation added or removed; a new label
// is no change), each made under g_mutex held exclusively. 64 bits: it never wraps, so an
// answer found while it had some value holds exactly as long as it keeps that value.
std::atomic<uint64_t> g_generation{1};

// FindGmExtent's recent answers on this host thread: every DMA asks for the allocation of its
// GlobalTensor, a kernel has a handful of those, and asking the registry means its shared lock,
// whose counter the host threads would pass back and forth between their caches. An entry
// holds the addresses [from, to) that get the same answer while the generation is unchanged.
struct CachedExtent {
    uint64_t generation = 0;  // 0: empty (the generation starts at 1)
    uintptr_t from = 0, to = 0;
    uintptr_t base = 0;
    size_t bytes = 0;
};
constexpr size_t kCachedExtents = 8;
struct ExtentCache {
    CachedExtent entries[kCachedExtents];
    size_t next = 0;  // the entry to replace next
};
thread_local ExtentCache t_extents;

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
    g_generation.fetch_add(1, std::memory_order_release);
    return p;
}

bool FreeGm(void* p) {
    std::unique_lock lock(g_mutex);
    auto it = Registry().find(reinterpret_cast<uintptr_t>(p));
    if (it == Registry().end() || !it->second.owned) return false;
    Registry().erase(it);
    g_generation.fetch_add(1, std::memory_order_release);
    lock.unlock();
    std::free(p);
    return true;
}

void RegisterGm(const void* p, size_t bytes, const std::string& label) {
    std::unique_lock lock(g_mutex);
    Registry()[reinterpret_cast<uintptr_t>(p)] = Entry{bytes, label, false};
    g_generation.fetch_add(1, std::memory_order_release);
}

void UnregisterGm(const void* p) {
    std::unique_lock lock(g_mutex);
    auto it = Registry().find(reinterpret_cast<uintptr_t>(p));
    if (it != Registry().end() && !it->second.owned) {
        Registry().erase(it);
        g_generation.fetch_add(1, std::memory_order_release);
    }
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
    const auto address = reinterpret_cast<uintptr_t>(p);
    ExtentCache& cache = t_extents;
    const uint64_t generation = g_generation.load(std::memory_order_acquire);
    for (const CachedExtent& entry : cache.entries) {
        if (entry.generation == generation && address - entry.from < entry.to - entry.from) {
            *base = entry.base;
            *bytes = entry.bytes;
            return true;
        }
    }
    std::shared_lock lock(g_mutex);
    auto it = FindLocked(p);
    if (it == Registry().end()) return false;  // not cached: an error path
    *base = it->first;
    *bytes = it->second.bytes;
    // FindLocked answers `it` for the addresses from its base up to its end or the next
    // allocation's base, whichever comes first.
    auto next = std::next(it);
    uintptr_t to = it->first + std::max<size_t>(it->second.bytes, 1);
    if (next != Registry().end()) to = std::min(to, next->first);
    // Read under the lock: no change can come between the lookup and this value.
    cache.entries[cache.next] = CachedExtent{g_generation.load(std::memory_order_relaxed), it->first, to, it->first,
                                             it->second.bytes};
    cache.next = (cache.next + 1) % kCachedExtents;
    return true;
}

size_t LiveGmAllocations() {
    std::shared_lock lock(g_mutex);
    return Registry().size();
}

}  // namespace sim
