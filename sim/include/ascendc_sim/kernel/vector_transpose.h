// Transpose (the 16x16 two-byte form and the TransposeParamsExt form) and TransDataTo5HD (all
// three documented forms). Facts from the CANN Ascend C API reference (asc-devkit
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据排布转换/Transpose.md, TransDataTo5HD.md),
// include/basic_api/kernel_operator_vec_transpose_intf.h (signatures) and
// impl/basic_api/kernel_operator_vec_transpose_intf_impl.h, dav_c220/kernel_operator_vec_transpose_impl.h
// (checks and instruction sequences on A2/A3):
//  - Transpose(dst, src): one vtranspose, dst[i][j] = src[j][i] over 16x16 two-byte elements
//    (int16_t, uint16_t, half); src and dst may be the same tensor.
//  - Transpose(dst, src, sharedTmpBuffer, TransposeParamsExt): TRANSPOSE_ND2ND_B16 (hSize =
//    wSize = 16, uint16_t only on A2/A3) is the vtranspose above; TRANSPOSE_NCHW2NHWC and
//    TRANSPOSE_NHWC2NCHW permute n [C, H*W] <-> [H*W, C] planes (int8_t .. float), no src/dst
//    sharing, cSize <= 4095, hSize * wSize <= 4095 and a multiple of 32 bytes, a size 0 is a
//    no-op, sharedTmpBuffer at least (cSize + 2) (resp. 2 * cSize + 1) * h0 * w0 * sizeof(T)
//    bytes (h0 = 16, 32 for 1-byte types; w0 = 32 / sizeof(T)); cSize 1 is one UB->UB copy;
//    TRANSPOSE_TYPE_NONE does nothing; the other types are unsupported (ApiMisuse here).
//    What differs: A2/A3 run the permutation as a sequence of vnchwconv and UB->UB copies
//    through sharedTmpBuffer; the sim computes the result directly, logs one TransDataTo5HD
//    instruction of 2 * ceil(bytes / 512) repeats (two vnchwconv passes over the data) and
//    counts sharedTmpBuffer as written.
//  - TransDataTo5HD (vnchwconv): per repeat 16 source and 16 destination 32-byte blocks, from
//    the address lists; with elements of s bytes:
//      s = 2: dst block j element k = src block k element j;
//      s = 4: dst block 2j + h element k = src block 8h + k element j (j < 8, h < 2: the 16x8
//             matrix of the sources, transposed, fills the 16 destinations two by two);
//      s = 1: dst block j byte 16 * dstHighHalf + k = src block k byte 16 * srcHighHalf + j
//             (half a block written per destination).
//    Repeat r adds step * repStride blocks to every address, step = r, except that a single
//    repeat uses step 1 (the page: "当repeatTimes为1时 ... 加上dstRepStride/srcRepStride").
//    dstHighHalf/srcHighHalf must be false for other than int8_t/uint8_t; repeatTimes 0 is a
//    no-op. The uint64_t address forms name UB byte addresses (LocalTensor::GetPhyAddr); each
//    must lie in a buffer of this core.
// Undefined source elements move with the data (their destinations become undefined).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/transpose_types.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace sim::vec {

template <class T>
constexpr bool kTransposeType = kIsOneOf<T, int16_t, uint16_t, half>;
template <class T>
constexpr bool kTransDataTo5HDType = kIsOneOf<T, int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t, float>;

// The UbRef of a UB byte address inside one of this core's buffers; false after an
// OperandBounds report when no buffer holds it.
bool RefForAddress(const ApiName& api, const char* operand, uint64_t address, UbRef* out);
// "dstList[3]" / "srcList[3]".
const char* ListName(bool dst, uint32_t index);
// ApiMisuse with `problem`; always false.
bool RejectTranspose(const ApiName& api, const std::string& problem);
bool CheckTransDataParams(const ApiName& api, const AscendC::TransDataTo5HDParams& p, bool byteType);

// Copies `s` bytes from src to dst and carries the source's definedness.
inline void MoveElement(CoreState& core, uint8_t* dstPtr, uint32_t dstUb, const uint8_t* srcByte, bool defined,
                        uint32_t s) {
    std::memcpy(dstPtr, srcByte, s);
    core.MarkDefined(dstUb, s, defined);
}

template <class T>
void NchwConv(const ApiName& api, const UbRef (&dst)[16], const UbRef (&src)[16],
              const AscendC::TransDataTo5HDParams& p) {
    constexpr uint32_t s = sizeof(T);
    if (!CheckTransDataParams(api, p, s == 1)) return;
    const uint32_t repeats = p.repeatTimes;
    if (repeats == 0) return;
    CoreState& core = Core();
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, uint64_t{repeats} * (s == 1 ? 256u : 512u), 0, 0,
                uint64_t{repeats} * (s == 1 ? 256u : 512u / s), repeats};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst[0].offset;
    event.ubSrc0 = src[0].offset;
    const uint64_t seq = core.Issue(event);
    for (uint32_t r = 0; r < repeats; ++r) {
        const uint64_t step = repeats == 1 ? 1 : r;
        const uint64_t srcOff = step * p.srcRepStride * kBlockBytes, dstOff = step * p.dstRepStride * kBlockBytes;
        uint8_t in[16][32];
        bool defined[16][32];
        for (uint32_t i = 0; i < 16; ++i) {
            const uint8_t* ptr = core.Operand(api.text, ListName(false, i), src[i], srcOff, 32, Pipe::V, seq, Access::Read);
            if (ptr == nullptr) return;
            std::memcpy(in[i], ptr, 32);
            const uint32_t at = static_cast<uint32_t>(src[i].offset + srcOff);
            const bool all = core.AllDefined(at, 32);
            for (uint32_t e = 0; e < 32 / s; ++e) defined[i][e] = all || core.AllDefined(at + e * s, s);
        }
        for (uint32_t j = 0; j < 16; ++j) {
            const uint64_t half = s == 1 ? (p.dstHighHalf ? 16 : 0) : 0;
            uint8_t* ptr = core.Operand(api.text, ListName(true, j), dst[j], dstOff + half, s == 1 ? 16 : 32, Pipe::V,
                                        seq, Access::Write, /*requireAligned=*/s != 1);
            if (ptr == nullptr) return;
            if (s == 1) CheckAlignment(api, ListName(true, j), dst[j], kBlockBytes);
            const uint32_t at = static_cast<uint32_t>(dst[j].offset + dstOff + half);
            if constexpr (s == 1) {
                const uint32_t from = p.srcHighHalf ? 16 : 0;
                for (uint32_t k = 0; k < 16; ++k) MoveElement(core, ptr + k, at + k, &in[k][from + j], defined[k][from + j], 1);
            } else if constexpr (s == 2) {
                for (uint32_t k = 0; k < 16; ++k) MoveElement(core, ptr + k * 2, at + k * 2, &in[k][j * 2], defined[k][j], 2);
            } else {
                const uint32_t column = j / 2, h = j % 2;
                for (uint32_t k = 0; k < 8; ++k) {
                    MoveElement(core, ptr + k * 4, at + k * 4, &in[8 * h + k][column * 4], defined[8 * h + k][column], 4);
                }
            }
        }
    }
}

// One vtranspose: 16x16 two-byte elements, dst[i][j] = src[j][i].
inline void Transpose16(const ApiName& api, const UbRef& dst, const UbRef& src) {
    CoreState& core = Core();
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, 512, 0, 0, 256, 2};
    event.elementBytes = event.srcElementBytes = 2;
    event.sources = 1;
    event.ubDst = dst.offset;
    event.ubSrc0 = src.offset;
    const uint64_t seq = core.Issue(event);
    const uint8_t* in = core.Operand(api.text, "src", src, 0, 512, Pipe::V, seq, Access::Read);
    uint8_t* out = core.Operand(api.text, "dst", dst, 0, 512, Pipe::V, seq, Access::Write);
    if (in == nullptr || out == nullptr) return;
    CheckPosition(api, "src", src);
    CheckPosition(api, "dst", dst);
    uint8_t copy[512];
    bool defined[256];
    std::memcpy(copy, in, 512);
    const bool all = core.AllDefined(src.offset, 512);
    for (uint32_t e = 0; e < 256; ++e) defined[e] = all || core.AllDefined(src.offset + e * 2, 2);
    for (uint32_t i = 0; i < 16; ++i) {
        for (uint32_t j = 0; j < 16; ++j) {
            MoveElement(core, out + (i * 16 + j) * 2, dst.offset + (i * 16 + j) * 2, copy + (j * 16 + i) * 2,
                        defined[j * 16 + i], 2);
        }
    }
}

// [N, C, HW] <-> [N, HW, C] (toHwc: NCHW -> NHWC).
template <class T>
void Transpose4D(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>& tmp, const AscendC::TransposeParamsExt& p, bool toHwc) {
    constexpr uint32_t s = sizeof(T);
    const uint64_t n = p.nSize, c = p.cSize, hw = uint64_t{p.hSize} * p.wSize;
    if (n == 0 || c == 0 || hw == 0) return;
    if (c > 4095) {
        RejectTranspose(api, "cSize " + std::to_string(c) + " is above 4095");
        return;
    }
    if (hw > 4095 || hw * s % 32 != 0) {
        RejectTranspose(api, "hSize * wSize = " + std::to_string(hw) + " must be at most 4095 and hSize * wSize * " +
                                 std::to_string(s) + " bytes a multiple of 32");
        return;
    }
    CoreState& core = Core();
    const uint64_t bytes = n * c * hw * s;
    const uint64_t h0 = s == 1 ? 32 : 16, w0 = 32 / s;
    const uint64_t tmpBytes = c == 1 ? 0 : (toHwc ? c + 2 : 2 * c + 1) * h0 * w0 * s;
    const uint32_t repeats = c == 1 ? RepeatsFor(bytes) : 2 * static_cast<uint32_t>((bytes + 511) / 512);
    Event event{EventKind::Vector, Pipe::V, Pipe::V, c == 1 ? "Copy" : "TransDataTo5HD", bytes, 0, 0, bytes / s,
                repeats};
    event.elementBytes = event.srcElementBytes = static_cast<uint8_t>(s);
    event.sources = 1;
    event.ubDst = dst.SimRef().offset;
    event.ubSrc0 = src.SimRef().offset;
    const uint64_t seq = core.Issue(event);
    const OperandRange dstRange{"dst", dst.SimRef(), bytes, s}, srcRange{"src", src.SimRef(), bytes, s};
    if (Overlaps(dstRange, srcRange)) {
        RejectTranspose(api, "dst " + core.Describe(dst.SimRef(), 0, bytes) + " and src " +
                                 core.Describe(src.SimRef(), 0, bytes) +
                                 " overlap; TRANSPOSE_NCHW2NHWC / TRANSPOSE_NHWC2NCHW allow no src/dst sharing");
        return;
    }
    const uint8_t* in = core.Operand(api.text, "src", src.SimRef(), 0, bytes, Pipe::V, seq, Access::Read);
    if (tmpBytes != 0) {
        if (!CheckFits(api, "sharedTmpBuffer", tmp.SimRef(), tmpBytes)) return;
        if (core.Operand(api.text, "sharedTmpBuffer", tmp.SimRef(), 0, tmpBytes, Pipe::V, seq, Access::Write) == nullptr) {
            return;
        }
        CheckPosition(api, "sharedTmpBuffer", tmp.SimRef());
    }
    uint8_t* out = core.Operand(api.text, "dst", dst.SimRef(), 0, bytes, Pipe::V, seq, Access::Write);
    if (in == nullptr || out == nullptr) return;
    CheckPosition(api, "src", src.SimRef());
    CheckPosition(api, "dst", dst.SimRef());
    const uint32_t srcUb = src.SimRef().offset, dstUb = dst.SimRef().offset;
    const bool all = core.AllDefined(srcUb, bytes);
    for (uint64_t b = 0; b < n; ++b) {
        for (uint64_t ch = 0; ch < c; ++ch) {
            for (uint64_t x = 0; x < hw; ++x) {
                const uint64_t chw = (b * c + ch) * hw + x, hwc = (b * hw + x) * c + ch;
                const uint64_t from = toHwc ? chw : hwc, to = toHwc ? hwc : chw;
                const bool defined = all || core.AllDefined(static_cast<uint32_t>(srcUb + from * s), s);
                MoveElement(core, out + to * s, static_cast<uint32_t>(dstUb + to * s), in + from * s, defined, s);
            }
        }
    }
}

}  // namespace sim::vec

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    static_assert(sim::vec::kTransposeType<T>, "Transpose: element type must be int16_t, uint16_t or half on Atlas A2/A3");
    sim::NoteCallSite();
    sim::vec::Transpose16(sim::vec::Named("Transpose"), dst.SimRef(), src.SimRef());
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                      const TransposeParamsExt& transposeParams) {
    static_assert(sim::vec::kTransDataTo5HDType<T>,
                  "Transpose (TransposeParamsExt): element type must be int8_t, uint8_t, int16_t, uint16_t, half, "
                  "int32_t, uint32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("Transpose");
    switch (transposeParams.transposeType) {
        case TransposeType::TRANSPOSE_TYPE_NONE: return;
        case TransposeType::TRANSPOSE_ND2ND_B16:
            if (transposeParams.hSize != 16 || transposeParams.wSize != 16) {
                sim::vec::RejectTranspose(api, "TRANSPOSE_ND2ND_B16 needs hSize = wSize = 16, got " +
                                                   std::to_string(transposeParams.hSize) + " x " +
                                                   std::to_string(transposeParams.wSize));
                return;
            }
            if (!std::is_same_v<T, uint16_t>) {
                sim::vec::RejectTranspose(api, std::string("TRANSPOSE_ND2ND_B16 takes uint16_t on Atlas A2/A3, not ") +
                                                   sim::vec::TypeName<T>());
                return;
            }
            sim::vec::Transpose16(api, dst.SimRef(), src.SimRef());
            return;
        case TransposeType::TRANSPOSE_NCHW2NHWC:
        case TransposeType::TRANSPOSE_NHWC2NCHW:
            sim::vec::Transpose4D(api, dst, src, sharedTmpBuffer, transposeParams,
                                  transposeParams.transposeType == TransposeType::TRANSPOSE_NCHW2NHWC);
            return;
        default:
            sim::vec::RejectTranspose(api, "transposeType " +
                                               std::to_string(static_cast<int>(transposeParams.transposeType)) +
                                               " is not supported (TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC, "
                                               "TRANSPOSE_NHWC2NCHW or TRANSPOSE_TYPE_NONE)");
            return;
    }
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                                                           const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                                                           const TransDataTo5HDParams& nchwconvParams) {
    static_assert(sim::vec::kTransDataTo5HDType<T>,
                  "TransDataTo5HD: element type must be int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t "
                  "or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("TransDataTo5HD");
    sim::UbRef dst[16], src[16];
    for (int i = 0; i < 16; ++i) {
        dst[i] = dstList[i].SimRef();
        src[i] = srcList[i].SimRef();
        sim::vec::CheckPosition(api, sim::vec::ListName(true, i), dst[i]);
        sim::vec::CheckPosition(api, sim::vec::ListName(false, i), src[i]);
    }
    sim::vec::NchwConv<T>(api, dst, src, nchwconvParams);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                                                           uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                                           const TransDataTo5HDParams& nchwconvParams) {
    static_assert(sim::vec::kTransDataTo5HDType<T>,
                  "TransDataTo5HD: element type must be int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t "
                  "or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("TransDataTo5HD");
    sim::UbRef dst[16], src[16];
    for (uint32_t i = 0; i < 16; ++i) {
        if (!sim::vec::RefForAddress(api, sim::vec::ListName(true, i), dstList[i], &dst[i]) ||
            !sim::vec::RefForAddress(api, sim::vec::ListName(false, i), srcList[i], &src[i])) {
            return;
        }
    }
    sim::vec::NchwConv<T>(api, dst, src, nchwconvParams);
}

// The address lists in UB (uint64_t tensors of 16 addresses each, read on the scalar pipe).
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransDataTo5HD(const LocalTensor<uint64_t>& dst,
                                                           const LocalTensor<uint64_t>& src,
                                                           const TransDataTo5HDParams& nchwconvParams) {
    static_assert(sim::vec::kTransDataTo5HDType<T>,
                  "TransDataTo5HD: element type must be int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t "
                  "or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("TransDataTo5HD");
    sim::vec::CheckPosition(api, "dst", dst.SimRef());
    sim::vec::CheckPosition(api, "src", src.SimRef());
    sim::vec::CheckAlignment(api, "dst", dst.SimRef(), 32);
    sim::vec::CheckAlignment(api, "src", src.SimRef(), 32);
    uint64_t dstList[16], srcList[16];
    for (uint32_t i = 0; i < 16; ++i) {
        dstList[i] = dst.GetValue(i);
        srcList[i] = src.GetValue(i);
    }
    sim::UbRef dstRefs[16], srcRefs[16];
    for (uint32_t i = 0; i < 16; ++i) {
        if (!sim::vec::RefForAddress(api, sim::vec::ListName(true, i), dstList[i], &dstRefs[i]) ||
            !sim::vec::RefForAddress(api, sim::vec::ListName(false, i), srcList[i], &srcRefs[i])) {
            return;
        }
    }
    sim::vec::NchwConv<T>(api, dstRefs, srcRefs, nchwconvParams);
}

// TransDataTo5HDImpl: the A2/A3 implementation function behind TransDataTo5HD (asc-devkit
// impl/basic_api/dav_c220/kernel_operator_vec_transpose_impl.h), which ops-nn kernels call
// directly with lists of UB pointers (__ubuf__ T*, made from LocalTensor::GetPhyAddr(), whose
// values are UB byte addresses here) or of UB byte addresses.
template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransDataTo5HDImpl(__ubuf__ T* dstList[NCHW_CONV_ADDR_LIST_SIZE],
                                                               __ubuf__ T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                                               const TransDataTo5HDParams& nchwconvParams) {
    static_assert(sim::vec::kTransDataTo5HDType<T>,
                  "TransDataTo5HD: element type must be int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t "
                  "or float on Atlas A2/A3");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("TransDataTo5HD");
    sim::UbRef dst[16], src[16];
    for (uint32_t i = 0; i < 16; ++i) {
        if (!sim::vec::RefForAddress(api, sim::vec::ListName(true, i), reinterpret_cast<uintptr_t>(dstList[i]), &dst[i]) ||
            !sim::vec::RefForAddress(api, sim::vec::ListName(false, i), reinterpret_cast<uintptr_t>(srcList[i]), &src[i])) {
            return;
        }
    }
    sim::vec::NchwConv<T>(api, dst, src, nchwconvParams);
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransDataTo5HDImpl(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                                                               uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                                               const TransDataTo5HDParams& nchwconvParams) {
    TransDataTo5HD<T>(dstList, srcList, nchwconvParams);
}

}  // namespace AscendC
