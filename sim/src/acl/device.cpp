// Devices and streams. One device (id 0); kernels run synchronously at launch, so a stream
// only has to remember whether a launch on it failed since its last synchronize.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "acl/acl.h"
#include "ascendc_sim/core/fork_guard.h"
#include "acl_state.h"
#include "ascendc_sim/host/acl_runtime.h"

namespace sim::acl {
namespace {

constexpr int32_t kDeviceCount = 1;

struct Stream {
    std::string name;         // "stream #3" / "the default stream"
    bool failed = false;
    std::string failure;      // the first failed launch since the last synchronize
    uint64_t laterFailures = 0;
};

ForkSafeMutex g_mutex{LockRank::AclDevice};
int64_t g_deviceReferences = 0;  // aclrtSetDevice calls not yet matched by aclrtResetDevice
uint64_t g_deviceGeneration = 0; // bumped when the last reference goes: bindings made before are stale
uint64_t g_streamSerial = 0;
Stream g_defaultStream = [] {
    Stream stream;
    stream.name = "the default stream";
    return stream;
}();
std::map<const void*, std::unique_ptr<Stream>> g_streams;  // live streams by handle
struct Context {
    int32_t device = 0;
};
std::map<const void*, std::unique_ptr<Context>> g_contexts;  // live contexts by handle
thread_local const void* t_context = nullptr;              // the calling thread's own context
// The calling thread's binding (its "current context"): device id and the generation it was made in.
thread_local int t_device = -1;
thread_local uint64_t t_deviceGeneration = 0;

// Caller holds g_mutex. nullptr: the default stream; unknown handles: nullptr result.
Stream* FindStream(aclrtStream handle) {
    if (handle == nullptr) return &g_defaultStream;
    auto it = g_streams.find(handle);
    return it == g_streams.end() ? nullptr : it->second.get();
}

bool ThreadHasDevice() {
    return t_device == 0 && t_deviceGeneration == g_deviceGeneration && g_deviceReferences > 0;
}

// Caller holds g_mutex. The device's last reference is gone: its context and streams go too.
void ReleaseDevice() {
    ++g_deviceGeneration;
    g_streams.clear();
    g_contexts.clear();
    g_defaultStream.failed = false;
    g_defaultStream.failure.clear();
    g_defaultStream.laterFailures = 0;
}

// Caller holds g_mutex. Takes the stream's pending failure (if any) into *message.
bool TakeFailure(Stream& stream, std::string* message) {
    if (!stream.failed) return false;
    *message = "a kernel launched on " + stream.name + " failed: " + stream.failure;
    if (stream.laterFailures > 0) {
        *message += " (" + std::to_string(stream.laterFailures) + " later launch(es) on it failed too)";
    }
    stream.failed = false;
    stream.failure.clear();
    stream.laterFailures = 0;
    return true;
}

aclError CheckDeviceId(const char* api, int32_t deviceId) {
    if (deviceId >= 0 && deviceId < kDeviceCount) return ACL_SUCCESS;
    return detail::Fail(ACL_ERROR_RT_INVALID_DEVICEID, api,
                        "device " + std::to_string(deviceId) + " does not exist (the sim has one device, id 0)");
}

}  // namespace

namespace detail {

int CurrentDevice() {
    std::lock_guard<std::mutex> lock(g_mutex);
    return ThreadHasDevice() ? t_device : -1;
}

aclError RequireDevice(const char* api) {
    if (CurrentDevice() >= 0) return ACL_SUCCESS;
    return Fail(ACL_ERROR_RT_CONTEXT_NULL, api, "the calling thread has no device (call aclrtSetDevice(0) first)");
}

aclError RequireStream(const char* api, aclrtStream stream) {
    if (aclError status = RequireDevice(api); status != ACL_SUCCESS) return status;
    std::lock_guard<std::mutex> lock(g_mutex);
    if (FindStream(stream) != nullptr) return ACL_SUCCESS;
    return Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                "not a live stream (never created by aclrtCreateStream, destroyed, or its device was reset)");
}

}  // namespace detail

bool RecordLaunch(aclrtStream stream, const LaunchResult& result, const std::string& launchedBy) {
    std::lock_guard<std::mutex> lock(g_mutex);
    Stream* target = FindStream(stream);
    if (target == nullptr) {
        SetRecentError("kernel '" + result.kernelName + "' was launched on a stream that is not live");
        return result.ok;
    }
    if (!result.ok) {
        if (target->failed) {
            ++target->laterFailures;
        } else {
            target->failed = true;
            target->failure = (launchedBy.empty() ? "" : "(launched by " + launchedBy + ") ") + result.Report();
            while (!target->failure.empty() && target->failure.back() == '\n') target->failure.pop_back();
        }
    }
    return result.ok;
}

bool StreamUsable(aclrtStream stream, std::string* why) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (!ThreadHasDevice()) {
        if (why) *why = "the calling thread has no device (call aclrtSetDevice(0) first)";
        return false;
    }
    if (FindStream(stream) == nullptr) {
        if (why) *why = "the stream is not live (never created by aclrtCreateStream, or destroyed)";
        return false;
    }
    return true;
}

}  // namespace sim::acl

using sim::acl::detail::Fail;

extern "C" {

aclError aclrtSetDevice(int32_t deviceId) {
    if (aclError status = sim::acl::CheckDeviceId("aclrtSetDevice", deviceId); status != ACL_SUCCESS) return status;
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    ++sim::acl::g_deviceReferences;
    sim::acl::t_device = deviceId;
    sim::acl::t_deviceGeneration = sim::acl::g_deviceGeneration;
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
    if (aclError status = sim::acl::CheckDeviceId("aclrtResetDevice", deviceId); status != ACL_SUCCESS) return status;
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    // The device (and every thread's binding to it) goes with the last reference; until then
    // the calling thread keeps its context, as in CANN.
    if (sim::acl::g_deviceReferences > 0 && --sim::acl::g_deviceReferences == 0) sim::acl::ReleaseDevice();
    return ACL_SUCCESS;
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
    if (aclError status = sim::acl::CheckDeviceId("aclrtResetDeviceForce", deviceId); status != ACL_SUCCESS) {
        return status;
    }
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    sim::acl::g_deviceReferences = 0;
    sim::acl::ReleaseDevice();
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t* deviceId) {
    if (deviceId == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", "deviceId is null");
    int device = sim::acl::detail::CurrentDevice();
    if (device < 0) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice",
                    "the calling thread has no device (call aclrtSetDevice(0) first)");
    }
    *deviceId = device;
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count) {
    if (count == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", "count is null");
    *count = sim::acl::kDeviceCount;
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
    if (runMode == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode", "runMode is null");
    *runMode = ACL_HOST;  // the program runs on a host next to the (emulated) device
    return ACL_SUCCESS;
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext", "context is null");
    if (aclError status = sim::acl::CheckDeviceId("aclrtCreateContext", deviceId); status != ACL_SUCCESS) {
        return status;
    }
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    ++sim::acl::g_deviceReferences;
    sim::acl::t_device = deviceId;
    sim::acl::t_deviceGeneration = sim::acl::g_deviceGeneration;
    auto created = std::make_unique<sim::acl::Context>();
    created->device = deviceId;
    *context = created.get();
    sim::acl::t_context = created.get();
    sim::acl::g_contexts.emplace(created.get(), std::move(created));
    return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext", "context is null");
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    if (sim::acl::g_contexts.erase(context) == 0) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtDestroyContext",
                    "not a live context (never created by aclrtCreateContext, already destroyed, or its device "
                    "was reset)");
    }
    if (sim::acl::t_context == context) sim::acl::t_context = nullptr;
    if (sim::acl::g_deviceReferences > 0 && --sim::acl::g_deviceReferences == 0) sim::acl::ReleaseDevice();
    return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext", "context is null");
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    auto it = sim::acl::g_contexts.find(context);
    if (it == sim::acl::g_contexts.end()) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtSetCurrentContext",
                    "not a live context (never created by aclrtCreateContext, destroyed, or its device was reset)");
    }
    sim::acl::t_device = it->second->device;
    sim::acl::t_deviceGeneration = sim::acl::g_deviceGeneration;
    sim::acl::t_context = context;
    return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext", "context is null");
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    if (sim::acl::t_context == nullptr || sim::acl::g_contexts.count(sim::acl::t_context) == 0 ||
        !sim::acl::ThreadHasDevice()) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetCurrentContext",
                    "the calling thread has no current context (aclrtCreateContext or aclrtSetCurrentContext)");
    }
    *context = const_cast<void*>(sim::acl::t_context);
    return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream* stream) {
    if (stream == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", "stream is null");
    if (aclError status = sim::acl::detail::RequireDevice("aclrtCreateStream"); status != ACL_SUCCESS) return status;
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    auto created = std::make_unique<sim::acl::Stream>();
    created->name = "stream #" + std::to_string(++sim::acl::g_streamSerial);
    *stream = created.get();
    sim::acl::g_streams.emplace(created.get(), std::move(created));
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
    if (stream == nullptr) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream", "stream is null (the default stream cannot be destroyed)");
    }
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    if (sim::acl::g_streams.erase(stream) == 0) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtDestroyStream",
                    "not a live stream (never created by aclrtCreateStream, already destroyed, or its device was reset)");
    }
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
    if (aclError check = sim::acl::detail::RequireStream("aclrtSynchronizeStream", stream); check != ACL_SUCCESS) {
        return check;
    }
    std::string failure;
    {
        std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
        sim::acl::Stream* target = sim::acl::FindStream(stream);
        if (target == nullptr || !sim::acl::TakeFailure(*target, &failure)) return ACL_SUCCESS;
    }
    return Fail(sim::acl::kLaunchFailureStatus, "aclrtSynchronizeStream", failure);
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t /*timeout*/) {
    return aclrtSynchronizeStream(stream);  // nothing is ever pending: no timeout can expire
}

aclError aclrtSynchronizeDevice(void) {
    if (aclError status = sim::acl::detail::RequireDevice("aclrtSynchronizeDevice"); status != ACL_SUCCESS) {
        return status;
    }
    std::string failures;
    {
        std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
        std::string failure;
        if (sim::acl::TakeFailure(sim::acl::g_defaultStream, &failure)) failures = failure;
        for (auto& [handle, stream] : sim::acl::g_streams) {
            if (sim::acl::TakeFailure(*stream, &failure)) failures += (failures.empty() ? "" : "\n") + failure;
        }
    }
    if (failures.empty()) return ACL_SUCCESS;
    return Fail(sim::acl::kLaunchFailureStatus, "aclrtSynchronizeDevice", failures);
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
    if (status == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery", "status is null");
    if (aclError check = sim::acl::detail::RequireStream("aclrtStreamQuery", stream); check != ACL_SUCCESS) return check;
    *status = ACL_STREAM_STATUS_COMPLETE;  // work runs when it is issued
    return ACL_SUCCESS;
}

}  // extern "C"
