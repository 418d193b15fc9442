// Kernel-side printing: AscendC::printf / PRINTF (asc-devkit docs/zh/api/Utils-API/调测接口/
// printf.md) and DumpTensor (docs/zh/api/SIMD-API/基础API/调试接口/上板打印/DumpTensor.md), in
// the output format those pages show: each printf call is prefixed "[AIV Block i/n] " (the core
// and the launch's blockDim); DumpTensor prints
//   DumpTensor: desc=5, addr=0, data_type=float16, position=UB, dump_size=32
//   [19.000000, 4.000000, ...]
// Output goes to stdout, one call at a time (cores on other host threads do not interleave).
// half and bfloat16_t arguments print as float (%f). A DumpTensor of a LocalTensor reads UB on
// the scalar pipe, like GetValue: it is checked for bounds and ordering; undefined bytes print
// as whatever they hold (the poison pattern, a NaN). Printing is never timed.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/numeric/half.h"

namespace sim::debug {

// One formatted printf call, prefixed and written out.
void Print(const std::string& text);
// vsnprintf into a string (the kernel's format string: not checked at compile time here).
std::string FormatArgs(const char* fmt, ...);

template <class A>
inline auto PrintfArgument(const A& value) {
    using D = std::decay_t<A>;
    if constexpr (std::is_same_v<D, half> || std::is_same_v<D, bfloat16_t>) return static_cast<double>(static_cast<float>(value));
    else if constexpr (std::is_same_v<D, float>) return static_cast<double>(value);
    else return value;
}

// The dump of `count` elements (as text) starting at host pointer `data`.
template <class T>
std::string Elements(const uint8_t* data, uint32_t count) {
    std::string out = "[";
    for (uint32_t i = 0; i < count; ++i) {
        T value;
        std::memcpy(&value, data + uint64_t{i} * sizeof(T), sizeof(T));
        if (i != 0) out += ", ";
        if constexpr (std::is_integral_v<T>) out += std::to_string(value);
        else out += FormatArgs("%f", static_cast<double>(static_cast<float>(value)));
    }
    return out + "]";
}

template <class T>
constexpr const char* DumpTypeName() {
    if constexpr (std::is_same_v<T, float>) return "float32";
    else if constexpr (std::is_same_v<T, half>) return "float16";
    else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16";
    else if constexpr (std::is_same_v<T, int32_t>) return "int32";
    else if constexpr (std::is_same_v<T, uint32_t>) return "uint32";
    else if constexpr (std::is_same_v<T, int16_t>) return "int16";
    else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
    else if constexpr (std::is_same_v<T, int8_t>) return "int8";
    else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
    else if constexpr (std::is_same_v<T, int64_t>) return "int64";
    else return "uint64";
}
template <class T>
constexpr bool kDumpType = std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

// The UB bytes of a LocalTensor dump, checked as a scalar read (nullptr: dropped).
const uint8_t* DumpUb(const UbRef& ref, uint64_t bytes);
// The GM bytes of a GlobalTensor dump, checked against its allocation (nullptr: dropped).
const uint8_t* DumpGm(const void* gm, uint64_t bytes);
void PrintDump(uint32_t desc, uint64_t addr, const char* type, const char* position, uint32_t count,
               const std::string& elements);

}  // namespace sim::debug

namespace AscendC {

template <class... Args>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void printf(const char* fmt, Args&&... args) {
    sim::NoteCallSite();
    sim::debug::Print(sim::debug::FormatArgs(fmt, sim::debug::PrintfArgument(args)...));
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
    static_assert(sim::debug::kDumpType<T>, "DumpTensor: element type must be an arithmetic type, half or bfloat16_t");
    sim::NoteCallSite();
    const uint8_t* data = sim::debug::DumpUb(tensor.SimRef(), uint64_t{dumpSize} * sizeof(T));
    if (data == nullptr) return;
    sim::debug::PrintDump(desc, tensor.SimRef().offset, sim::debug::DumpTypeName<T>(), "UB", dumpSize,
                          sim::debug::Elements<T>(data, dumpSize));
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
    static_assert(sim::debug::kDumpType<T>, "DumpTensor: element type must be an arithmetic type, half or bfloat16_t");
    sim::NoteCallSite();
    const uint8_t* data = sim::debug::DumpGm(tensor.GetPhyAddr(), uint64_t{dumpSize} * sizeof(T));
    if (data == nullptr) return;
    sim::debug::PrintDump(desc, reinterpret_cast<uintptr_t>(tensor.GetPhyAddr()), sim::debug::DumpTypeName<T>(), "GM",
                          dumpSize, sim::debug::Elements<T>(data, dumpSize));
}

}  // namespace AscendC

// CANN's macro form of AscendC::printf.
#ifndef PRINTF
#define PRINTF AscendC::printf
#endif
