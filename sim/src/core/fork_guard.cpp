#include "ascendc_sim/core/fork_guard.h"

#include <pthread.h>

#include <cstdio>
#include <cstdlib>

namespace sim {
namespace {

struct Entry {
    void* lock;
    int rank;
    detail::ForkLockFn acquire, release, remake;
};

// Fixed storage, constant-initialised: locks register from static constructors of any
// translation unit, in any order, and the handlers must not allocate.
constexpr int kMaxLocks = 64;
Entry g_entries[kMaxLocks];
int g_count = 0;            // g_entries[0, g_count), kept sorted by rank
std::mutex g_registryMutex; // constexpr-constructed: usable before any dynamic initialiser

void Prepare() {
    g_registryMutex.lock();
    for (int i = 0; i < g_count; ++i) g_entries[i].acquire(g_entries[i].lock);
}
void Parent() {
    for (int i = g_count - 1; i >= 0; --i) g_entries[i].release(g_entries[i].lock);
    g_registryMutex.unlock();
}
void Child() {
    for (int i = 0; i < g_count; ++i) g_entries[i].remake(g_entries[i].lock);
    new (&g_registryMutex) std::mutex;
}

// At library load. Handlers registered later (the Python binding's) prepare before these and
// release after them, so their locks rank before all of the sim's.
[[maybe_unused]] const int g_registered = pthread_atfork(Prepare, Parent, Child);

}  // namespace

namespace detail {

void RegisterForkLock(void* lock, LockRank rank, ForkLockFn acquire, ForkLockFn release, ForkLockFn remake) {
    std::lock_guard<std::mutex> guard(g_registryMutex);
    if (g_count == kMaxLocks) {
        std::fprintf(stderr, "ascendc_sim: more than %d process-wide locks; raise kMaxLocks in fork_guard.cpp\n",
                     kMaxLocks);
        std::abort();
    }
    int at = g_count++;
    while (at > 0 && g_entries[at - 1].rank > static_cast<int>(rank)) {
        g_entries[at] = g_entries[at - 1];
        --at;
    }
    g_entries[at] = Entry{lock, static_cast<int>(rank), acquire, release, remake};
}

void UnregisterForkLock(void* lock) {
    std::lock_guard<std::mutex> guard(g_registryMutex);
    for (int i = 0; i < g_count; ++i) {
        if (g_entries[i].lock != lock) continue;
        for (int k = i + 1; k < g_count; ++k) g_entries[k - 1] = g_entries[k];
        --g_count;
        return;
    }
}

}  // namespace detail
}  // namespace sim
