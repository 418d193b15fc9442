// aclrtMalloc/Free, aclrtMallocHost/FreeHost, aclrtGetMemInfo, aclrtMemcpy(Async), aclrtMemset(Async).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "ascendc_sim/core/launch.h"
#include "case_registry.h"
#include "../kernels/copy_through.h"

namespace {

std::vector<uint8_t> RandomBytes(size_t count, uint32_t seed) {
    std::mt19937 generator(seed);
    std::vector<uint8_t> bytes(count);
    for (auto& byte : bytes) byte = static_cast<uint8_t>(generator());
    return bytes;
}

void* DeviceAlloc(size_t bytes) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    return p;
}

std::vector<uint8_t> ReadDevice(const void* p, size_t bytes) {
    std::vector<uint8_t> host(bytes);
    EXPECT_EQ(aclrtMemcpy(host.data(), bytes, p, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return host;
}

}  // namespace

ACL_CASE(malloc_rules) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), 107002);  // no device in this thread
    EXPECT_ERROR_MENTIONS("aclrtMalloc: the calling thread has no device");
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), 100000);
    EXPECT_ERROR_MENTIONS("devPtr is null");
    EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), 100000);
    EXPECT_ERROR_MENTIONS("size must be greater than zero");
    const aclrtMemMallocPolicy policies[] = {
        ACL_MEM_MALLOC_HUGE_FIRST,     ACL_MEM_MALLOC_HUGE_ONLY,      ACL_MEM_MALLOC_NORMAL_ONLY,
        ACL_MEM_MALLOC_HUGE_FIRST_P2P, ACL_MEM_MALLOC_HUGE_ONLY_P2P,  ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
        ACL_MEM_MALLOC_HUGE1G_ONLY,    ACL_MEM_MALLOC_HUGE1G_ONLY_P2P, ACL_MEM_TYPE_LOW_BAND_WIDTH,
        ACL_MEM_TYPE_HIGH_BAND_WIDTH,  ACL_MEM_ACCESS_USER_SPACE_READONLY};
    for (aclrtMemMallocPolicy policy : policies) {
        p = nullptr;
        EXPECT_EQ(aclrtMalloc(&p, 100, policy), ACL_SUCCESS);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 512, 0u);  // the device's allocation alignment
        auto allocation = sim::FindGm(p);
        EXPECT_TRUE(allocation.has_value());
        if (allocation) {
            EXPECT_EQ(allocation->bytes, 100u);
            EXPECT_EQ(allocation->label.rfind("aclrtMalloc #", 0), 0u);
        }
        EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
        EXPECT_TRUE(!sim::FindGm(p).has_value());
    }
    EXPECT_EQ(aclrtMallocAlign32(&p, 33, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    // More than the emulated chip's HBM.
    EXPECT_EQ(aclrtMalloc(&p, sim::CurrentSoc().hbmBytes + 1, ACL_MEM_MALLOC_HUGE_FIRST), 207001);
    EXPECT_ERROR_MENTIONS("bytes of HBM");
}

ACL_CASE(free_rules) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* p = DeviceAlloc(256);
    EXPECT_EQ(aclrtFree(static_cast<char*>(p) + 16), 107000);
    EXPECT_ERROR_MENTIONS("byte 16 of aclrtMalloc #");
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(p), 107000);
    EXPECT_ERROR_MENTIONS("already freed");
    int onTheHost = 0;
    EXPECT_EQ(aclrtFree(&onTheHost), 107000);
    EXPECT_EQ(aclrtFree(nullptr), 100000);
    EXPECT_ERROR_MENTIONS("devPtr is null");
}

ACL_CASE(host_memory) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMallocHost(&p, 100), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    EXPECT_TRUE(!sim::FindGm(p).has_value());  // host memory is not device memory
    std::memset(p, 0x5A, 100);
    EXPECT_EQ(aclrtFreeHost(p), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(p), 107000);
    EXPECT_ERROR_MENTIONS("not a live aclrtMallocHost allocation");
    EXPECT_EQ(aclrtFreeHost(nullptr), 100000);
    EXPECT_EQ(aclrtMallocHost(nullptr, 8), 100000);
    EXPECT_EQ(aclrtMallocHost(&p, 0), 100000);
    EXPECT_ERROR_MENTIONS("size must be greater than zero");
}

ACL_CASE(host_register_rules) {
    constexpr size_t kPage = sim::acl::kHostRegisterAlignment;
    // Page-aligned host memory of three pages; the mapping covers 5000 bytes of it.
    void* raw = std::aligned_alloc(kPage, 3 * kPage);
    auto* host = static_cast<uint8_t*>(raw);
    void* dev = nullptr;
    EXPECT_EQ(aclrtHostRegister(host, 5000, ACL_HOST_REGISTER_MAPPED, &dev), 107002);  // no device yet
    EXPECT_ERROR_MENTIONS("aclrtHostRegister: the calling thread has no device");
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostRegister(nullptr, 5000, ACL_HOST_REGISTER_MAPPED, &dev), 100000);
    EXPECT_ERROR_MENTIONS("ptr is null");
    EXPECT_EQ(aclrtHostRegister(host, 5000, ACL_HOST_REGISTER_MAPPED, nullptr), 100000);
    EXPECT_ERROR_MENTIONS("devPtr is null");
    EXPECT_EQ(aclrtHostRegister(host, 0, ACL_HOST_REGISTER_MAPPED, &dev), 100000);
    EXPECT_ERROR_MENTIONS("size must be greater than zero");
    EXPECT_EQ(aclrtHostRegister(host + 64, 5000, ACL_HOST_REGISTER_MAPPED, &dev), 100000);
    EXPECT_ERROR_MENTIONS("ptr must be aligned to a 4096-byte page; it is 64 bytes past one");
    EXPECT_EQ(aclrtHostRegister(host, 5000, ACL_HOST_REGISTER_IOMEMORY, &dev), 207000);
    EXPECT_ERROR_MENTIONS("type 4 is not supported");
    EXPECT_TRUE(!sim::FindGm(host).has_value());  // nothing was registered by the failures

    EXPECT_EQ(aclrtHostRegister(host, 5000, ACL_HOST_REGISTER_MAPPED, &dev), ACL_SUCCESS);
    EXPECT_TRUE(dev == host);  // the sim's cores address host memory directly
    auto mapping = sim::FindGm(dev);
    EXPECT_TRUE(mapping.has_value());
    if (mapping) {
        EXPECT_EQ(mapping->bytes, 5000u);  // exactly the registered bytes: DMAs past them are caught
        EXPECT_EQ(mapping->label.rfind("aclrtHostRegister #", 0), 0u);
    }
    EXPECT_TRUE(!sim::FindGm(host + 5000).has_value());
    // Overlapping an earlier registration, from its start or from a later page.
    EXPECT_EQ(aclrtHostRegister(host, 64, ACL_HOST_REGISTER_MAPPED, &dev), 107000);
    EXPECT_ERROR_MENTIONS("overlap host memory registered earlier (byte 0 of aclrtHostRegister #");
    EXPECT_EQ(aclrtHostRegister(host + kPage, 64, ACL_HOST_REGISTER_MAPPED, &dev), 107000);
    EXPECT_ERROR_MENTIONS("overlap host memory registered earlier");
    // Device memory is not host memory.
    void* device = DeviceAlloc(kPage);
    EXPECT_EQ(aclrtHostRegister(device, 64, ACL_HOST_REGISTER_MAPPED, &dev), 107000);
    EXPECT_ERROR_MENTIONS("is device memory (byte 0 of aclrtMalloc #");

    // Copies: the host pointer is host memory; the mapped address is no copy or fill operand.
    const std::vector<uint8_t> source = RandomBytes(kPage, 7);
    std::memcpy(host, source.data(), kPage);
    EXPECT_EQ(aclrtMemcpy(device, kPage, host, kPage, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_TRUE(ReadDevice(device, kPage) == source);
    EXPECT_EQ(aclrtMemcpy(host, kPage, device, kPage, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);  // device to host
    EXPECT_EQ(aclrtMemcpy(device, kPage, host, kPage, ACL_MEMCPY_DEVICE_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("src is host memory mapped for the device by aclrtHostRegister");
    EXPECT_EQ(aclrtMemset(host, kPage, 0, kPage), 107000);
    EXPECT_ERROR_MENTIONS("a mapped address cannot be used in copies or fills");
    EXPECT_TRUE(std::memcmp(host, source.data(), kPage) == 0);  // nothing was written
    EXPECT_EQ(aclrtFree(host), 107000);  // not an aclrtMalloc allocation
    EXPECT_ERROR_MENTIONS("not at the start of an aclrtMalloc allocation");
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);

    // Unregistering: only the base, once; the memory is plain host memory afterwards.
    EXPECT_EQ(aclrtHostUnregister(host + 64), 107000);
    EXPECT_ERROR_MENTIONS("inside a registered range");
    EXPECT_EQ(aclrtHostUnregister(nullptr), 100000);
    EXPECT_EQ(aclrtHostUnregister(host), ACL_SUCCESS);
    EXPECT_TRUE(!sim::FindGm(host).has_value());
    EXPECT_EQ(aclrtHostUnregister(host), 107000);
    EXPECT_ERROR_MENTIONS("never registered, already unregistered");
    // Registered again after unregistering; a neighbouring page range may be registered too.
    EXPECT_EQ(aclrtHostRegister(host, kPage, ACL_HOST_REGISTER_MAPPED, &dev), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostRegister(host + kPage, kPage, ACL_HOST_REGISTER_MAPPED, &dev), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostUnregister(host), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostUnregister(host + kPage), ACL_SUCCESS);
    EXPECT_EQ(sim::LiveGmAllocations(), 0u);
    std::free(raw);
}

ACL_CASE(kernels_use_host_mappings_as_checked_gm) {
    // copy_through (sim/tests/kernels) on 4 cores from one mapped host page to another: the
    // cores read and write the host memory itself; a mapping one block short is caught.
    constexpr size_t kPage = sim::acl::kHostRegisterAlignment;
    constexpr uint32_t kElements = kPage / sizeof(float);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* raw = std::aligned_alloc(kPage, 2 * kPage);
    auto* x = static_cast<float*>(raw);
    auto* y = x + kElements;
    for (uint32_t i = 0; i < kElements; ++i) x[i] = static_cast<float>(i) * 0.5f, y[i] = -1.0f;
    void* xDev = nullptr;
    void* yDev = nullptr;
    EXPECT_EQ(aclrtHostRegister(x, kPage, ACL_HOST_REGISTER_MAPPED, &xDev), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostRegister(y, kPage, ACL_HOST_REGISTER_MAPPED, &yDev), ACL_SUCCESS);
    const CopyThroughTiling tiling{kElements / 4, 64};
    void* tilingDev = DeviceAlloc(sizeof tiling);
    EXPECT_EQ(aclrtMemcpy(tilingDev, sizeof tiling, &tiling, sizeof tiling, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    sim::LaunchConfig config;
    config.kernelName = "copy_through";
    config.blockDim = 4;
    auto launch = [&] {
        return sim::RunKernel(config, [&] {
            copy_through(static_cast<GM_ADDR>(xDev), static_cast<GM_ADDR>(yDev), static_cast<GM_ADDR>(tilingDev));
        });
    };
    sim::LaunchResult result = launch();
    EXPECT_TRUE(result.ok);
    EXPECT_TRUE(std::memcmp(x, y, kPage) == 0);

    EXPECT_EQ(aclrtHostUnregister(y), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostRegister(y, kPage - 32, ACL_HOST_REGISTER_MAPPED, &yDev), ACL_SUCCESS);
    result = launch();
    EXPECT_TRUE(!result.ok);
    EXPECT_TRUE(result.error.find("aclrtHostRegister #") != std::string::npos);
    EXPECT_TRUE(result.error.find("32 bytes past its end") != std::string::npos);
    EXPECT_EQ(aclrtHostUnregister(x), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostUnregister(y), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(tilingDev), ACL_SUCCESS);
    std::free(raw);
}

ACL_CASE(mem_info) {
    size_t freeBytes = 0, totalBytes = 0;
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes), 107002);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes), ACL_SUCCESS);
    EXPECT_EQ(totalBytes, sim::CurrentSoc().hbmBytes);
    EXPECT_EQ(freeBytes, totalBytes);
    void* p = DeviceAlloc(1 << 20);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM_HUGE, &freeBytes, &totalBytes), ACL_SUCCESS);
    EXPECT_EQ(freeBytes, totalBytes - (1u << 20));
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes), ACL_SUCCESS);
    EXPECT_EQ(freeBytes, totalBytes);
    EXPECT_EQ(aclrtGetMemInfo(ACL_DDR_MEM, &freeBytes, &totalBytes), ACL_SUCCESS);
    EXPECT_EQ(totalBytes, 0u);  // A2/A3 devices have HBM only
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &totalBytes), 100000);
}

ACL_CASE(memcpy_every_kind_round_trips) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    const size_t bytes = 1000;
    const std::vector<uint8_t> source = RandomBytes(bytes, 1);
    void* a = DeviceAlloc(bytes);
    void* b = DeviceAlloc(bytes);

    EXPECT_EQ(aclrtMemcpy(a, bytes, source.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_TRUE(std::memcmp(a, source.data(), bytes) == 0);  // the sim's device memory is readable here
    EXPECT_TRUE(ReadDevice(a, bytes) == source);

    for (aclrtMemcpyKind kind : {ACL_MEMCPY_DEVICE_TO_DEVICE, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
                                 ACL_MEMCPY_INTER_DEVICE_TO_DEVICE, ACL_MEMCPY_DEFAULT}) {
        std::memset(b, 0, bytes);
        EXPECT_EQ(aclrtMemcpy(b, bytes, a, bytes, kind), ACL_SUCCESS);
        EXPECT_TRUE(ReadDevice(b, bytes) == source);
    }
    for (aclrtMemcpyKind kind : {ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE, ACL_MEMCPY_DEFAULT}) {
        std::memset(b, 0, bytes);
        EXPECT_EQ(aclrtMemcpy(b, bytes, source.data(), bytes, kind), ACL_SUCCESS);
        EXPECT_TRUE(ReadDevice(b, bytes) == source);
    }
    std::vector<uint8_t> host(bytes, 0);
    EXPECT_EQ(aclrtMemcpy(host.data(), bytes, a, bytes, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);  // inferred D2H
    EXPECT_TRUE(host == source);
    std::vector<uint8_t> hostCopy(bytes, 0);
    EXPECT_EQ(aclrtMemcpy(hostCopy.data(), bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    EXPECT_TRUE(hostCopy == source);
    std::fill(hostCopy.begin(), hostCopy.end(), 0);
    EXPECT_EQ(aclrtMemcpy(hostCopy.data(), bytes, host.data(), bytes, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);
    EXPECT_TRUE(hostCopy == source);

    // A sub-range at an offset, with destMax larger than count.
    std::memset(b, 0, bytes);
    EXPECT_EQ(aclrtMemcpy(static_cast<uint8_t*>(b) + 100, bytes - 100, source.data(), 50, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    std::vector<uint8_t> expected(bytes, 0);
    std::copy(source.begin(), source.begin() + 50, expected.begin() + 100);
    EXPECT_TRUE(ReadDevice(b, bytes) == expected);

    // Async forms run at once, on a created stream or the default one.
    std::memset(b, 0, bytes);
    EXPECT_EQ(aclrtMemcpyAsync(b, bytes, a, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream), ACL_SUCCESS);
    EXPECT_TRUE(ReadDevice(b, bytes) == source);
    std::fill(host.begin(), host.end(), 0);
    EXPECT_EQ(aclrtMemcpyAsync(host.data(), bytes, b, bytes, ACL_MEMCPY_DEVICE_TO_HOST, nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_TRUE(host == source);

    // Host-to-host copies need no device.
    std::fill(hostCopy.begin(), hostCopy.end(), 0);
    aclError otherThread = -1;
    std::thread([&] {
        otherThread = aclrtMemcpy(hostCopy.data(), bytes, source.data(), bytes, ACL_MEMCPY_HOST_TO_HOST);
    }).join();
    EXPECT_EQ(otherThread, ACL_SUCCESS);
    EXPECT_TRUE(hostCopy == source);

    EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

ACL_CASE(memcpy_rejects_bad_arguments_before_copying) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    const std::vector<uint8_t> source = RandomBytes(128, 2);
    std::vector<uint8_t> host(128, 0);
    void* device = DeviceAlloc(64);
    std::memset(device, 0x11, 64);
    const std::vector<uint8_t> untouched(64, 0x11);

    EXPECT_EQ(aclrtMemcpy(nullptr, 64, source.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), 100000);
    EXPECT_ERROR_MENTIONS("dst is null");
    EXPECT_EQ(aclrtMemcpy(device, 64, nullptr, 64, ACL_MEMCPY_HOST_TO_DEVICE), 100000);
    EXPECT_ERROR_MENTIONS("src is null");
    EXPECT_EQ(aclrtMemcpy(device, 64, source.data(), 64, static_cast<aclrtMemcpyKind>(99)), 100000);
    EXPECT_ERROR_MENTIONS("kind 99 is not an aclrtMemcpyKind");
    EXPECT_EQ(aclrtMemcpy(device, 64, source.data(), 0, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("greater than zero");
    EXPECT_EQ(aclrtMemcpy(device, 0, source.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("greater than zero");
    EXPECT_EQ(aclrtMemcpy(device, 32, source.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("count 64 exceeds destMax 32");
    // Past the allocation's end, from its start and from an offset.
    EXPECT_EQ(aclrtMemcpy(device, 65, source.data(), 65, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("dst range of 65 bytes starting at byte 0 of aclrtMalloc #");
    EXPECT_EQ(aclrtMemcpy(static_cast<uint8_t*>(device) + 32, 40, source.data(), 40, ACL_MEMCPY_HOST_TO_DEVICE),
              107000);
    EXPECT_ERROR_MENTIONS("starting at byte 32");
    EXPECT_EQ(aclrtMemcpy(host.data(), 128, device, 128, ACL_MEMCPY_DEVICE_TO_HOST), 107000);
    EXPECT_ERROR_MENTIONS("src range of 128 bytes");
    // Wrong side: a host pointer where the kind says device, and the reverse.
    EXPECT_EQ(aclrtMemcpy(host.data(), 64, source.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("dst is not device memory");
    EXPECT_EQ(aclrtMemcpy(device, 64, device, 64, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("src is device memory");
    EXPECT_EQ(aclrtMemcpy(host.data(), 64, device, 64, ACL_MEMCPY_HOST_TO_HOST), 107000);
    EXPECT_ERROR_MENTIONS("ACL_MEMCPY_HOST_TO_HOST");
    EXPECT_TRUE(std::memcmp(device, untouched.data(), 64) == 0);  // nothing was written

    // Freed memory is not device memory any more.
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(host.data(), 64, device, 64, ACL_MEMCPY_DEVICE_TO_HOST), 107000);
    EXPECT_ERROR_MENTIONS("src is not device memory");

    // A thread without a device cannot copy to or from the device.
    void* other = DeviceAlloc(64);
    aclError otherThread = ACL_SUCCESS;
    std::thread([&] {
        otherThread = aclrtMemcpy(other, 64, source.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE);
        acltest::TakeRecentError();
    }).join();
    EXPECT_EQ(otherThread, 107002);
    // An async copy on a stream that is not live.
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpyAsync(other, 64, source.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE, stream), 107000);
    EXPECT_ERROR_MENTIONS("aclrtMemcpyAsync: not a live stream");
    EXPECT_EQ(aclrtFree(other), ACL_SUCCESS);
}

ACL_CASE(memset_rules) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* device = DeviceAlloc(64);
    std::memset(device, 0, 64);
    EXPECT_EQ(aclrtMemset(static_cast<uint8_t*>(device) + 8, 56, 0xAB, 16), ACL_SUCCESS);
    std::vector<uint8_t> expected(64, 0);
    std::fill(expected.begin() + 8, expected.begin() + 24, 0xAB);
    EXPECT_TRUE(ReadDevice(device, 64) == expected);
    EXPECT_EQ(aclrtMemsetAsync(device, 64, 0x1FF, 4, nullptr), ACL_SUCCESS);  // the low byte, as memset
    std::fill(expected.begin(), expected.begin() + 4, 0xFF);
    EXPECT_TRUE(ReadDevice(device, 64) == expected);

    EXPECT_EQ(aclrtMemset(nullptr, 64, 0, 64), 100000);
    EXPECT_ERROR_MENTIONS("devPtr is null");
    EXPECT_EQ(aclrtMemset(device, 16, 0, 32), 107000);
    EXPECT_ERROR_MENTIONS("count 32 exceeds maxCount 16");
    EXPECT_EQ(aclrtMemset(device, 64, 0, 0), 107000);
    EXPECT_EQ(aclrtMemset(static_cast<uint8_t*>(device) + 60, 8, 0, 8), 107000);
    EXPECT_ERROR_MENTIONS("starting at byte 60");
    std::vector<uint8_t> host(16);
    EXPECT_EQ(aclrtMemset(host.data(), 16, 0, 16), 107000);
    EXPECT_ERROR_MENTIONS("devPtr is not device memory");
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemsetAsync(device, 64, 0, 64, stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemsetAsync(device, 64, 0, 64, stream), 107000);
    EXPECT_ERROR_MENTIONS("aclrtMemsetAsync: not a live stream");
    EXPECT_TRUE(ReadDevice(device, 64) == std::vector<uint8_t>(64, 0));
    aclError otherThread = ACL_SUCCESS;
    std::thread([&] {
        otherThread = aclrtMemset(device, 64, 1, 64);
        acltest::TakeRecentError();
    }).join();
    EXPECT_EQ(otherThread, 107002);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

// aclrtMalloc caches freed blocks (as the runtime's memory pool does): a block comes back
// for a later request of a similar size, registered with that request's own size.
ACL_CASE(caching_allocator_reuses_blocks) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* first = DeviceAlloc(4096);
    const std::string firstLabel = sim::FindGm(first)->label;
    EXPECT_EQ(aclrtFree(first), ACL_SUCCESS);
    EXPECT_TRUE(!sim::FindGm(first).has_value());    // freed: no longer device memory
    EXPECT_EQ(sim::acl::CachedDeviceBytes(), 4096u);  // but its block is kept
    void* again = DeviceAlloc(4000);
    EXPECT_TRUE(again == first);                      // the cached block serves a similar size
    EXPECT_EQ(sim::acl::CachedDeviceBytes(), 0u);
    auto allocation = sim::FindGm(again);
    EXPECT_TRUE(allocation.has_value());
    if (allocation) {
        EXPECT_EQ(allocation->bytes, 4000u);          // the new request's size, not the block's
        EXPECT_TRUE(allocation->label != firstLabel); // a new allocation, named as one
    }
    void* small = DeviceAlloc(100);                   // a block never serves a request under half its size
    EXPECT_EQ(aclrtFree(again), ACL_SUCCESS);
    void* tiny = DeviceAlloc(1000);
    EXPECT_TRUE(tiny != again);
    EXPECT_EQ(aclrtFree(tiny), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(small), ACL_SUCCESS);
    sim::acl::ReleaseCachedDeviceMemory();
    EXPECT_EQ(sim::acl::CachedDeviceBytes(), 0u);
}

// Bounds are those of the allocation: a reused block's spare capacity is out of bounds, and
// a pointer kept past aclrtFree is not device memory until its block is handed out again.
ACL_CASE(caching_allocator_bounds_per_allocation) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* block = DeviceAlloc(8192);
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    std::vector<uint8_t> host(8192, 7);
    EXPECT_EQ(aclrtMemcpy(block, 8192, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("dst is not device memory");
    void* reused = DeviceAlloc(5000);
    EXPECT_TRUE(reused == block);
    EXPECT_EQ(aclrtMemcpy(reused, 5000, host.data(), 5000, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(reused, 8192, host.data(), 5001, ACL_MEMCPY_HOST_TO_DEVICE), 107000);
    EXPECT_ERROR_MENTIONS("past its end (5000 bytes)");
    EXPECT_EQ(aclrtMemset(static_cast<uint8_t*>(reused) + 4999, 2, 0, 2), 107000);
    EXPECT_ERROR_MENTIONS("past its end (5000 bytes)");
    EXPECT_EQ(aclrtFree(reused), ACL_SUCCESS);
    sim::acl::ReleaseCachedDeviceMemory();
}

// Out of memory is an ACL error whatever the cache holds; cached blocks are not allocated HBM.
ACL_CASE(caching_allocator_out_of_memory) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* block = DeviceAlloc(1 << 20);
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    size_t freeBytes = 0, totalBytes = 0;
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes), ACL_SUCCESS);
    EXPECT_EQ(freeBytes, totalBytes);
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, totalBytes + 1, ACL_MEM_MALLOC_HUGE_FIRST), 207001);
    EXPECT_ERROR_MENTIONS("bytes of HBM");
    EXPECT_TRUE(p == nullptr);
    void* live = DeviceAlloc(1 << 20);                // the cached block, now allocated again
    EXPECT_TRUE(live == block);
    EXPECT_EQ(aclrtMalloc(&p, totalBytes - (1 << 20) + 1, ACL_MEM_MALLOC_HUGE_FIRST), 207001);
    EXPECT_ERROR_MENTIONS("are allocated");
    EXPECT_EQ(aclrtFree(live), ACL_SUCCESS);
    sim::acl::ReleaseCachedDeviceMemory();
}

// 10,000 allocate/free rounds of varied sizes leave no live allocation and a bounded cache.
ACL_CASE(caching_allocator_is_leak_free) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    const size_t liveBefore = sim::LiveGmAllocations();
    std::mt19937 generator(11);
    size_t largestCache = 0;
    for (int call = 0; call < 10000; ++call) {
        void* a = DeviceAlloc(1 + generator() % 100000);
        void* b = DeviceAlloc(1 + generator() % 3000);
        EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
        EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
        largestCache = std::max(largestCache, sim::acl::CachedDeviceBytes());
    }
    EXPECT_EQ(sim::LiveGmAllocations(), liveBefore);
    size_t freeBytes = 0, totalBytes = 0;
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes), ACL_SUCCESS);
    EXPECT_EQ(freeBytes, totalBytes);
    EXPECT_TRUE(largestCache <= (size_t{1} << 30));
    EXPECT_TRUE(sim::acl::CachedDeviceBytes() > 0);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);            // finalising returns the cache to the host
    EXPECT_EQ(sim::acl::CachedDeviceBytes(), 0u);
}
