#include "ascendc_sim/kernel/tpipe.h"

#include <algorithm>
#include <exception>

#include "ascendc_sim/core/check.h"

namespace AscendC {
namespace {

constexpr uint32_t kBlockBytes = 32;           // InitBuffer rounds len up to a DataBlock
constexpr int kMaxBuffersPerPipe = 64;         // QBUF_MAX_LEN
constexpr int kMaxLivePerPosition = 8;         // event IDs per position (TQue doc)
constexpr uint32_t kStackReserveBytes = 64;    // PopStackBuffer stops short of the UB end

uint32_t AlignUp(uint64_t value, uint32_t align) { return static_cast<uint32_t>((value + align - 1) / align * align); }

}  // namespace

TPipe::TPipe() { sim::Core().currentPipe = this; }

TPipe::~TPipe() {
    sim::CoreState* core = sim::CurrentCoreOrNull();
    if (core == nullptr) return;
    if (core->currentPipe == this) core->currentPipe = nullptr;
    // CANN's destructor runs Destroy, whose PIPE_ALL barrier orders every earlier access before
    // what follows (a later TPipe reusing this UB). The ordering is kept; the barrier is not
    // issued as a timed instruction, since a pipe usually goes out of scope at the kernel's end,
    // where every pipe drains anyway, and kernel timings stay what they were.
    if (!destroyed_ && !core->launch->Aborted()) core->hazard.BarrierAll();
}

void TPipe::ReleaseBuffers() {
    used_ = 0;
    bufferCount_ = 0;
    live_.fill(0);
    stackRef_ = sim::UbRef{};
}


const char* TPipe::QueueKind(TPosition src, TPosition dst) {
    if (src == dst) {
        switch (src) {
            case TPosition::VECIN: return "TQue<VECIN>";
            case TPosition::VECOUT: return "TQue<VECOUT>";
            case TPosition::VECCALC: return "TQue<VECCALC>";
            default: return "TQue";
        }
    }
    return "TQueBind";
}

sim::UbRef TPipe::Carve(uint32_t len, const sim::BufferName& bufferName, uint8_t position, const void* site,
                        sim_detail::PoolState* pool, int64_t at) {
    sim::CoreState& core = sim::Core();
    auto name = [&] { return bufferName.Text(); };  // only when reporting
    // The kernel's InitBuffer line, symbolized only in reports (a violation walks its whole stack).
    const sim::CallStack stack = sim::CallSiteStack(site != nullptr ? site : __builtin_return_address(0));
    const uint32_t rounded = AlignUp(len, kBlockBytes);
    auto member = [&] {  // " [member inQueue_]": the kernel's name, only when reporting
        std::string text = sim::BufferMember(stack);
        return text.empty() ? text : " [member " + text + "]";
    };
    if (len == 0) {
        sim::Violation(sim::Check::UbCapacity, "InitBuffer(" + name() + ")" + member() + ": length 0 (CANN requires 0 < len <= UB size)");
    }
    if (pool == nullptr && ++bufferCount_ > kMaxBuffersPerPipe) {
        sim::Violation(sim::Check::UbCapacity, "InitBuffer(" + name() + ")" + member() + ": more than " + std::to_string(kMaxBuffersPerPipe) +
                                                   " buffers in one TPipe");
    }
    // Where the buffer goes and how far it may reach: the pipe's cursor and UB's end, or the
    // pool's cursor (or the kernel's address) and the pool's end.
    // A kernel's own address (InitBuffer with address tuples) is taken as given, length and all.
    const bool placed = pool == nullptr && at >= 0;
    const uint64_t begin = placed ? static_cast<uint64_t>(at) : pool == nullptr ? used_ : at >= 0 ? static_cast<uint64_t>(at) : pool->maxAddr_;
    const uint64_t limit = pool == nullptr ? core.soc.ubBytes
                                           : std::min<uint64_t>(core.soc.ubBytes, uint64_t(pool->startAddr_) + pool->maxLen_);
    uint64_t end = begin + (placed ? len : rounded);
    if (placed && begin % kBlockBytes != 0) {
        sim::Violation(sim::Check::UbAlignment, "InitBuffer(" + name() + ")" + member() + ": address " +
                                                    std::to_string(begin) + " is not 32-byte aligned");
    }
    sim::UbRef ref;
    ref.offset = static_cast<uint32_t>(std::min<uint64_t>(begin, limit));
    ref.position = position;
    if (pool != nullptr && (begin < pool->startAddr_ || end > limit)) {
        sim::Violation(sim::Check::UbCapacity,
                       "InitBuffer(" + name() + ", " + std::to_string(len) + " bytes)" + member() + " in TBufPool#" +
                           std::to_string(pool->number) + ": the buffer would take UB [" + std::to_string(begin) + ", " +
                           std::to_string(end) + ") but the pool is UB [" + std::to_string(pool->startAddr_) + ", " +
                           std::to_string(uint64_t(pool->startAddr_) + pool->maxLen_) + ") (" + std::to_string(pool->maxLen_) +
                           " bytes, " + std::to_string(begin > pool->startAddr_ ? begin - pool->startAddr_ : 0) +
                           " already taken)");
        ref.bytes = ref.offset < limit ? static_cast<uint32_t>(std::min<uint64_t>(rounded, limit - ref.offset)) : 0;
        if (begin < pool->startAddr_) ref.bytes = 0;
        if (at < 0) pool->maxAddr_ = static_cast<uint32_t>(limit);
    } else if (placed && end > limit) {
        sim::Violation(sim::Check::UbCapacity, "InitBuffer(" + name() + ", address " + std::to_string(begin) + ", " +
                                                   std::to_string(len) + " bytes)" + member() + ": UB would end at byte " +
                                                   std::to_string(end) + " but " + core.soc.name + " has " +
                                                   std::to_string(core.soc.ubBytes) + " bytes of UB");
        ref.bytes = ref.offset < limit ? static_cast<uint32_t>(limit - ref.offset) : 0;  // only what exists
    } else if (pool == nullptr && end > limit) {
        sim::Violation(sim::Check::UbCapacity,
                       "InitBuffer(" + name() + ", " + std::to_string(len) + " bytes)" + member() +
                           ": UB would end at byte " +
                           std::to_string(end) + " but " + core.soc.name + " has " + std::to_string(core.soc.ubBytes) +
                           " bytes of UB (GetCoreMemSize(UB) reports " + std::to_string(core.soc.ubReportedBytes) +
                           ", less CANN's reserve; " + std::to_string(used_) + " already taken by earlier InitBuffer calls)");
        // Downgraded: hand out only what exists, so nothing can touch memory past UB.
        ref.bytes = used_ < core.soc.ubBytes ? static_cast<uint32_t>(core.soc.ubBytes - used_) : 0;
        used_ = static_cast<uint32_t>(core.soc.ubBytes);
    } else if (placed) {
        ref.bytes = len;  // the pipe's cursor stays: the kernel places its buffers itself
    } else {
        ref.bytes = rounded;
        if (pool == nullptr) used_ = static_cast<uint32_t>(end);
        else if (at < 0) pool->maxAddr_ = static_cast<uint32_t>(end);
    }
    ref.buffer = static_cast<int32_t>(core.buffers.size());
    core.buffers.push_back(sim::UbBuffer{ref.offset, ref.bytes, bufferName, stack.pcs[0]});
    core.Poison(ref.offset, ref.bytes, core.origins.ForBuffer(bufferName, stack.pcs[0]));
    return ref;
}

bool TPipe::ReservePool(uint32_t len, const char* api, uint32_t* start) {
    sim::CoreState& core = sim::Core();
    const uint32_t rounded = AlignUp(len, kBlockBytes);
    const uint64_t end = uint64_t(used_) + rounded;
    if (end > core.soc.ubBytes) {
        sim::Violation(sim::Check::UbCapacity, std::string(api) + "(" + std::to_string(len) + " bytes): UB would end at byte " +
                                                   std::to_string(end) + " but " + core.soc.name + " has " +
                                                   std::to_string(core.soc.ubBytes) + " bytes of UB (" +
                                                   std::to_string(used_) + " already taken)");
        *start = used_;
        return false;
    }
    *start = used_;
    used_ = static_cast<uint32_t>(end);
    return true;
}

sim::UbRef TPipe::StackBuffer() {
    sim::CoreState& core = sim::Core();
    // One descriptor per carving state: high-level APIs call this on every instruction.
    if (stackRef_.buffer >= 0 && stackUsed_ == used_) return stackRef_;
    sim::UbRef ref;
    ref.offset = used_;
    const uint64_t limit = core.soc.ubBytes - kStackReserveBytes;
    ref.bytes = used_ < limit ? static_cast<uint32_t>(limit - used_) : 0;
    ref.position = static_cast<uint8_t>(TPosition::VECCALC);
    ref.buffer = static_cast<int32_t>(core.buffers.size());
    core.buffers.push_back(sim::UbBuffer{ref.offset, ref.bytes, sim::BufferName{sim::kStackBufferKind}});
    // Its contents are whatever earlier instructions left there: undefined.
    core.Poison(ref.offset, ref.bytes);
    stackRef_ = ref;
    stackUsed_ = used_;
    return ref;
}

void TPipe::Reset() {
    sim::CoreState& core = sim::Core();
    core.Issue(sim::Event{sim::EventKind::Barrier, sim::Pipe::S, sim::Pipe::S, "TPipe::Reset"});
    core.hazard.BarrierAll();  // Reset waits for every pending free event
    used_ = 0;
    bufferCount_ = 0;
    live_.fill(0);
    stackRef_ = sim::UbRef{};
}

TEventID TPipe::FetchEventID(HardEvent event) {
    // Borrow the lowest ID not reserved with AllocEventID (ID 7 is TPipe's own).
    uint8_t reserved = reservedIds_[static_cast<int>(event)];
    for (TEventID id = 0; id < 7; ++id) {
        if ((reserved & (1u << id)) == 0) return id;
    }
    sim::Violation(sim::Check::SyncMisuse, "FetchEventID: every event ID of this HardEvent is reserved");
    return 0;
}

TEventID TPipe::AllocEventIdFor(HardEvent event) {
    uint8_t& reserved = reservedIds_[static_cast<int>(event)];
    for (TEventID id = 0; id < 7; ++id) {
        if ((reserved & (1u << id)) == 0) {
            reserved |= static_cast<uint8_t>(1u << id);
            return id;
        }
    }
    sim::Violation(sim::Check::SyncMisuse, "AllocEventID: all 7 event IDs of this HardEvent are already reserved");
    return 0;
}

void TPipe::ReleaseEventIdFor(HardEvent event, TEventID id) {
    if (id >= 0 && id < 8) reservedIds_[static_cast<int>(event)] &= static_cast<uint8_t>(~(1u << id));
}

// ---------------------------------------------------------------------------------------
namespace sim_detail {

void QueueState::Init(TPipe* pipe, TPosition src, TPosition dst, int32_t depth, const char* kind, uint8_t num,
                      uint32_t len, PoolState* pool) {
    LeavePool();
    if (pool != nullptr) JoinPool(pool);
    pipe_ = pipe;
    src_ = src;
    dst_ = dst;
    depth_ = depth;
    kind_ = kind;
    number_ = pipe->queCount_++;
    slots_.clear();
    slots_.reserve(num);
    next_ = 0;
    queued_ = 0;
    if (num == 0) {
        sim::Violation(sim::Check::UbCapacity, "InitBuffer(" + Name() + "): 0 buffers");
    }
    const void* site = __builtin_return_address(0);  // the kernel's InitBuffer (inlined into it)
    for (uint8_t i = 0; i < num; ++i) {
        Slot slot;
        slot.ref = pipe->Carve(len, NameParts(i), static_cast<uint8_t>(src), site, pool);
        slots_.push_back(slot);
    }
}

void QueueState::InitAt(TPipe* pipe, TPosition src, TPosition dst, int32_t depth, const char* kind,
                        const uint32_t* addresses, const uint32_t* lengths, uint8_t num) {
    LeavePool();
    pipe_ = pipe;
    src_ = src;
    dst_ = dst;
    depth_ = depth;
    kind_ = kind;
    number_ = pipe->queCount_++;
    slots_.clear();
    slots_.reserve(num);
    next_ = 0;
    queued_ = 0;
    const void* site = __builtin_return_address(0);  // the kernel's InitBuffer (inlined into it)
    for (uint8_t i = 0; i < num; ++i) {
        Slot slot;
        slot.ref = pipe->Carve(lengths[i], NameParts(i), static_cast<uint8_t>(src), site, nullptr, addresses[i]);
        slots_.push_back(slot);
    }
}

void QueueState::InitExternal(TPipe* pipe, TPosition src, TPosition dst, int32_t depth, uint8_t num, PoolState* pool) {
    if (pipe == nullptr) {
        sim::Violation(sim::Check::ApiMisuse, "InitStartBufHandle: no TPipe on this core");
        return;
    }
    LeavePool();
    if (pool != nullptr) JoinPool(pool);
    pipe_ = pipe;
    src_ = src;
    dst_ = dst;
    depth_ = depth;
    kind_ = TPipe::QueueKind(src, dst);
    number_ = pipe->queCount_++;
    slots_.assign(num, Slot{});
    next_ = 0;
    queued_ = 0;
    if (num == 0) sim::Violation(sim::Check::UbCapacity, "InitStartBufHandle(" + Name() + "): 0 buffers");
}

void QueueState::PlaceSlot(uint32_t index, const sim::UbRef& ref) {
    if (index >= slots_.size()) {
        sim::Violation(sim::Check::ApiMisuse, "InitBufHandle on " + Name() + ": index " + std::to_string(index) +
                                                  " but InitStartBufHandle gave it " + std::to_string(slots_.size()) +
                                                  " buffer(s)");
        return;
    }
    slots_[index] = Slot{};
    slots_[index].ref = ref;
}

void QueueState::WaitPendingFrees(const char* api) {
    sim::CoreState& core = sim::Core();
    const sim::Pipe producer = ProducerPipe(src_), consumer = ConsumerPipe(dst_);
    for (Slot& slot : slots_) {
        if (!slot.hasFreeToken) continue;
        if (producer != consumer) {
            core.Issue(QueueEvent(sim::EventKind::WaitFlag, producer, consumer, api, slot.ref.buffer));
            core.hazard.Observe(producer, slot.freeToken);
        }
        slot.hasFreeToken = false;
    }
}

void QueueState::JoinPool(PoolState* pool) {
    LeavePool();
    pool_ = pool;
    pool->queues.push_back(this);
}

void QueueState::LeavePool() {
    if (pool_ == nullptr) return;
    auto& list = pool_->queues;
    list.erase(std::remove(list.begin(), list.end(), this), list.end());
    pool_ = nullptr;
}

sim::Event QueueState::QueueEvent(sim::EventKind kind, sim::Pipe pipe, sim::Pipe peer, const char* api,
                                  int32_t slot) const {
    sim::Event event{kind, pipe, peer, api};
    event.object = kind_;
    event.eventId = number_;
    event.slot = slot;
    return event;
}

PoolState::~PoolState() {
    for (QueueState* queue : queues) queue->LeavePoolQuietly();
}

QueueState::~QueueState() {
    LeavePool();
    sim::CoreState* core = sim::CurrentCoreOrNull();
    // While a violation unwinds the kernel, buffers are left allocated by the fault, not the kernel.
    if (pipe_ == nullptr || core == nullptr || std::uncaught_exceptions() > 0 || !core->unfreedQueueTensor.empty()) {
        return;
    }
    for (size_t i = 0; i < slots_.size(); ++i) {
        const Slot& slot = slots_[i];
        if (!slot.allocated) continue;
        core->unfreedQueueTensor =
            "end of kernel: " + NameParts(static_cast<int32_t>(i)).Text() + " is still " +
            (slot.queued ? "queued (EnQue'd, never DeQue'd and freed)" : "allocated (FreeTensor missing?)") +
            ": an AllocTensor after it would hang on hardware; allocated by AllocTensor" +
            sim::DescribeCallStack(sim::CallSiteStack(slot.allocSite));
        return;
    }
}

namespace {
// "TQue<VECIN>#0 (member inQueue_)": the queue as the kernel's line names it, when the line
// of the running call (the method sets the core's call site first) calls `method` on a member.
std::string WithMember(const std::string& name, const char* method) {
    const sim::CoreState* core = sim::CurrentCoreOrNull();
    const std::string member =
        core != nullptr && core->callSite != nullptr ? sim::CalledOn(sim::CallSiteStack(core->callSite), method) : "";
    return name + (member.empty() ? std::string() : " (member " + member + ")");
}
}  // namespace

QueueState::Slot* QueueState::Find(const sim::UbRef& ref, const char* api) {
    for (auto& slot : slots_) {
        if (slot.ref.offset == ref.offset && slot.ref.buffer == ref.buffer) return &slot;
    }
    sim::Violation(sim::Check::ApiMisuse, std::string(api) + " on " + WithMember(Name(), api) +
                                              ": the tensor is not one of this queue's buffers (it must be the "
                                              "tensor AllocTensor/DeQue returned, not an offset view)");
    return nullptr;
}

int32_t QueueState::Vacant() const {
    int32_t vacant = 0;
    for (const auto& slot : slots_) vacant += slot.allocated ? 0 : 1;
    return vacant;
}

sim::UbRef QueueState::Alloc() {
    sim::CoreState& core = sim::Core();
    core.callSite = __builtin_return_address(0);  // the inlined TQue method: the kernel's line
    if (slots_.empty()) {
        sim::Violation(sim::Check::ApiMisuse, "AllocTensor on a queue that was never given buffers by TPipe::InitBuffer");
        return sim::UbRef{};
    }
    Slot* chosen = nullptr;
    for (size_t k = 0; k < slots_.size(); ++k) {
        Slot& candidate = slots_[(next_ + k) % slots_.size()];
        if (!candidate.allocated) {
            chosen = &candidate;
            next_ = (next_ + k + 1) % slots_.size();
            break;
        }
    }
    if (chosen == nullptr) {
        sim::Violation(sim::Check::QueueCapacity,
                       "AllocTensor on " + WithMember(Name(), "AllocTensor") + ": all " + std::to_string(slots_.size()) +
                           " buffers are allocated and none was freed (FreeTensor missing? hangs on hardware)");
        return slots_[0].ref;
    }
    int& live = pipe_->LiveAtPosition(src_);
    if (++live > kMaxLivePerPosition) {
        sim::Violation(sim::Check::QueueCapacity,
                       "AllocTensor on " + WithMember(Name(), "AllocTensor") + ": " + std::to_string(live) + " buffers live at position " +
                           sim::PositionName(src_) + " (at most " + std::to_string(kMaxLivePerPosition) +
                           " per position: one hardware event ID each)");
    }
    const sim::Pipe producer = ProducerPipe(src_), consumer = ConsumerPipe(dst_);
    if (chosen->hasFreeToken && producer != consumer) {
        core.Issue(QueueEvent(sim::EventKind::WaitFlag, producer, consumer, "AllocTensor", chosen->ref.buffer));
        core.hazard.Observe(producer, chosen->freeToken);
    }
    chosen->allocated = true;
    chosen->allocSite = __builtin_return_address(0);  // the inlined AllocTensor: the kernel's line
    // Called from the inlined AllocTensor: the return address is the kernel's call site.
    core.Poison(chosen->ref.offset, chosen->ref.bytes,
                core.origins.ForCallSite(__builtin_return_address(0), "AllocTensor",
                                         [&] { return sim::OriginText{"AllocTensor of ", NameParts(), ""}; }));
    return chosen->ref;
}

bool QueueState::EnQue(const sim::UbRef& ref) {
    sim::CoreState& core = sim::Core();
    core.callSite = __builtin_return_address(0);  // the inlined TQue method: the kernel's line
    Slot* slot = Find(ref, "EnQue");
    if (slot == nullptr) return false;
    if (!slot->allocated || slot->queued) {
        sim::Violation(sim::Check::ApiMisuse, "EnQue on " + WithMember(Name(), "EnQue") + ": the buffer is " +
                                                  (slot->queued ? "already queued" : "not allocated"));
        return false;
    }
    if (queued_ >= depth_ && depth_ > 0) {
        sim::Violation(sim::Check::QueueCapacity, "EnQue on " + WithMember(Name(), "EnQue") + ": queue already holds " +
                                                      std::to_string(queued_) + " tensor(s), its depth is " +
                                                      std::to_string(depth_) + " (DeQue missing?)");
        return false;
    }
    const sim::Pipe producer = ProducerPipe(src_), consumer = ConsumerPipe(dst_);
    core.Issue(QueueEvent(sim::EventKind::SetFlag, producer, consumer, "EnQue", slot->ref.buffer));
    slot->queued = true;
    slot->queuedAt = enqueues_++;
    slot->queueToken = core.hazard.Snapshot(producer);
    ++queued_;
    return true;
}

sim::UbRef QueueState::DeQue() {
    sim::CoreState& core = sim::Core();
    core.callSite = __builtin_return_address(0);  // the inlined TQue method: the kernel's line
    if (queued_ == 0) {
        sim::Violation(sim::Check::QueueEmpty, "DeQue on " + WithMember(Name(), "DeQue") + ": the queue is empty (EnQue missing? "
                                                                     "hangs on hardware)");
        return sim::UbRef{};
    }
    // First in, first out: the queued slot enqueued earliest.
    size_t index = slots_.size();
    for (size_t k = 0; k < slots_.size(); ++k) {
        if (slots_[k].queued && (index == slots_.size() || slots_[k].queuedAt < slots_[index].queuedAt)) index = k;
    }
    const sim::VectorClock token = slots_[index].queueToken;
    --queued_;
    const sim::Pipe producer = ProducerPipe(src_), consumer = ConsumerPipe(dst_);
    core.Issue(QueueEvent(sim::EventKind::WaitFlag, consumer, producer, "DeQue", slots_[index].ref.buffer));
    core.hazard.Observe(consumer, token);
    slots_[index].queued = false;
    sim::UbRef ref = slots_[index].ref;
    ref.position = static_cast<uint8_t>(dst_);
    return ref;
}

void QueueState::Free(const sim::UbRef& ref) {
    sim::CoreState& core = sim::Core();
    core.callSite = __builtin_return_address(0);  // the inlined TQue method: the kernel's line
    Slot* slot = Find(ref, "FreeTensor");
    if (slot == nullptr) return;
    if (!slot->allocated) {
        sim::Violation(sim::Check::ApiMisuse, "FreeTensor on " + WithMember(Name(), "FreeTensor") + ": the buffer is not allocated (freed twice?)");
        return;
    }
    if (slot->queued) {
        sim::Violation(sim::Check::ApiMisuse, "FreeTensor on " + WithMember(Name(), "FreeTensor") + ": the buffer is still queued (DeQue it first)");
        return;
    }
    const sim::Pipe producer = ProducerPipe(src_), consumer = ConsumerPipe(dst_);
    core.Issue(QueueEvent(sim::EventKind::SetFlag, consumer, producer, "FreeTensor", slot->ref.buffer));
    slot->allocated = false;
    slot->freeToken = core.hazard.Snapshot(consumer);
    slot->hasFreeToken = true;
    --pipe_->LiveAtPosition(src_);
}

}  // namespace sim_detail
}  // namespace AscendC

AscendC::TPipe* GetTPipePtr() { return static_cast<AscendC::TPipe*>(sim::Core().currentPipe); }
