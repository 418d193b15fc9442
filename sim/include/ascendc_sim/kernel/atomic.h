// DMA atomics and GM utilities: SetAtomicAdd<T>, SetAtomicMax<T>, SetAtomicMin<T>,
// SetAtomicType<T>, DisableDmaAtomic and its old
// name SetAtomicNone, SetStoreAtomicConfig / GetStoreAtomicConfig
// (asc-devkit docs/zh/api/SIMD-API/基础API/原子操作/), InitGlobalMemory
// (include/adv_api/utils/init_global_memory.h and its 2201 implementation), and
// DataCacheCleanAndInvalid (.../基础API/缓存控制/) with CANN's CacheLine and DcciDst enums.
//
// While SetAtomicAdd<T> is set on a core, each UB->GM DataCopy/DataCopyPad of that core adds
// its bytes, read as elements of T, to GM (fp32 IEEE addition; half and bfloat16_t added in
// fp32 and rounded once; integers wrap) instead of storing them. The GM race check allows two
// cores' atomic adds to the same bytes, and reports an atomic add meeting another core's plain
// access. The time model times an atomic DMA as a plain one.
// SetAtomicMax<T> / SetAtomicMin<T> (same element types, impl/basic_api/dav_c220/
// kernel_operator_set_atomic_impl.h) store max(GM, UB) / min(GM, UB) per element instead; the
// GM race check treats them as it treats atomic adds. Floats compare as IEEE values; which of
// two NaN-involving operands the hardware keeps is not documented: the sim keeps GM's value
// unless UB's compares greater (max) or less (min), so a NaN in UB never replaces GM.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/numeric/half.h"

namespace sim::atomic {

enum class ElementType : uint8_t { Int8, Int16, Half, Bf16, Int32, Float };
enum class Operation : uint8_t { Add, Max, Min };

template <class T>
constexpr bool kAtomicAddType = std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, half> ||
                                std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, float>;

template <class T>
constexpr ElementType TypeOf() {
    if constexpr (std::is_same_v<T, int8_t>) return ElementType::Int8;
    else if constexpr (std::is_same_v<T, int16_t>) return ElementType::Int16;
    else if constexpr (std::is_same_v<T, half>) return ElementType::Half;
    else if constexpr (std::is_same_v<T, bfloat16_t>) return ElementType::Bf16;
    else if constexpr (std::is_same_v<T, int32_t>) return ElementType::Int32;
    else return ElementType::Float;
}

// Combines `bytes` of UB data at `ub` with GM at `gm` (the core's atomic operation, as elements of
// its atomic type), atomically against the other cores' atomic DMAs. False (after an ApiMisuse
// report at warn) when the row is not whole elements: then nothing of the row is written.
bool ApplyRow(CoreState& core, uint8_t* gm, const uint8_t* ub, uint64_t bytes);
// Records the register change (a scalar instruction in the log).
void SetRegister(bool enabled, ElementType type, Operation op, const char* api);
// GetStoreAtomicConfig: the register's type and operation codes (a scalar instruction in the log).
void ReadRegister(uint16_t* atomicType, uint16_t* atomicOp, const char* api);
// DataCacheCleanAndInvalid: a scalar instruction; ApiMisuse when the tensor was never set up.
void NoteCacheMaintenance(bool tensorSet, const char* api);

}  // namespace sim::atomic

namespace AscendC {

enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetAtomicAdd() {
    static_assert(sim::atomic::kAtomicAddType<T>,
                  "SetAtomicAdd: element type must be int8_t, int16_t, half, bfloat16_t, int32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::atomic::SetRegister(true, sim::atomic::TypeOf<T>(), sim::atomic::Operation::Add, "SetAtomicAdd");
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetAtomicMax() {
    static_assert(sim::atomic::kAtomicAddType<T>,
                  "SetAtomicMax: element type must be int8_t, int16_t, half, bfloat16_t, int32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::atomic::SetRegister(true, sim::atomic::TypeOf<T>(), sim::atomic::Operation::Max, "SetAtomicMax");
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetAtomicMin() {
    static_assert(sim::atomic::kAtomicAddType<T>,
                  "SetAtomicMin: element type must be int8_t, int16_t, half, bfloat16_t, int32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    sim::atomic::SetRegister(true, sim::atomic::TypeOf<T>(), sim::atomic::Operation::Min, "SetAtomicMin");
}

// Changes the element type of the atomic operation already set (SetAtomicAdd/Max/Min), not the operation.
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetAtomicType() {
    static_assert(sim::atomic::kAtomicAddType<T>,
                  "SetAtomicType: element type must be int8_t, int16_t, half, bfloat16_t, int32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::AtomicRegister& current = sim::Core().atomicRegister;
    sim::atomic::SetRegister(current.enabled, sim::atomic::TypeOf<T>(),
                             static_cast<sim::atomic::Operation>(current.op), "SetAtomicType");
}

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DisableDmaAtomic() {
    sim::NoteCallSite();
    sim::atomic::SetRegister(false, sim::atomic::ElementType::Float, sim::atomic::Operation::Add, "DisableDmaAtomic");
}

// The name CANN keeps for DisableDmaAtomic (kernel_operator_set_atomic_intf.h).
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetAtomicNone() {
    sim::NoteCallSite();
    sim::atomic::SetRegister(false, sim::atomic::ElementType::Float, sim::atomic::Operation::Add, "SetAtomicNone");
}

// The store-atomic configuration register (asc-devkit 原子操作/SetStoreAtomicConfig(ISASI).md,
// GetStoreAtomicConfig(ISASI).md; include/basic_api/kernel_operator_common_intf.h): the same
// register SetAtomicAdd/Max/Min and DisableDmaAtomic write. SetStoreAtomicConfig<type, op>
// enables the atomic sum for `type` (ATOMIC_NONE disables it); GetStoreAtomicConfig reads back
// the type code (0 off, 1 float, 2 half, 3 int16_t, 4 int32_t, 5 int8_t, 6 bfloat16_t) and the
// operation (0 sum). After SetAtomicMax / SetAtomicMin the operation reads 1 / 2: the pages
// document only the sum's 0, so those two codes are the sim's choice.
enum class AtomicDtype { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum class AtomicOp { ATOMIC_SUM = 0 };

template <AtomicDtype type, AtomicOp op>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SetStoreAtomicConfig() {
    static_assert(op == AtomicOp::ATOMIC_SUM, "SetStoreAtomicConfig: op must be AtomicOp::ATOMIC_SUM");
    sim::NoteCallSite();
    using sim::atomic::ElementType;
    constexpr ElementType element = type == AtomicDtype::ATOMIC_F16    ? ElementType::Half
                                    : type == AtomicDtype::ATOMIC_S16  ? ElementType::Int16
                                    : type == AtomicDtype::ATOMIC_S32  ? ElementType::Int32
                                    : type == AtomicDtype::ATOMIC_S8   ? ElementType::Int8
                                    : type == AtomicDtype::ATOMIC_BF16 ? ElementType::Bf16
                                                                       : ElementType::Float;
    sim::atomic::SetRegister(type != AtomicDtype::ATOMIC_NONE, element, sim::atomic::Operation::Add,
                             "SetStoreAtomicConfig");
}

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp) {
    sim::NoteCallSite();
    sim::atomic::ReadRegister(&atomicType, &atomicOp, "GetStoreAtomicConfig");
}

// The sim has no data cache between the scalar unit and GM (scalar GM accesses go straight to
// memory), so there is nothing to clean or invalidate: the call is logged as a scalar
// instruction and checks only that the tensor was set up. On a GM tensor it publishes the
// core's scalar GM writes so far (a GM flag another core's GetValue then reads is ordered after
// them: gm_race.h).
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    sim::NoteCallSite();
    sim::atomic::NoteCacheMaintenance(dst.GetPhyAddr() != nullptr, "DataCacheCleanAndInvalid");
    sim::PublishScalarGmWrites();
}
template <typename T, CacheLine entireType>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    sim::NoteCallSite();
    sim::atomic::NoteCacheMaintenance(dst.GetPhyAddr() != nullptr, "DataCacheCleanAndInvalid");
    sim::PublishScalarGmWrites();
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCacheCleanAndInvalid(const LocalTensor<T>& dst) {
    sim::NoteCallSite();
    sim::atomic::NoteCacheMaintenance(dst.SimRef().buffer >= 0, "DataCacheCleanAndInvalid");
}

}  // namespace AscendC
