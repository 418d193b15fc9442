#include "ascendc_sim/core/core_pool.h"

#include <pthread.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <thread>
#include <vector>

#include "ascendc_sim/core/fork_guard.h"

#if defined(__SANITIZE_ADDRESS__)
#define SIM_FIBER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIM_FIBER_ASAN 1
#endif
#endif
#ifdef SIM_FIBER_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace sim {
namespace {

using Body = std::function<void(uint32_t, CoreArena&)>;

// Kernels keep LocalTensor arrays and tiling structs on the stack; ASan's redzones make frames
// several times larger. Untouched pages cost nothing (mmap reserves, first touch commits).
#ifdef SIM_FIBER_ASAN
constexpr size_t kFiberStackBytes = size_t{4} << 20;
#else
constexpr size_t kFiberStackBytes = size_t{1} << 20;
#endif

// ---- switch annotations: ASan must know which stack is live, or it reports false errors ----
void StartSwitch(void** fakeStackSave, const void* bottom, size_t size) {
#ifdef SIM_FIBER_ASAN
    __sanitizer_start_switch_fiber(fakeStackSave, bottom, size);
#else
    (void)fakeStackSave, (void)bottom, (void)size;
#endif
}
void FinishSwitch(void* fakeStackSave, const void** bottomOld, size_t* sizeOld) {
#ifdef SIM_FIBER_ASAN
    __sanitizer_finish_switch_fiber(fakeStackSave, bottomOld, sizeOld);
#else
    (void)fakeStackSave, (void)bottomOld, (void)sizeOld;
#endif
}

// A fiber's stack: mmap'd with a PROT_NONE guard page below it, so an overflow faults at once
// instead of overwriting another fiber's memory.
class FiberStack {
public:
    FiberStack() {
        const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        mapped_ = kFiberStackBytes + page;
        void* base = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
        if (base == MAP_FAILED) throw std::bad_alloc();
        mprotect(base, page, PROT_NONE);
        base_ = static_cast<char*>(base);
        bottom_ = base_ + page;
    }
    FiberStack(const FiberStack&) = delete;
    FiberStack& operator=(const FiberStack&) = delete;
    ~FiberStack() { munmap(base_, mapped_); }
    char* Bottom() const { return bottom_; }
    size_t Size() const { return kFiberStackBytes; }

private:
    char* base_ = nullptr;
    char* bottom_ = nullptr;
    size_t mapped_ = 0;
};

struct Run;

// One emulated core's execution context, reused across launches with its stack and arena.
struct Fiber {
    FiberStack stack;
    ucontext_t context{};
    std::unique_ptr<CoreArena> arena;
    void* fakeStack = nullptr;  // ASan's fake stack of this fiber while switched out
    // This launch:
    Run* run = nullptr;
    uint32_t index = 0;
    bool done = false;
    CoreState* core = nullptr;  // the fiber's current core while it is switched out
    // While it waits in WaitForCores:
    std::mutex* waitMutex = nullptr;
    const std::function<bool()>* ready = nullptr;
    std::condition_variable* waitCv = nullptr;

    // Core `i` of `run`, to start at FiberMain when first switched to.
    void Begin(Run& launch, uint32_t i);
};

// One RunOnCores call, shared by its host threads: fibers are started in index order by
// whichever host thread is free, then stay on that thread (thread_local state must not move).
struct Run {
    const Body* body = nullptr;
    uint64_t ubBytes = 0;
    std::vector<Fiber*> fibers;
    std::atomic<uint32_t> next{0};
};

// An arena sized for `ubBytes`, made (or remade for another SoC's UB) on demand, then Reset.
CoreArena& Prepared(std::unique_ptr<CoreArena>& arena, uint64_t ubBytes) {
    if (!arena || arena->ub.size() != ubBytes) arena = std::make_unique<CoreArena>(ubBytes);
    arena->Reset();
    return *arena;
}

// The scheduler of one host thread during one RunOnCores call: runs fibers until each is done.
class HostScheduler {
public:
    void Schedule(Run& run);
    void Yield(Fiber* fiber);
    [[noreturn]] void Exit();
    Fiber* Running() const { return running_; }
    void NoteStack(void* fakeStack, Fiber* fiber);

private:
    Fiber* NextRunnable(Run& run);
    void SwitchTo(Fiber* fiber);
    void BlockUntilReady();

    ucontext_t scheduler_{};
    Fiber* running_ = nullptr;
    std::vector<Fiber*> waiting_;
    std::deque<Fiber*> ready_;
    void* fakeStack_ = nullptr;      // ASan: this thread's own fake stack while a fiber runs
    const void* threadBottom_ = nullptr;  // ASan: this thread's stack, to switch back to
    size_t threadSize_ = 0;
};

thread_local HostScheduler* t_scheduler = nullptr;

void FiberMain() {
    HostScheduler* scheduler = t_scheduler;
    Fiber* fiber = scheduler->Running();
    scheduler->NoteStack(nullptr, fiber);
    (*fiber->run->body)(fiber->index, Prepared(fiber->arena, fiber->run->ubBytes));
    fiber->done = true;
    t_scheduler->Exit();
}

void Fiber::Begin(Run& launch, uint32_t i) {
    run = &launch;
    index = i;
    done = false;
    core = nullptr;
    getcontext(&context);
    context.uc_stack.ss_sp = stack.Bottom();
    context.uc_stack.ss_size = stack.Size();
    context.uc_link = nullptr;
    makecontext(&context, FiberMain, 0);
}

void HostScheduler::NoteStack(void* fakeStack, Fiber* fiber) {
    (void)fiber;
    FinishSwitch(fakeStack, &threadBottom_, &threadSize_);
}

void HostScheduler::SwitchTo(Fiber* fiber) {
    running_ = fiber;
    detail::SetCurrentCore(fiber->core);
    StartSwitch(&fakeStack_, fiber->stack.Bottom(), fiber->stack.Size());
    swapcontext(&scheduler_, &fiber->context);
    FinishSwitch(fakeStack_, nullptr, nullptr);
    fiber->core = CurrentCoreOrNull();
    running_ = nullptr;
}

void HostScheduler::Yield(Fiber* fiber) {
    StartSwitch(&fiber->fakeStack, threadBottom_, threadSize_);
    swapcontext(&fiber->context, &scheduler_);
    FinishSwitch(fiber->fakeStack, &threadBottom_, &threadSize_);
}

void HostScheduler::Exit() {
    StartSwitch(nullptr, threadBottom_, threadSize_);  // nullptr: this fiber's fake stack is freed
    setcontext(&scheduler_);
    std::abort();  // setcontext returns only on failure
}

// A fiber that waits and may go on, else a fiber not started yet, else nullptr.
Fiber* HostScheduler::NextRunnable(Run& run) {
    if (ready_.empty()) {
        // Start every fiber before rechecking the waiting ones: a barrier needs them all.
        const uint32_t i = run.next.fetch_add(1, std::memory_order_relaxed);
        if (i < run.fibers.size()) {
            run.fibers[i]->Begin(run, i);
            return run.fibers[i];
        }
        for (size_t k = 0; k < waiting_.size();) {
            Fiber* fiber = waiting_[k];
            std::unique_lock<std::mutex> lock(*fiber->waitMutex);
            if ((*fiber->ready)()) {
                ready_.push_back(fiber);
                waiting_[k] = waiting_.back();
                waiting_.pop_back();
            } else {
                ++k;
            }
        }
    }
    if (ready_.empty()) return nullptr;
    Fiber* fiber = ready_.front();
    ready_.pop_front();
    return fiber;
}

// Every fiber of this thread waits: block the thread until one of them may go on. The fibers
// of one launch wait on the same mutex and condition variable (the launch's barrier).
void HostScheduler::BlockUntilReady() {
    Fiber* first = waiting_.front();
    std::unique_lock<std::mutex> lock(*first->waitMutex);
    first->waitCv->wait(lock, [&] {
        for (Fiber* fiber : waiting_) {
            if (fiber->waitMutex == first->waitMutex && (*fiber->ready)()) return true;
        }
        return false;
    });
}

void HostScheduler::Schedule(Run& run) {
    HostScheduler* outerScheduler = t_scheduler;
    CoreState* outerCore = CurrentCoreOrNull();
    t_scheduler = this;
    while (true) {
        Fiber* fiber = NextRunnable(run);
        if (fiber == nullptr) {
            if (waiting_.empty()) break;
            BlockUntilReady();
            continue;
        }
        SwitchTo(fiber);
        if (!fiber->done) waiting_.push_back(fiber);  // it yielded in WaitForCores
    }
    t_scheduler = outerScheduler;
    detail::SetCurrentCore(outerCore);
}

// Counts down the host threads of one RunOnCores call.
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

class Worker {
public:
    Worker() : thread_([this] { Loop(); }) { thread_.detach(); }

    void Start(Run* run, Latch* latch) {
        std::lock_guard<std::mutex> lock(mutex_);
        run_ = run;
        latch_ = latch;
        wake_.notify_one();
    }

private:
    void Loop() {
        std::unique_lock<std::mutex> lock(mutex_);
        while (true) {
            wake_.wait(lock, [&] { return run_ != nullptr; });
            Run* run = run_;
            Latch* latch = latch_;
            lock.unlock();
            HostScheduler().Schedule(*run);
            lock.lock();
            run_ = nullptr;
            latch->CountDown();  // after clearing run_: the worker may be handed out again at once
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    Run* run_ = nullptr;
    Latch* latch_ = nullptr;
    std::thread thread_;  // last: started once the members above exist
};

// Workers are never destroyed: they wait detached on their own condition variable, and
// the process may exit at any time (Python's interpreter does not join foreign threads).
// Idle fibers are kept too (their arenas are the per-core state the next launch reuses).
class Pool {
public:
    std::vector<Worker*> TakeWorkers(uint32_t count) { return Take(idleWorkers_, workers_, count); }
    void GiveWorkers(const std::vector<Worker*>& workers) { Give(idleWorkers_, workers); }
    std::vector<Fiber*> TakeFibers(uint32_t count) { return Take(idleFibers_, fibers_, count); }
    void GiveFibers(const std::vector<Fiber*>& fibers) { Give(idleFibers_, fibers); }
    uint32_t Workers() {
        std::lock_guard<std::mutex> lock(mutex_);
        return workers_;
    }
    uint32_t Fibers() {
        std::lock_guard<std::mutex> lock(mutex_);
        return fibers_;
    }
    // In a forked child only the forking thread exists: the workers are gone, and so are the
    // fibers other threads were running; idle fibers were copied whole and stay usable. The
    // lock was held across the fork and is made anew (fork_guard.h), so the lists are whole.
    void ForgetAfterFork() {
        idleWorkers_.clear();
        workers_ = 0;
        fibers_ = static_cast<uint32_t>(idleFibers_.size());
    }

private:
    template <typename T>
    std::vector<T*> Take(std::vector<T*>& idle, uint32_t& alive, uint32_t count) {
        std::lock_guard<std::mutex> lock(mutex_);
        std::vector<T*> taken;
        taken.reserve(count);
        while (taken.size() < count && !idle.empty()) {
            taken.push_back(idle.back());
            idle.pop_back();
        }
        while (taken.size() < count) {
            taken.push_back(new T);
            ++alive;
        }
        return taken;
    }
    template <typename T>
    void Give(std::vector<T*>& idle, const std::vector<T*>& items) {
        std::lock_guard<std::mutex> lock(mutex_);
        idle.insert(idle.end(), items.begin(), items.end());
    }

    ForkSafeMutex mutex_{LockRank::CorePool};
    std::vector<Worker*> idleWorkers_;
    std::vector<Fiber*> idleFibers_;
    uint32_t workers_ = 0;
    uint32_t fibers_ = 0;
};

Pool& ThePool() {
    static Pool* pool = [] {
        auto* created = new Pool;
        pthread_atfork(nullptr, nullptr, [] { ThePool().ForgetAfterFork(); });
        return created;
    }();
    return *pool;
}
[[maybe_unused]] Pool& g_poolMade = ThePool();  // at library load (see fork_guard.h)

uint32_t HostThreads() {
    static const uint32_t threads = std::max(1u, std::thread::hardware_concurrency());
    return threads;
}

thread_local std::unique_ptr<CoreArena> t_callerArena;  // a one-core launch runs on the caller's stack

}  // namespace

void RunOnCores(uint32_t count, uint64_t ubBytes, const Body& body) {
    if (count == 0) return;
    if (count == 1) {  // nothing to wait for: no fiber, no switch
        body(0, Prepared(t_callerArena, ubBytes));
        return;
    }
    Run run;
    run.body = &body;
    run.ubBytes = ubBytes;
    run.fibers = ThePool().TakeFibers(count);
    const uint32_t hosts = std::min(count, HostThreads());
    std::vector<Worker*> workers = ThePool().TakeWorkers(hosts - 1);
    Latch latch;
    latch.remaining = hosts - 1;
    for (Worker* worker : workers) worker->Start(&run, &latch);
    HostScheduler().Schedule(run);
    if (hosts > 1) latch.Wait();
    ThePool().GiveWorkers(workers);
    ThePool().GiveFibers(run.fibers);
}

void WaitForCores(std::unique_lock<std::mutex>& lock, std::condition_variable& cv, const std::function<bool()>& ready) {
    HostScheduler* scheduler = t_scheduler;
    Fiber* fiber = scheduler != nullptr ? scheduler->Running() : nullptr;
    if (fiber == nullptr) {
        cv.wait(lock, ready);
        return;
    }
    while (!ready()) {
        fiber->waitMutex = lock.mutex();
        fiber->waitCv = &cv;
        fiber->ready = &ready;
        lock.unlock();
        scheduler->Yield(fiber);
        lock.lock();
    }
}

void YieldCore() {
    HostScheduler* scheduler = t_scheduler;
    Fiber* fiber = scheduler != nullptr ? scheduler->Running() : nullptr;
    if (fiber == nullptr) return;
    // Waiting for nothing: the scheduler runs the fibers not started yet, and the waiting ones
    // that may go on, before this one again.
    static std::mutex never;
    static std::condition_variable unused;
    static const std::function<bool()> always = [] { return true; };
    fiber->waitMutex = &never;
    fiber->waitCv = &unused;
    fiber->ready = &always;
    scheduler->Yield(fiber);
}

uint32_t PooledCoreThreads() { return ThePool().Workers(); }
uint32_t PooledCoreFibers() { return ThePool().Fibers(); }

}  // namespace sim
