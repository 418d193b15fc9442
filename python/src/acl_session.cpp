#include "acl_session.h"

#include "call_gate.h"

#include <pthread.h>

#include <algorithm>
#include <new>
#include <mutex>
#include <vector>


namespace lstm_cell_grad::py {
namespace {

// aclInit once per process. A plain lock and flag rather than std::call_once, so the fork
// handlers can hold it across fork(): a once left in flight by another thread would block a
// forked child's first call for ever.
std::mutex g_initMutex;
bool g_initDone = false;
AclFailure g_initResult;

AclFailure InitOnce() {
    std::lock_guard<std::mutex> lock(g_initMutex);
    if (!g_initDone) {
        aclError status = aclInit(nullptr);
        // Another module of the process (a C++ extension, the PyTorch adapter) may have
        // initialised ACL already: that is the state we need.
        if (status == ACL_ERROR_REPEAT_INITIALIZE) {
            TakeRecentErrors();
            status = ACL_SUCCESS;
        }
        if (status != ACL_SUCCESS) g_initResult = Failure(status, "aclInit");
        g_initDone = true;
    }
    return g_initResult;
}

// A device buffer the thread keeps between calls.
struct KeptBuffer {
    void* device;
    size_t bytes;
    bool taken;      // handed out to the current call
    bool takenThisCall;
};

// One device reference, one stream and the kept device buffers per thread, released when the
// thread exits (or the binding is made afresh).
struct ThreadBinding {
    aclrtStream stream = nullptr;
    bool holdsDevice = false;
    std::vector<KeptBuffer> buffers;
    void FreeBuffers() {
        for (const KeptBuffer& buffer : buffers) aclrtFree(buffer.device);
        buffers.clear();
    }
    ~ThreadBinding() {
        // A thread ended during the interpreter's exit (a daemon thread at finalization) may
        // run this while static destructors run: the process's end frees everything anyway.
        if (ProcessExiting()) return;
        FreeBuffers();
        if (stream != nullptr) aclrtDestroyStream(stream);
        if (holdsDevice) aclrtResetDevice(0);
        TakeRecentErrors();
    }
};
thread_local ThreadBinding t_binding;

}  // namespace

void RegisterSessionForkHandlers() {
    static const int registered = pthread_atfork([] { g_initMutex.lock(); }, [] { g_initMutex.unlock(); },
                                                 [] { new (&g_initMutex) std::mutex; });
    (void)registered;
}

std::string TakeRecentErrors() {
    const char* text = aclGetRecentErrMsg();
    return text == nullptr ? std::string() : std::string(text);
}

AclFailure Failure(aclError status, const char* api) {
    std::string message = TakeRecentErrors();
    if (message.empty()) message = std::string(api) + " failed with status " + std::to_string(status);
    return AclFailure{status, message};
}

AclFailure ThreadStream(aclrtStream* stream) {
    if (AclFailure init = InitOnce(); !init.ok()) return init;
    // The thread still has its device while our reference holds it, and its streams with
    // it; no device means other code reset it to the last reference (ours included), so
    // bind afresh. aclrtGetDevice's refusal leaves a message, which is not this call's.
    int32_t device = -1;
    if (t_binding.stream != nullptr && aclrtGetDevice(&device) == ACL_SUCCESS && device == 0) {
        *stream = t_binding.stream;
        return {};
    }
    TakeRecentErrors();
    t_binding.FreeBuffers();  // made under the old binding
    TakeRecentErrors();
    t_binding.stream = nullptr;
    t_binding.holdsDevice = false;
    if (aclError status = aclrtSetDevice(0); status != ACL_SUCCESS) return Failure(status, "aclrtSetDevice");
    t_binding.holdsDevice = true;
    if (aclError status = aclrtCreateStream(&t_binding.stream); status != ACL_SUCCESS) {
        t_binding.stream = nullptr;
        return Failure(status, "aclrtCreateStream");
    }
    *stream = t_binding.stream;
    return {};
}

AclFailure TakeDeviceBuffer(size_t bytes, void** device) {
    for (KeptBuffer& buffer : t_binding.buffers) {
        if (!buffer.taken && buffer.bytes == bytes) {
            buffer.taken = buffer.takenThisCall = true;
            *device = buffer.device;
            return {};
        }
    }
    if (aclError status = aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST); status != ACL_SUCCESS) {
        *device = nullptr;
        return Failure(status, "aclrtMalloc");
    }
    t_binding.buffers.push_back(KeptBuffer{*device, bytes, true, true});
    return {};
}

void GiveDeviceBuffer(void* device) {
    for (KeptBuffer& buffer : t_binding.buffers) {
        if (buffer.device == device) buffer.taken = false;
    }
}

void EndCallDeviceBuffers() {
    auto unused = [](const KeptBuffer& buffer) { return !buffer.taken && !buffer.takenThisCall; };
    for (const KeptBuffer& buffer : t_binding.buffers) {
        if (unused(buffer)) aclrtFree(buffer.device);
    }
    t_binding.buffers.erase(std::remove_if(t_binding.buffers.begin(), t_binding.buffers.end(), unused),
                            t_binding.buffers.end());
    for (KeptBuffer& buffer : t_binding.buffers) buffer.takenThisCall = false;
}

}  // namespace lstm_cell_grad::py
