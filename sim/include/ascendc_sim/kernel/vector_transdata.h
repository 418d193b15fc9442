// High-level TransData (CANN's include/adv_api/transpose/transdata.h with TransDataParams and
// TransDataConfig of transdata_common.h; docs 高阶API/张量变换/TransData.md): the 3-D convolution
// layouts of a 16-bit tensor (half, bfloat16_t, uint16_t, int16_t), as the Atlas A2/A3
// implementation runs them (asc-devkit impl/adv_api/detail/transpose/transdata/transdata_impl.h),
// every step one instruction of the sim: Duplicate, UB->UB DataCopy(DataCopyParams) and
// TransDataTo5HD with lists of UB addresses (the 16-bit form: 16 rows of 16 elements per repeat).
// C0 = N0 = 16; hw = AlignUp(h * w, 16) is the padded plane a NCDHW tensor has in UB.
//
//   NCDHW -> NDC1HWC0 (temp: d*hw zeros, then C1 D hw C0), per n:
//     TransDataTo5HD per c1: 16 channel rows (missing channels read the zero rows) -> D hw C0;
//     DataCopy per c1: d blocks of h*w*C0 (skipping the padded plane) into the n's D C1 HW C0.
//   NDC1HWC0 -> NCDHW (temp: 512 bytes for the unused lanes, then C1 D hw C0), per n:
//     DataCopy per d: c1 blocks of h*w*C0 -> C1 D hw C0; TransDataTo5HD per c1 back to channel rows
//     (lanes past c write from the temp's start, one block per repeat: past its first 512 bytes
//     only into work-area blocks already read, as on the NPU).
//   NCDHW -> FRACTAL_Z_3D (temp: max(c*d*hw, d*h*w*N1*N0) zeros, then the work area):
//     TransDataTo5HD per n1: 16 batch rows (missing batches read zeros) -> C D hw N1N0, in dst or,
//     when h*w is padded, in the work area followed by one DataCopy dropping the pad;
//     TransDataTo5HD per c1: 16 channel rows -> C1 DHW N1N0 C0 in the work area;
//     DataCopy per c1: d blocks of C0*h*w*N1N0 into D C1 HW N1N0 C0.
//   FRACTAL_Z_3D -> NCDHW (temp: one work area, two when c or n is not a multiple of 16):
//     Duplicate zeros, then DataCopy per d: c1 blocks of h*w*N1N0C0 -> C1 D hw N1N0 C0;
//     TransDataTo5HD per c1 -> C1 C0 D hw N1N0; TransDataTo5HD per n1 -> N C D hw (lanes past n
//     write into the first area).
// Checks as CANN's (kernel_check/transpose/transdata): T 16-bit (compile time), layouts whose shape
// ranks fit the formats (5 / 6 / 7, compile time), the NCDHW / NDC1HWC0 / FRACTAL_Z_3D shapes
// consistent (d, h, w, n1 = ceil(n/16), c1 = ceil(c/16), c0 = n0 = 16) and each tensor at least its
// layout's size; beyond them the temp at least GetTransDataMaxMinTmpSize's size (the steps write that
// far) and no operand overlapping another.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/layout.h"
#include "ascendc_sim/kernel/shape_info.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/transdata_config.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"  // StackTemp
#include "ascendc_sim/kernel/vector_arith.h"       // Duplicate
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_transpose.h"

namespace AscendC {

template <typename T, typename U>
struct TransDataParams {
    T srcLayout;
    U dstLayout;
};

}  // namespace AscendC

namespace sim::vec::transdata {

constexpr int32_t kC0 = 16;
constexpr int32_t kN0 = 16;
constexpr int32_t kLanes = 16;       // NCHW_CONV_ADDR_LIST_SIZE
constexpr int32_t kElemsPerBlk = 16;  // 32-byte block of 16-bit elements
constexpr int32_t kDummyBytes = 512;  // NDC1HWC0 -> NCDHW: where the unused lanes write

struct Dims {
    int32_t n, c, d, h, w;
    int32_t n1, c1, hw;  // ceil(n/16), ceil(c/16), AlignUp(h*w, 16)
};

inline Dims MakeDims(int32_t n, int32_t c, int32_t d, int32_t h, int32_t w) {
    return {n, c, d, h, w, (n + kN0 - 1) / kN0, (c + kC0 - 1) / kC0, (h * w + 15) / 16 * 16};
}

// The temp bytes each conversion uses (also GetTransDataMaxMinTmpSize's answer).
inline uint64_t TempBytes(AscendC::DataFormat src, AscendC::DataFormat dst, const Dims& g) {
    using AscendC::DataFormat;
    const uint64_t work = uint64_t(g.d) * g.c1 * kC0 * g.hw * 2;
    if (src == DataFormat::NCDHW && dst == DataFormat::NDC1HWC0) return uint64_t(g.d) * g.hw * 2 + work;
    if (src == DataFormat::NDC1HWC0 && dst == DataFormat::NCDHW) return work + kDummyBytes;
    const uint64_t fractal = uint64_t(g.n1) * kN0 * work;
    if (src == DataFormat::NCDHW && dst == DataFormat::FRACTAL_Z_3D) {
        const uint64_t zeros = uint64_t(g.c) * g.d * g.hw * 2, rows = uint64_t(g.d) * g.h * g.w * g.n1 * kN0 * 2;
        return (zeros > rows ? zeros : rows) + fractal;
    }
    if (src == DataFormat::FRACTAL_Z_3D && dst == DataFormat::NCDHW) {
        return (g.n == g.n1 * kN0 && g.c == g.c1 * kC0) ? fractal : 2 * fractal;
    }
    return 0;
}

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

inline AscendC::TransDataTo5HDParams Repeats(int32_t repeats, int32_t dstStride, int32_t srcStride) {
    // One repeat starts from the lists themselves: its strides are given as 0.
    const bool once = static_cast<uint8_t>(repeats) == 1;
    return AscendC::TransDataTo5HDParams(false, false, static_cast<uint8_t>(repeats),
                                         static_cast<uint16_t>(once ? 0 : dstStride),
                                         static_cast<uint16_t>(once ? 0 : srcStride));
}

inline AscendC::DataCopyParams Blocks(int32_t count, int32_t lenBlocks, int32_t srcGap, int32_t dstGap) {
    return AscendC::DataCopyParams(static_cast<uint16_t>(count), static_cast<uint16_t>(lenBlocks),
                                   static_cast<uint16_t>(srcGap), static_cast<uint16_t>(dstGap));
}

// NCDHW -> NDC1HWC0.
template <class T>
void NcdhwTo6hd(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const AscendC::LocalTensor<uint8_t>& temp, const Dims& g) {
    const int32_t plane = g.d * g.hw;  // one channel of src
    const int32_t hwC0 = g.h * g.w * kC0;
    AscendC::Duplicate<T>(temp.ReinterpretCast<T>(), static_cast<T>(0), plane);
    AscendC::PipeBarrier<PIPE_V>();
    const AscendC::LocalTensor<T> work = temp[plane * sizeof(T)].template ReinterpretCast<T>();
    const uint64_t zeros = temp.GetPhyAddr(), workAt = work.GetPhyAddr(), srcAt = src.GetPhyAddr();
    const AscendC::TransDataTo5HDParams toC0 = Repeats(plane / kElemsPerBlk, kC0, 1);
    const AscendC::DataCopyParams drop = Blocks(g.d, hwC0 / kElemsPerBlk, (g.hw - g.h * g.w) * kC0 / kElemsPerBlk,
                                                (g.c1 - 1) * hwC0 / kElemsPerBlk);
    uint64_t dstList[kLanes], srcList[kLanes];
    for (int32_t b = 0; b < g.n; ++b) {
        for (int32_t j = 0; j < g.c1; ++j) {
            const int32_t channels = j == g.c1 - 1 ? g.c - j * kC0 : kC0;
            const uint64_t from = srcAt + (uint64_t(b) * plane * g.c + uint64_t(j) * plane * kC0) * sizeof(T);
            const uint64_t to = workAt + uint64_t(j) * plane * kC0 * sizeof(T);
            for (int32_t i = 0; i < kLanes; ++i) {
                dstList[i] = to + uint64_t(i) * kC0 * sizeof(T);
                srcList[i] = i < channels ? from + uint64_t(i) * plane * sizeof(T) : zeros;
            }
            AscendC::TransDataTo5HD<half>(dstList, srcList, toC0);
        }
        AscendC::PipeBarrier<PIPE_V>();
        for (int32_t j = 0; j < g.c1; ++j) {
            AscendC::DataCopy(dst[uint32_t(b) * g.c1 * g.d * hwC0 + uint32_t(j) * hwC0], work[uint32_t(j) * plane * kC0],
                              drop);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

// NDC1HWC0 -> NCDHW.
template <class T>
void From6hdToNcdhw(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<uint8_t>& temp, const Dims& g) {
    const int32_t plane = g.d * g.hw;
    const int32_t hwC0 = g.h * g.w * kC0;
    const AscendC::LocalTensor<T> work = temp[kDummyBytes].template ReinterpretCast<T>();
    const uint64_t dummy = temp.GetPhyAddr(), workAt = work.GetPhyAddr(), dstAt = dst.GetPhyAddr();
    const AscendC::TransDataTo5HDParams toRows = Repeats(plane / kElemsPerBlk, 1, kC0);
    const AscendC::DataCopyParams gather = Blocks(g.c1, hwC0 / kElemsPerBlk, 0, (plane - g.h * g.w) * kC0 / kElemsPerBlk);
    uint64_t dstList[kLanes], srcList[kLanes];
    for (int32_t b = 0; b < g.n; ++b) {
        for (int32_t z = 0; z < g.d; ++z) {
            AscendC::DataCopy(work[uint32_t(z) * g.hw * kC0], src[uint32_t(b) * g.c1 * g.d * hwC0 + uint32_t(z) * g.c1 * hwC0],
                              gather);
        }
        AscendC::PipeBarrier<PIPE_V>();
        for (int32_t j = 0; j < g.c1; ++j) {
            const int32_t channels = j == g.c1 - 1 ? g.c - j * kC0 : kC0;
            const uint64_t to = dstAt + (uint64_t(b) * plane * g.c + uint64_t(j) * plane * kC0) * sizeof(T);
            const uint64_t from = workAt + uint64_t(j) * plane * kC0 * sizeof(T);
            for (int32_t i = 0; i < kLanes; ++i) {
                dstList[i] = i < channels ? to + uint64_t(i) * plane * sizeof(T) : dummy + uint64_t(i) * 32;
                srcList[i] = from + uint64_t(i) * kC0 * sizeof(T);
            }
            AscendC::TransDataTo5HD<half>(dstList, srcList, toRows);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

// NCDHW -> FRACTAL_Z_3D.
template <class T>
void NcdhwToFractal(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<uint8_t>& temp, const Dims& g) {
    const int32_t n1n0 = g.n1 * kN0;
    const int32_t batch = g.c * g.d * g.hw;  // one batch row of src
    const int32_t zeroCount = batch > g.d * g.h * g.w * n1n0 ? batch : g.d * g.h * g.w * n1n0;
    AscendC::Duplicate<T>(temp.ReinterpretCast<T>(), static_cast<T>(0), zeroCount);
    AscendC::PipeBarrier<PIPE_V>();
    const AscendC::LocalTensor<T> work = temp[zeroCount * sizeof(T)].template ReinterpretCast<T>();
    const uint64_t zeros = temp.GetPhyAddr(), workAt = work.GetPhyAddr(), srcAt = src.GetPhyAddr(),
                   dstAt = dst.GetPhyAddr();
    const bool padded = g.hw != g.h * g.w;
    const uint64_t firstOut = padded ? workAt : dstAt;
    uint64_t dstList[kLanes], srcList[kLanes];
    // Batches to the last axis: C D hw N1N0.
    const AscendC::TransDataTo5HDParams toN = Repeats(batch / kElemsPerBlk, n1n0, 1);
    for (int32_t j = 0; j < g.n1; ++j) {
        const int32_t rows = j == g.n1 - 1 ? g.n - j * kN0 : kN0;
        const uint64_t to = firstOut + uint64_t(j) * kN0 * sizeof(T);
        const uint64_t from = srcAt + uint64_t(j) * batch * kN0 * sizeof(T);
        for (int32_t i = 0; i < kLanes; ++i) {
            dstList[i] = to + uint64_t(i) * n1n0 * sizeof(T);
            srcList[i] = i < rows ? from + uint64_t(i) * batch * sizeof(T) : zeros;
        }
        AscendC::TransDataTo5HD<half>(dstList, srcList, toN);
    }
    AscendC::PipeBarrier<PIPE_V>();
    if (padded) {  // drop the padded part of every (c, d) plane
        const int32_t kept = g.h * g.w * n1n0;
        AscendC::DataCopy(dst, work, Blocks(g.c * g.d, kept / kElemsPerBlk, (g.hw - g.h * g.w) * n1n0 / kElemsPerBlk, 0));
        AscendC::PipeBarrier<PIPE_V>();
    }
    // Channels to the last axis: C1 DHW N1N0 C0.
    const int32_t column = g.d * g.h * g.w * n1n0;  // one channel of the C DHW N1N0 rows
    const AscendC::TransDataTo5HDParams toC = Repeats(column / kElemsPerBlk, kC0, 1);
    for (int32_t j = 0; j < g.c1; ++j) {
        const int32_t channels = j == g.c1 - 1 ? g.c - j * kC0 : kC0;
        const uint64_t to = workAt + uint64_t(j) * column * kC0 * sizeof(T);
        const uint64_t from = dstAt + uint64_t(j) * column * kC0 * sizeof(T);
        for (int32_t i = 0; i < kLanes; ++i) {
            dstList[i] = to + uint64_t(i) * kC0 * sizeof(T);
            srcList[i] = i < channels ? from + uint64_t(i) * column * sizeof(T) : zeros;
        }
        AscendC::TransDataTo5HD<half>(dstList, srcList, toC);
    }
    AscendC::PipeBarrier<PIPE_V>();
    // C1 D -> D C1.
    const int32_t slab = kC0 * g.h * g.w * n1n0;  // one (c1, d) slab
    const AscendC::DataCopyParams swap = Blocks(g.d, slab / kElemsPerBlk, 0, (g.c1 - 1) * slab / kElemsPerBlk);
    for (int32_t j = 0; j < g.c1; ++j) AscendC::DataCopy(dst[uint32_t(j) * slab], work[uint32_t(j) * g.d * slab], swap);
    AscendC::PipeBarrier<PIPE_V>();
}

// FRACTAL_Z_3D -> NCDHW.
template <class T>
void FractalToNcdhw(const AscendC::LocalTensor<T>& dstIn, const AscendC::LocalTensor<T>& srcIn,
                    const AscendC::LocalTensor<uint8_t>& temp, const Dims& g) {
    const AscendC::LocalTensor<half> dst = dstIn.template ReinterpretCast<half>();
    const AscendC::LocalTensor<half> src = srcIn.template ReinterpretCast<half>();
    const AscendC::LocalTensor<half> tmp = temp.ReinterpretCast<half>();
    const int32_t n1n0 = g.n1 * kN0;
    const int32_t area = n1n0 * g.c1 * kC0 * g.d * g.hw;
    const bool whole = g.c == g.c1 * kC0 && g.n == n1n0;
    // Stage 1 lands in dst (whole) or the first temp area; stage 2 in the temp or the second area.
    const AscendC::LocalTensor<half> first = whole ? dst : tmp;
    const AscendC::LocalTensor<half> second = whole ? tmp : tmp[uint32_t(area)];
    // D C1 HW N1N0C0 -> C1 D hw N1N0C0 (the padded planes zero).
    const int32_t row = g.h * g.w * n1n0 * kC0;  // one (d, c1) slab of src
    const int32_t planeElems = g.hw * n1n0 * kC0;
    AscendC::Duplicate<half>(first, static_cast<half>(0), uint32_t(g.c1 * g.d * planeElems));
    AscendC::PipeBarrier<PIPE_V>();
    const AscendC::DataCopyParams spread =
        Blocks(g.c1, row / kElemsPerBlk, 0, ((g.d - 1) * planeElems + (g.hw - g.h * g.w) * n1n0 * kC0) / kElemsPerBlk);
    for (int32_t z = 0; z < g.d; ++z) AscendC::DataCopy(first[uint32_t(z) * planeElems], src[uint32_t(z) * g.c1 * row], spread);
    AscendC::PipeBarrier<PIPE_V>();
    uint64_t dstList[kLanes], srcList[kLanes];
    // C1 DhwN1N0 C0 -> C1 C0 DhwN1N0.
    {
        const int32_t perC1 = g.d * g.hw * n1n0 * kC0;
        const AscendC::TransDataTo5HDParams p = Repeats(g.d * g.hw * g.n1, kN0 / kElemsPerBlk, kLanes * kC0 / kElemsPerBlk);
        const uint64_t from = first.GetPhyAddr(), to = second.GetPhyAddr();
        for (int32_t j = 0; j < g.c1; ++j) {
            for (int32_t i = 0; i < kLanes; ++i) {
                srcList[i] = from + (uint64_t(j) * perC1 + uint64_t(i) * kN0) * 2;
                dstList[i] = to + (uint64_t(j) * perC1 + uint64_t(i) * g.d * g.hw * n1n0) * 2;
            }
            AscendC::TransDataTo5HD<half>(dstList, srcList, p);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
    // C1C0 Dhw N1N0 -> N C Dhw.
    {
        const int32_t perBatch = g.c * g.d * g.hw;
        const AscendC::TransDataTo5HDParams p = Repeats(perBatch / kN0, kC0 / kElemsPerBlk, kLanes * n1n0 / kElemsPerBlk);
        const uint64_t from = second.GetPhyAddr(), to = dst.GetPhyAddr(), spare = tmp.GetPhyAddr();
        int32_t left = g.n;
        for (int32_t j = 0; j < g.n1; ++j) {
            for (int32_t i = 0; i < kLanes; ++i) {
                const bool real = left >= kN0 || i < left;
                dstList[i] = real ? to + (uint64_t(j) * perBatch * kN0 + uint64_t(i) * perBatch) * 2
                                  : spare + uint64_t(i) * 32 * 2;
                srcList[i] = from + (uint64_t(j) * kN0 + uint64_t(i) * n1n0) * 2;
            }
            AscendC::TransDataTo5HD<half>(dstList, srcList, p);
            left -= kN0;
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

template <size_t I, class Tuple>
int32_t Dim(const Tuple& t) {
    return static_cast<int32_t>(AscendC::Std::get<I>(t));
}

inline std::string Shape(std::initializer_list<int32_t> dims) {
    std::string s = "[";
    for (int32_t v : dims) s += (s.size() > 1 ? ", " : "") + std::to_string(v);
    return s + "]";
}

// The CANN shape checks plus the sim's size / overlap ones; false when the call must not run.
template <const AscendC::TransDataConfig& config, class T, class U, class S>
bool Check(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
           const AscendC::LocalTensor<uint8_t>& temp, const AscendC::TransDataParams<U, S>& params, Dims* out) {
    using AscendC::DataFormat;
    constexpr bool srcIsNcdhw = config.srcFormat == DataFormat::NCDHW;
    const auto ncdhw = [&] {
        if constexpr (srcIsNcdhw) return params.srcLayout.GetShape();
        else return params.dstLayout.GetShape();
    }();
    const auto other = [&] {
        if constexpr (srcIsNcdhw) return params.dstLayout.GetShape();
        else return params.srcLayout.GetShape();
    }();
    const Dims g = MakeDims(Dim<0>(ncdhw), Dim<1>(ncdhw), Dim<2>(ncdhw), Dim<3>(ncdhw), Dim<4>(ncdhw));
    *out = g;
    const std::string api = "TransData";
    if (g.n <= 0 || g.c <= 0 || g.d <= 0 || g.h <= 0 || g.w <= 0) {
        return Misuse(api + ": the NCDHW shape " + Shape({g.n, g.c, g.d, g.h, g.w}) + " has an empty axis");
    }
    const char* ncdhwName = srcIsNcdhw ? "srcTensor" : "dstTensor";
    const char* otherName = srcIsNcdhw ? "dstTensor" : "srcTensor";
    const AscendC::LocalTensor<T>& ncdhwTensor = srcIsNcdhw ? src : dst;
    const AscendC::LocalTensor<T>& otherTensor = srcIsNcdhw ? dst : src;
    const uint64_t ncdhwSize = uint64_t(g.n) * g.c * g.d * g.hw;
    if (ncdhwTensor.GetSize() < ncdhwSize) {
        return Misuse(api + ": the NCDHW " + ncdhwName + " holds " + std::to_string(ncdhwTensor.GetSize()) +
                      " elements, below n*c*d*AlignUp(h*w, 16) = " + std::to_string(ncdhwSize));
    }
    uint64_t otherSize = 0;
    if constexpr (config.srcFormat == DataFormat::FRACTAL_Z_3D || config.dstFormat == DataFormat::FRACTAL_Z_3D) {
        const int32_t fd = Dim<0>(other), fc1 = Dim<1>(other), fh = Dim<2>(other), fw = Dim<3>(other),
                      fn1 = Dim<4>(other), fn0 = Dim<5>(other), fc0 = Dim<6>(other);
        const std::string shape = Shape({fd, fc1, fh, fw, fn1, fn0, fc0});
        if (fd != g.d || fh != g.h || fw != g.w) {
            return Misuse(api + ": the FRACTAL_Z_3D shape " + shape + " does not have the NCDHW shape's d, h, w (" +
                          Shape({g.d, g.h, g.w}) + ")");
        }
        if (fc1 != g.c1 || fc0 != kC0) {
            return Misuse(api + ": the FRACTAL_Z_3D shape " + shape + " needs c1 = ceil(c/16) = " + std::to_string(g.c1) +
                          " and c0 = 16");
        }
        if (fn1 != g.n1 || fn0 != kN0) {
            return Misuse(api + ": the FRACTAL_Z_3D shape " + shape + " needs n1 = ceil(n/16) = " + std::to_string(g.n1) +
                          " and n0 = 16");
        }
        otherSize = uint64_t(fd) * fc1 * fh * fw * fn1 * fn0 * fc0;
    } else {
        const int32_t sn = Dim<0>(other), sd = Dim<1>(other), sc1 = Dim<2>(other), sh = Dim<3>(other),
                      sw = Dim<4>(other), sc0 = Dim<5>(other);
        const std::string shape = Shape({sn, sd, sc1, sh, sw, sc0});
        if (sn != g.n || sd != g.d || sh != g.h || sw != g.w) {
            return Misuse(api + ": the NDC1HWC0 shape " + shape + " does not have the NCDHW shape's n, d, h, w (" +
                          Shape({g.n, g.d, g.h, g.w}) + ")");
        }
        if (sc1 != g.c1 || sc0 != kC0) {
            return Misuse(api + ": the NDC1HWC0 shape " + shape + " needs c1 = ceil(c/16) = " + std::to_string(g.c1) +
                          " and c0 = 16");
        }
        otherSize = uint64_t(sn) * sd * sc1 * sh * sw * sc0;
    }
    if (otherTensor.GetSize() < otherSize) {
        return Misuse(api + ": " + otherName + " holds " + std::to_string(otherTensor.GetSize()) +
                      " elements, below its layout's " + std::to_string(otherSize));
    }
    const uint64_t need = TempBytes(config.srcFormat, config.dstFormat, g);
    if (temp.GetSize() < need) {
        return Misuse(api + ": sharedTmpBuffer holds " + std::to_string(temp.GetSize()) + " bytes, below the " +
                      std::to_string(need) + " GetTransDataMaxMinTmpSize gives for this shape");
    }
    // The steps touch each tensor up to its layout's size (dst also serves as work space within it)
    // and the temp up to the host's size: those extents must not share bytes.
    const uint64_t dstBytes = (srcIsNcdhw ? otherSize : ncdhwSize) * sizeof(T);
    const uint64_t srcBytes = (srcIsNcdhw ? ncdhwSize : otherSize) * sizeof(T);
    const ApiName name = Named("TransData");
    const OperandRange d{"dstTensor", dst.SimRef(), dstBytes, sizeof(T)};
    const OperandRange s{"srcTensor", src.SimRef(), srcBytes, sizeof(T)};
    const OperandRange t{"sharedTmpBuffer", temp.SimRef(), need, 1};
    CheckDisjoint(name, d, s);
    CheckDisjoint(name, d, t);
    CheckDisjoint(name, s, t);
    return true;
}

template <const AscendC::TransDataConfig& config, class T, class U, class S>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
         const AscendC::LocalTensor<uint8_t>& temp, const AscendC::TransDataParams<U, S>& params) {
    using AscendC::DataFormat;
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, uint16_t> ||
                      std::is_same_v<T, int16_t>,
                  "TransData: element type must be half, bfloat16_t, uint16_t or int16_t on Atlas A2/A3");
    static_assert(AscendC::is_layout_v<U>, "TransData: params.srcLayout must be a Layout (MakeLayout)");
    static_assert(AscendC::is_layout_v<S>, "TransData: params.dstLayout must be a Layout (MakeLayout)");
    constexpr size_t srcRank = std::tuple_size_v<AscendC::Std::remove_cvref_t<decltype(params.srcLayout.GetShape())>>;
    constexpr size_t dstRank = std::tuple_size_v<AscendC::Std::remove_cvref_t<decltype(params.dstLayout.GetShape())>>;
    constexpr DataFormat from = config.srcFormat, to = config.dstFormat;
    constexpr bool known = (from == DataFormat::NCDHW && to == DataFormat::FRACTAL_Z_3D) ||
                           (from == DataFormat::FRACTAL_Z_3D && to == DataFormat::NCDHW) ||
                           (from == DataFormat::NCDHW && to == DataFormat::NDC1HWC0) ||
                           (from == DataFormat::NDC1HWC0 && to == DataFormat::NCDHW);
    static_assert(known, "TransData: config must be (NCDHW, FRACTAL_Z_3D), (FRACTAL_Z_3D, NCDHW), (NCDHW, NDC1HWC0) "
                         "or (NDC1HWC0, NCDHW)");
    constexpr size_t rankOf[] = {0, 0, 0, 0, 0, 5, 6, 7};  // by DataFormat: NCDHW 5, NDC1HWC0 6, FRACTAL_Z_3D 7
    static_assert(!known || srcRank == rankOf[static_cast<int>(from)],
                  "TransData: srcLayout's shape rank does not fit config.srcFormat (NCDHW 5, NDC1HWC0 6, FRACTAL_Z_3D 7)");
    static_assert(!known || dstRank == rankOf[static_cast<int>(to)],
                  "TransData: dstLayout's shape rank does not fit config.dstFormat (NCDHW 5, NDC1HWC0 6, FRACTAL_Z_3D 7)");
    if constexpr (known && srcRank == rankOf[static_cast<int>(from)] && dstRank == rankOf[static_cast<int>(to)]) {
        Dims g{};
        if (!Check<config>(dst, src, temp, params, &g)) return;
        if constexpr (from == DataFormat::NCDHW && to == DataFormat::FRACTAL_Z_3D) NcdhwToFractal(dst, src, temp, g);
        else if constexpr (from == DataFormat::FRACTAL_Z_3D) FractalToNcdhw(dst, src, temp, g);
        else if constexpr (to == DataFormat::NDC1HWC0) NcdhwTo6hd(dst, src, temp, g);
        else From6hdToNcdhw(dst, src, temp, g);
    }
}

}  // namespace sim::vec::transdata

namespace AscendC {

template <const TransDataConfig& config, typename T, typename U, typename S>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                      const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                      const TransDataParams<U, S>& params) {
    sim::NoteCallSite();
    sim::vec::transdata::Run<config>(dstTensor, srcTensor, sharedTmpBuffer, params);
}

template <const TransDataConfig& config, typename T, typename U, typename S>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                      const TransDataParams<U, S>& params) {
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (sim::vec::StackTemp(sim::vec::Named("TransData"), &stack)) {
        sim::vec::transdata::Run<config>(dstTensor, srcTensor, stack, params);
    }
}

}  // namespace AscendC
