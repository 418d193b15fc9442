// Events. Work runs when it is issued, so an event is complete as soon as it is recorded;
// what remains to check is that handles are live and streams usable.
#include <map>
#include <memory>
#include <mutex>

#include "acl/acl.h"
#include "acl_state.h"
#include "ascendc_sim/core/fork_guard.h"

namespace sim::acl {
namespace {

struct Event {
    bool recorded = false;
};

ForkSafeMutex g_mutex{LockRank::AclEvents};  // held only around the map, never with another ACL lock
std::map<const void*, std::unique_ptr<Event>> g_events;

aclError Create(const char* api, aclrtEvent* event) {
    if (event == nullptr) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "event is null");
    if (aclError status = detail::RequireDevice(api); status != ACL_SUCCESS) return status;
    std::lock_guard<std::mutex> lock(g_mutex);
    auto created = std::make_unique<Event>();
    *event = created.get();
    g_events.emplace(created.get(), std::move(created));
    return ACL_SUCCESS;
}

// Calls `use` on the live event, or fails naming `api`.
template <class Use>
aclError WithEvent(const char* api, aclrtEvent event, Use use) {
    if (event == nullptr) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "event is null");
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_events.find(event);
    if (it == g_events.end()) {
        return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                            "not a live event (never created by aclrtCreateEvent*, or already destroyed)");
    }
    use(*it->second);
    return ACL_SUCCESS;
}

}  // namespace
}  // namespace sim::acl

extern "C" {

aclError aclrtCreateEvent(aclrtEvent* event) { return sim::acl::Create("aclrtCreateEvent", event); }
aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t /*flag*/) {
    return sim::acl::Create("aclrtCreateEventWithFlag", event);
}
aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t /*flag*/) {
    return sim::acl::Create("aclrtCreateEventExWithFlag", event);
}

aclError aclrtDestroyEvent(aclrtEvent event) {
    if (event == nullptr) return sim::acl::detail::Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent", "event is null");
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    if (sim::acl::g_events.erase(event) == 0) {
        return sim::acl::detail::Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtDestroyEvent",
                                      "not a live event (never created by aclrtCreateEvent*, or already destroyed)");
    }
    return ACL_SUCCESS;
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    if (aclError status = sim::acl::detail::RequireStream("aclrtRecordEvent", stream); status != ACL_SUCCESS) {
        return status;
    }
    return sim::acl::WithEvent("aclrtRecordEvent", event, [](sim::acl::Event& e) { e.recorded = true; });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
    if (aclError status = sim::acl::detail::RequireStream("aclrtResetEvent", stream); status != ACL_SUCCESS) {
        return status;
    }
    return sim::acl::WithEvent("aclrtResetEvent", event, [](sim::acl::Event& e) { e.recorded = false; });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    if (aclError status = sim::acl::detail::RequireStream("aclrtStreamWaitEvent", stream); status != ACL_SUCCESS) {
        return status;
    }
    return sim::acl::WithEvent("aclrtStreamWaitEvent", event, [](sim::acl::Event&) {});
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
    return sim::acl::WithEvent("aclrtSynchronizeEvent", event, [](sim::acl::Event&) {});
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
    if (status == nullptr) {
        return sim::acl::detail::Fail(ACL_ERROR_INVALID_PARAM, "aclrtQueryEventStatus", "status is null");
    }
    return sim::acl::WithEvent("aclrtQueryEventStatus", event, [status](sim::acl::Event& e) {
        *status = e.recorded ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    });
}

}  // extern "C"
