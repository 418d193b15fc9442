// TPipe carves UB into queue and calc buffers; TQue hands buffers between pipes with the
// implicit syncs of EnQue/DeQue/AllocTensor/FreeTensor; TBuf is a plain calc buffer.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy_params.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "utils/std/tuple.h"

namespace AscendC {

class TPipe;

namespace sim_detail {

class QueueState;

// The state of a TBufPool (TBufPoolImpl derives from it; its fields keep CANN's names, which
// EXTERN_IMPL_BUFPOOL's accessors read and write): the UB range [startAddr_, startAddr_ +
// maxLen_), the next free address maxAddr_, the buffers handed out, and the queues carved from
// it (Reset waits for their pending FreeTensor events).
struct PoolState {
    PoolState() = default;
    PoolState(const PoolState&) = delete;
    PoolState& operator=(const PoolState&) = delete;
    ~PoolState();
    uint32_t startAddr_ = 0;
    uint32_t maxAddr_ = 0;
    uint32_t maxLen_ = 0;
    uint8_t curBufSize_ = 0;
    uint8_t isReset_ = 1;
    uint32_t capacity = 0;     // bufIDSize: buffer handles the pool has
    TPipe* pipe = nullptr;     // null until InitBufPool
    int32_t number = -1;       // the pool's number in its TPipe (TBufPool#n)
    std::vector<QueueState*> queues;
};

// Which pipe fills a queue buffer and which drains it (2201 AIV auto-sync table:
// VECIN: MTE2 -> V, VECOUT: V -> MTE3, VECCALC: V -> V).
inline sim::Pipe ProducerPipe(TPosition src) {
    return src == TPosition::VECIN ? sim::Pipe::MTE2 : sim::Pipe::V;
}
inline sim::Pipe ConsumerPipe(TPosition dst) {
    return dst == TPosition::VECOUT ? sim::Pipe::MTE3 : sim::Pipe::V;
}

// State shared by every TQueBind instantiation.
class QueueState {
public:
    struct Slot {
        sim::UbRef ref;
        bool allocated = false;
        bool queued = false;
        sim::VectorClock freeToken{};  // what the consumer had done when it freed the buffer
        bool hasFreeToken = false;
        // While queued: its place in the FIFO (DeQue takes the lowest) and what the producer
        // had done when it was enqueued. The queue's order lives in its few slots, so a queue
        // allocates nothing per launch beyond its slots.
        uint64_t queuedAt = 0;
        sim::VectorClock queueToken{};
        const void* allocSite = nullptr;  // the kernel's AllocTensor while allocated (reports only)
    };
    QueueState() = default;
    QueueState(const QueueState&) = default;
    QueueState& operator=(const QueueState&) = default;
    // A buffer still allocated when the queue goes out of scope at the end of the kernel
    // (FreeTensor missing: on hardware a later AllocTensor would wait forever) is left on the core
    // for the launch to report as queue-leak once the kernel returns (a destructor must not throw).
    ~QueueState();
    // InitBuffer with the kernel's own (address, length) per buffer: placed there, the pipe's
    // cursor left where it is (the kernel keeps its buffers apart).
    void InitAt(TPipe* pipe, TPosition src, TPosition dst, int32_t depth, const char* kind, const uint32_t* addresses,
                const uint32_t* lengths, uint8_t num);
    void Init(TPipe* pipe, TPosition src, TPosition dst, int32_t depth, const char* kind, uint8_t num, uint32_t len,
              PoolState* pool = nullptr);
    // InitStartBufHandle: `num` slots, placed one by one by PlaceSlot (InitBufHandle).
    void InitExternal(TPipe* pipe, TPosition src, TPosition dst, int32_t depth, uint8_t num, PoolState* pool);
    void PlaceSlot(uint32_t index, const sim::UbRef& ref);
    // TBufPool::Reset: the producer pipe waits for every pending FreeTensor of this queue.
    void WaitPendingFrees(const char* api);
    void LeavePool();
    void LeavePoolQuietly() { pool_ = nullptr; }  // the pool is going away
    void JoinPool(PoolState* pool);
    PoolState* Pool() const { return pool_; }
    sim::BufferName SlotName(int32_t slot) const { return NameParts(slot); }
    TPosition Src() const { return src_; }
    sim::UbRef Alloc();
    bool EnQue(const sim::UbRef& ref);
    sim::UbRef DeQue();
    void Free(const sim::UbRef& ref);
    int32_t QueuedCount() const { return queued_; }
    int32_t Vacant() const;
    bool Initialized() const { return !slots_.empty(); }
    std::string Name() const { return pipe_ != nullptr ? NameParts().Text() : std::string(); }  // "" before InitBuffer

private:
    Slot* Find(const sim::UbRef& ref, const char* api);
    TPipe* pipe_ = nullptr;
    TPosition src_ = TPosition::VECIN, dst_ = TPosition::VECIN;
    int32_t depth_ = 1;
    const char* kind_ = "TQue";  // static text: logged with the implicit events for the time model
    int32_t number_ = 0;         // the queue's number in its TPipe: the name is kind_#number_
    sim::BufferName NameParts(int32_t slot = -1) const { return sim::BufferName{kind_, nullptr, number_, slot}; }
    sim::Event QueueEvent(sim::EventKind kind, sim::Pipe pipe, sim::Pipe peer, const char* api, int32_t slot) const;
    std::vector<Slot> slots_;
    size_t next_ = 0;
    int32_t queued_ = 0;      // slots queued (EnQue'd, not yet DeQue'd)
    uint64_t enqueues_ = 0;   // EnQue calls so far: the next queuedAt
    PoolState* pool_ = nullptr;  // the TBufPool its buffers came from (null: the TPipe's)
};

// TBufPool's steps (src/kernel/tbuf_pool.cpp), in the kernel's terms.
void PoolInitPool(PoolState* parent, PoolState& child, uint32_t len, const PoolState* share, const char* api);
void PoolInitQueue(PoolState& pool, QueueState& que, TPosition src, TPosition dst, int32_t depth, uint8_t num,
                   uint32_t len);
// A TBuf's buffer: at the pool's cursor (at < 0) or at UB address `at` (InitBufHandle).
sim::UbRef PoolCarveTBuf(PoolState& pool, uint8_t position, uint32_t len, int64_t at);
void PoolPlaceSlot(PoolState& pool, QueueState& que, uint32_t index, uint32_t address, uint32_t len);
void PoolReset(PoolState& pool, const char* api);
void PoolClear(PoolState& pool);
void PoolSetBufCount(PoolState& pool, uint8_t count);

}  // namespace sim_detail

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
    __aicore__ inline TQueBind() = default;
    template <class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<T> AllocTensor() { return LocalTensor<T>(state_.Alloc()); }
    // Always inlined, as AllocTensor: the queue's implicit sync events record the kernel's line.
    template <class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool EnQue(const LocalTensor<T>& tensor) { return state_.EnQue(tensor.SimRef()); }
    template <class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<T> DeQue() { return LocalTensor<T>(state_.DeQue()); }
    // The untyped form (asc-devkit include/basic_api/kernel_tpipe.h: TBufHandle DeQue()), which
    // kernels call for the hand-over's sync alone, discarding the handle. The handle (TBufHandle,
    // tbuf_pool.h) is opaque: here the buffer's first UB byte.
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE uint8_t* DeQue() {
        const sim::UbRef ref = state_.DeQue();
        std::vector<uint8_t>& ub = sim::Core().ub;
        return ref.offset < ub.size() ? ub.data() + ref.offset : nullptr;
    }
    template <class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void FreeTensor(LocalTensor<T>& tensor) { state_.Free(tensor.SimRef()); }
    __aicore__ inline bool VacantInQue() { return state_.Vacant() > 0; }
    __aicore__ inline bool HasTensorInQue() { return state_.QueuedCount() > 0; }
    __aicore__ inline int32_t GetTensorCountInQue() { return state_.QueuedCount(); }
    __aicore__ inline void FreeAllEvent() {}
    // Whether AllocTensor would find a free buffer now.
    __aicore__ inline bool HasIdleBuffer() { return state_.Vacant() > 0; }
    // In-place forms: the tensor given is set to the buffer (asc-devkit TQueBind::AllocTensor(LocalTensor&)).
    template <class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void AllocTensor(LocalTensor<T>& tensor) { tensor = LocalTensor<T>(state_.Alloc()); }
    template <class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void DeQue(LocalTensor<T>& tensor) { tensor = LocalTensor<T>(state_.DeQue()); }
    // The forms naming the hand-over's positions (TQue<VECIN>::EnQue<GM, VECIN>): the queue's own
    // pipes decide its syncs, as on 2201.
    template <TPosition srcUserPos, TPosition dstUserPos, class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool EnQue(const LocalTensor<T>& tensor) { return state_.EnQue(tensor.SimRef()); }
    template <TPosition srcUserPos, TPosition dstUserPos, class T>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<T> DeQue() { return LocalTensor<T>(state_.DeQue()); }
    // For a kernel's own pool (EXTERN_IMPL_BUFPOOL, tbuf_pool.h).
    __aicore__ inline void InitStartBufHandle(uint8_t* startBufhandle, uint8_t num, uint32_t len);
    template <class T>
    __aicore__ inline void InitBufHandle(T* bufPool, uint32_t index, uint8_t* bufhandle, uint32_t curPoolAddr, uint32_t len);

    sim_detail::QueueState& SimState() { return state_; }
    static constexpr TPosition kSrc = src;
    static constexpr TPosition kDst = dst;
    static constexpr int32_t kDepth = depth;

private:
    sim_detail::QueueState state_;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

template <TPosition pos = TPosition::LCM>
class TBuf {
public:
    __aicore__ inline TBuf() = default;
    template <class T>
    __aicore__ inline LocalTensor<T> Get() { return LocalTensor<T>(Checked(ref_.bytes, "TBuf::Get")); }
    // len counts elements of T.
    template <class T>
    __aicore__ inline LocalTensor<T> Get(uint32_t len) {
        return LocalTensor<T>(Checked(static_cast<uint64_t>(len) * sizeof(T), "TBuf::Get(len)"));
    }
    template <class T>
    __aicore__ inline LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) {
        sim::UbRef ref = Checked(bufOffset + static_cast<uint64_t>(size) * sizeof(T), "TBuf::GetWithOffset");
        ref.offset += bufOffset;
        ref.bytes = size * sizeof(T);
        return LocalTensor<T>(ref);
    }

    // TQueBind's methods as a TBuf has them (asc-devkit impl/basic_api/kernel_tbuf_impl.h): the
    // whole buffer, no sync.
    template <class T>
    __aicore__ inline LocalTensor<T> AllocTensor() { return Get<T>(); }
    template <class T>
    __aicore__ inline void FreeTensor(LocalTensor<T>&) {}
    template <class T>
    __aicore__ inline void EnQue(const LocalTensor<T>&) {}
    template <class T>
    __aicore__ inline LocalTensor<T> DeQue() { return Get<T>(); }
    __aicore__ inline void InitStartBufHandle(uint8_t* startBufhandle, uint8_t num, uint32_t len);
    template <class T>
    __aicore__ inline void InitBufHandle(T* bufPool, uint32_t index, uint8_t* bufhandle, uint32_t curPoolAddr, uint32_t len);

    void SimInit(const sim::UbRef& ref) { ref_ = ref; initialized_ = true; }
    static constexpr TPosition kPos = pos;

private:
    sim::UbRef Checked(uint64_t bytes, const char* api) const;
    sim::UbRef ref_;
    bool initialized_ = false;
};

class TPipe {
public:
    __aicore__ TPipe();
    __aicore__ ~TPipe();
    // Copyable as CANN's (include/basic_api/kernel_tpipe.h declares no copy members, so the
    // implicit ones copy the pipe's state): a kernel class holding a TPipe by value may assign the
    // kernel's pipe to it (ops-nn layer_norm_grad_v3: `pipe = pipeIn;`) and carve its buffers from
    // there on. The copy does not become GetTPipePtr()'s pipe (no constructor body runs).
    TPipe(const TPipe&) = default;
    TPipe& operator=(const TPipe&) = default;

    // num buffers of len bytes each (len rounded up to 32 bytes).
    template <TPosition src, TPosition dst, int32_t depth, auto mask>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len) {
        que.SimState().Init(this, src, dst, depth, QueueKind(src, dst), num, len);
        return true;
    }
    // One buffer per Std::tuple(address, length) (asc-devkit docs TPipe/InitBuffer.md), at that
    // UB byte address and of exactly that length; the buffers count toward the pipe's 64.
    template <TPosition src, TPosition dst, int32_t depth, auto mask, class U, class V, class... Addrs>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool InitBuffer(TQueBind<src, dst, depth, mask>& que,
                                                           const Std::tuple<U, V>& addr0, const Addrs&... addrs) {
        static_assert(std::is_integral_v<U> && std::is_integral_v<V>,
                      "TPipe::InitBuffer: each address tuple is (integral start address, integral length)");
        static_assert(((Std::is_tuple_v<Addrs> && Std::tuple_size_v<Addrs> == 2) && ...),
                      "TPipe::InitBuffer: every address must be a Std::tuple of (start address, length)");
        const uint32_t addresses[] = {static_cast<uint32_t>(Std::get<0>(addr0)),
                                      static_cast<uint32_t>(Std::get<0>(addrs))...};
        const uint32_t lengths[] = {static_cast<uint32_t>(Std::get<1>(addr0)), static_cast<uint32_t>(Std::get<1>(addrs))...};
        que.SimState().InitAt(this, src, dst, depth, QueueKind(src, dst), addresses, lengths,
                              static_cast<uint8_t>(1 + sizeof...(addrs)));
        return true;
    }
    template <TPosition pos>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
        buf.SimInit(Carve(len, sim::BufferName{"TBuf", sim::PositionName(pos), tbufCount_++}, static_cast<uint8_t>(pos)));
        return true;
    }
    __aicore__ void Reset();
    // The constructor's initialisation again, for a pipe reused after Destroy (asc-devkit
    // TPipe/Init.md): its buffers start at UB address 0 again.
    __aicore__ inline void Init() {
        destroyed_ = false;
        ReleaseBuffers();
        sim::Core().currentPipe = this;
    }
    // A TBufPool (or a kernel's EXTERN_IMPL_BUFPOOL class) over the next len bytes of the pipe,
    // or over shareBuf's range (tbuf_pool.h).
    template <class T>
    __aicore__ inline bool InitBufPool(T& bufPool, uint32_t len);
    template <class T, class U>
    __aicore__ inline bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);
    // Destroy without the closing pipe_barrier(PIPE_ALL): a TPipe created afterwards that reuses
    // this UB must sync itself (asc-devkit docs TPipe/DestroyWithoutPipeAll.md).
    __aicore__ inline void DestroyWithoutPipeAll() {
        if (destroyed_) return;
        destroyed_ = true;
        ReleaseBuffers();
    }
    // As CANN's (asc-devkit impl/basic_api/kernel_tpipe_impl.h): releases the pipe's buffers and
    // ends with pipe_barrier(PIPE_ALL), so a TPipe created afterwards may reuse the same UB
    // (both start at address 0) without a sync of its own. Once per pipe; the destructor does it
    // too for a pipe not destroyed (see ~TPipe).
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void Destroy() {
        if (destroyed_) return;
        destroyed_ = true;
        sim::PipeBarrierImpl(PIPE_ALL);  // inlined, so the barrier is charged to the kernel's Destroy line
        ReleaseBuffers();
    }
    __aicore__ TEventID FetchEventID(HardEvent event);
    template <HardEvent event>
    __aicore__ inline TEventID FetchEventID() { return FetchEventID(event); }
    template <HardEvent event>
    __aicore__ inline TEventID AllocEventID() { return AllocEventIdFor(event); }
    template <HardEvent event>
    __aicore__ inline void ReleaseEventID(TEventID id) { ReleaseEventIdFor(event, id); }

    // The SPM buffer (spm_buffer.h): GM space for data UB cannot hold.
    template <typename T>
    __aicore__ inline void InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize);
    __aicore__ inline void InitSpmBuffer(const int32_t bufferSize);
    template <typename T>
    __aicore__ inline void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                                          int32_t writeOffset = 0);
    template <typename T>
    __aicore__ inline void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize, int32_t writeOffset = 0);
    template <typename T>
    __aicore__ inline void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                                         int32_t readOffset = 0);
    template <typename T>
    __aicore__ inline void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize, int32_t readOffset = 0);

    // Sim internals used by queues and high-level APIs.
    // `site`: the kernel's InitBuffer call (a return address); null: Carve's own return address,
    // the kernel's line when called from the inlined InitBuffer.
    // `pool`: carve from that TBufPool's range instead of the pipe's, at its cursor or, with
    // at >= 0, at UB address `at` (InitBufHandle; the cursor is then the kernel's business).
    sim::UbRef Carve(uint32_t len, const sim::BufferName& name, uint8_t position, const void* site = nullptr,
                     sim_detail::PoolState* pool = nullptr, int64_t at = -1);
    // The next `len` bytes of the pipe for a TBufPool: *start; false (reported) past UB's end.
    bool ReservePool(uint32_t len, const char* api, uint32_t* start);
    int NextPoolNumber() { return poolCount_++; }
    int NextTBufNumber() { return tbufCount_++; }
    uint32_t UsedBytes() const { return used_; }
    // The UB left after every InitBuffer (CANN's PopStackBuffer for APIs without a tmp buffer).
    sim::UbRef StackBuffer();
    int& LiveAtPosition(TPosition pos) { return live_[static_cast<int>(pos)]; }

    static const char* QueueKind(TPosition src, TPosition dst);

private:
    TEventID AllocEventIdFor(HardEvent event);
    void ReleaseEventIdFor(HardEvent event, TEventID id);
    void ReleaseBuffers();
    uint32_t used_ = 0;
    bool destroyed_ = false;
    sim::UbRef stackRef_;       // the last StackBuffer() handed out, valid while used_ == stackUsed_
    uint32_t stackUsed_ = 0;
    int bufferCount_ = 0;
    int queCount_ = 0;
    int tbufCount_ = 0;
    int poolCount_ = 0;
    std::array<int, static_cast<int>(TPosition::MAX) + 1> live_{};
    std::array<uint8_t, static_cast<int>(HardEvent::MAX) + 1> reservedIds_{};  // bit i: id i reserved
    GlobalTensor<uint8_t> spm_;   // InitSpmBuffer's GM workspace, bufferSize bytes (unset: none)
    friend class sim_detail::QueueState;
};


template <TPosition pos>
sim::UbRef TBuf<pos>::Checked(uint64_t bytes, const char* api) const {
    if (!initialized_) {
        sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": TBuf used before TPipe::InitBuffer");
        return sim::UbRef{};
    }
    if (bytes > ref_.bytes) {
        sim::Violation(sim::Check::OperandBounds, std::string(api) + ": asks for " + std::to_string(bytes) +
                                                     " bytes of a TBuf of " + std::to_string(ref_.bytes) + " bytes");
        sim::UbRef clipped = ref_;
        return clipped;
    }
    sim::UbRef ref = ref_;
    ref.bytes = static_cast<uint32_t>(bytes);
    return ref;
}

}  // namespace AscendC

// The kernel's TPipe (the last one constructed on this core), at global scope as CANN declares
// it (asc-devkit include/basic_api/kernel_common.h): kernels call it unqualified.
__aicore__ AscendC::TPipe* GetTPipePtr();

namespace AscendC {
using ::GetTPipePtr;

// The UB left after every InitBuffer of the kernel's TPipe, as one VECCALC tensor (asc-devkit
// 资源管理/PopStackBuffer.md); false without a TPipe.
template <typename T, TPosition pos>
__aicore__ inline bool PopStackBuffer(LocalTensor<T>& popLocal) {
    static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC || pos == TPosition::LCM,
                  "PopStackBuffer: the sim models UB positions only");
    TPipe* pipe = GetTPipePtr();
    if (pipe == nullptr) return false;
    popLocal = LocalTensor<T>(pipe->StackBuffer());
    return true;
}

// The system workspace (asc-devkit 资源管理/workspace): the address SetSysWorkspace gave this
// core, nullptr before (the sim's launches reserve no system part: GetUserWorkspace returns the
// workspace argument itself, as CANN's CPU mode does).
__aicore__ inline void SetSysWorkspace(GM_ADDR workspace) { sim::Core().sysWorkspace = workspace; }
__aicore__ inline GM_ADDR GetSysWorkSpacePtr() { return sim::Core().sysWorkspace; }
}  // namespace AscendC

#include "ascendc_sim/kernel/tbuf_pool.h"
