#include "call_gate.h"

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <new>
#include <thread>

namespace lstm_cell_grad::py {
namespace {

std::mutex g_mutex;
std::condition_variable g_idle;
int g_inside = 0;                     // calls between EnterGilFreeCall and LeaveGilFreeCall
std::atomic<bool> g_closed{false};
std::thread::id g_exitingThread;      // the thread that closed the gate (runs finalization)

[[noreturn]] void ParkForever() {
    PyEval_SaveThread();  // let the exiting thread go on; this thread never returns to Python
    while (true) std::this_thread::sleep_for(std::chrono::hours(1));
}

}  // namespace

void EnterGilFreeCall() {
    std::unique_lock<std::mutex> lock(g_mutex);
    if (g_closed.load() && std::this_thread::get_id() != g_exitingThread) {
        lock.unlock();
        ParkForever();
    }
    ++g_inside;
}

void LeaveGilFreeCall() {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (--g_inside == 0) g_idle.notify_all();
}

void CloseGateAndDrain() {
    std::unique_lock<std::mutex> lock(g_mutex);
    g_closed.store(true);
    g_exitingThread = std::this_thread::get_id();
    if (g_inside == 0) return;
    lock.unlock();
    PyThreadState* state = PyEval_SaveThread();  // the calls inside need the GIL to leave
    lock.lock();
    g_idle.wait(lock, [] { return g_inside == 0; });
    lock.unlock();
    PyEval_RestoreThread(state);  // still in atexit: the interpreter is whole, nothing exits
}

bool ProcessExiting() { return g_closed.load(); }

void InitCallGate() {
    g_closed.store(false);  // a re-initialised interpreter imports the module again
    static const int registered = pthread_atfork(
        [] { g_mutex.lock(); }, [] { g_mutex.unlock(); },
        [] {
            // Only the forking thread (holding the GIL, so not inside a call) lives on.
            new (&g_mutex) std::mutex;
            new (&g_idle) std::condition_variable;
            g_inside = 0;
        });
    (void)registered;
}

}  // namespace lstm_cell_grad::py
