// DataCopy with on-the-fly layout change between GM and UB (the CANN Ascend C API reference pages
// "DataCopy（GMToUB随路转换ND2NZ搬运）" and "DataCopy（UBToGM随路转换NZ2ND搬运）", asc-devkit
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/; the structs of include/basic_api/
// kernel_struct_data_copy.h in their Atlas A2/A3 form). On A2/A3 neither is one DMA: the pages call
// them software-emulated, and asc-devkit impl/basic_api/dav_c220/kernel_operator_data_copy_impl.h
// (DataCopyGM2UBND2NZImpl, DataCopyUB2GMNZ2NDImpl) issues a series of DataCopyPad, which is what
// the sim runs: each DataCopyPad checked (GM extent and allocation, UB extent, races, limits) and
// timed by the model's DMA cost for its bursts, as a kernel's own DataCopyPad would be.
//
// ND2NZ (GM -> UB), C0 = 32 / sizeof(T) elements (16 for float, which the A2 code moves as 16-column
// groups): for each of the ceil(dValue / C0) column groups t, one DataCopyPad per 255 rows moves
// min(C0, what is left of dValue) elements of each row (GM row stride srcDValue) to UB at
// t * dstNzC0Stride * 8 (float) or t * dstNzC0Stride * C0 elements, the rows 32 bytes (+ a stride
// from dstNzNStride) apart. The A2 code's own arithmetic is kept, quirks included, since the
// hardware runs exactly that: every one of the ndNum passes starts at dst + dstNzMatrixStride and
// src + srcNdMatrixStride (not index times those); the row stride in UB is
// (dstNzNStride - 32) / 32 blocks (int arithmetic) for 1/2/4-byte non-float types and, for float,
// dstNzNStride - 2 blocks computed unsigned (dstNzNStride 1 wraps to 0xFFFFFFFF, which DataCopyPad
// then rejects) or (16 - columns) * 4 / 32 for a narrower last group; a 255-row chunk advances GM by
// 255 * dValue elements (uint16 arithmetic). UB padding of a row shorter than 32 bytes is the
// dummy data DataCopyPad leaves without isPad (poisoned by the sim).
// NZ2ND (UB -> GM), 16-bit and 32-bit T only, dValue a multiple of 16: for each of the ndNum
// matrices (UB at i * srcNdMatrixStride * 256 elements, GM at i * dstNdMatrixStride) and each
// 16-column group b, one DataCopyPad per 4095 rows moves 16 elements of each row from UB
// (b * srcNStride * 16 elements in, rows one 16-element line apart) to GM rows dstDStride apart.
// Checks as CANN's: the element types of the pages (compile time); the parameter ranges of
// CheckNd2NzParams / CheckNz2NdParams; dValue % 16 and, with ndNum != 1, srcNdMatrixStride * 256
// divisible by nValue * sizeof(T) (NZ2ND); the UB operand 32-byte aligned in VECIN/VECCALC/VECOUT;
// beyond them the UB extent the copies touch inside the LocalTensor, named in this API's terms.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_engine.h"

namespace AscendC {

struct Nd2NzParams {
    __aicore__ Nd2NzParams() {}
    __aicore__ Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                           const uint16_t srcNdMatrixStrideIn, const uint16_t srcDValueIn,
                           const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
                           const uint16_t dstNzMatrixStrideIn)
        : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
          srcDValue(srcDValueIn), dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
          dstNzMatrixStride(dstNzMatrixStrideIn) {}

    uint16_t ndNum = 0;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 0;
    uint16_t srcDValue = 0;
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
    uint16_t dstNzMatrixStride = 0;
};

struct Nz2NdParamsFull {
    __aicore__ Nz2NdParamsFull() {}
    __aicore__ Nz2NdParamsFull(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                               const uint16_t srcNdMatrixStrideIn, const uint16_t srcNStrideIn,
                               const uint16_t dstDStrideIn, const uint16_t dstNdMatrixStrideIn)
        : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn), srcNdMatrixStride(srcNdMatrixStrideIn),
          srcNStride(srcNStrideIn), dstDStride(dstDStrideIn), dstNdMatrixStride(dstNdMatrixStrideIn) {}

    uint16_t ndNum = 1;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 1;
    uint16_t srcNStride = 0;
    uint16_t dstDStride = 0;
    uint16_t dstNdMatrixStride = 1;
};

}  // namespace AscendC

namespace sim::dma::layout {

// One DataCopyPad of the series: UB offset and GM offset in elements, and its parameters.
struct Piece {
    int64_t ubOffset;
    int64_t gmOffset;
    AscendC::DataCopyExtParams params;
};

template <class T>
constexpr bool kNd2NzType = std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, int16_t> ||
                            std::is_same_v<T, uint16_t> || std::is_same_v<T, half> ||
                            std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int32_t> ||
                            std::is_same_v<T, uint32_t> || std::is_same_v<T, float>;
template <class T>
constexpr bool kNz2NdType = std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, half> ||
                            std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int32_t> ||
                            std::is_same_v<T, uint32_t> || std::is_same_v<T, float>;

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

inline bool InRange(const char* api, const char* field, uint32_t value, uint32_t low, uint32_t high) {
    if (value >= low && value <= high) return true;
    return Misuse(std::string(api) + ": intriParams." + field + " is " + std::to_string(value) + ", it must be in [" +
                  std::to_string(low) + ", " + std::to_string(high) + "]");
}

// The DataCopyPad series of ND2NZ, in the A2 code's integer types.
template <class T>
std::vector<Piece> Nd2NzPieces(const AscendC::Nd2NzParams& p) {
    constexpr bool isFloat = std::is_same_v<T, float>;
    constexpr int32_t kC0Bytes = 32, kMaxRows = 255;
    const uint16_t c0Count = isFloat ? 16 : static_cast<uint16_t>(kC0Bytes / sizeof(T));
    const uint16_t chunkUb = static_cast<uint16_t>(kMaxRows * c0Count);
    const uint16_t chunkGm = static_cast<uint16_t>(kMaxRows * p.dValue);  // uint16 on A2, and dValue (not srcDValue)
    const uint16_t chunks = static_cast<uint16_t>(p.nValue / kMaxRows);
    const uint16_t tailRows = static_cast<uint16_t>(p.nValue % kMaxRows);
    const int16_t groups = static_cast<int16_t>((p.dValue + c0Count - 1) / c0Count);
    std::vector<Piece> pieces;
    for (int index = 0; index < p.ndNum; ++index) {
        for (int t = 0; t < groups; ++t) {
            const int columns = p.dValue >= (t + 1) * c0Count ? c0Count : p.dValue % c0Count;
            const uint16_t rowBytes = static_cast<uint16_t>(columns * sizeof(T));
            const uint16_t gmStart = static_cast<uint16_t>(t * c0Count);
            const uint16_t ubStart = static_cast<uint16_t>(t * p.dstNzC0Stride * (kC0Bytes / sizeof(T)));
            AscendC::DataCopyExtParams copy(static_cast<uint16_t>(kMaxRows), rowBytes,
                                            static_cast<uint32_t>(p.srcDValue * sizeof(T) - rowBytes), 0, 0);
            if constexpr (isFloat) {
                copy.dstStride = static_cast<uint32_t>((p.dstNzNStride * kC0Bytes - static_cast<uint16_t>(c0Count) *
                                                        sizeof(float)) / static_cast<uint16_t>(kC0Bytes));
                if (columns < c0Count) copy.dstStride = static_cast<uint32_t>((c0Count - columns) * sizeof(float) / kC0Bytes);
            } else {
                copy.dstStride = static_cast<uint32_t>((p.dstNzNStride - static_cast<uint16_t>(kC0Bytes)) /
                                                       static_cast<uint16_t>(kC0Bytes));
            }
            const int64_t ubBase = p.dstNzMatrixStride, gmBase = p.srcNdMatrixStride;  // same for every index on A2
            for (int r = 0; r < chunks; ++r) {
                pieces.push_back({ubBase + ubStart + int64_t(r) * chunkUb, gmBase + gmStart + int64_t(r) * chunkGm, copy});
            }
            if (tailRows != 0) {
                copy.blockCount = tailRows;
                pieces.push_back({ubBase + ubStart + int64_t(chunks) * kMaxRows * c0Count,
                                  gmBase + gmStart + int64_t(chunks) * kMaxRows * p.dValue, copy});
            }
        }
    }
    return pieces;
}

// The DataCopyPad series of NZ2ND.
template <class T>
std::vector<Piece> Nz2NdPieces(const AscendC::Nz2NdParamsFull& p) {
    constexpr int32_t kCube = 16;
    constexpr uint16_t kMaxRows = 4095;  // DataCopyPad's blockCount limit
    std::vector<Piece> pieces;
    const uint16_t chunks = p.nValue / kMaxRows, tailRows = p.nValue % kMaxRows;
    const uint16_t groups = static_cast<uint16_t>((p.dValue + kCube - 1) / kCube);
    for (uint16_t i = 0; i < p.ndNum; ++i) {
        const int64_t gmBase = int64_t(i) * p.dstNdMatrixStride, ubBase = int64_t(i) * p.srcNdMatrixStride * kCube * kCube;
        for (uint16_t b = 0; b < groups; ++b) {
            const uint16_t columns = b != groups - 1 ? kCube : static_cast<uint16_t>(p.dValue - b * kCube);
            AscendC::DataCopyExtParams copy(kMaxRows, static_cast<uint32_t>(columns * sizeof(T)), 0,
                                            static_cast<uint32_t>((p.dstDStride - columns) * sizeof(T)), 0);
            for (uint16_t j = 0; j < chunks; ++j) {
                pieces.push_back({ubBase + int64_t(b) * p.srcNStride * kCube + int64_t(j) * kMaxRows * kCube,
                                  gmBase + int64_t(b) * kCube + int64_t(j) * kMaxRows * p.dstDStride, copy});
            }
            if (tailRows != 0) {
                copy.blockCount = tailRows;
                pieces.push_back({ubBase + int64_t(b) * p.srcNStride * kCube + int64_t(chunks) * kMaxRows * kCube,
                                  gmBase + int64_t(b) * kCube + int64_t(chunks) * kMaxRows * p.dstDStride, copy});
            }
        }
    }
    return pieces;
}

// The UB bytes a piece touches past the tensor's start (its rows AlignUp(blockLen, 32) long,
// `gapBlocks` more blocks apart); -1 for a piece before the start.
inline int64_t UbEnd(const Piece& piece, uint32_t elementBytes, uint64_t gapBlocks) {
    if (piece.ubOffset < 0) return -1;
    const uint64_t row = (uint64_t(piece.params.blockLen) + 31) / 32 * 32;
    const uint64_t rows = piece.params.blockCount;
    return int64_t(uint64_t(piece.ubOffset) * elementBytes + (rows == 0 ? 0 : (rows - 1) * (row + gapBlocks * 32) + row));
}

// False (after a report) when the pieces reach past the LocalTensor; huge strides are left to
// DataCopyPad's own limit checks.
inline bool FitsUb(const char* api, const char* operand, const UbRef& ref, const std::vector<Piece>& pieces,
                   uint32_t elementBytes, bool gapOnUb) {
    uint64_t end = 0;
    for (const Piece& piece : pieces) {
        const uint64_t gap = gapOnUb ? piece.params.dstStride : piece.params.srcStride;
        if (gap > 0xFFFF) continue;  // DataCopyPad reports the stride itself
        const int64_t e = UbEnd(piece, elementBytes, gap);
        if (e > int64_t(end)) end = uint64_t(e);
    }
    return sim::vec::CheckFits(sim::vec::Named(api), operand, ref, end);
}

}  // namespace sim::dma::layout

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                                                     const Nd2NzParams& intriParams) {
    static_assert(sim::dma::layout::kNd2NzType<T>,
                  "DataCopy (Nd2NzParams): element type must be int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, "
                  "int32_t, uint32_t or float on Atlas A2/A3");
    sim::NoteCallSite();
    namespace L = sim::dma::layout;
    const char* api = "DataCopy (Nd2NzParams)";
    const auto& p = intriParams;
    if (!L::InRange(api, "ndNum", p.ndNum, 0, 4095) || !L::InRange(api, "nValue", p.nValue, 0, 16384) ||
        !L::InRange(api, "dstNzC0Stride", p.dstNzC0Stride, 0, 16384) ||
        !L::InRange(api, "dstNzNStride", p.dstNzNStride, 0, 16384)) {
        return;
    }
    const sim::vec::ApiName name = sim::vec::Named(api);
    sim::vec::CheckPosition(name, "dst", dst.SimRef());
    sim::vec::CheckAlignment(name, "dst", dst.SimRef(), 32);
    const std::vector<L::Piece> pieces = L::Nd2NzPieces<T>(p);
    if (!L::FitsUb(api, "dst", dst.SimRef(), pieces, sizeof(T), true)) return;
    const DataCopyPadExtParams<T> noPad;
    for (const L::Piece& piece : pieces) {
        DataCopyPad(dst[static_cast<uint32_t>(piece.ubOffset)], src[static_cast<uint64_t>(piece.gmOffset)],
                    piece.params, noPad);
    }
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                                                     const Nz2NdParamsFull& intriParams) {
    static_assert(sim::dma::layout::kNz2NdType<T>,
                  "DataCopy (Nz2NdParamsFull): element type must be int16_t, uint16_t, half, bfloat16_t, int32_t, "
                  "uint32_t or float on Atlas A2/A3 (NZ2ND moves 16-bit and 32-bit data only)");
    sim::NoteCallSite();
    namespace L = sim::dma::layout;
    const char* api = "DataCopy (Nz2NdParamsFull)";
    const auto& p = intriParams;
    if (!L::InRange(api, "ndNum", p.ndNum, 0, 4095) || !L::InRange(api, "nValue", p.nValue, 1, 8192) ||
        !L::InRange(api, "dValue", p.dValue, 1, 8192) ||
        !L::InRange(api, "srcNdMatrixStride", p.srcNdMatrixStride, 1, 512) ||
        !L::InRange(api, "srcNStride", p.srcNStride, 0, 4095)) {
        return;
    }
    if (p.ndNum != 1 && p.nValue != 0 && (uint32_t(p.srcNdMatrixStride) * 256) % (uint32_t(p.nValue) * sizeof(T)) != 0) {
        (void)L::Misuse(std::string(api) + ": intriParams.srcNdMatrixStride * 256 (" +
                        std::to_string(uint32_t(p.srcNdMatrixStride) * 256) +
                        " elements between matrix heads) must be divisible by nValue * sizeof(T) (" +
                        std::to_string(uint32_t(p.nValue) * sizeof(T)) + ")");
        return;
    }
    if (p.dValue % 16 != 0) {
        (void)L::Misuse(std::string(api) + ": intriParams.dValue is " + std::to_string(p.dValue) +
                        ", it must be divisible by 16");
        return;
    }
    const sim::vec::ApiName name = sim::vec::Named(api);
    sim::vec::CheckPosition(name, "src", src.SimRef());
    sim::vec::CheckAlignment(name, "src", src.SimRef(), 32);
    const std::vector<L::Piece> pieces = L::Nz2NdPieces<T>(p);
    if (!L::FitsUb(api, "src", src.SimRef(), pieces, sizeof(T), false)) return;
    for (const L::Piece& piece : pieces) {
        DataCopyPad(dst[static_cast<uint64_t>(piece.gmOffset)], src[static_cast<uint32_t>(piece.ubOffset)],
                    piece.params);
    }
}

}  // namespace AscendC
