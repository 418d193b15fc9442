// The sim's process-wide locks, held across fork() so that a child forked while other threads
// are inside the sim finds every lock free and every structure it guards whole.
//
// A forked child has only the forking thread: a lock another thread held at the fork stays
// held for ever (the child's first aclrtMalloc blocked), and the structure it guarded may be
// half changed. Every process-wide lock of the sim is a ForkSafe<...>, registered at
// construction with its rank. pthread_atfork's prepare takes them all in rank order (the
// forking thread waits until each holder is done), the parent's handler releases them, and
// the child's makes them afresh. The core pool's own child handler forgets its worker
// threads (gone in the child); the next launch in the child starts new ones.
//
// Ranks: a lock taken while another is held must rank after it (aclrtMalloc holds the ACL
// memory lock while it registers GM and reads the default SoC), so that the prepare handler,
// taking them in rank order, can never wait on a holder that waits on it. Per-launch and
// per-worker locks are not registered: no thread of the child uses those objects.
#pragma once
#include <mutex>
#include <new>
#include <shared_mutex>

namespace sim {

enum class LockRank : int {
    EnvironmentReload,
    AclInit,
    IcpuPrint,
    IcpuOutputs,
    AclExecutors,
    AclMemory,
    AclDevice,
    AclEvents,
    PlatformNamed,
    OpRegistry,
    Kernels,
    SocDefaults,
    Gm,
    SourceResolve,
    SourceLines,
    ProfileFile,
    KeptVectors,
    CorePool,
};

namespace detail {
using ForkLockFn = void (*)(void*);
void RegisterForkLock(void* lock, LockRank rank, ForkLockFn acquire, ForkLockFn release, ForkLockFn remake);
void UnregisterForkLock(void* lock);
}  // namespace detail

template <typename Mutex>
class ForkSafe : public Mutex {
public:
    explicit ForkSafe(LockRank rank) {
        detail::RegisterForkLock(this, rank, &Acquire, &Release, &Remake);
    }
    ~ForkSafe() { detail::UnregisterForkLock(this); }
    ForkSafe(const ForkSafe&) = delete;
    ForkSafe& operator=(const ForkSafe&) = delete;

private:
    static void Acquire(void* self) { static_cast<ForkSafe*>(self)->Mutex::lock(); }
    static void Release(void* self) { static_cast<ForkSafe*>(self)->Mutex::unlock(); }
    // The child's copy is held by a thread that does not exist there: make it anew.
    static void Remake(void* self) { new (static_cast<Mutex*>(static_cast<ForkSafe*>(self))) Mutex; }
};

using ForkSafeMutex = ForkSafe<std::mutex>;
using ForkSafeSharedMutex = ForkSafe<std::shared_mutex>;

}  // namespace sim
