// The scalar-unit APIs of asc-devkit docs/zh/api/SIMD-API/基础API/标量计算/ for Atlas A2/A3:
// GetBitCount (old name ScalarGetCountOfValue), CountLeadingZero (ScalarCountLeadingZero),
// CountBitsCntSameAsSignBit, GetSFFValue (ScalarGetSFFValue), the scalar Casts
// (Cast(float) -> bfloat16_t, Cast(bfloat16_t) -> float, Cast<T, U, roundMode>, its old name
// ScalarCast) and ReadGmByPassDCache / WriteGmByPassDCache.
//
// Semantics from the pages and impl/basic_api/kernel_scalar.h, kernel_scalar_convert.h:
//  - GetBitCount<v>: the number of bits equal to v (bcnt1/bcnt0); CountLeadingZero: clz, 64
//    for 0; CountBitsCntSameAsSignBit (sflbits): how many bits below the sign bit, from bit 62
//    down, equal it before the first that differs; -1 for 0 and -1.
//  - GetSFFValue<v> (sff1/sff0): the index of the lowest bit equal to v, -1 when there is none.
//  - Cast(float) -> bfloat16_t: a software conversion with round-to-nearest-even; Inf keeps its
//    sign, every NaN becomes 0x7FFF. Cast(bfloat16_t) -> float is exact.
//  - Cast<float, half, CAST_ODD> (conv_f322f16o) and Cast<float, int32_t, CAST_ROUND / CEIL /
//    FLOOR / RINT> (conv_f322s32a/c/f/r): the only combinations the page lists; any other type
//    or mode is a compile error here (CANN asserts at run time for an unlisted mode). Overflow
//    and NaN as numeric/round.h (int32_t saturates, NaN -> 0).
// These compute on the scalar unit without touching memory and are not logged, as other scalar
// arithmetic of a kernel is not.
//
// ReadGmByPassDCache / WriteGmByPassDCache (ld_dev / st_dev): one scalar GM access of an 8-,
// 16-, 32- or 64-bit integer that skips the data cache. The sim has no scalar data cache, so
// they read and write GM as GlobalTensor::GetValue / SetValue do: one scalar instruction timed
// as a GM access (kScalarGmCycles), the address checked against the GM allocations (a pointer
// outside every allocation is reported, the access dropped), a write recorded for the GM race
// check.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/gm_access.h"
#include "ascendc_sim/core/gm_race.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/numeric/half.h"
#include "ascendc_sim/numeric/round.h"

namespace sim::scalar {

template <class T>
constexpr bool kBypassType = std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, int16_t> ||
                             std::is_same_v<T, uint16_t> || std::is_same_v<T, int32_t> ||
                             std::is_same_v<T, uint32_t> || std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>;

inline int64_t PopCount(uint64_t v) { return __builtin_popcountll(v); }

// The rounding of Cast<float, U, mode>, or NearestEven (unused) for a combination that does
// not exist; kCastPair says which do.
template <class U, AscendC::RoundMode mode>
constexpr bool kCastPair =
    (std::is_same_v<U, half> && mode == AscendC::RoundMode::CAST_ODD) ||
    (std::is_same_v<U, int32_t> && (mode == AscendC::RoundMode::CAST_ROUND || mode == AscendC::RoundMode::CAST_CEIL ||
                                    mode == AscendC::RoundMode::CAST_FLOOR || mode == AscendC::RoundMode::CAST_RINT));

template <AscendC::RoundMode mode>
constexpr num::Rounding RoundingFor() {
    if constexpr (mode == AscendC::RoundMode::CAST_ODD) return num::Rounding::ToOdd;
    else if constexpr (mode == AscendC::RoundMode::CAST_ROUND) return num::Rounding::NearestAway;
    else if constexpr (mode == AscendC::RoundMode::CAST_CEIL) return num::Rounding::Ceil;
    else if constexpr (mode == AscendC::RoundMode::CAST_FLOOR) return num::Rounding::Floor;
    else return num::Rounding::NearestEven;
}

template <class T, class U, AscendC::RoundMode mode>
inline U CastScalar(T valueIn, const char* api) {
    (void)api;
    static_assert(std::is_same_v<T, float>, "Cast<T, U, roundMode>: valueIn must be float on Atlas A2/A3");
    static_assert(std::is_same_v<U, half> || std::is_same_v<U, int32_t>,
                  "Cast<T, U, roundMode>: the result type must be half or int32_t on Atlas A2/A3");
    static_assert(kCastPair<U, mode>, "Cast<T, U, roundMode>: float -> half takes CAST_ODD only, float -> int32_t "
                                      "CAST_ROUND, CAST_CEIL, CAST_FLOOR or CAST_RINT");
    const double x = static_cast<double>(valueIn);
    if constexpr (std::is_same_v<U, half>) return half::FromBits(num::DoubleToHalfBits(x, RoundingFor<mode>()));
    else return num::DoubleToInt32(x, RoundingFor<mode>());
}

// One scalar GM access: logged, checked; nullptr when it must be dropped.
void* BypassAccess(const char* api, const char* operand, void* address, uint64_t bytes);

}  // namespace sim::scalar

namespace AscendC {

template <int countValue>
__aicore__ inline int64_t GetBitCount(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "GetBitCount: countValue must be 0 or 1");
    const int64_t ones = sim::scalar::PopCount(valueIn);
    return countValue == 1 ? ones : 64 - ones;
}
template <int countValue>
__aicore__ inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
    return GetBitCount<countValue>(valueIn);
}

__aicore__ inline int64_t CountLeadingZero(uint64_t valueIn) {
    return valueIn == 0 ? 64 : __builtin_clzll(valueIn);
}
__aicore__ inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }

__aicore__ inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
    if (valueIn == 0 || valueIn == -1) return -1;
    const uint64_t bits = static_cast<uint64_t>(valueIn);
    const uint64_t differs = (bits ^ (bits << 1)) & ~uint64_t{1};  // bit i+1 set: bits i+1 and i differ
    // The first differing pair below the sign bit, from the top: bits 62 .. k equal the sign.
    return CountLeadingZero(differs);
}

template <int countValue>
__aicore__ inline int64_t GetSFFValue(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "GetSFFValue: countValue must be 0 or 1");
    const uint64_t wanted = countValue == 1 ? valueIn : ~valueIn;
    return wanted == 0 ? -1 : __builtin_ctzll(wanted);
}
template <int countValue>
__aicore__ inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
    return GetSFFValue<countValue>(valueIn);
}

__aicore__ inline bfloat16_t Cast(const float& fVal) {
    if (fVal != fVal) return bfloat16_t::FromBits(0x7FFF);
    return bfloat16_t::FromBits(sim::num::DoubleToBf16Bits(static_cast<double>(fVal), sim::num::Rounding::NearestEven));
}
__aicore__ inline bfloat16_t ToBfloat16(const float& fVal) { return Cast(fVal); }

__aicore__ inline float Cast(const bfloat16_t& bVal) { return static_cast<float>(bVal); }

template <typename T, typename U, RoundMode roundMode>
__aicore__ inline U Cast(T valueIn) {
    return sim::scalar::CastScalar<T, U, roundMode>(valueIn, "Cast");
}
template <typename T, typename U, RoundMode roundMode>
__aicore__ inline U ScalarCast(T valueIn) {
    return sim::scalar::CastScalar<T, U, roundMode>(valueIn, "ScalarCast");
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE T ReadGmByPassDCache(__gm__ T* addr) {
    static_assert(sim::scalar::kBypassType<T>, "ReadGmByPassDCache: T must be int8_t, uint8_t, int16_t, uint16_t, "
                                               "int32_t, uint32_t, int64_t or uint64_t on Atlas A2/A3");
    sim::NoteCallSite();
    T value{};
    const void* p = sim::scalar::BypassAccess("ReadGmByPassDCache", "addr", const_cast<T*>(addr), sizeof(T));
    if (p != nullptr) {
        std::memcpy(&value, p, sizeof(T));
        sim::ObserveScalarGmRead(p, &value, sizeof(T));  // a GM flag another core wrote
    }
    return value;
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void WriteGmByPassDCache(__gm__ T* addr, T value) {
    static_assert(sim::scalar::kBypassType<T>, "WriteGmByPassDCache: T must be int8_t, uint8_t, int16_t, uint16_t, "
                                               "int32_t, uint32_t, int64_t or uint64_t on Atlas A2/A3");
    sim::NoteCallSite();
    void* p = sim::scalar::BypassAccess("WriteGmByPassDCache", "addr", addr, sizeof(T));
    if (p == nullptr) return;
    // Past the cache: visible to the other cores at once, ordered after this core's accesses.
    sim::BeforeScalarGmWrite(p, sizeof(T));
    sim::PublishScalarGmWrites();
    std::memcpy(p, &value, sizeof(T));
    sim::RecordScalarGmWrite(p, sizeof(T));
}

}  // namespace AscendC
