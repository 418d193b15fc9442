// High-level CumSum (CANN's include/adv_api/math/cumsum.h with CumSumConfig, CumSumInfo and
// CumSumAlgorithm of cumsum_utils.h), as Atlas A2/A3 (dav-2201) runs it (asc-devkit
// impl/adv_api/detail/math/cumsum/cumsum_common_impl.h), every step one sim vector instruction:
//  - first axis (config.isLastAxis false), over the outter rows of inner elements:
//      float: Adds(dst row 0, src row 0, 0); then row r: Add(dst r, dst r-1, src r)
//      half:  Cast the whole tensor to float into the temp (outter * inner floats), the same
//             running Add over the float rows, Cast back into dst (CAST_NONE both ways)
//  - last axis: in chunks of R = tmpBytes / min * 16 rows (min as GetCumSumMaxMinTmpSize's), each
//    chunk (rows aligned up to A = AlignUp(rows, 16)) transposed into the temp with TransDataTo5HD
//    (inner x A), half Cast to float, a running Add over the inner rows of A elements, half Cast
//    back, transposed back behind the first part of the temp, and Adds(dst, that, 0)
//  - config.outputLastRow: Adds(lastRow, dst's last row, 0).
// All in Counter mode. config.isReuseSource and config.algorithm change nothing on A2/A3.
// Checks: T half or float (compile time); outter > 0; inner > 0 and inner * sizeof(T) 32-byte
// aligned; src, dst (and lastRow) hold what cumSumInfo says; the temp at least the minimum
// (GetCumSumMaxMinTmpSize) and sharing no byte with src or dst.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/transpose_types.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_transpose.h"

namespace AscendC {

#ifndef ASCC_STRUCT_CUMSUMCONFIG
#define ASCC_STRUCT_CUMSUMCONFIG
enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };

struct CumSumConfig {
    bool isLastAxis{true};
    bool isReuseSource{false};
    bool outputLastRow{false};
    CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};

struct CumSumInfo {
    uint32_t outter{0};
    uint32_t inner{0};  // inner * sizeof(T) must be 32-byte aligned
};
#endif

constexpr CumSumConfig defaultCumSumConfig = {true, false, true};

}  // namespace AscendC

namespace sim::vec::cumsum {

inline bool Misuse(const std::string& message) {
    Violation(Check::ApiMisuse, message);
    return false;
}

constexpr uint32_t kList = AscendC::NCHW_CONV_ADDR_LIST_SIZE;  // 16 rows per TransDataTo5HD

template <class T>
uint64_t Addr(const AscendC::LocalTensor<T>& t, uint32_t index) {
    return t[index].GetPhyAddr();  // the UB byte address TransDataTo5HD's lists take
}

// Running sum down `rows` rows of `width` float elements in place (row r += row r-1), mask width.
inline void RunningAdd(const AscendC::LocalTensor<float>& buf, uint32_t rows, uint32_t width) {
    using namespace AscendC;
    SetVectorMask<float>(0, width);
    const BinaryRepeatParams binary;
    for (uint32_t r = 1; r < rows; ++r) {
        Add<float, false>(buf[r * width], buf[(r - 1) * width], buf[r * width], MASK_PLACEHOLDER, 1, binary);
        PipeBarrier<PIPE_V>();
    }
}

template <class T>
void FirstAxis(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
               const AscendC::LocalTensor<uint8_t>& tmp, const AscendC::CumSumInfo& info) {
    using namespace AscendC;
    const uint32_t outter = info.outter, inner = info.inner;
    SetMaskCount();
    if constexpr (std::is_same_v<T, half>) {
        LocalTensor<float> acc = tmp.ReinterpretCast<float>();
        SetVectorMask<float, MaskMode::COUNTER>(outter * inner);
        Cast<float, T, false>(acc, src, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                              {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE});
        PipeBarrier<PIPE_V>();
        RunningAdd(acc, outter, inner);
        SetVectorMask<T, MaskMode::COUNTER>(outter * inner);
        Cast<T, float, false>(dst, acc, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                              {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
        PipeBarrier<PIPE_V>();
    } else {
        SetVectorMask<T>(0, inner);
        Adds<T, false>(dst, src, T(0), MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
        PipeBarrier<PIPE_V>();
        const BinaryRepeatParams binary;
        for (uint32_t r = 1; r < outter; ++r) {
            Add<T, false>(dst[r * inner], dst[(r - 1) * inner], src[r * inner], MASK_PLACEHOLDER, 1, binary);
            PipeBarrier<PIPE_V>();
        }
    }
    SetMaskNorm();
    ResetMask();
}

// One chunk of `outter` rows along the last axis, float: each TransDataTo5HD moves 16 rows of 8
// floats (two address-list entries per 8 destination floats).
inline void LastAxisChunk(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src,
                          const AscendC::LocalTensor<float>& tmp, uint32_t outter, uint32_t inner) {
    using namespace AscendC;
    constexpr uint32_t blk = 8;  // floats per 32-byte block
    const uint32_t aligned = (outter + kList - 1) / kList * kList;
    uint64_t d[kList], s[kList];
    if (outter == aligned && aligned > inner) {
        const uint8_t repeats = static_cast<uint8_t>(aligned / kList);
        const TransDataTo5HDParams p(false, false, repeats, repeats > 1 ? 2 : 0,
                                     static_cast<uint16_t>(repeats > 1 ? inner * 2 : 0));
        for (uint32_t i = 0; i < inner / blk; ++i) {
            for (uint32_t n = 0; n < kList; ++n) s[n] = Addr(src, i * blk + n * inner);
            for (uint32_t n = 0; n < kList / 2; ++n) {
                d[2 * n] = Addr(tmp, (i * blk + n) * aligned);
                d[2 * n + 1] = Addr(tmp, (i * blk + n) * aligned + blk);
            }
            TransDataTo5HD<float>(d, s, p);
        }
    } else {
        const uint8_t repeats = static_cast<uint8_t>(inner / blk);
        const TransDataTo5HDParams p = repeats > 1 ? TransDataTo5HDParams(false, false, repeats, aligned, 1)
                                                   : TransDataTo5HDParams(false, false, repeats, 0, 0);
        for (uint32_t i = 0; i < aligned / kList; ++i) {
            // rows past outter repeat the chunk's real rows (their sums are never copied out)
            for (uint32_t n = 0; n < kList; ++n) s[n] = Addr(src, (i * kList + n % (outter - i * kList)) * inner);
            for (uint32_t n = 0; n < kList / 2; ++n) {
                d[2 * n] = Addr(tmp, i * kList + n * aligned);
                d[2 * n + 1] = Addr(tmp, i * kList + n * aligned + blk);
            }
            TransDataTo5HD<float>(d, s, p);
        }
    }
    PipeBarrier<PIPE_V>();
    SetMaskCount();
    RunningAdd(tmp, inner, aligned);
    SetMaskNorm();
    ResetMask();
    const LocalTensor<float> back = tmp[aligned * inner];
    if (aligned > inner) {
        const uint8_t repeats = static_cast<uint8_t>(aligned / kList);
        const TransDataTo5HDParams p(false, false, repeats, static_cast<uint16_t>(repeats > 1 ? inner * 2 : 0),
                                     repeats > 1 ? 2 : 0);
        for (uint32_t i = 0; i < inner / blk; ++i) {
            for (uint32_t n = 0; n < kList / 2; ++n) {
                s[n] = Addr(tmp, i * blk * aligned + n * aligned);
                s[n + kList / 2] = Addr(tmp, i * blk * aligned + n * aligned + blk);
                d[2 * n] = Addr(back, i * blk + n * inner);
                d[2 * n + 1] = Addr(back, i * blk + (n + blk) * inner);
            }
            TransDataTo5HD<float>(d, s, p);
        }
    } else {
        const uint8_t repeats = static_cast<uint8_t>(inner / blk);
        const TransDataTo5HDParams p = repeats > 1 ? TransDataTo5HDParams(false, false, repeats, 1, aligned)
                                                   : TransDataTo5HDParams(false, false, repeats, 0, 0);
        for (uint32_t i = 0; i < aligned / kList; ++i) {
            for (uint32_t n = 0; n < kList / 2; ++n) {
                s[n] = Addr(tmp, i * kList + n * aligned);
                s[n + kList / 2] = Addr(tmp, i * kList + n * aligned + blk);
                d[2 * n] = Addr(back, (i * kList + n) * inner);
                d[2 * n + 1] = Addr(back, (i * kList + n + kList / 2) * inner);
            }
            TransDataTo5HD<float>(d, s, p);
        }
    }
    PipeBarrier<PIPE_V>();
    SetMaskCount();
    SetVectorMask<float>(0, outter * inner);
    Adds<float, false>(dst, back, 0.0f, MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
    PipeBarrier<PIPE_V>();
    SetMaskNorm();
    ResetMask();
}

// The same for half: 16 rows of 16 halfs per TransDataTo5HD, the sums in float.
inline void LastAxisChunk(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<half>& src,
                          const AscendC::LocalTensor<half>& tmp, uint32_t outter, uint32_t inner) {
    using namespace AscendC;
    constexpr uint32_t blk = 16;  // halfs per 32-byte block
    const uint32_t aligned = (outter + kList - 1) / kList * kList;
    uint64_t d[kList], s[kList];
    if (outter == aligned && aligned > inner) {
        const uint8_t repeats = static_cast<uint8_t>(aligned / kList);
        const TransDataTo5HDParams p(false, false, repeats, repeats > 1 ? 1 : 0,
                                     static_cast<uint16_t>(repeats > 1 ? inner : 0));
        for (uint32_t i = 0; i < inner / blk; ++i) {
            for (uint32_t n = 0; n < kList; ++n) {
                s[n] = Addr(src, i * blk + n * inner);
                d[n] = Addr(tmp, i * blk * aligned + aligned * n);
            }
            TransDataTo5HD<half>(d, s, p);
        }
    } else {
        const uint8_t repeats = static_cast<uint8_t>(inner / blk);
        const TransDataTo5HDParams p = repeats > 1 ? TransDataTo5HDParams(false, false, repeats, aligned, 1)
                                                   : TransDataTo5HDParams(false, false, repeats, 0, 0);
        for (uint32_t i = 0; i < aligned / kList; ++i) {
            for (uint32_t n = 0; n < kList; ++n) {
                s[n] = Addr(src, (i * kList + n % (outter - i * kList)) * inner);
                d[n] = Addr(tmp, i * kList + aligned * n);
            }
            TransDataTo5HD<half>(d, s, p);
        }
    }
    PipeBarrier<PIPE_V>();
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(aligned * inner);
    const LocalTensor<float> acc = tmp[aligned * inner].template ReinterpretCast<float>();
    Cast<float, half, false>(acc, tmp, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, DEFAULT_REPEAT_STRIDE, HALF_DEFAULT_REPEAT_STRIDE});
    PipeBarrier<PIPE_V>();
    RunningAdd(acc, inner, aligned);
    SetVectorMask<half, MaskMode::COUNTER>(aligned * inner);
    Cast<half, float, false>(tmp, acc, RoundMode::CAST_NONE, MASK_PLACEHOLDER, 1,
                             {1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
    PipeBarrier<PIPE_V>();
    SetMaskNorm();
    ResetMask();
    const LocalTensor<half> back = tmp[aligned * inner];
    if (aligned > inner) {
        const uint8_t repeats = static_cast<uint8_t>(aligned / blk);
        const TransDataTo5HDParams p(false, false, repeats, static_cast<uint16_t>(repeats > 1 ? inner : 0),
                                     repeats > 1 ? 1 : 0);
        for (uint32_t i = 0; i < inner / kList; ++i) {
            for (uint32_t n = 0; n < kList; ++n) {
                s[n] = Addr(tmp, (i * kList + n) * aligned);
                d[n] = Addr(back, i * kList + n * inner);
            }
            TransDataTo5HD<half>(d, s, p);
        }
    } else {
        const uint8_t repeats = static_cast<uint8_t>(inner / blk);
        const TransDataTo5HDParams p = repeats > 1 ? TransDataTo5HDParams(false, false, repeats, 1, aligned)
                                                   : TransDataTo5HDParams(false, false, repeats, 0, 0);
        for (uint32_t i = 0; i < aligned / kList; ++i) {
            for (uint32_t n = 0; n < kList; ++n) {
                s[n] = Addr(tmp, i * kList + aligned * n);
                d[n] = Addr(back, (i * kList + n) * inner);
            }
            TransDataTo5HD<half>(d, s, p);
        }
    }
    PipeBarrier<PIPE_V>();
    SetMaskCount();
    SetVectorMask<half>(0, outter * inner);
    Adds<half, false>(dst, back, half(0), MASK_PLACEHOLDER, 1, {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
    PipeBarrier<PIPE_V>();
    SetMaskNorm();
    ResetMask();
}

// Bytes the temp needs at the least: the last axis 16 rows transposed twice (half: plus their
// float copy), the first axis of half the whole tensor in float.
template <class T>
uint64_t MinTempBytes(bool lastAxis, const AscendC::CumSumInfo& info) {
    if (lastAxis) {
        return (std::is_same_v<T, half> ? uint64_t{info.inner} * kList * sizeof(half) : 0) +
               uint64_t{kList} * info.inner * sizeof(T) * 2;
    }
    return std::is_same_v<T, half> ? uint64_t{info.outter} * info.inner * sizeof(float) : 0;
}

template <class T, const AscendC::CumSumConfig& config>
void Run(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& lastRow, const AscendC::LocalTensor<T>& src,
         const AscendC::LocalTensor<uint8_t>& tmp, const AscendC::CumSumInfo& info) {
    using namespace AscendC;
    const ApiName api = Named("CumSum");
    if (info.outter == 0 || info.inner == 0 || info.inner * sizeof(T) % 32 != 0) {
        return (void)Misuse("CumSum: cumSumInfo is {outter " + std::to_string(info.outter) + ", inner " +
                            std::to_string(info.inner) + "}: both must be > 0 and inner * sizeof(T) 32-byte aligned");
    }
    const uint64_t bytes = uint64_t{info.outter} * info.inner * sizeof(T);
    if (!CheckFits(api, "srcTensor", src.SimRef(), bytes) || !CheckFits(api, "dstTensor", dst.SimRef(), bytes)) return;
    if (config.outputLastRow && !CheckFits(api, "lastRowTensor", lastRow.SimRef(), uint64_t{info.inner} * sizeof(T))) {
        return;
    }
    const uint64_t minTemp = MinTempBytes<T>(config.isLastAxis, info);
    if (tmp.GetSize() < minTemp) {
        return (void)Misuse(std::string("CumSum: ") + TempName(tmp.SimRef()) + " holds " + std::to_string(tmp.GetSize()) + " bytes, below the " +
                            std::to_string(minTemp) + " it needs (size it with GetCumSumMaxMinTmpSize)");
    }
    if (minTemp != 0) {
        const OperandRange tmpRange{"sharedTmpBuffer", tmp.SimRef(), tmp.GetSize(), 1};
        CheckDisjoint(api, OperandRange{"srcTensor", src.SimRef(), bytes, sizeof(T)}, tmpRange);
        CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)}, tmpRange);
    }
    if constexpr (config.isLastAxis) {
        const uint32_t rowsPerChunk = static_cast<uint32_t>(tmp.GetSize() / minTemp * kList);
        const LocalTensor<T> work = tmp.ReinterpretCast<T>();
        uint32_t row = 0;
        for (; row + rowsPerChunk <= info.outter; row += rowsPerChunk) {
            LastAxisChunk(dst[row * info.inner], src[row * info.inner], work, rowsPerChunk, info.inner);
        }
        if (row < info.outter) {
            LastAxisChunk(dst[row * info.inner], src[row * info.inner], work, info.outter - row, info.inner);
        }
    } else {
        FirstAxis<T>(dst, src, tmp, info);
    }
    if constexpr (config.outputLastRow) {
        SetMaskCount();
        SetVectorMask<T>(0, info.inner);
        Adds<T, false>(lastRow, dst[(info.outter - 1) * info.inner], T(0), MASK_PLACEHOLDER, 1,
                       {1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE});
        PipeBarrier<PIPE_V>();
        SetMaskNorm();
        ResetMask();
    }
}

}  // namespace sim::vec::cumsum

namespace AscendC {

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor,
                                                   const LocalTensor<T>& srcTensor,
                                                   LocalTensor<uint8_t>& sharedTmpBuffer,
                                                   const CumSumInfo& cumSumInfo) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "CumSum: T must be half or float on Atlas A2/A3");
    sim::NoteCallSite();
    if (g_coreType == AIC) return;
    sim::vec::cumsum::Run<T, config>(dstTensor, lastRowTensor, srcTensor, sharedTmpBuffer, cumSumInfo);
}

}  // namespace AscendC
