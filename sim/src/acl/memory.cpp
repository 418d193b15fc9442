// Device and host memory: aclrtMalloc/Free, aclrtMallocHost/FreeHost, aclrtHostRegister/
// Unregister, aclrtMemcpy/Memset.
//
// Device memory is GM from the sim's registry, so kernels' DMAs are checked against it. Every
// copy is checked before any byte moves: the device side must lie inside one live allocation,
// the host side outside all of them (a device pointer used as host memory would fault on the
// chip), and count must be in (0, destMax] (rtMemcpy's own rule).
//
// aclrtMalloc is a caching allocator, as the real runtime's memory pool is: aclrtFree
// unregisters the allocation (so every later DMA or copy through the pointer is caught as
// "not device memory") and keeps its host block for the next aclrtMalloc of a similar size.
// A reused block is registered with the new request's exact size, so bounds checks are per
// allocation, never per block; pages stay resident, so repeated calls pay no page faults.
//
// aclrtHostRegister maps host memory for the cores: the range becomes a GM allocation of
// exactly its size under the same address (kernels' DMAs are checked against it), while copies
// and fills still see host memory there, as CANN's mapped address is no copy operand.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "ascendc_sim/core/fork_guard.h"
#include "acl_state.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/acl_runtime.h"

namespace sim::acl {
namespace {

ForkSafeMutex g_mutex{LockRank::AclMemory};
std::map<const void*, size_t> g_deviceAllocations;  // aclrtMalloc'd base -> requested bytes
size_t g_deviceBytes = 0;
std::set<const void*> g_hostAllocations;             // aclrtMallocHost'd bases
std::map<uintptr_t, size_t> g_hostRegistrations;     // aclrtHostRegister'd base -> bytes

constexpr size_t kHostAlignment = 64;
constexpr size_t kDeviceAlignment = 512;  // the device's allocation alignment
// Freed blocks kept for reuse, at most this many bytes in all (the oldest go first).
constexpr size_t kMaxCachedBytes = size_t{1} << 30;
// A cached block serves a request of at least half its capacity, so a small request never
// pins a large block.
constexpr size_t kMaxWasteFactor = 2;

size_t Capacity(size_t bytes) { return (bytes + kDeviceAlignment - 1) / kDeviceAlignment * kDeviceAlignment; }

// Host blocks of freed device allocations, by capacity; g_mutex guards it.
class BlockCache {
public:
    // A block of capacity in [Capacity(bytes), kMaxWasteFactor * Capacity(bytes)], or nullptr.
    void* Take(size_t bytes) {
        const size_t need = Capacity(bytes);
        auto it = blocks_.lower_bound(need);
        if (it == blocks_.end() || it->first > kMaxWasteFactor * need) return nullptr;
        void* p = it->second;
        order_.erase(std::find(order_.begin(), order_.end(), p));
        capacityOf_[p] = it->first;
        cachedBytes_ -= it->first;
        blocks_.erase(it);
        return p;
    }
    // A fresh block for `bytes`; on host out-of-memory the cache is released and it is retried.
    void* Allocate(size_t bytes) {
        const size_t capacity = Capacity(bytes);
        void* p = std::aligned_alloc(kDeviceAlignment, capacity);
        if (p == nullptr) {
            Release();
            p = std::aligned_alloc(kDeviceAlignment, capacity);
        }
        if (p != nullptr) capacityOf_[p] = capacity;
        return p;
    }
    void Give(void* p) {
        auto it = capacityOf_.find(p);
        const size_t capacity = it->second;
        capacityOf_.erase(it);
        if (capacity > kMaxCachedBytes) {
            std::free(p);
            return;
        }
        while (cachedBytes_ + capacity > kMaxCachedBytes) EvictOldest();
        blocks_.emplace(capacity, p);
        order_.push_back(p);
        cachedBytes_ += capacity;
    }
    void Release() {
        for (auto& [capacity, p] : blocks_) std::free(p);
        blocks_.clear();
        order_.clear();
        cachedBytes_ = 0;
    }
    size_t CachedBytes() const { return cachedBytes_; }

private:
    void EvictOldest() {
        void* p = order_.front();
        order_.erase(order_.begin());
        for (auto it = blocks_.begin(); it != blocks_.end(); ++it) {
            if (it->second == p) {
                cachedBytes_ -= it->first;
                blocks_.erase(it);
                break;
            }
        }
        std::free(p);
    }
    std::multimap<size_t, void*> blocks_;   // capacity -> free block
    std::map<void*, size_t> capacityOf_;    // live block -> its capacity
    std::vector<void*> order_;              // the free blocks, oldest first
    size_t cachedBytes_ = 0;
};
BlockCache g_cache;
uint64_t g_serial = 0;

const char* KindName(aclrtMemcpyKind kind) {
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST: return "ACL_MEMCPY_HOST_TO_HOST";
        case ACL_MEMCPY_HOST_TO_DEVICE: return "ACL_MEMCPY_HOST_TO_DEVICE";
        case ACL_MEMCPY_DEVICE_TO_HOST: return "ACL_MEMCPY_DEVICE_TO_HOST";
        case ACL_MEMCPY_DEVICE_TO_DEVICE: return "ACL_MEMCPY_DEVICE_TO_DEVICE";
        case ACL_MEMCPY_DEFAULT: return "ACL_MEMCPY_DEFAULT";
        case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE: return "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE";
        case ACL_MEMCPY_INNER_DEVICE_TO_DEVICE: return "ACL_MEMCPY_INNER_DEVICE_TO_DEVICE";
        case ACL_MEMCPY_INTER_DEVICE_TO_DEVICE: return "ACL_MEMCPY_INTER_DEVICE_TO_DEVICE";
    }
    return "an unknown aclrtMemcpyKind";
}

// The registration [base, base + bytes) that overlaps [p, p + bytes), if any. Caller holds g_mutex.
std::optional<std::pair<uintptr_t, size_t>> RegistrationOverlapping(const void* p, size_t bytes) {
    const auto begin = reinterpret_cast<uintptr_t>(p);
    auto it = g_hostRegistrations.lower_bound(begin + bytes);  // the first starting at or past the end
    if (it == g_hostRegistrations.begin()) return std::nullopt;
    --it;
    if (it->first + it->second <= begin) return std::nullopt;
    return *it;
}

// Whether byte `p` is host memory mapped by aclrtHostRegister (host memory to copies).
bool InHostRegistration(const void* p) {
    std::lock_guard<std::mutex> lock(g_mutex);
    return RegistrationOverlapping(p, 1).has_value();
}

// Device memory as copies and fills see it: an aclrtMalloc allocation, not a mapped host range.
bool IsDeviceMemory(const void* p) {
    uintptr_t base = 0;
    size_t bytes = 0;
    return FindGmExtent(p, &base, &bytes) && !InHostRegistration(p);
}

// Which side of a copy is device memory.
struct Direction {
    bool srcOnDevice;
    bool dstOnDevice;
};

std::optional<Direction> DirectionOf(aclrtMemcpyKind kind, const void* dst, const void* src) {
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST: return Direction{false, false};
        case ACL_MEMCPY_HOST_TO_DEVICE:
        case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE: return Direction{false, true};
        case ACL_MEMCPY_DEVICE_TO_HOST: return Direction{true, false};
        case ACL_MEMCPY_DEVICE_TO_DEVICE:
        case ACL_MEMCPY_INNER_DEVICE_TO_DEVICE:
        case ACL_MEMCPY_INTER_DEVICE_TO_DEVICE: return Direction{true, true};
        case ACL_MEMCPY_DEFAULT:  // the runtime looks at where each pointer lives
            return Direction{IsDeviceMemory(src), IsDeviceMemory(dst)};
    }
    return std::nullopt;
}

// Checks that [p, p + bytes) is device memory (inside one live allocation) or host memory
// (inside none). Returns "" when it is, else what is wrong, naming `operand`.
std::string CheckSide(const char* operand, const void* p, size_t bytes, bool onDevice) {
    uintptr_t base = 0;
    size_t allocationBytes = 0;
    const bool found = FindGmExtent(p, &base, &allocationBytes);  // the label only for a message
    if (found && InHostRegistration(p)) {
        if (!onDevice) return {};
        return std::string(operand) + " is host memory mapped for the device by aclrtHostRegister (" +
               detail::DescribeAddress(p) + "): a mapped address cannot be used in copies or fills; "
               "use the host memory itself";
    }
    if (!onDevice) {
        if (!found) return {};
        return std::string(operand) + " is device memory (" + detail::DescribeAddress(p) +
               ") but the copy kind says host memory";
    }
    if (!found) {
        return std::string(operand) + " is not device memory (not inside any live aclrtMalloc allocation; "
               "never allocated, already freed, or host memory) but the copy kind says device memory";
    }
    size_t offset = reinterpret_cast<uintptr_t>(p) - base;
    if (bytes > allocationBytes - offset) {
        const auto allocation = FindGm(p);
        return std::string(operand) + " range of " + std::to_string(bytes) + " bytes starting at byte " +
               std::to_string(offset) + " of " + (allocation ? allocation->label : std::string("GM")) +
               " ends at byte " + std::to_string(offset + bytes) + ", past its end (" +
               std::to_string(allocationBytes) + " bytes)";
    }
    return {};
}

aclError MallocDevice(const char* api, void** devPtr, size_t size) {
    if (devPtr == nullptr) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "devPtr is null");
    if (size == 0) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "size must be greater than zero");
    if (aclError status = detail::RequireDevice(api); status != ACL_SUCCESS) return status;
    const uint64_t hbmBytes = CurrentSoc().hbmBytes;
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        // (The SoC can change between calls (SocScope): never let the subtraction wrap.)
        if (g_deviceBytes > hbmBytes || size > hbmBytes - g_deviceBytes) {
            return detail::Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, api,
                                "cannot allocate " + std::to_string(size) + " bytes: " + CurrentSoc().name + " has " +
                                    std::to_string(hbmBytes) + " bytes of HBM and " + std::to_string(g_deviceBytes) +
                                    " are allocated");
        }
    }
    std::lock_guard<std::mutex> lock(g_mutex);
    void* p = g_cache.Take(size);
    if (p == nullptr) p = g_cache.Allocate(size);
    if (p == nullptr) {
        return detail::Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, api,
                            "the host is out of memory for " + std::to_string(size) + " bytes");
    }
    RegisterGm(p, size, "aclrtMalloc #" + std::to_string(++g_serial));
    g_deviceAllocations[p] = size;
    g_deviceBytes += size;
    *devPtr = p;
    return ACL_SUCCESS;
}

aclError Memset(const char* api, void* devPtr, size_t maxCount, int32_t value, size_t count) {
    if (devPtr == nullptr) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "devPtr is null");
    if (aclError status = detail::RequireDevice(api); status != ACL_SUCCESS) return status;
    if (count == 0 || maxCount == 0) {
        return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api, "count and maxCount must be greater than zero");
    }
    if (count > maxCount) {
        return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                            "count " + std::to_string(count) + " exceeds maxCount " + std::to_string(maxCount));
    }
    if (std::string problem = CheckSide("devPtr", devPtr, count, true); !problem.empty()) {
        return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api, problem);
    }
    std::memset(devPtr, value & 0xFF, count);  // like memset: the low byte of value
    return ACL_SUCCESS;
}

aclError Memcpy(const char* api, void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    if (dst == nullptr) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "dst is null");
    if (src == nullptr) return detail::Fail(ACL_ERROR_INVALID_PARAM, api, "src is null");
    std::optional<Direction> direction = DirectionOf(kind, dst, src);
    if (!direction) {
        return detail::Fail(ACL_ERROR_INVALID_PARAM, api,
                            "kind " + std::to_string(static_cast<int>(kind)) + " is not an aclrtMemcpyKind");
    }
    if (direction->srcOnDevice || direction->dstOnDevice) {
        if (aclError status = detail::RequireDevice(api); status != ACL_SUCCESS) return status;
    }
    if (count == 0 || destMax == 0) {
        return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api, "count and destMax must be greater than zero");
    }
    if (count > destMax) {
        return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                            "count " + std::to_string(count) + " exceeds destMax " + std::to_string(destMax));
    }
    for (auto [operand, pointer, onDevice] : {std::tuple{"src", src, direction->srcOnDevice},
                                              std::tuple{"dst", static_cast<const void*>(dst), direction->dstOnDevice}}) {
        if (std::string problem = CheckSide(operand, pointer, count, onDevice); !problem.empty()) {
            return detail::Fail(ACL_ERROR_RT_PARAM_INVALID, api, problem + " (" + KindName(kind) + ")");
        }
    }
    std::memmove(dst, src, count);  // device-to-device copies may overlap
    return ACL_SUCCESS;
}

}  // namespace

size_t CachedDeviceBytes() {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_cache.CachedBytes();
}

void ReleaseCachedDeviceMemory() {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_cache.Release();
}

namespace detail {

std::string DescribeAddress(const void* p) {
    auto allocation = FindGm(p);
    if (!allocation) return "host memory";
    return "byte " + std::to_string(reinterpret_cast<uintptr_t>(p) - allocation->base) + " of " + allocation->label +
           " (" + std::to_string(allocation->bytes) + " bytes)";
}

}  // namespace detail
}  // namespace sim::acl

using sim::acl::detail::Fail;

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy: all give the same memory*/) {
    return sim::acl::MallocDevice("aclrtMalloc", devPtr, size);
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/) {
    return sim::acl::MallocDevice("aclrtMallocAlign32", devPtr, size);
}

aclError aclrtFree(void* devPtr) {
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFree", "devPtr is null");
    {
        std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
        auto it = sim::acl::g_deviceAllocations.find(devPtr);
        if (it != sim::acl::g_deviceAllocations.end()) {
            sim::acl::g_deviceBytes -= it->second;
            sim::acl::g_deviceAllocations.erase(it);
            sim::UnregisterGm(devPtr);
            sim::acl::g_cache.Give(devPtr);
            return ACL_SUCCESS;
        }
    }
    std::string where = sim::FindGm(devPtr) ? "it points into " + sim::acl::detail::DescribeAddress(devPtr) +
                                                  ", not at the start of an aclrtMalloc allocation"
                                            : "it is not a live aclrtMalloc allocation (never allocated, or already freed)";
    return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtFree", where);
}

aclError aclrtHostRegister(void* ptr, uint64_t size, aclrtHostRegisterType type, void** devPtr) {
    constexpr const char* api = "aclrtHostRegister";
    if (ptr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, api, "ptr is null");
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, api, "devPtr is null");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, api, "size must be greater than zero");
    if (type != ACL_HOST_REGISTER_MAPPED) {
        return Fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, api,
                    "type " + std::to_string(static_cast<int>(type)) +
                        " is not supported (the sim maps host memory: ACL_HOST_REGISTER_MAPPED)");
    }
    if (aclError status = sim::acl::detail::RequireDevice(api); status != ACL_SUCCESS) return status;
    const auto* last = static_cast<const uint8_t*>(ptr) + (size - 1);
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    if (auto other = sim::acl::RegistrationOverlapping(ptr, size)) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                    "the " + std::to_string(size) + " bytes overlap host memory registered earlier (" +
                        sim::acl::detail::DescribeAddress(reinterpret_cast<const void*>(other->first)) +
                        "); aclrtHostUnregister it first");
    }
    if (sim::FindGm(ptr) || sim::FindGm(last)) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                    "the range is device memory (" +
                        sim::acl::detail::DescribeAddress(sim::FindGm(ptr) ? ptr : static_cast<const void*>(last)) +
                        "), not host memory");
    }
    if (reinterpret_cast<uintptr_t>(ptr) % sim::acl::kHostRegisterAlignment != 0) {
        return Fail(ACL_ERROR_INVALID_PARAM, api,
                    "ptr must be aligned to a " + std::to_string(sim::acl::kHostRegisterAlignment) +
                        "-byte page; it is " +
                        std::to_string(reinterpret_cast<uintptr_t>(ptr) % sim::acl::kHostRegisterAlignment) +
                        " bytes past one");
    }
    sim::RegisterGm(ptr, size, "aclrtHostRegister #" + std::to_string(++sim::acl::g_serial));
    sim::acl::g_hostRegistrations.emplace(reinterpret_cast<uintptr_t>(ptr), size);
    *devPtr = ptr;  // the sim's cores address host memory directly
    return ACL_SUCCESS;
}

aclError aclrtHostUnregister(void* ptr) {
    constexpr const char* api = "aclrtHostUnregister";
    if (ptr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, api, "ptr is null");
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    auto it = sim::acl::g_hostRegistrations.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == sim::acl::g_hostRegistrations.end()) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, api,
                    "ptr is not the start of host memory registered by aclrtHostRegister (never registered, "
                    "already unregistered, or inside a registered range)");
    }
    sim::acl::g_hostRegistrations.erase(it);
    sim::UnregisterGm(ptr);
    return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
    if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", "hostPtr is null");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", "size must be greater than zero");
    size_t rounded = (size + sim::acl::kHostAlignment - 1) / sim::acl::kHostAlignment * sim::acl::kHostAlignment;
    void* p = std::aligned_alloc(sim::acl::kHostAlignment, rounded);
    if (p == nullptr) {
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMallocHost",
                    "the host is out of memory for " + std::to_string(size) + " bytes");
    }
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    sim::acl::g_hostAllocations.insert(p);
    *hostPtr = p;
    return ACL_SUCCESS;
}

aclError aclrtFreeHost(void* hostPtr) {
    if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost", "hostPtr is null");
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    if (sim::acl::g_hostAllocations.erase(hostPtr) == 0) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtFreeHost",
                    "not a live aclrtMallocHost allocation (never allocated, or already freed)");
    }
    std::free(hostPtr);
    return ACL_SUCCESS;
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
    if (free == nullptr || total == nullptr) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo", "free or total is null");
    }
    if (aclError status = sim::acl::detail::RequireDevice("aclrtGetMemInfo"); status != ACL_SUCCESS) return status;
    const bool isDdr = attr == ACL_DDR_MEM || attr == ACL_DDR_MEM_HUGE || attr == ACL_DDR_MEM_NORMAL ||
                       attr == ACL_DDR_MEM_P2P_HUGE || attr == ACL_DDR_MEM_P2P_NORMAL;
    if (isDdr) {  // A2/A3 devices have HBM only
        *free = 0;
        *total = 0;
        return ACL_SUCCESS;
    }
    std::lock_guard<std::mutex> lock(sim::acl::g_mutex);
    *total = sim::CurrentSoc().hbmBytes;
    *free = *total > sim::acl::g_deviceBytes ? *total - sim::acl::g_deviceBytes : 0;
    return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    return sim::acl::Memset("aclrtMemset", devPtr, maxCount, value, count);
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
    if (aclError status = sim::acl::detail::RequireStream("aclrtMemsetAsync", stream); status != ACL_SUCCESS) {
        return status;
    }
    return sim::acl::Memset("aclrtMemsetAsync", devPtr, maxCount, value, count);
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    return sim::acl::Memcpy("aclrtMemcpy", dst, destMax, src, count, kind);
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
    if (aclError status = sim::acl::detail::RequireStream("aclrtMemcpyAsync", stream); status != ACL_SUCCESS) {
        return status;
    }
    return sim::acl::Memcpy("aclrtMemcpyAsync", dst, destMax, src, count, kind);
}

}  // extern "C"
