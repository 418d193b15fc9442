#include "ascendc_sim/core/gm.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "ascendc_sim/core/fork_guard.h"

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
ForkSafeSharedMutex g_mutex{LockRank::Gm};
std::atomic<uint64_t> g_serial{0};
// A copy of the registry's extents, for FindGmExtent. Every DMA asks for the allocation of its
// GlobalTensor, and asking the registry means its shared lock, whose counter the host threads
// would pass back and forth between their caches at every DMA. The copy is rewritten with every
// change of the registry, under its exclusive lock, and read without a lock and without writing
// anything: a reader that saw the sequence count odd (a rewrite under way) or changed by the
// time it finished asks the registry instead. Rewritten only while the registry holds at most
// kMaxCopiedGmExtents allocations.
struct ExtentCopy {
    std::atomic<uint64_t> sequence{0};
    std::atomic<size_t> count{0};  // > kMaxCopiedGmExtents: not copied
    std::atomic<uintptr_t> bases[kMaxCopiedGmExtents];
    std::atomic<size_t> bytes[kMaxCopiedGmExtents];
};
ExtentCopy g_extents;

// Rewrites g_extents after a change. Caller holds g_mutex exclusively (so writers take turns).
void RecopyExtents() {
    const uint64_t sequence = g_extents.sequence.load(std::memory_order_relaxed);
    g_extents.sequence.store(sequence + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);  // odd before any entry changes
    const auto& registry = Registry();
    if (registry.size() > kMaxCopiedGmExtents) {
        g_extents.count.store(kMaxCopiedGmExtents + 1, std::memory_order_relaxed);
    } else {
        size_t i = 0;
        for (const auto& [base, entry] : registry) {
            g_extents.bases[i].store(base, std::memory_order_relaxed);
            g_extents.bytes[i].store(entry.bytes, std::memory_order_relaxed);
            ++i;
        }
        g_extents.count.store(i, std::memory_order_relaxed);
    }
    g_extents.sequence.store(sequence + 2, std::memory_order_release);
}

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
    RecopyExtents();
    return p;
}

bool FreeGm(void* p) {
    std::unique_lock lock(g_mutex);
    auto it = Registry().find(reinterpret_cast<uintptr_t>(p));
    if (it == Registry().end() || !it->second.owned) return false;
    Registry().erase(it);
    RecopyExtents();
    lock.unlock();
    std::free(p);
    return true;
}

void RegisterGm(const void* p, size_t bytes, const std::string& label) {
    std::unique_lock lock(g_mutex);
    Registry()[reinterpret_cast<uintptr_t>(p)] = Entry{bytes, label, false};
    RecopyExtents();
}

void UnregisterGm(const void* p) {
    std::unique_lock lock(g_mutex);
    auto it = Registry().find(reinterpret_cast<uintptr_t>(p));
    if (it != Registry().end() && !it->second.owned) {
        Registry().erase(it);
        RecopyExtents();
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
    const uint64_t sequence = g_extents.sequence.load(std::memory_order_acquire);
    const size_t count = g_extents.count.load(std::memory_order_relaxed);
    if ((sequence & 1) == 0 && count <= kMaxCopiedGmExtents) {
        // FindLocked's search, on the copy: the last base <= p, if p lies inside its extent.
        size_t low = 0, high = count;  // bases[low, high) may hold the first base > p
        while (low < high) {
            const size_t mid = low + (high - low) / 2;
            if (address < g_extents.bases[mid].load(std::memory_order_relaxed)) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        bool found = false;
        if (low > 0) {
            *base = g_extents.bases[low - 1].load(std::memory_order_relaxed);
            *bytes = g_extents.bytes[low - 1].load(std::memory_order_relaxed);
            found = address < *base + std::max<size_t>(*bytes, 1);
        }
        std::atomic_thread_fence(std::memory_order_acquire);  // the entries read before the recheck
        if (g_extents.sequence.load(std::memory_order_relaxed) == sequence) return found;
    }
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
