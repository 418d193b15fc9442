// Storage that outlives what filled it. Per-launch records (each core's instruction log, its GM
// accesses, the end-of-launch checks' intervals) would otherwise be allocated and grown from
// empty, reallocating and copying as they grow, in every launch. A finished launch hands its
// vectors here; they are emptied, and later launches take them back with their capacity.
// Bounded in bytes: a vector past the bound is freed as before. Safe from any thread.
#pragma once
#include <pthread.h>

#include <cstddef>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace sim {

template <typename T>
class KeptVectors {
public:
    explicit KeptVectors(size_t maxBytes) : maxBytes_(maxBytes) {}

    // Keeps `v`'s storage, emptied, if the bound allows, else frees it; `v` is left empty.
    void Keep(std::vector<T>& v) {
        std::vector<T> taken = std::move(v);
        v = std::vector<T>();
        const size_t bytes = taken.capacity() * sizeof(T);
        if (bytes == 0) return;
        taken.clear();
        std::lock_guard<std::mutex> lock(mutex_);
        if (bytes_ + bytes > maxBytes_) return;  // freed with `taken`
        kept_.push_back(std::move(taken));
        bytes_ += bytes;
    }
    // An empty vector, with a kept one's capacity if there is one.
    std::vector<T> Take() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (kept_.empty()) return {};
        std::vector<T> v = std::move(kept_.back());
        kept_.pop_back();
        bytes_ -= v.capacity() * sizeof(T);
        return v;
    }
    // A forked child has only the forking thread: a lock another thread held stays held.
    void ForgetLockAfterFork() { new (&mutex_) std::mutex; }

private:
    const size_t maxBytes_;
    std::mutex mutex_;
    std::vector<std::vector<T>> kept_;
    size_t bytes_ = 0;
};

// Makes the one KeptVectors of a use, which `self` returns (a function holding it in a static).
// Never destroyed: a thread_local LaunchResult may let its storage go after static destructors.
template <typename T, size_t kMaxBytes, KeptVectors<T>& (*self)()>
KeptVectors<T>* NewKeptVectors() {
    pthread_atfork(nullptr, nullptr, [] { self().ForgetLockAfterFork(); });
    return new KeptVectors<T>(kMaxBytes);
}

}  // namespace sim
