// Storage that outlives what filled it. Per-launch records (each core's instruction log, its GM
// accesses, the end-of-launch checks' intervals) would otherwise be allocated and grown from
// empty, reallocating and copying as they grow, in every launch. A finished launch hands its
// vectors here; they are emptied, and later launches take them back with their capacity.
// Bounded in bytes: a vector past the bound is freed as before. Safe from any thread.
#pragma once
#include <cstddef>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#include "ascendc_sim/core/fork_guard.h"

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
private:
    const size_t maxBytes_;
    ForkSafeMutex mutex_{LockRank::KeptVectors};  // held across fork (fork_guard.h)
    std::vector<std::vector<T>> kept_;
    size_t bytes_ = 0;
};

// The one KeptVectors of a use, made on first call (from a static initialiser of the user's
// file, so at library load: a function-local static first made while another thread forks
// would leave its guard taken in the child). Never destroyed: a thread_local LaunchResult may
// let its storage go after static destructors.
template <typename T, size_t kMaxBytes, int kUse = 0>
KeptVectors<T>& TheKeptVectors() {
    static KeptVectors<T>* kept = new KeptVectors<T>(kMaxBytes);
    return *kept;
}

}  // namespace sim
