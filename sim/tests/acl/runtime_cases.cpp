// aclInit/aclFinalize, devices, streams, error reporting, SoC name, data type sizes, fp16.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/acl_runtime.h"
#include "case_registry.h"

namespace {

// A launch that faults on every core, as a kernel with an out-of-bounds DMA would.
sim::LaunchResult FaultyLaunch(const std::string& kernelName) {
    sim::LaunchConfig config;
    config.kernelName = kernelName;
    config.blockDim = 2;
    return sim::RunKernel(config, [] { sim::Violation(sim::Check::KernelAssert, "forced fault for the test"); });
}

sim::LaunchResult CleanLaunch() {
    sim::LaunchConfig config;
    config.kernelName = "clean_kernel";
    config.blockDim = 1;
    return sim::RunKernel(config, [] {});
}

}  // namespace

ACL_CASE(init_twice_and_finalize_twice) {
    EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclInit(nullptr), 100002);  // ACL_ERROR_REPEAT_INITIALIZE
    EXPECT_ERROR_MENTIONS("aclInit: ACL is already initialised");
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), 100037);  // ACL_ERROR_REPEAT_FINALIZE
    EXPECT_ERROR_MENTIONS("aclFinalize");
    // "" means no configuration, like nullptr; initialising again after finalising is allowed.
    EXPECT_EQ(aclInit(""), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

ACL_CASE(init_with_config_path) {
    EXPECT_EQ(aclInit("/nonexistent/dir/acl.json"), 100003);  // ACL_ERROR_INVALID_FILE
    EXPECT_ERROR_MENTIONS("/nonexistent/dir/acl.json");
    std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/acl_sim_test_" +
                       std::to_string(::getpid()) + ".json";
    std::ofstream(path) << "{}";
    EXPECT_EQ(aclInit(path.c_str()), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    std::remove(path.c_str());
}

ACL_CASE(aclnn_init_shares_acl_state) {
    EXPECT_EQ(aclnnInit(nullptr), 0);
    EXPECT_EQ(aclInit(nullptr), 100002);
    acltest::TakeRecentError();
    EXPECT_EQ(aclnnFinalize(), 0);
    EXPECT_EQ(aclnnFinalize(), 100037);
}

ACL_CASE(version) {
    int32_t major = -1, minor = -1, patch = -1;
    EXPECT_EQ(aclrtGetVersion(&major, &minor, &patch), ACL_SUCCESS);
    EXPECT_EQ(major, 1);
    EXPECT_EQ(minor, 13);
    EXPECT_EQ(patch, 0);
    EXPECT_EQ(aclrtGetVersion(nullptr, &minor, &patch), 100000);
}

ACL_CASE(device_selection) {
    int32_t device = -1;
    EXPECT_EQ(aclrtGetDevice(&device), 107002);  // ACL_ERROR_RT_CONTEXT_NULL
    EXPECT_ERROR_MENTIONS("aclrtSetDevice(0)");
    EXPECT_EQ(aclrtSetDevice(1), 107001);  // ACL_ERROR_RT_INVALID_DEVICEID
    EXPECT_ERROR_MENTIONS("device 1 does not exist");
    EXPECT_EQ(aclrtSetDevice(-1), 107001);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 0);
    EXPECT_EQ(aclrtGetDevice(nullptr), 100000);
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    EXPECT_EQ(count, 1u);
    aclrtRunMode mode = ACL_DEVICE;
    EXPECT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(static_cast<int>(mode), static_cast<int>(ACL_HOST));
    // The binding is per thread (CANN's current context): another thread has none.
    aclError otherThread = ACL_SUCCESS;
    std::thread([&] { otherThread = aclrtGetDevice(&device); }).join();
    EXPECT_EQ(otherThread, 107002);
    EXPECT_EQ(aclrtResetDevice(7), 107001);
    acltest::TakeRecentError();
}

ACL_CASE(device_reference_counting) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // one reference left: device and stream stay
    int32_t device = -1;
    EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // last reference: context and streams go
    EXPECT_EQ(aclrtGetDevice(&device), 107002);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream), 107000);  // ACL_ERROR_RT_PARAM_INVALID
    EXPECT_ERROR_MENTIONS("not a live stream");
    EXPECT_EQ(aclrtDestroyStream(stream), 107000);
    acltest::TakeRecentError();
    // aclrtResetDeviceForce drops every reference at once.
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDeviceForce(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&device), 107002);
    acltest::TakeRecentError();
}

ACL_CASE(stream_lifecycle) {
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), 107002);  // no device yet
    EXPECT_ERROR_MENTIONS("aclrtCreateStream");
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtCreateStream(nullptr), 100000);
    EXPECT_ERROR_MENTIONS("stream is null");
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_TRUE(stream != nullptr);
    aclrtStream second = nullptr;
    EXPECT_EQ(aclrtCreateStream(&second), ACL_SUCCESS);
    EXPECT_TRUE(second != stream);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream, 100), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);  // the default stream
    aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
    EXPECT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
    EXPECT_EQ(static_cast<int>(status), static_cast<int>(ACL_STREAM_STATUS_COMPLETE));
    EXPECT_EQ(aclrtStreamQuery(stream, nullptr), 100000);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), 107000);
    EXPECT_ERROR_MENTIONS("already destroyed");
    EXPECT_EQ(aclrtSynchronizeStream(stream), 107000);
    EXPECT_EQ(aclrtStreamQuery(stream, &status), 107000);
    EXPECT_EQ(aclrtDestroyStream(nullptr), 100000);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(second), ACL_SUCCESS);
}

ACL_CASE(failed_launch_reported_at_synchronize) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream failing = nullptr, healthy = nullptr;
    EXPECT_EQ(aclrtCreateStream(&failing), ACL_SUCCESS);
    EXPECT_EQ(aclrtCreateStream(&healthy), ACL_SUCCESS);

    EXPECT_TRUE(!sim::acl::RecordLaunch(failing, FaultyLaunch("faulty_kernel")));
    EXPECT_TRUE(sim::acl::RecordLaunch(healthy, CleanLaunch()));
    EXPECT_TRUE(aclGetRecentErrMsg() == nullptr);  // nothing is reported at launch, as on the device
    EXPECT_EQ(aclrtSynchronizeStream(healthy), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(failing), 507035);  // ACL_ERROR_RT_VECTOR_CORE_EXCEPTION
    std::string message = acltest::TakeRecentError();
    EXPECT_TRUE(message.find("aclrtSynchronizeStream") != std::string::npos);
    EXPECT_TRUE(message.find("faulty_kernel") != std::string::npos);
    EXPECT_TRUE(message.find("forced fault for the test") != std::string::npos);
    EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), 507035);
    EXPECT_EQ(aclrtSynchronizeStream(failing), ACL_SUCCESS);  // reported once

    // Two failures on one stream: the first is reported, the second counted.
    sim::acl::RecordLaunch(failing, FaultyLaunch("first_fault"));
    sim::acl::RecordLaunch(failing, FaultyLaunch("second_fault"));
    EXPECT_EQ(aclrtSynchronizeStream(failing), 507035);
    message = acltest::TakeRecentError();
    EXPECT_TRUE(message.find("first_fault") != std::string::npos);
    EXPECT_TRUE(message.find("1 later launch(es)") != std::string::npos);

    // The default stream, reported by aclrtSynchronizeDevice.
    sim::acl::RecordLaunch(nullptr, FaultyLaunch("default_stream_fault"));
    EXPECT_EQ(aclrtSynchronizeDevice(), 507035);
    EXPECT_ERROR_MENTIONS("default_stream_fault");
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(sim::acl::kLaunchFailureStatus, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
}

ACL_CASE(recent_error_messages) {
    EXPECT_TRUE(aclGetRecentErrMsg() == nullptr);  // nothing failed yet: nullptr, as in CANN
    EXPECT_EQ(aclrtSetDevice(3), 107001);
    EXPECT_EQ(aclrtGetDevice(nullptr), 100000);
    EXPECT_EQ(sim::acl::PeekRecentError().empty(), false);
    // Newest first, one per line; taking clears.
    std::string message = acltest::TakeRecentError();
    EXPECT_EQ(message.substr(0, message.find('\n')), std::string("aclrtGetDevice: deviceId is null"));
    EXPECT_TRUE(message.find("\naclrtSetDevice: device 3") != std::string::npos);
    EXPECT_TRUE(aclGetRecentErrMsg() == nullptr);
    // The aclnn layer adds its own messages.
    sim::acl::SetRecentError("aclnnFoo: gradGatesOut: shape [2, 3] must be [2, 32]");
    EXPECT_ERROR_MENTIONS("aclnnFoo: gradGatesOut");
    // Messages belong to the thread that failed.
    std::thread([] { aclrtSetDevice(9); }).join();
    EXPECT_TRUE(aclGetRecentErrMsg() == nullptr);
    std::string otherThreadMessage;
    std::thread([&] {
        aclrtSetDevice(9);
        otherThreadMessage = acltest::TakeRecentError();
    }).join();
    EXPECT_TRUE(otherThreadMessage.find("device 9") != std::string::npos);
}

ACL_CASE(last_error) {
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDevice(2), 107001);
    EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), 107001);
    EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), 107001);  // peek keeps it
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), 107001);
    EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);  // get clears it
}

ACL_CASE(soc_name_follows_the_sim) {
    EXPECT_EQ(std::string(aclrtGetSocName()), std::string(sim::CurrentSoc().name));
    for (const sim::SocSpec& soc : sim::SocTable()) {
        sim::SocScope scope(soc.name);
        EXPECT_EQ(std::string(aclrtGetSocName()), std::string(soc.name));
    }
}

ACL_CASE(data_type_sizes) {
    EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), sizeof(float));
    EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), sizeof(uint16_t));
    EXPECT_EQ(aclDataTypeSize(ACL_BF16), sizeof(uint16_t));
    EXPECT_EQ(aclDataTypeSize(ACL_INT8), sizeof(int8_t));
    EXPECT_EQ(aclDataTypeSize(ACL_UINT8), sizeof(uint8_t));
    EXPECT_EQ(aclDataTypeSize(ACL_INT16), sizeof(int16_t));
    EXPECT_EQ(aclDataTypeSize(ACL_UINT16), sizeof(uint16_t));
    EXPECT_EQ(aclDataTypeSize(ACL_INT32), sizeof(int32_t));
    EXPECT_EQ(aclDataTypeSize(ACL_UINT32), sizeof(uint32_t));
    EXPECT_EQ(aclDataTypeSize(ACL_INT64), sizeof(int64_t));
    EXPECT_EQ(aclDataTypeSize(ACL_UINT64), sizeof(uint64_t));
    EXPECT_EQ(aclDataTypeSize(ACL_DOUBLE), sizeof(double));
    EXPECT_EQ(aclDataTypeSize(ACL_BOOL), sizeof(bool));
    EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX32), 2 * sizeof(uint16_t));
    EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX64), 2 * sizeof(float));
    EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX128), 2 * sizeof(double));
    EXPECT_EQ(aclDataTypeSize(ACL_DT_UNDEFINED), 0u);
    EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
    EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(5)), 0u);  // no such type
}

ACL_CASE(enum_values_are_cann_abi) {
    // The numbers CANN programs and aclnn callers exchange (CANN 8.1 acl/acl_base.h, acl/acl_rt.h).
    EXPECT_EQ(static_cast<int>(ACL_FLOAT), 0);
    EXPECT_EQ(static_cast<int>(ACL_FLOAT16), 1);
    EXPECT_EQ(static_cast<int>(ACL_INT32), 3);
    EXPECT_EQ(static_cast<int>(ACL_BOOL), 12);
    EXPECT_EQ(static_cast<int>(ACL_BF16), 27);
    EXPECT_EQ(static_cast<int>(ACL_FORMAT_ND), 2);
    EXPECT_EQ(static_cast<int>(ACL_FORMAT_NCHW), 0);
    EXPECT_EQ(static_cast<int>(ACL_FORMAT_FRACTAL_NZ), 29);
    EXPECT_EQ(static_cast<int>(ACL_MEM_MALLOC_HUGE_FIRST), 0);
    EXPECT_EQ(static_cast<int>(ACL_MEM_MALLOC_NORMAL_ONLY), 2);
    EXPECT_EQ(static_cast<int>(ACL_MEMCPY_HOST_TO_HOST), 0);
    EXPECT_EQ(static_cast<int>(ACL_MEMCPY_HOST_TO_DEVICE), 1);
    EXPECT_EQ(static_cast<int>(ACL_MEMCPY_DEVICE_TO_HOST), 2);
    EXPECT_EQ(static_cast<int>(ACL_MEMCPY_DEVICE_TO_DEVICE), 3);
    EXPECT_EQ(static_cast<int>(ACL_MEMCPY_DEFAULT), 4);
    EXPECT_EQ(static_cast<int>(ACL_HOST_REGISTER_MAPPED), 0);  // CANN runtime API reference, aclrtHostRegisterType
    EXPECT_EQ(static_cast<int>(ACL_HOST_REGISTER_IOMEMORY), 4);
    EXPECT_EQ(static_cast<int>(ACL_HOST_REGISTER_READONLY), 8);
    EXPECT_EQ(ACL_ERROR_INVALID_PARAM, 100000);
    EXPECT_EQ(ACL_ERROR_RT_PARAM_INVALID, 107000);
    EXPECT_EQ(ACL_ERROR_RT_FAILURE, 500003);
}

// Float conversions against numpy (driven by the pytest side): reads float32 values from
// $ACL_TEST_INPUT, writes their aclFloatToFloat16 bits, then aclFloat16ToFloat of every
// binary16 pattern, to $ACL_TEST_OUTPUT.
ACL_CASE(fp16_conversion_dump) {
    const char* inputPath = std::getenv("ACL_TEST_INPUT");
    const char* outputPath = std::getenv("ACL_TEST_OUTPUT");
    EXPECT_TRUE(inputPath != nullptr && outputPath != nullptr);
    if (inputPath == nullptr || outputPath == nullptr) return;
    std::ifstream input(inputPath, std::ios::binary);
    std::vector<float> values;
    for (float value; input.read(reinterpret_cast<char*>(&value), sizeof(value));) values.push_back(value);
    std::vector<uint16_t> halves;
    for (float value : values) halves.push_back(aclFloatToFloat16(value));
    std::vector<float> widened;
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) widened.push_back(aclFloat16ToFloat(static_cast<aclFloat16>(bits)));
    std::ofstream output(outputPath, std::ios::binary);
    output.write(reinterpret_cast<const char*>(halves.data()), halves.size() * sizeof(uint16_t));
    output.write(reinterpret_cast<const char*>(widened.data()), widened.size() * sizeof(float));
}

ACL_CASE(app_log_writes_stderr) {
    ACL_APP_LOG(ACL_ERROR, "answer=%d name=%s", 42, "gates");
    aclAppLog(ACL_INFO, "func", "file.cpp", 7, "plain");
}

ACL_CASE(contexts_bind_the_device_and_count_a_reference) {
    aclrtContext context = nullptr;
    EXPECT_EQ(aclrtCreateContext(&context, 1), 107001);  // ACL_ERROR_RT_INVALID_DEVICEID
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtCreateContext(nullptr, 0), 100000);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtGetCurrentContext(&context), 107002);  // none yet
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtCreateContext(&context, 0), ACL_SUCCESS);  // binds device 0: no aclrtSetDevice needed
    aclrtContext current = nullptr;
    EXPECT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
    EXPECT_TRUE(current == context);
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    // Another thread has no device until it makes the context current.
    std::thread([&] {
        aclrtStream other = nullptr;
        EXPECT_EQ(aclrtCreateStream(&other), 107002);
        acltest::TakeRecentError();
        EXPECT_EQ(aclrtSetCurrentContext(context), ACL_SUCCESS);
        EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    }).join();
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(context), ACL_SUCCESS);  // its reference was the device's last
    EXPECT_EQ(aclrtDestroyContext(context), 107000);
    EXPECT_ERROR_MENTIONS("not a live context");
    EXPECT_EQ(aclrtSetCurrentContext(context), 107000);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtCreateStream(&stream), 107002);  // the device went with the last reference
    acltest::TakeRecentError();
    // With aclrtSetDevice too, the device outlives the context until aclrtResetDevice.
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtCreateContext(&context, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(context), ACL_SUCCESS);
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

ACL_CASE(events_complete_when_recorded) {
    aclrtEvent event = nullptr;
    EXPECT_EQ(aclrtCreateEvent(&event), 107002);  // no device
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtCreateEvent(nullptr), 100000);
    acltest::TakeRecentError();
    EXPECT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE), ACL_SUCCESS);
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    EXPECT_EQ(aclrtQueryEventStatus(event, &status), ACL_SUCCESS);
    EXPECT_EQ(static_cast<int>(status), static_cast<int>(ACL_EVENT_RECORDED_STATUS_NOT_READY));
    aclrtStream stream = nullptr;
    EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtRecordEvent(event, stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtQueryEventStatus(event, &status), ACL_SUCCESS);
    EXPECT_EQ(static_cast<int>(status), static_cast<int>(ACL_EVENT_RECORDED_STATUS_COMPLETE));
    EXPECT_EQ(aclrtStreamWaitEvent(nullptr, event), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetEvent(event, stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtQueryEventStatus(event, &status), ACL_SUCCESS);
    EXPECT_EQ(static_cast<int>(status), static_cast<int>(ACL_EVENT_RECORDED_STATUS_NOT_READY));
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtRecordEvent(event, stream), 107000);  // a destroyed stream
    EXPECT_ERROR_MENTIONS("aclrtRecordEvent");
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(event), 107000);
    EXPECT_ERROR_MENTIONS("not a live event");
    EXPECT_EQ(aclrtSynchronizeEvent(event), 107000);
    acltest::TakeRecentError();
    aclrtEvent plain = nullptr, flagged = nullptr;
    EXPECT_EQ(aclrtCreateEvent(&plain), ACL_SUCCESS);
    EXPECT_EQ(aclrtCreateEventWithFlag(&flagged, ACL_EVENT_SYNC), ACL_SUCCESS);
    EXPECT_TRUE(plain != flagged);
    EXPECT_EQ(aclrtDestroyEvent(plain), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(flagged), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}
