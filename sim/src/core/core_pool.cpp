#include "ascendc_sim/core/core_pool.h"

#include <pthread.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace sim {
namespace {

using Body = std::function<void(uint32_t, CoreArena&)>;

// Counts down the bodies of one RunOnCores call.
struct Latch {
    std::mutex mutex;
    std::condition_variable done;
    uint32_t remaining = 0;

    void CountDown() {
        std::lock_guard<std::mutex> lock(mutex);
        if (--remaining == 0) done.notify_all();
    }
    void Wait() {
        std::unique_lock<std::mutex> lock(mutex);
        done.wait(lock, [&] { return remaining == 0; });
    }
};

// An arena sized for `ubBytes`, made (or remade for another SoC's UB) on demand, then Reset.
CoreArena& Prepared(std::unique_ptr<CoreArena>& arena, uint64_t ubBytes) {
    if (!arena || arena->ub.size() != ubBytes) arena = std::make_unique<CoreArena>(ubBytes);
    arena->Reset();
    return *arena;
}

class Worker {
public:
    Worker() : thread_([this] { Loop(); }) { thread_.detach(); }

    void Start(const Body* body, uint32_t index, uint64_t ubBytes, Latch* latch) {
        std::lock_guard<std::mutex> lock(mutex_);
        body_ = body;
        index_ = index;
        ubBytes_ = ubBytes;
        latch_ = latch;
        wake_.notify_one();
    }

private:
    void Loop() {
        std::unique_lock<std::mutex> lock(mutex_);
        while (true) {
            wake_.wait(lock, [&] { return body_ != nullptr; });
            const Body* body = body_;
            Latch* latch = latch_;
            lock.unlock();
            (*body)(index_, Prepared(arena_, ubBytes_));
            lock.lock();
            body_ = nullptr;
            latch->CountDown();  // after clearing body_: the worker may be handed out again at once
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    const Body* body_ = nullptr;
    uint32_t index_ = 0;
    uint64_t ubBytes_ = 0;
    Latch* latch_ = nullptr;
    std::unique_ptr<CoreArena> arena_;
    std::thread thread_;  // last: started once the members above exist
};

// Workers are never destroyed: they wait detached on their own condition variable, and
// the process may exit at any time (Python's interpreter does not join foreign threads).
class Pool {
public:
    std::vector<Worker*> Take(uint32_t count) {
        std::lock_guard<std::mutex> lock(mutex_);
        std::vector<Worker*> taken;
        taken.reserve(count);
        while (taken.size() < count && !idle_.empty()) {
            taken.push_back(idle_.back());
            idle_.pop_back();
        }
        while (taken.size() < count) {
            taken.push_back(new Worker);
            ++alive_;
        }
        return taken;
    }
    void Give(const std::vector<Worker*>& workers) {
        std::lock_guard<std::mutex> lock(mutex_);
        idle_.insert(idle_.end(), workers.begin(), workers.end());
    }
    uint32_t Alive() {
        std::lock_guard<std::mutex> lock(mutex_);
        return alive_;
    }
    // In a forked child only the forking thread exists: the workers are gone.
    void ForgetAfterFork() {
        new (&mutex_) std::mutex;
        idle_.clear();
        alive_ = 0;
    }

private:
    std::mutex mutex_;
    std::vector<Worker*> idle_;
    uint32_t alive_ = 0;
};

Pool& ThePool() {
    static Pool* pool = [] {
        auto* created = new Pool;
        pthread_atfork(nullptr, nullptr, [] { ThePool().ForgetAfterFork(); });
        return created;
    }();
    return *pool;
}

thread_local std::unique_ptr<CoreArena> t_callerArena;  // core 0 runs on the calling thread

}  // namespace

void RunOnCores(uint32_t count, uint64_t ubBytes, const Body& body) {
    if (count == 0) return;
    Latch latch;
    latch.remaining = count - 1;
    std::vector<Worker*> workers = ThePool().Take(count - 1);
    for (uint32_t i = 1; i < count; ++i) workers[i - 1]->Start(&body, i, ubBytes, &latch);
    body(0, Prepared(t_callerArena, ubBytes));
    latch.Wait();
    ThePool().Give(workers);
}

uint32_t PooledCoreThreads() { return ThePool().Alive(); }

}  // namespace sim
