// Kernel-side printing: AscendC::printf / PRINTF (asc-devkit docs/zh/api/Utils-API/调测接口/
// printf.md) and DumpTensor (docs/zh/api/SIMD-API/基础API/调试接口/上板打印/DumpTensor.md), in
// the output format those pages show: each printf call is prefixed "[AIV Block i/n] " (the core
// and the launch's blockDim); DumpTensor prints
//   DumpTensor: desc=5, addr=0, data_type=float16, position=UB, dump_size=32
//   [19.000000, 4.000000, ...]
// Output goes to stdout, one call at a time (cores on other host threads do not interleave).
// With a ShapeInfo, DumpTensor prints the elements nested by the shape, a shape larger than
// dumpSize padded with "-" and a note when the two differ, as the page shows; DumpAccChkPoint
// dumps from element countOff on (its address aligned as its position requires: 32 bytes in
// UB); PrintTimeStamp prints only when the kernel is built with ASCENDC_TIME_STAMP_ON, its
// timeStamp being GetSystemCycle()'s (system_info.h: an instruction count, not a time).
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
#include "ascendc_sim/kernel/shape_info.h"
#include "ascendc_sim/kernel/system_info.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/numeric/half.h"

namespace sim::debug {

// "shape is [7, 8], dumpSize is 64".
std::string ShapeNote(const AscendC::ShapeInfo& shape, uint32_t count);
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

// The dump nested by `shape`: count elements as dumped, "-" for the shape's elements past them.
template <class T>
std::string ShapedElements(const uint8_t* data, uint32_t count, const AscendC::ShapeInfo& shape) {
    const uint64_t size = AscendC::GetShapeSize(shape);
    std::string out;
    if (size < count) {
        out += ShapeNote(shape, count) + ", dumpSize is greater than shapeSize.\n";
    } else if (size > count) {
        out += ShapeNote(shape, count) + ", data is not enough.\n";
    }
    // Row by row along the last dimension; brackets open and close where an index wraps.
    const int dims = shape.shapeDim;
    for (uint64_t i = 0; i < size; ++i) {
        for (int d = 0; d < dims; ++d) {
            uint64_t stride = 1;
            for (int k = d; k < dims; ++k) stride *= shape.shape[k];
            if (i % stride == 0) out += "[";
        }
        if (i < count) {
            T value;
            std::memcpy(&value, data + i * sizeof(T), sizeof(T));
            if constexpr (std::is_integral_v<T>) out += std::to_string(value);
            else out += FormatArgs("%f", static_cast<double>(static_cast<float>(value)));
        } else {
            out += "-";
        }
        int closed = 0;
        for (int d = dims - 1; d >= 0; --d) {
            uint64_t stride = 1;
            for (int k = d; k < dims; ++k) stride *= shape.shape[k];
            if ((i + 1) % stride == 0) {
                out += "]";
                ++closed;
            }
        }
        if (i + 1 < size) out += closed > 0 ? ",\n" : ",";
    }
    return out;
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

// "shape is [7, 8], dumpSize is 64".
std::string ShapeNote(const AscendC::ShapeInfo& shape, uint32_t count);
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

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                                                       const ShapeInfo& shapeInfo) {
    static_assert(sim::debug::kDumpType<T>, "DumpTensor: element type must be an arithmetic type, half or bfloat16_t");
    sim::NoteCallSite();
    const uint8_t* data = sim::debug::DumpUb(tensor.SimRef(), uint64_t{dumpSize} * sizeof(T));
    if (data == nullptr) return;
    sim::debug::PrintDump(desc, tensor.SimRef().offset, sim::debug::DumpTypeName<T>(), "UB", dumpSize,
                          sim::debug::ShapedElements<T>(data, dumpSize, shapeInfo));
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                                                       const ShapeInfo& shapeInfo) {
    static_assert(sim::debug::kDumpType<T>, "DumpTensor: element type must be an arithmetic type, half or bfloat16_t");
    sim::NoteCallSite();
    const uint8_t* data = sim::debug::DumpGm(tensor.GetPhyAddr(), uint64_t{dumpSize} * sizeof(T));
    if (data == nullptr) return;
    sim::debug::PrintDump(desc, reinterpret_cast<uintptr_t>(tensor.GetPhyAddr()), sim::debug::DumpTypeName<T>(), "GM",
                          dumpSize, sim::debug::ShapedElements<T>(data, dumpSize, shapeInfo));
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index,
                                                            uint32_t countOff, uint32_t dumpSize) {
    static_assert(sim::debug::kDumpType<T>, "DumpAccChkPoint: element type must be an arithmetic type, half or bfloat16_t");
    sim::NoteCallSite();
    const uint64_t offset = tensor.SimRef().offset + uint64_t{countOff} * sizeof(T);
    if (offset % 32 != 0) {
        sim::Violation(sim::Check::UbAlignment, "DumpAccChkPoint(tensor, " + std::to_string(index) + ", countOff " +
                                                    std::to_string(countOff) + ", ...): the tensor from element countOff on "
                                                    "starts at UB byte " + std::to_string(offset) + ", not 32-byte aligned");
        return;
    }
    const LocalTensor<T> from = tensor[countOff];
    const uint8_t* data = sim::debug::DumpUb(from.SimRef(), uint64_t{dumpSize} * sizeof(T));
    if (data == nullptr) return;
    sim::debug::PrintDump(index, offset, sim::debug::DumpTypeName<T>(), "UB", dumpSize,
                          sim::debug::Elements<T>(data, dumpSize));
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index,
                                                            uint32_t countOff, uint32_t dumpSize) {
    static_assert(sim::debug::kDumpType<T>, "DumpAccChkPoint: element type must be an arithmetic type, half or bfloat16_t");
    sim::NoteCallSite();
    const T* from = tensor.GetPhyAddr() + countOff;
    const uint8_t* data = sim::debug::DumpGm(from, uint64_t{dumpSize} * sizeof(T));
    if (data == nullptr) return;
    sim::debug::PrintDump(index, reinterpret_cast<uintptr_t>(from), sim::debug::DumpTypeName<T>(), "GM", dumpSize,
                          sim::debug::Elements<T>(data, dumpSize));
}

__aicore__ ASCEND_SIM_CALL_SITE_INLINE void PrintTimeStamp(uint32_t descId) {
#ifdef ASCENDC_TIME_STAMP_ON
    sim::NoteCallSite();
    const int64_t stamp = GetSystemCycle();
    sim::debug::Print(sim::debug::FormatArgs("descId is %u, rsv is 0, timeStamp is %lld, pcPtr is %llu, entry is 0.\n",
                                             descId, static_cast<long long>(stamp),
                                             static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(__builtin_return_address(0)))));
#else
    (void)descId;  // off unless the kernel is built with ASCENDC_TIME_STAMP_ON, as CANN's
#endif
}

}  // namespace AscendC

// CANN's macro form of AscendC::printf.
#ifndef PRINTF
#define PRINTF AscendC::printf
#endif
