// Calls that run with the GIL released, made safe against the interpreter's exit.
//
// At exit CPython ends daemon threads that try to retake the GIL once finalization has begun
// (pthread_exit in 3.11-3.13, a forced unwind; 3.14 hangs them instead). A thread inside the
// op at that moment would retake the GIL in pybind11's gil_scoped_release destructor, which
// is noexcept: the unwind terminated the process (SIGABRT). So the binding keeps count of the
// calls that have released the GIL, and an atexit callback (run while the interpreter is still
// whole) closes the gate and waits until none is left: each retakes the GIL normally. After
// that a call from any other thread than the exiting one releases the GIL and parks until the
// process ends (as CPython itself treats daemon threads), so none is inside the op when
// finalization starts, and the process exits with its own status.
#pragma once
#include <Python.h>

#include <utility>

namespace lstm_cell_grad::py {

// Marks the calling thread (which holds the GIL) as about to release it for a call; parks
// forever if the gate is closed and this is not the exiting thread.
void EnterGilFreeCall();
// Ends the mark, after the GIL was retaken.
void LeaveGilFreeCall();
// The atexit callback: closes the gate and waits (GIL released) until no call is inside.
void CloseGateAndDrain();
// Whether the gate is closed: the process is exiting (thread-exit clean-up then leaves
// process-wide state alone, as static destructors may be running).
bool ProcessExiting();
// Opens the gate at module initialisation, and registers its fork handlers.
void InitCallGate();

// Runs `work()` with the GIL released and returns its result; the GIL is retaken in this
// ordinary frame, never in a noexcept destructor.
template <typename Work>
auto WithoutGil(Work&& work) -> decltype(work());

}  // namespace lstm_cell_grad::py

template <typename Work>
auto lstm_cell_grad::py::WithoutGil(Work&& work) -> decltype(work()) {
    EnterGilFreeCall();
    PyThreadState* state = PyEval_SaveThread();
    try {
        auto result = std::forward<Work>(work)();
        PyEval_RestoreThread(state);
        LeaveGilFreeCall();
        return result;
    } catch (...) {
        PyEval_RestoreThread(state);
        LeaveGilFreeCall();
        throw;
    }
}
