// The op's two-phase API against hostile callers: GetWorkspaceSize with hostile arguments
// (a status and a message naming the tensor, never a crash or a launch past memory), and
// threads racing to run one executor (one run, the others 161002, never a double free).
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell_backward.h"
#include "case_registry.h"

namespace {

using Dims = std::vector<int64_t>;

struct TensorDeleter {
    void operator()(aclTensor* tensor) const { aclDestroyTensor(tensor); }
};
using Tensor = std::unique_ptr<aclTensor, TensorDeleter>;

// One device allocation the case's views point into (freed at exit with the process).
void* Device(uint64_t bytes) {
    void* device = nullptr;
    aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    if (device != nullptr) aclrtMemset(device, bytes, 0, bytes);  // the kernel reads defined values
    return device;
}

Tensor View(const Dims& shape, const Dims& strides, void* data, const Dims& storage) {
    return Tensor(aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND,
                                  storage.data(), storage.size(), data));
}
Tensor Dense(const Dims& shape) {
    int64_t elements = 1;
    for (int64_t d : shape) elements *= d;
    Dims strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
    return View(shape, strides, Device(static_cast<uint64_t>(elements) * 4), shape);
}

struct Args {
    Tensor gradHy, gradC, cx, cy, storage, gradGates, gradCx, gradBias;
};

// Dense [batch, hidden] arguments, each replaceable by the case.
Args DenseArgs(int64_t batch, int64_t hidden) {
    return Args{Dense({batch, hidden}), Dense({batch, hidden}), Dense({batch, hidden}), Dense({batch, hidden}),
                Dense({batch, 4 * hidden}), Dense({batch, 4 * hidden}), Dense({batch, hidden}), Dense({4 * hidden})};
}

aclnnStatus Prepare(const Args& a, bool hasBias = true, uint64_t* workspace = nullptr,
                    aclOpExecutor** executorOut = nullptr) {
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus status = aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(
        a.gradHy.get(), a.gradC.get(), a.cx.get(), a.cy.get(), a.storage.get(), hasBias, a.gradGates.get(),
        a.gradCx.get(), a.gradBias.get(), &size, &executor);
    if (workspace != nullptr) *workspace = size;
    if (executorOut != nullptr) *executorOut = executor;
    return status;
}

void Setup() {
    aclInit(nullptr);
    aclrtSetDevice(0);
}

// A [batch, width] view of one element repeated (stride 0 on both dims): no memory of its own.
Tensor Broadcast(int64_t batch, int64_t width) { return View({batch, width}, {0, 0}, Device(4), {1}); }

}  // namespace

// plan(2^39, 8) once divided by a rowUnit narrowed to 0 (SIGFPE): now refused by the checks.
ACL_CASE(huge_batch_of_stride0_views_is_refused) {
    Setup();
    const int64_t batch = int64_t{1} << 39, hidden = 8;
    Args a{Broadcast(batch, hidden), Broadcast(batch, hidden), Broadcast(batch, hidden), Broadcast(batch, hidden),
           Broadcast(batch, 4 * hidden), Broadcast(batch, 4 * hidden), Broadcast(batch, hidden), Dense({4 * hidden})};
    EXPECT_EQ(Prepare(a), 161002);
    EXPECT_ERROR_MENTIONS("cx has shape [549755813888, 8]");
}

// cx [1, 2^62 + 1]: 4 * hidden once wrapped to 4, so storage [1, 4] was accepted.
ACL_CASE(four_times_hidden_overflow_is_refused) {
    Setup();
    const int64_t hidden = (int64_t{1} << 62) + 1;
    Args a = DenseArgs(1, 1);
    a.gradHy = Broadcast(1, hidden);
    a.gradC = Broadcast(1, hidden);
    a.cx = Broadcast(1, hidden);
    a.cy = Broadcast(1, hidden);
    a.storage = Dense({1, 4});
    EXPECT_EQ(Prepare(a), 161002);
    EXPECT_ERROR_MENTIONS("more than 2^63 bytes");
}

// Outputs whose own elements share memory: strides {1, 1}, {0, 1}.
ACL_CASE(output_sharing_memory_with_itself_is_refused) {
    Setup();
    for (const Dims& strides : {Dims{1, 1}, Dims{0, 1}, Dims{8, 0}}) {
        Args a = DenseArgs(4, 8);
        a.gradCx = View({4, 8}, strides, Device(4 * 64), {64});
        EXPECT_EQ(Prepare(a), 161002);
        EXPECT_ERROR_MENTIONS("gradCxOut has elements sharing memory (view [4, 8] with byte strides");
    }
    Args a = DenseArgs(4, 8);
    a.gradGates = View({4, 32}, {16, 1}, Device(4 * 128), {128});  // rows overlapping by half
    EXPECT_EQ(Prepare(a), 161002);
    EXPECT_ERROR_MENTIONS("gradGatesOut");
    // Disjoint strided layouts stay accepted: every other column, a transposed matrix.
    a = DenseArgs(4, 8);
    a.gradCx = View({4, 8}, {16, 2}, Device(4 * 64), {64});
    a.gradGates = View({4, 32}, {1, 4}, Device(4 * 128), {128});
    EXPECT_EQ(Prepare(a), 0);
}

// ASCEND_SIM_MAX_CORES set by the test driver to a malformed value.
ACL_CASE(malformed_core_cap_is_an_error) {
    Setup();
    EXPECT_EQ(Prepare(DenseArgs(4, 8)), 161002);
    EXPECT_ERROR_MENTIONS("ASCEND_SIM_MAX_CORES=");
}

// ASCEND_SIM_MAX_WORKSPACE_BYTES set by the test driver to a malformed value ("0", past 2^64,
// a sign, a suffix): every call is refused naming the variable, never read as "no cap".
ACL_CASE(malformed_workspace_cap_is_an_error) {
    Setup();
    EXPECT_EQ(Prepare(DenseArgs(4, 8)), 161002);
    EXPECT_ERROR_MENTIONS("ASCEND_SIM_MAX_WORKSPACE_BYTES='");
}

// Stride-0 inputs staged as contiguous copies (32 MiB) after the op's workspace (16 MiB)
// against a 40 MiB cap (ASCEND_SIM_MAX_WORKSPACE_BYTES, set by the test driver): a status
// before any memory is taken, never the OOM killer.
ACL_CASE(workspace_beyond_available_memory_is_refused) {
    Setup();
    const int64_t batch = 1024, hidden = 1024;
    Args a{Broadcast(batch, hidden), Broadcast(batch, hidden), Broadcast(batch, hidden), Broadcast(batch, hidden),
           Broadcast(batch, 4 * hidden), Dense({batch, 4 * hidden}), Dense({batch, hidden}), Dense({4 * hidden})};
    EXPECT_EQ(Prepare(a), 161002);
    EXPECT_ERROR_MENTIONS("contiguous copies of gradHyOptional, gradCOptional, cx, cy, storage) but only "
                          "41943040 bytes");
}

// Two threads run phase two with the same one-shot executor at the same moment, many times:
// exactly one runs it, the other gets 161002 saying the executor is taken. Both once passed
// the liveness check, both ran the kernel and both released the executor (a double free).
ACL_CASE(racing_runs_of_one_executor_run_it_once) {
    Setup();
    constexpr int kRounds = 300;
    Args a = DenseArgs(8, 16);
    uint64_t workspaceBytes = 0;
    aclOpExecutor* probe = nullptr;
    EXPECT_EQ(Prepare(a, true, &workspaceBytes, &probe), 0);
    aclDestroyAclOpExecutor(probe);
    void* workspace = Device(workspaceBytes);
    int bothRan = 0, neitherRan = 0, unclearLoser = 0;
    for (int round = 0; round < kRounds; ++round) {
        aclOpExecutor* executor = nullptr;
        if (Prepare(a, true, nullptr, &executor) != 0) {
            EXPECT_EQ(round, -1);  // GetWorkspaceSize must keep working
            break;
        }
        std::atomic<int> ready{0};
        aclnnStatus status[2] = {0, 0};
        std::string message[2];
        auto run = [&](int i) {
            aclrtSetDevice(0);
            ready.fetch_add(1);
            while (ready.load() < 2) {
            }
            status[i] = aclnnThnnFusedLstmCellBackward(workspace, workspaceBytes, executor, nullptr);
            message[i] = ::acltest::TakeRecentError();
            aclrtResetDevice(0);
        };
        std::thread first(run, 0), second(run, 1);
        first.join();
        second.join();
        const int ran = (status[0] == 0) + (status[1] == 0);
        if (ran == 2) ++bothRan;
        if (ran == 0) ++neitherRan;
        if (ran == 1) {
            const int loser = status[0] == 0 ? 1 : 0;
            if (status[loser] != 161002 || message[loser].find("executor") == std::string::npos) ++unclearLoser;
        }
    }
    EXPECT_EQ(bothRan, 0);
    EXPECT_EQ(neitherRan, 0);
    EXPECT_EQ(unclearLoser, 0);
    // A repeatable executor: the same race, then it is still live and runs again.
    aclOpExecutor* repeatable = nullptr;
    EXPECT_EQ(Prepare(a, true, nullptr, &repeatable), 0);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(repeatable), 0);
    std::atomic<int> otherStatus{0};
    for (int round = 0; round < 50; ++round) {
        std::thread racers[2];
        for (auto& racer : racers) {
            racer = std::thread([&] {
                aclrtSetDevice(0);
                const aclnnStatus status = aclnnThnnFusedLstmCellBackward(workspace, workspaceBytes, repeatable, nullptr);
                if (status != 0 && status != 161002) otherStatus.fetch_add(1);
                ::acltest::TakeRecentError();
                aclrtResetDevice(0);
            });
        }
        for (auto& racer : racers) racer.join();
    }
    EXPECT_EQ(otherStatus.load(), 0);
    EXPECT_EQ(aclnnThnnFusedLstmCellBackward(workspace, workspaceBytes, repeatable, nullptr), 0);
    EXPECT_EQ(aclDestroyAclOpExecutor(repeatable), 0);
}

// CANN requires a 32-byte aligned tensorData (aclCreateTensor): a float32 pointer 2 bytes
// into its allocation is refused, naming the tensor.
ACL_CASE(misaligned_data_pointer_is_refused) {
    Setup();
    Args a = DenseArgs(4, 8);
    a.cx = View({4, 8}, {8, 1}, static_cast<char*>(Device(32 * 4 + 32)) + 2, {4, 8});
    EXPECT_EQ(Prepare(a), 161002);
    EXPECT_ERROR_MENTIONS("cx: its data pointer is 2 bytes past a 32-byte boundary");
}

// The storage offset is not part of the rule: a view one element into its storage is legal.
ACL_CASE(storage_offset_off_the_32_byte_grid_is_accepted) {
    Setup();
    Args a = DenseArgs(4, 8);
    const Dims shape{4, 8}, strides{8, 1}, storage{33};
    a.cx = Tensor(aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 1, ACL_FORMAT_ND,
                                  storage.data(), storage.size(), Device(33 * 4)));
    EXPECT_EQ(Prepare(a), 0);
}
