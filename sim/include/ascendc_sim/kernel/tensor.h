// GlobalTensor (a GM view) and LocalTensor (a UB view) with checked scalar access.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm_access.h"
#include "ascendc_sim/core/gm_race.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/shape_info.h"
#include "ascendc_sim/numeric/half.h"

namespace sim {
// The UB view of a static tensor, LocalTensor(TPosition, ubByteAddress, length): a byte range
// at a fixed UB address (src/kernel/static_tensor.cpp). Reported as OperandBounds when it
// reaches past UB; checked like any other operand afterwards (alignment, races, definedness).
UbRef StaticTensorRef(uint8_t position, uint32_t ubByteAddress, uint64_t bytes);
// The compiler's auto-sync around a LocalTensor scalar access (src/kernel/scalar_auto_sync.cpp):
// before it, the S pipe waits for the V/MTE2/MTE3 accesses of those bytes it would race with;
// after it, V/MTE2/MTE3 are ordered after it. Off with ASCEND_SIM_AUTO_SYNC=off.
void ScalarAutoSyncBefore(const UbRef& ref, uint64_t byteOffset, uint64_t bytes, bool write, const char* api);
void ScalarAutoSyncAfter();
// The bytes of the UB buffer `ref` lies in, from ref's start to the buffer's end.
uint64_t BufferBytesAfter(const UbRef& ref);
}  // namespace sim

namespace AscendC {

template <class T>
class GlobalTensor {
public:
    using PrimType = T;
    __aicore__ inline GlobalTensor() = default;

    // bufferSize counts elements; without it GetSize() is 0 and only the allocation bounds the view.
    __aicore__ inline void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
        address_ = buffer;
        view_ = sim::GmView{buffer, bufferSize * sizeof(T), true, static_cast<uint8_t>(cacheMode_)};
    }
    __aicore__ inline void SetGlobalBuffer(__gm__ T* buffer) {
        address_ = buffer;
        view_ = sim::GmView{buffer, 0, false, static_cast<uint8_t>(cacheMode_)};
    }
    __aicore__ inline GlobalTensor operator[](uint64_t offset) const {
        GlobalTensor shifted = *this;
        shifted.address_ = address_ + offset;  // the declared range stays that of SetGlobalBuffer
        return shifted;
    }
    __aicore__ inline __gm__ T* GetPhyAddr() const { return address_; }
    __aicore__ inline __gm__ T* GetPhyAddr(uint64_t offset) const { return address_ + offset; }
    // The element at `offset` (CANN: a GM reference): reading it is GetValue, assigning SetValue,
    // so each access is checked and timed as one.
    class ElementRef {
    public:
        ASCEND_SIM_CALL_SITE_INLINE operator T() const { return tensor_->GetValue(offset_); }
        ASCEND_SIM_CALL_SITE_INLINE const ElementRef& operator=(T value) const {
            tensor_->SetValue(offset_, value);
            return *this;
        }
        ASCEND_SIM_CALL_SITE_INLINE const ElementRef& operator=(const ElementRef& other) const { return *this = T(other); }
    private:
        friend class GlobalTensor;
        // A GlobalTensor is a view: writing an element through a const one is CANN's operator() too.
        ElementRef(const GlobalTensor* tensor, uint64_t offset) : tensor_(const_cast<GlobalTensor*>(tensor)), offset_(offset) {}
        GlobalTensor* tensor_;
        uint64_t offset_;
    };
    __aicore__ inline ElementRef operator()(uint64_t offset) const { return ElementRef(this, offset); }
    __aicore__ inline void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }
    __aicore__ inline ShapeInfo GetShapeInfo() const { return shapeInfo_; }
    __aicore__ inline uint64_t GetSize() const {
        if (!view_.hasDeclaredSize) return 0;
        const auto consumed = static_cast<uint64_t>(address_ - static_cast<const T*>(view_.base));
        return view_.declaredBytes / sizeof(T) > consumed ? view_.declaredBytes / sizeof(T) - consumed : 0;
    }
    // Changes how this view's DMAs allocate in L2 (modeled, see ascendc_sim/model); data unchanged.
    __aicore__ inline void SetL2CacheHint(CacheMode mode) {
        cacheMode_ = mode;
        view_.cacheMode = static_cast<uint8_t>(mode);
    }

    __aicore__ inline T GetValue(uint64_t offset) const {
        sim::CoreState& core = sim::Core();
        core.Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "GlobalTensor::GetValue", sizeof(T)});
        T value{};
        if (sim::CheckGmAccess("GlobalTensor::GetValue", "src", view_, address_ + offset, sizeof(T))) {
            std::memcpy(&value, address_ + offset, sizeof(T));
            sim::ObserveScalarGmRead(address_ + offset, &value, sizeof(T));
        }
        return value;
    }
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetValue(uint64_t offset, T value) {
        sim::CoreState& core = sim::Core();
        core.Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "GlobalTensor::SetValue", sizeof(T)});
        if (sim::CheckGmAccess("GlobalTensor::SetValue", "dst", view_, address_ + offset, sizeof(T))) {
            sim::BeforeScalarGmWrite(address_ + offset, sizeof(T));  // GM keeps the old bytes for other cores
            std::memcpy(address_ + offset, &value, sizeof(T));
            sim::RecordScalarGmWrite(address_ + offset, sizeof(T));
        }
    }

    // For the sim's own APIs: the declared range of this view.
    const sim::GmView& SimView() const { return view_; }
    CacheMode SimCacheMode() const { return cacheMode_; }

private:
    __gm__ T* address_ = nullptr;
    sim::GmView view_;
    CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;
    ShapeInfo shapeInfo_;
};

namespace sim_detail {
enum class SymbolOp : uint8_t { Add, Sub, Mul, Div, Or, And };
}  // namespace sim_detail
template <typename T, sim_detail::SymbolOp op>
class SymbolOverrideBinary;
template <typename T>
class SymbolOverrideCompare;

template <class T>
class LocalTensor {
public:
    using PrimType = T;
    __aicore__ inline LocalTensor() = default;
    explicit LocalTensor(const sim::UbRef& ref) : ref_(ref) {}
    // Static tensor programming: `length` elements of T at UB byte address `ubByteAddress`,
    // no TPipe; the kernel syncs every hand-over between pipes itself (SetFlag/WaitFlag).
    __aicore__ inline LocalTensor(TPosition pos, uint32_t ubByteAddress, uint32_t length)
        : ref_(sim::StaticTensorRef(static_cast<uint8_t>(pos), ubByteAddress, uint64_t(length) * sizeof(T))) {}

    // offset counts elements; the view keeps the bytes from there to the tensor's end.
    __aicore__ inline LocalTensor operator[](uint32_t offset) const {
        sim::UbRef shifted = ref_;
        const uint64_t delta = static_cast<uint64_t>(offset) * sizeof(T);
        shifted.offset = static_cast<uint32_t>(ref_.offset + delta);
        shifted.bytes = delta <= ref_.bytes ? static_cast<uint32_t>(ref_.bytes - delta) : 0;
        return LocalTensor(shifted);
    }

    template <class U>
    __aicore__ inline LocalTensor<U> ReinterpretCast() const {
        return LocalTensor<U>(ref_);
    }

    __aicore__ inline uint32_t GetSize() const { return ref_.bytes / sizeof(T); }
    __aicore__ inline uint32_t GetLength() const { return ref_.bytes; }
    __aicore__ inline void SetSize(uint32_t size) { ref_.bytes = size * sizeof(T); }
    // The UB address of element `offset` (bytes).
    __aicore__ inline uint64_t GetPhyAddr(const uint32_t offset) const { return ref_.offset + uint64_t(offset) * sizeof(T); }
    __aicore__ inline TPosition GetPosition() const { return static_cast<TPosition>(ref_.position); }
    __aicore__ inline void SetUserTag(const TTagType tag) { userTag_ = tag; }
    __aicore__ inline TTagType GetUserTag() const { return userTag_; }
    __aicore__ inline void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }
    __aicore__ inline ShapeInfo GetShapeInfo() const { return shapeInfo_; }
    // This tensor becomes a view of src's buffer from `offset` elements of S on (asc-devkit
    // LocalTensor::SetAddrWithOffset): the bytes from there to src's end.
    template <class S>
    __aicore__ inline void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
        const sim::UbRef& base = src.SimRef();
        const uint64_t delta = static_cast<uint64_t>(offset) * sizeof(S);
        ref_ = base;
        ref_.offset = static_cast<uint32_t>(base.offset + delta);
        ref_.bytes = delta <= base.bytes ? static_cast<uint32_t>(base.bytes - delta) : 0;
        if (delta > base.bytes) {
            sim::Violation(sim::Check::OperandBounds, "LocalTensor::SetAddrWithOffset: offset " + std::to_string(offset) +
                                                          " elements (" + std::to_string(delta) + " bytes) past a tensor of " +
                                                          std::to_string(base.bytes) + " bytes");
        }
    }
    // The view's length in bytes (CANN: dataLen); longer than the buffer is reported.
    __aicore__ inline void SetBufferLen(uint32_t dataLen) { SetLength(dataLen, "LocalTensor::SetBufferLen"); }
    // The UB address as the hardware sees it (byte offset in UB): what CANN's GetPhyAddr
    // compares in alignment checks. Writing through a host pointer would bypass every check,
    // so none is handed out.
    __aicore__ inline uint64_t GetPhyAddr() const { return ref_.offset; }

    __aicore__ ASCEND_SIM_CALL_SITE_INLINE T GetValue(uint32_t index) const {
        sim::NoteCallSite();
        sim::CoreState& core = sim::Core();
        sim::ScalarAutoSyncBefore(ref_, uint64_t(index) * sizeof(T), sizeof(T), false, "LocalTensor::GetValue");
        uint64_t seq = core.Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "LocalTensor::GetValue", sizeof(T)});
        uint8_t* p = core.Operand("LocalTensor::GetValue", "src", ref_, uint64_t(index) * sizeof(T), sizeof(T),
                                  sim::Pipe::S, seq, sim::Access::Read, /*requireAligned=*/false);
        sim::ScalarAutoSyncAfter();
        T value{};
        if (p == nullptr) return value;
        core.RequireDefined("LocalTensor::GetValue", "src", ref_, uint64_t(index) * sizeof(T), sizeof(T), "reads");
        std::memcpy(&value, p, sizeof(T));
        return value;
    }
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetValue(uint32_t index, T value) const {
        sim::NoteCallSite();
        sim::CoreState& core = sim::Core();
        sim::ScalarAutoSyncBefore(ref_, uint64_t(index) * sizeof(T), sizeof(T), true, "LocalTensor::SetValue");
        uint64_t seq = core.Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "LocalTensor::SetValue", sizeof(T)});
        uint8_t* p = core.Operand("LocalTensor::SetValue", "dst", ref_, uint64_t(index) * sizeof(T), sizeof(T),
                                  sim::Pipe::S, seq, sim::Access::Write, /*requireAligned=*/false);
        sim::ScalarAutoSyncAfter();
        if (p == nullptr) return;
        std::memcpy(p, &value, sizeof(T));
        core.MarkDefined(ref_.offset + index * sizeof(T), sizeof(T), true);
    }

    // The element at `offset` (CANN: a UB reference): reading it is GetValue, assigning SetValue
    // (the same checks, auto-sync and time).
    class ElementRef {
    public:
        ASCEND_SIM_CALL_SITE_INLINE operator T() const { return tensor_->GetValue(offset_); }
        ASCEND_SIM_CALL_SITE_INLINE const ElementRef& operator=(T value) const {
            tensor_->SetValue(offset_, value);
            return *this;
        }
        ASCEND_SIM_CALL_SITE_INLINE const ElementRef& operator=(const ElementRef& other) const { return *this = T(other); }
    private:
        friend class LocalTensor;
        ElementRef(const LocalTensor* tensor, uint32_t offset) : tensor_(tensor), offset_(offset) {}
        const LocalTensor* tensor_;
        uint32_t offset_;
    };
    __aicore__ inline ElementRef operator()(const uint32_t offset) const { return ElementRef(this, offset); }

    // The symbol overrides (symbol_override.h): `dst = a + b` is Add(dst, a, b, dst.GetSize()),
    // `dst = a < b` the count form of Compare over a.GetSize() elements, ...
    template <sim_detail::SymbolOp op>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void operator=(const SymbolOverrideBinary<T, op>& expression) {
        expression.Process(*this);
    }
    // CANN declares the float and half comparisons for Atlas A2/A3 (the others do not compile).
    template <class U, std::enable_if_t<std::is_same_v<U, float> || std::is_same_v<U, half>, int> = 0>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE void operator=(const SymbolOverrideCompare<U>& expression) {
        expression.Process(*this);
    }
    __aicore__ inline SymbolOverrideBinary<T, sim_detail::SymbolOp::Add> operator+(const LocalTensor& src1) const {
        return {*this, src1};
    }
    __aicore__ inline SymbolOverrideBinary<T, sim_detail::SymbolOp::Sub> operator-(const LocalTensor& src1) const {
        return {*this, src1};
    }
    __aicore__ inline SymbolOverrideBinary<T, sim_detail::SymbolOp::Mul> operator*(const LocalTensor& src1) const {
        return {*this, src1};
    }
    __aicore__ inline SymbolOverrideBinary<T, sim_detail::SymbolOp::Div> operator/(const LocalTensor& src1) const {
        return {*this, src1};
    }
    __aicore__ inline SymbolOverrideBinary<T, sim_detail::SymbolOp::Or> operator|(const LocalTensor& src1) const {
        return {*this, src1};
    }
    __aicore__ inline SymbolOverrideBinary<T, sim_detail::SymbolOp::And> operator&(const LocalTensor& src1) const {
        return {*this, src1};
    }
    __aicore__ inline SymbolOverrideCompare<T> operator<(const LocalTensor& src1) const { return {*this, src1, CMPMODE::LT}; }
    __aicore__ inline SymbolOverrideCompare<T> operator>(const LocalTensor& src1) const { return {*this, src1, CMPMODE::GT}; }
    __aicore__ inline SymbolOverrideCompare<T> operator!=(const LocalTensor& src1) const { return {*this, src1, CMPMODE::NE}; }
    __aicore__ inline SymbolOverrideCompare<T> operator==(const LocalTensor& src1) const { return {*this, src1, CMPMODE::EQ}; }
    __aicore__ inline SymbolOverrideCompare<T> operator<=(const LocalTensor& src1) const { return {*this, src1, CMPMODE::LE}; }
    __aicore__ inline SymbolOverrideCompare<T> operator>=(const LocalTensor& src1) const { return {*this, src1, CMPMODE::GE}; }

    // For the sim's own APIs.
    const sim::UbRef& SimRef() const { return ref_; }

private:
    void SetLength(uint64_t bytes, const char* api) {
        if (ref_.buffer >= 0 && bytes > ref_.bytes && bytes > sim::BufferBytesAfter(ref_)) {
            sim::Violation(sim::Check::OperandBounds, std::string(api) + ": " + std::to_string(bytes) +
                                                          " bytes past the end of its buffer (" +
                                                          std::to_string(sim::BufferBytesAfter(ref_)) + " bytes from the view's start)");
            return;
        }
        ref_.bytes = static_cast<uint32_t>(bytes);
    }
    sim::UbRef ref_;
    TTagType userTag_ = 0;
    ShapeInfo shapeInfo_;
};

}  // namespace AscendC
