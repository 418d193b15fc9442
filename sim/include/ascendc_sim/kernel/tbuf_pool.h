// TBufPool: a UB range of a TPipe that TQue/TBuf buffers (and nested pools) are carved from,
// reset and reused (asc-devkit include/basic_api/kernel_tpipe.h, impl/basic_api/
// kernel_tbufpool_impl.h, TPipe::InitBufPool in impl/basic_api/kernel_tpipe_impl.h), and
// EXTERN_IMPL_BUFPOOL for a kernel's own pool class (InitBufHandle/InitStartBufHandle place its
// buffers at addresses the kernel computes).
//
//   pipe.InitBufPool(pool, len)            the next len bytes (rounded up to 32) of the pipe
//   pipe.InitBufPool(pool, len, share)     the same range as `share` (len <= share's length)
//   pool.InitBufPool(sub, len[, share])    the same, inside `pool`
//   pool.InitBuffer(que, num, len) / pool.InitBuffer(tbuf, len)   buffers from the pool's cursor
//   pool.Reset()                           waits for every pending FreeTensor event of its queues
//                                          (the producer pipe observes the consumer's last use,
//                                          as CANN's WaitFlag on freeBufEvt), then empties the pool
//
// The sim's checks: ub-capacity for a pool or buffer reaching past its pool (or UB), for more
// buffers than the pool's bufIDSize handles (CANN writes past its handle array), a pool of
// length 0, a shared pool longer than the one it shares; api-misuse for InitBuffer on a pool
// never initialized.
#pragma once
#include <cstdint>
#include <vector>

#include "ascendc_sim/kernel/local_mem_allocator.h"
#include "ascendc_sim/kernel/tpipe.h"

namespace AscendC {

using TBufHandle = uint8_t*;
constexpr uint32_t defaultBufIDSize = 4;

// One buffer handle of a pool (the sim keeps a buffer's state in its queue).
struct TBufType {
    uint32_t address = 0;
    uint32_t dataLen = 0;
};

template <uint32_t bufIDSize>
struct TBufPoolImpl : sim_detail::PoolState {
    TBufPoolImpl() { capacity = bufIDSize; }
    TBufType buf_[bufIDSize]{};
};

template <TPosition pos, uint32_t bufIDSize = defaultBufIDSize>
class TBufPool {
    static_assert(GetPhyType(pos) == Hardware::UB,
                  "TBufPool: the sim models the vector core's UB only (position VECIN/VECOUT/VECCALC)");

public:
    static constexpr TPosition poolPos = pos;
    static constexpr bool isTbufPool = true;
    __aicore__ inline TBufPool() = default;
    __aicore__ inline ~TBufPool() = default;

    template <TPosition src, TPosition dst, int32_t depth, auto mask>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len) {
        sim_detail::PoolInitQueue(tBufPoolImpl, que.SimState(), src, dst, depth, num, len);
        return true;
    }
    template <TPosition bufPos>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
        buf.SimInit(sim_detail::PoolCarveTBuf(tBufPoolImpl, static_cast<uint8_t>(bufPos), len, -1));
        return true;
    }
    template <class T>
    __aicore__ inline bool InitBufPool(T& bufPool, uint32_t len) {
        static_assert(T::isTbufPool, "TBufPool::InitBufPool: bufPool must be a TBufPool");
        sim_detail::PoolInitPool(&tBufPoolImpl, bufPool.tBufPoolImpl, len, nullptr, "TBufPool::InitBufPool");
        return true;
    }
    template <class T, class U>
    __aicore__ inline bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
        static_assert(T::isTbufPool && U::isTbufPool, "TBufPool::InitBufPool: bufPool and shareBuf must be TBufPools");
        sim_detail::PoolInitPool(&tBufPoolImpl, bufPool.tBufPoolImpl, len, &shareBuf.tBufPoolImpl,
                                 "TBufPool::InitBufPool(shareBuf)");
        return true;
    }
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Reset() { sim_detail::PoolReset(tBufPoolImpl, "TBufPool::Reset"); }

    TBufPoolImpl<bufIDSize> tBufPoolImpl;
};

template <class T>
__aicore__ inline bool TPipe::InitBufPool(T& bufPool, uint32_t len) {
    static_assert(T::isTbufPool, "TPipe::InitBufPool: bufPool must be a TBufPool");
    static_assert(GetPhyType(T::poolPos) == Hardware::UB, "TPipe::InitBufPool: the sim models UB pools only");
    sim_detail::PoolInitPool(nullptr, bufPool.tBufPoolImpl, len, nullptr, "TPipe::InitBufPool");
    return true;
}
template <class T, class U>
__aicore__ inline bool TPipe::InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
    static_assert(T::isTbufPool && U::isTbufPool, "TPipe::InitBufPool: bufPool and shareBuf must be TBufPools");
    static_assert(GetPhyType(T::poolPos) == GetPhyType(U::poolPos),
                  "TPipe::InitBufPool: bufPool and shareBuf must lie in the same hardware memory");
    sim_detail::PoolInitPool(nullptr, bufPool.tBufPoolImpl, len, &shareBuf.tBufPoolImpl,
                             "TPipe::InitBufPool(shareBuf)");
    return true;
}

template <TPosition src, TPosition dst, int32_t depth, auto mask>
__aicore__ inline void TQueBind<src, dst, depth, mask>::InitStartBufHandle(TBufHandle, uint8_t num, uint32_t) {
    state_.InitExternal(GetTPipePtr(), src, dst, depth, num, nullptr);
}
template <TPosition src, TPosition dst, int32_t depth, auto mask>
template <class T>
__aicore__ inline void TQueBind<src, dst, depth, mask>::InitBufHandle(T* bufPool, uint32_t index, TBufHandle,
                                                                      uint32_t curPoolAddr, uint32_t len) {
    sim_detail::PoolPlaceSlot(bufPool->tBufPoolImpl, state_, index, curPoolAddr, len);
}
template <TPosition pos>
__aicore__ inline void TBuf<pos>::InitStartBufHandle(TBufHandle, uint8_t num, uint32_t) {
    if (num != 1) sim::Violation(sim::Check::ApiMisuse, "TBuf::InitStartBufHandle: a TBuf has 1 buffer, not " + std::to_string(num));
}
template <TPosition pos>
template <class T>
__aicore__ inline void TBuf<pos>::InitBufHandle(T* bufPool, uint32_t index, TBufHandle, uint32_t curPoolAddr,
                                                uint32_t len) {
    if (index != 0) sim::Violation(sim::Check::ApiMisuse, "TBuf::InitBufHandle: index " + std::to_string(index) + " (a TBuf has buffer 0 only)");
    SimInit(sim_detail::PoolCarveTBuf(bufPool->tBufPoolImpl, static_cast<uint8_t>(pos), len, curPoolAddr));
}

}  // namespace AscendC

// A kernel's own pool class: EXTERN_IMPL_BUFPOOL(MyPool, TPosition::VECCALC, 16) inside it
// gives it the members TPipe::InitBufPool and InitBufHandle need, the pool cursor accessors
// its InitBuffer uses (GetBufHandle, GetCurAddr/SetCurAddr, GetCurBufSize/SetCurBufSize) and
// Init/Reset, as CANN's macro does.
#define EXTERN_IMPL_BUFPOOL(EXT_BUFPOOL, POSITION, BUFID_SIZE)                                             \
public:                                                                                                    \
    static constexpr AscendC::TPosition poolPos = POSITION;                                                \
    static constexpr int bufIDSize = BUFID_SIZE;                                                           \
    static constexpr bool isTbufPool = true;                                                               \
    static_assert(AscendC::GetPhyType(POSITION) == AscendC::Hardware::UB,                                  \
                  "EXTERN_IMPL_BUFPOOL: the sim models UB pools only (VECIN/VECOUT/VECCALC)");             \
    __aicore__ inline void Reset() { ::AscendC::sim_detail::PoolReset(tBufPoolImpl, "TBufPool::Reset"); } \
    __aicore__ inline void Init() { ::AscendC::sim_detail::PoolClear(tBufPoolImpl); }                      \
    __aicore__ inline AscendC::TBufHandle GetBufHandle(uint8_t offset) {                                   \
        return reinterpret_cast<AscendC::TBufHandle>(tBufPoolImpl.buf_ + (offset % BUFID_SIZE));           \
    }                                                                                                      \
    __aicore__ inline void SetCurAddr(uint32_t curAddr) { tBufPoolImpl.maxAddr_ = curAddr; }               \
    __aicore__ inline uint32_t GetCurAddr() { return tBufPoolImpl.maxAddr_; }                              \
    __aicore__ inline void SetCurBufSize(uint8_t curBufSize) {                                             \
        ::AscendC::sim_detail::PoolSetBufCount(tBufPoolImpl, curBufSize);                                  \
    }                                                                                                      \
    __aicore__ inline uint8_t GetCurBufSize() { return tBufPoolImpl.curBufSize_; }                         \
    AscendC::TBufPoolImpl<BUFID_SIZE> tBufPoolImpl
