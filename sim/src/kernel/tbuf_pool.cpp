// TBufPool (include/ascendc_sim/kernel/tbuf_pool.h): pools carved from a TPipe or a parent
// pool, buffers carved from pools, and Reset.
#include "ascendc_sim/kernel/tbuf_pool.h"

#include <algorithm>
#include <string>

#include "ascendc_sim/core/check.h"

namespace AscendC {
namespace sim_detail {
namespace {

constexpr uint32_t kBlockBytes = 32;
uint32_t AlignUp(uint64_t value) { return static_cast<uint32_t>((value + kBlockBytes - 1) / kBlockBytes * kBlockBytes); }

std::string PoolName(const PoolState& pool) { return "TBufPool#" + std::to_string(pool.number); }

// A pool used before InitBufPool: reported once per call.
bool Ready(const PoolState& pool, const char* api) {
    if (pool.pipe != nullptr) return true;
    sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": the TBufPool was never given memory by InitBufPool");
    return false;
}

// Counts `count` more buffer handles of the pool (its bufIDSize handles).
void TakeHandles(PoolState& pool, uint32_t count, const char* api) {
    const uint32_t total = pool.curBufSize_ + count;
    if (total > pool.capacity) {
        sim::Violation(sim::Check::UbCapacity, std::string(api) + " in " + PoolName(pool) + ": " + std::to_string(total) +
                                                   " buffers but the pool has " + std::to_string(pool.capacity) +
                                                   " handles (its bufIDSize template argument; CANN writes past its "
                                                   "handle array)");
    }
    pool.curBufSize_ = static_cast<uint8_t>(total);
}

}  // namespace

void PoolInitPool(PoolState* parent, PoolState& child, uint32_t len, const PoolState* share, const char* api) {
    TPipe* pipe = parent != nullptr ? parent->pipe : GetTPipePtr();
    if (pipe == nullptr) {
        sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": no TPipe on this core");
        return;
    }
    if (parent != nullptr && !Ready(*parent, api)) return;
    if (len == 0) {
        sim::Violation(sim::Check::UbCapacity, std::string(api) + ": length 0 (CANN requires len > 0)");
        return;
    }
    const uint32_t rounded = AlignUp(len);
    child.queues.clear();
    child.curBufSize_ = 0;
    child.isReset_ = 1;
    child.pipe = pipe;
    child.number = pipe->NextPoolNumber();
    if (share != nullptr) {
        if (share->pipe == nullptr) {
            sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": shareBuf was never given memory by InitBufPool");
            return;
        }
        if (rounded > share->maxLen_) {
            sim::Violation(sim::Check::UbCapacity, std::string(api) + ": " + PoolName(child) + " of " + std::to_string(len) +
                                                       " bytes shares " + PoolName(*share) + " of only " +
                                                       std::to_string(share->maxLen_) + " bytes");
        }
        // As CANN: the shared pool gets shareBuf's start and length.
        child.startAddr_ = share->startAddr_;
        child.maxLen_ = share->maxLen_;
    } else if (parent == nullptr) {
        uint32_t start = 0;
        child.maxLen_ = pipe->ReservePool(len, api, &start) ? rounded : 0;
        child.startAddr_ = start;
    } else {
        const uint64_t end = uint64_t(parent->maxAddr_) + rounded;
        const uint64_t parentEnd = uint64_t(parent->startAddr_) + parent->maxLen_;
        child.startAddr_ = parent->maxAddr_;
        child.maxLen_ = rounded;
        if (end > parentEnd) {
            sim::Violation(sim::Check::UbCapacity,
                           std::string(api) + ": " + PoolName(child) + " of " + std::to_string(len) + " bytes would take UB [" +
                               std::to_string(parent->maxAddr_) + ", " + std::to_string(end) + ") but " +
                               PoolName(*parent) + " is UB [" + std::to_string(parent->startAddr_) + ", " +
                               std::to_string(parentEnd) + ")");
            child.maxLen_ = static_cast<uint32_t>(parentEnd > parent->maxAddr_ ? parentEnd - parent->maxAddr_ : 0);
        }
        parent->maxAddr_ = static_cast<uint32_t>(std::min(end, parentEnd));
    }
    child.maxAddr_ = child.startAddr_;
}

void PoolInitQueue(PoolState& pool, QueueState& que, TPosition src, TPosition dst, int32_t depth, uint8_t num,
                   uint32_t len) {
    if (!Ready(pool, "TBufPool::InitBuffer")) return;
    TakeHandles(pool, num, "TBufPool::InitBuffer");
    que.Init(pool.pipe, src, dst, depth, TPipe::QueueKind(src, dst), num, len, &pool);
}

sim::UbRef PoolCarveTBuf(PoolState& pool, uint8_t position, uint32_t len, int64_t at) {
    if (!Ready(pool, at < 0 ? "TBufPool::InitBuffer" : "TBuf::InitBufHandle")) return sim::UbRef{};
    if (at < 0) TakeHandles(pool, 1, "TBufPool::InitBuffer");
    return pool.pipe->Carve(len, sim::BufferName{"TBuf", sim::PositionName(static_cast<TPosition>(position)), pool.pipe->NextTBufNumber()},
                            position, __builtin_return_address(0), &pool, at);
}

void PoolPlaceSlot(PoolState& pool, QueueState& que, uint32_t index, uint32_t address, uint32_t len) {
    if (!Ready(pool, "TQueBind::InitBufHandle")) return;
    if (que.Name().empty()) {
        sim::Violation(sim::Check::ApiMisuse, "InitBufHandle: InitStartBufHandle was not called for the queue first");
        return;
    }
    if (que.Pool() != &pool) que.JoinPool(&pool);
    que.PlaceSlot(index, pool.pipe->Carve(len, que.SlotName(static_cast<int32_t>(index)),
                                         static_cast<uint8_t>(que.Src()), __builtin_return_address(0), &pool, address));
}

void PoolReset(PoolState& pool, const char* api) {
    sim::CoreState& core = sim::Core();
    core.callSite = __builtin_return_address(0);  // the inlined Reset: the kernel's line
    for (QueueState* queue : pool.queues) {
        queue->WaitPendingFrees(api);
        queue->LeavePoolQuietly();
    }
    pool.queues.clear();
    PoolClear(pool);
}

void PoolClear(PoolState& pool) {
    // As CANN's ResetPool: empty, at address 0, length 0 (InitBufPool gives it memory again).
    for (QueueState* queue : pool.queues) queue->LeavePoolQuietly();
    pool.queues.clear();
    pool.curBufSize_ = 0;
    pool.startAddr_ = 0;
    pool.maxAddr_ = 0;
    pool.maxLen_ = 0;
    pool.isReset_ = 1;
}

void PoolSetBufCount(PoolState& pool, uint8_t count) {
    if (count > pool.capacity) {
        sim::Violation(sim::Check::UbCapacity, "SetCurBufSize(" + std::to_string(count) + ") on " + PoolName(pool) +
                                                   ": the pool has " + std::to_string(pool.capacity) +
                                                   " handles (EXTERN_IMPL_BUFPOOL's BUFID_SIZE)");
    }
    pool.curBufSize_ = count;
}

}  // namespace sim_detail
}  // namespace AscendC
