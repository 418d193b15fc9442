// High-level SoftMax, SimpleSoftMax and AdjustSoftMaxRes (CANN's include/adv_api/activation/
// softmax.h, simple_softmax.h), ND format, as the Atlas A2/A3 implementation runs them
// (asc-devkit impl/adv_api/detail/activation/softmax/membase/v220/softmax_impl.h,
// membase/common/softmax_impl/softmax_generic_nd_impl.h, simple_softmax_common_impl.h and
// v220/softmax_common_impl/softmax_common_nd_reduce.h). Every step is one vector instruction of
// the sim (Cast, Copy, Max/Add, WholeReduceMax/Sum, Brcb, DataCopy, Sub, Exp, Div), so the log,
// rounding and the modeled time follow the instructions.
//
// Rows: the source is srcM x srcK (softmaxShapeInfo, or the tiling's srcM/srcK when the shape
// info is {}), srcK 32-byte aligned; the reductions run over the first oriSrcK elements of each
// row, Sub/Exp/Div over all srcK. max/sum rows are one 32-B block: 8 floats or 16 halves, all
// equal. The rows go in tiles of tiling.splitM (rangeM tiles, then tailM rows); when the shape
// differs from the tiling's srcM/srcK the tile is recomputed from the temp's size, as the
// implementation's kernel-side SoftMaxTilingFunc does.
// Per tile, in float (half sources are Cast to float first, CAST_NONE, and back with CAST_RINT):
//   max = rowmax(x); x = x - max; x = exp(x); sum = rowsum(x); y = x / sum
// A row reduction (of oriSrcK lanes): K <= 64: WholeReduce over the row's lanes; else
// Copy of the first 64 lanes, Max/Add of every further 64-lane piece (the last one masked to
// the remaining lanes) into those 64, then WholeReduce of the 64 (the implementation folds the
// 64 with two BlockReduce steps instead: the same max; for the sum the sim's WholeReduceSum tree
// order, vector_reduce.h). The per-row scalars are spread to a block each with Brcb and copied
// to the max/sum rows (DataCopy); when the rows are not a multiple of 8, a Duplicate first
// defines the scalars past the last row that Brcb's last repeat reads (the implementation
// broadcasts with its own block-strided copies instead). Sub and Div are one counter-mode instruction per row reading
// the row's max/sum block with block stride 0 (the implementation's path for srcK >= 192; for
// narrower rows it issues srcK/8 block-strided instructions over all rows: the same values).
// Temp (floats, the tiling's sizes): half: splitM*srcK (x in float) + splitM*16 (max/sum in
// float) + splitM*64; half with float max/sum: splitM*srcK + splitM*64; float: splitM*64.
// isBasicBlock runs the same steps (the implementation's basic-block path computes the same
// values with fewer instructions); its shape conditions are checked. isDataFormatNZ = true is
// not modelled (compile error).
// Checks as CANN's api_check softmax: T half or float (compile time), src/dst/max/sum large
// enough for the shape, srcK 32-B aligned, oriSrcM/oriSrcK within srcM/srcK, the temp large
// enough for one row and disjoint from every operand, max/sum disjoint from src/dst.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/data_copy.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"
#include "ascendc_sim/kernel/vector_copy.h"
#include "ascendc_sim/kernel/vector_mask.h"
#include "ascendc_sim/kernel/vector_reduce.h"
#include "ascendc_sim/kernel/vector_reduce_extreme.h"
#include "kernel_tiling/kernel_tiling.h"

namespace AscendC {

// asc-devkit include/adv_api/activation/softmax_utils.h (the SoftMax page's definitions).
struct SoftMaxShapeInfo {
    uint32_t srcM = 0;
    uint32_t srcK = 0;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    __aicore__ constexpr SoftMaxShapeInfo() {}
    __aicore__ constexpr SoftMaxShapeInfo(uint32_t m, uint32_t k, uint32_t oriM, uint32_t oriK)
        : srcM(m), srcK(k), oriSrcM(oriM), oriSrcK(oriK) {}
};

enum class SoftmaxMode { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };

struct SoftmaxConfig {
    bool isCheckTiling = true;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

}  // namespace AscendC

namespace sim::vec::softmax {

constexpr uint32_t kLanes = 64;          // floats of one repeat (FLOAT_REPEAT_SIZE)
constexpr uint32_t kFloatsPerBlock = 8;  // FLOAT_NUM_PER_BLK
constexpr uint32_t kBasicMaxK = 2048;    // isBasicBlock: srcK below this
constexpr uint32_t kBasicRows = 8;       // isBasicBlock: srcM a multiple of this

// The shape a call works on, after shape info, config and tiling are read.
struct Shape {
    uint32_t m = 0, k = 0, oriM = 0, oriK = 0;
};

// One tile's rows: splitM, and how many tiles (the tiling's fields, possibly recomputed).
struct Tiles {
    uint32_t rows = 0, range = 0, tail = 0;
};

inline bool Misuse(const std::string& message) { return Violation(Check::ApiMisuse, message); }

template <class T>
constexpr uint32_t BlockElements() {
    return static_cast<uint32_t>(kBlockBytes / sizeof(T));
}

// The floats of temp one row needs (see the top of this file).
template <class T1, class T2>
constexpr uint32_t TempFloatsPerRow(uint32_t k) {
    if constexpr (std::is_same_v<T1, float>) return kLanes;
    else if constexpr (std::is_same_v<T2, float>) return k + kLanes;
    else return k + 2 * kFloatsPerBlock + kLanes;
}

// The shape from the shape info (or the tiling when it is {}), the config's constants and the
// checks of the arguments; false when the call must be dropped.
template <const AscendC::SoftmaxConfig& config>
bool ReadShape(const char* api, const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info, uint32_t typeBytes,
               Shape* s) {
    if (info.srcM == 0 || info.srcK == 0) {
        *s = Shape{tiling.srcM, tiling.srcK, tiling.srcM, tiling.srcK};
    } else {
        *s = Shape{info.srcM, info.srcK, info.oriSrcM, info.oriSrcK};
    }
    if constexpr (config.oriSrcM != 0 && config.oriSrcK != 0) {
        s->oriM = config.oriSrcM;
        s->oriK = config.oriSrcK;
    }
    if (s->oriM == 0) s->oriM = s->m;
    if (s->oriK == 0) s->oriK = s->k;
    const std::string name(api);
    if (s->m == 0 || s->k == 0) return false;
    if (uint64_t{s->k} * typeBytes % kBlockBytes != 0) {
        return Misuse(name + ": softmaxShapeInfo.srcK " + std::to_string(s->k) + " (" +
                      std::to_string(uint64_t{s->k} * typeBytes) + " bytes) is not 32-byte aligned") &&
               false;
    }
    if (s->oriK > s->k || s->oriM > s->m) {
        return Misuse(name + ": softmaxShapeInfo.oriSrcM x oriSrcK (" + std::to_string(s->oriM) + " x " +
                      std::to_string(s->oriK) + ") exceeds srcM x srcK (" + std::to_string(s->m) + " x " +
                      std::to_string(s->k) + ")") &&
               false;
    }
    return true;
}

// The tiles of the tiling, or recomputed from the temp when the shape is not the tiling's.
inline bool ReadTiles(const char* api, const SoftMaxTiling& tiling, const Shape& s, uint64_t tempFloats,
                      uint32_t rowFloats, const UbRef& temp, Tiles* t,
                      const char* hostQuery = "GetSoftMaxMinTmpSize") {
    uint32_t rows = tiling.splitM;
    if (s.m != tiling.srcM || s.k != tiling.srcK || rows == 0) {
        rows = static_cast<uint32_t>(std::min<uint64_t>(tempFloats / rowFloats, s.oriM));
        if (rows < s.oriM && rows > kBasicRows) rows = rows / kBasicRows * kBasicRows;
    }
    if (!CheckChunk(Named(api), temp, uint64_t{rows} * rowFloats <= tempFloats ? rows : 0,
                    uint64_t{rowFloats} * sizeof(float), hostQuery)) {
        return false;
    }
    t->rows = std::min(rows, s.oriM);
    t->range = s.oriM / t->rows;
    t->tail = s.oriM % t->rows;
    return true;
}

// Lanes of a row reduction: the first `oriK` of each of `rows` rows of stride k, reduced into
// one scalar per row in scal[0..rows), then spread to `width` floats per row in out.
// tmp: rows * 64 floats.
template <bool isMax>
void ReduceRows(const AscendC::LocalTensor<float>& out, const AscendC::LocalTensor<float>& src,
                const AscendC::LocalTensor<float>& tmp, uint32_t rows, uint32_t k, uint32_t oriK, uint32_t width) {
    const AscendC::LocalTensor<float>& scal = out;  // rows * width >= AlignUp(rows, 8) floats
    const uint32_t rowBlocks = k / kFloatsPerBlock;
    // Rows per instruction: the repeat strides are 8-bit.
    const uint32_t group = rowBlocks <= 255 ? 255 : 1;
    if (rows % 8 != 0) {  // Brcb below reads 8 scalars a repeat: define the ones past the last row
        AscendC::Duplicate(scal, 0.0f, static_cast<int32_t>((rows + 7) / 8 * 8));
        AscendC::PipeBarrier<PIPE_V>();
    }
    for (uint32_t r0 = 0; r0 < rows; r0 += group) {
        const uint32_t g = std::min(group, rows - r0);
        const uint8_t rep = static_cast<uint8_t>(g == 1 ? 0 : rowBlocks);
        const AscendC::LocalTensor<float> rowSrc = src[r0 * k];
        if (oriK <= kLanes) {
            if constexpr (isMax) {
                AscendC::WholeReduceMax<float>(scal[r0], rowSrc, static_cast<int32_t>(oriK), g, 1, 1, rep,
                                      AscendC::ReduceOrder::ORDER_ONLY_VALUE);
            } else {
                AscendC::WholeReduceSum<float>(scal[r0], rowSrc, static_cast<int32_t>(oriK), g, 1, 1, rep);
            }
            continue;
        }
        const AscendC::LocalTensor<float> part = tmp[r0 * kLanes];
        AscendC::Copy<float>(part, rowSrc, kLanes, static_cast<uint8_t>(g), {1, 1, kFloatsPerBlock, rep});
        AscendC::PipeBarrier<PIPE_V>();
        const uint32_t pieces = oriK / kLanes, rest = oriK % kLanes;
        for (uint32_t p = 1; p <= pieces; ++p) {
            const uint32_t lanes = p < pieces ? kLanes : rest;
            if (lanes == 0) break;
            const AscendC::BinaryRepeatParams params(1, 1, 1, kFloatsPerBlock, kFloatsPerBlock, rep);
            if constexpr (isMax) AscendC::Max<float>(part, part, rowSrc[p * kLanes], lanes, static_cast<uint8_t>(g), params);
            else AscendC::Add<float>(part, part, rowSrc[p * kLanes], lanes, static_cast<uint8_t>(g), params);
            AscendC::PipeBarrier<PIPE_V>();
        }
        if constexpr (isMax) {
            AscendC::WholeReduceMax<float>(scal[r0], part, static_cast<int32_t>(kLanes), g, 1, 1, kFloatsPerBlock,
                                  AscendC::ReduceOrder::ORDER_ONLY_VALUE);
        } else {
            AscendC::WholeReduceSum<float>(scal[r0], part, static_cast<int32_t>(kLanes), g, 1, 1, kFloatsPerBlock);
        }
    }
    // One block per row: Brcb into tmp (AlignUp(rows, 8) * 8 <= rows * 64 floats), then to out.
    AscendC::PipeBarrier<PIPE_V>();
    const uint32_t brcbRepeats = (rows + 7) / 8;  // 8 rows a repeat
    for (uint32_t b = 0; b < brcbRepeats; b += 255) {
        AscendC::Brcb<float>(tmp[b * kLanes], scal[b * kFloatsPerBlock],
                             static_cast<uint8_t>(std::min<uint32_t>(255, brcbRepeats - b)), {1, kFloatsPerBlock});
    }
    AscendC::PipeBarrier<PIPE_V>();
    if (width == kFloatsPerBlock) {
        AscendC::DataCopy(out, tmp, rows * kFloatsPerBlock);
    } else {  // 16 floats per row (max/sum of a half softmax, before their Cast)
        const AscendC::DataCopyParams params{static_cast<uint16_t>(rows), 1, 0, 1};
        AscendC::DataCopy(out, tmp, params);
        AscendC::DataCopy(out[kFloatsPerBlock], tmp, params);
    }
}

// dst row r = Op(src row r, the block of row r of rowValues (`width` floats a row)).
template <bool isSub>
void BroadcastRows(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<float>& src,
                   const AscendC::LocalTensor<float>& rowValues, uint32_t rows, uint32_t k, uint32_t width) {
    AscendC::SetMaskCount();
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, k);
    const AscendC::BinaryRepeatParams params(1, 1, 0, kFloatsPerBlock, kFloatsPerBlock, 0);
    for (uint32_t r = 0; r < rows; ++r) {
        if constexpr (isSub) AscendC::Sub<float, false>(dst[r * k], src[r * k], rowValues[r * width], AscendC::MASK_PLACEHOLDER, 1, params);
        else AscendC::Div<float, false>(dst[r * k], src[r * k], rowValues[r * width], AscendC::MASK_PLACEHOLDER, 1, params);
    }
    AscendC::SetMaskNorm();
    AscendC::ResetMask();
}

template <class T1, class T2>
struct Operands {
    AscendC::LocalTensor<T1> dst, src;
    AscendC::LocalTensor<T2> sum, max;  // empty (no buffer) for the forms without them
    bool hasSumMax = false;
};

// The operand checks of a call: sizes for the shape, the temp disjoint from everything.
template <class T1, class T2>
bool CheckOperands(const ApiName& api, const Operands<T1, T2>& o, const Shape& s, const UbRef& temp,
                   uint64_t tempBytes) {
    const uint64_t bytes = uint64_t{s.m} * s.k * sizeof(T1);
    const uint64_t rowBytes = uint64_t{s.m} * kBlockBytes;
    if (!CheckFits(api, "srcTensor", o.src.SimRef(), bytes) || !CheckFits(api, "dstTensor", o.dst.SimRef(), bytes)) {
        return false;
    }
    const OperandRange tempRange{"sharedTmpBuffer", temp, tempBytes, 1};
    const OperandRange srcRange{"srcTensor", o.src.SimRef(), bytes, sizeof(T1)};
    const OperandRange dstRange{"dstTensor", o.dst.SimRef(), bytes, sizeof(T1)};
    CheckDisjoint(api, srcRange, tempRange);
    CheckDisjoint(api, dstRange, tempRange);
    if (o.hasSumMax) {
        if (!CheckFits(api, "sumTensor", o.sum.SimRef(), rowBytes) ||
            !CheckFits(api, "maxTensor", o.max.SimRef(), rowBytes)) {
            return false;
        }
        const OperandRange sumRange{"sumTensor", o.sum.SimRef(), rowBytes, sizeof(T2)};
        const OperandRange maxRange{"maxTensor", o.max.SimRef(), rowBytes, sizeof(T2)};
        for (const OperandRange* r : {&sumRange, &maxRange}) {
            CheckDisjoint(api, *r, tempRange);
            CheckDisjoint(api, *r, srcRange);
            CheckDisjoint(api, *r, dstRange);
        }
        CheckDisjoint(api, sumRange, maxRange);
    }
    return true;
}

template <class T1, class T2, bool isBasicBlock>
bool CheckBasicBlock(const char* api, const Shape& s) {
    if constexpr (!isBasicBlock) {
        return true;
    } else {
        if (s.k % kLanes == 0 && s.k < kBasicMaxK && s.k * sizeof(T1) >= 256 && s.m % kBasicRows == 0) return true;
        return Misuse(std::string(api) + ": isBasicBlock = true needs srcK a multiple of 64 in [256 / sizeof(T), 2048) "
                                         "and srcM a multiple of 8; the shape is " +
                      std::to_string(s.m) + " x " + std::to_string(s.k)) &&
               false;
    }
}

// SoftMax (reduce = true) and SimpleSoftMax (reduce = false: max and sum are inputs).
template <bool reduce, class T1, class T2, bool isBasicBlock, const AscendC::SoftmaxConfig& config>
void Run(const char* name, const Operands<T1, T2>& o, const AscendC::LocalTensor<uint8_t>& temp,
         const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info) {
    const ApiName api = Named(name);
    Shape s;
    if (!ReadShape<config>(name, tiling, info, sizeof(T1), &s)) return;
    if (!CheckBasicBlock<T1, T2, isBasicBlock>(name, s)) return;
    const uint32_t rowFloats = TempFloatsPerRow<T1, T2>(s.k);
    const uint64_t tempFloats = temp.GetSize() / sizeof(float);
    Tiles t;
    if (!ReadTiles(name, tiling, s, tempFloats, rowFloats, temp.SimRef(), &t)) return;
    if (!CheckOperands(api, o, s, temp.SimRef(), uint64_t{t.rows} * rowFloats * sizeof(float))) return;

    constexpr uint32_t width = BlockElements<T2>();  // elements of one max/sum row
    const AscendC::LocalTensor<float> work = temp.template ReinterpretCast<float>();
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t tile = 0; tile <= t.range; ++tile) {
        const uint32_t rows = tile < t.range ? t.rows : t.tail;
        if (rows == 0) break;
        const uint32_t row0 = tile * t.rows;
        const uint32_t n = rows * s.k;
        const AscendC::LocalTensor<T1> src = o.src[row0 * s.k];
        const AscendC::LocalTensor<T1> dst = o.dst[row0 * s.k];
        if constexpr (std::is_same_v<T1, float>) {
            const AscendC::LocalTensor<float> part = work;
            const AscendC::LocalTensor<float> mx = o.max[row0 * width];
            const AscendC::LocalTensor<float> sm = o.sum[row0 * width];
            if constexpr (reduce) ReduceRows<true>(mx, src, part, rows, s.k, s.oriK, width);
            AscendC::PipeBarrier<PIPE_V>();
            BroadcastRows<true>(dst, src, mx, rows, s.k, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Exp(dst, dst, n);
            AscendC::PipeBarrier<PIPE_V>();
            if constexpr (reduce) ReduceRows<false>(sm, dst, part, rows, s.k, s.oriK, width);
            AscendC::PipeBarrier<PIPE_V>();
            BroadcastRows<false>(dst, dst, sm, rows, s.k, width);
        } else {
            const AscendC::LocalTensor<float> x = work;
            AscendC::Cast(x, src, AscendC::RoundMode::CAST_NONE, n);
            AscendC::PipeBarrier<PIPE_V>();
            if constexpr (std::is_same_v<T2, float>) {
                const AscendC::LocalTensor<float> part = work[t.rows * s.k];
                const AscendC::LocalTensor<float> mx = o.max[row0 * width];
                const AscendC::LocalTensor<float> sm = o.sum[row0 * width];
                if constexpr (reduce) ReduceRows<true>(mx, x, part, rows, s.k, s.oriK, width);
                AscendC::PipeBarrier<PIPE_V>();
                BroadcastRows<true>(x, x, mx, rows, s.k, width);
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Exp(x, x, n);
                AscendC::PipeBarrier<PIPE_V>();
                if constexpr (reduce) ReduceRows<false>(sm, x, part, rows, s.k, s.oriK, width);
                AscendC::PipeBarrier<PIPE_V>();
                BroadcastRows<false>(x, x, sm, rows, s.k, width);
            } else {  // half max/sum: 16 of them a row, computed in float, then Cast
                const AscendC::LocalTensor<float> red = work[t.rows * s.k];
                const AscendC::LocalTensor<float> part = work[t.rows * s.k + t.rows * width];
                const AscendC::LocalTensor<half> mx = o.max[row0 * width];
                const AscendC::LocalTensor<half> sm = o.sum[row0 * width];
                if constexpr (reduce) {
                    ReduceRows<true>(red, x, part, rows, s.k, s.oriK, width);
                    AscendC::PipeBarrier<PIPE_V>();
                    AscendC::Cast(mx, red, AscendC::RoundMode::CAST_RINT, rows * width);
                } else {
                    AscendC::Cast(red, mx, AscendC::RoundMode::CAST_NONE, rows * width);
                }
                AscendC::PipeBarrier<PIPE_V>();
                BroadcastRows<true>(x, x, red, rows, s.k, width);
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Exp(x, x, n);
                AscendC::PipeBarrier<PIPE_V>();
                if constexpr (reduce) {
                    ReduceRows<false>(red, x, part, rows, s.k, s.oriK, width);
                    AscendC::PipeBarrier<PIPE_V>();
                    AscendC::Cast(sm, red, AscendC::RoundMode::CAST_RINT, rows * width);
                } else {
                    AscendC::Cast(red, sm, AscendC::RoundMode::CAST_NONE, rows * width);
                }
                AscendC::PipeBarrier<PIPE_V>();
                BroadcastRows<false>(x, x, red, rows, s.k, width);
            }
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast(dst, x, AscendC::RoundMode::CAST_RINT, n);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

// The forms without sumTensor/maxTensor: the implementation keeps them in the temp; the sim
// places them after its own temp rows (so the temp must hold splitM * 8 more floats twice,
// which GetSoftMaxMinTmpSize's b + K + 64 per row covers for float; for half it needs K + 96).
template <class T, bool isBasicBlock, const AscendC::SoftmaxConfig& config>
void RunWithoutSumMax(const char* name, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                      const AscendC::LocalTensor<uint8_t>& temp, const SoftMaxTiling& tiling,
                      const AscendC::SoftMaxShapeInfo& info) {
    Shape s;
    if (!ReadShape<config>(name, tiling, info, sizeof(T), &s)) return;
    constexpr uint32_t width = BlockElements<T>();
    const uint32_t rowFloats = TempFloatsPerRow<T, T>(s.k) + 2 * width * sizeof(T) / sizeof(float);
    const uint64_t tempFloats = temp.GetSize() / sizeof(float);
    Tiles t;
    if (!ReadTiles(name, tiling, s, tempFloats, rowFloats, temp.SimRef(), &t)) return;
    // max and sum for every row at once would not fit: they go tile by tile.
    const uint32_t sideBytes = t.rows * kBlockBytes;
    const uint32_t ownBytes = t.rows * TempFloatsPerRow<T, T>(s.k) * sizeof(float);
    const AscendC::LocalTensor<uint8_t> own = temp;
    for (uint32_t tile = 0; tile <= t.range; ++tile) {
        const uint32_t rows = tile < t.range ? t.rows : t.tail;
        if (rows == 0) break;
        const uint32_t row0 = tile * t.rows;
        Operands<T, T> o;
        o.dst = dst[row0 * s.k];
        o.src = src[row0 * s.k];
        o.max = temp[ownBytes].template ReinterpretCast<T>();
        o.sum = temp[ownBytes + sideBytes].template ReinterpretCast<T>();
        o.hasSumMax = true;
        SoftMaxTiling one = tiling;
        one.srcM = rows;
        one.srcK = s.k;
        one.splitM = rows;
        const AscendC::SoftMaxShapeInfo tileInfo(rows, s.k, rows, s.oriK);
        AscendC::LocalTensor<uint8_t> ownTemp = own;
        ownTemp.SetSize(ownBytes);
        Run<true, T, T, false, config>(name, o, ownTemp, one, tileInfo);
    }
}

}  // namespace sim::vec::softmax

namespace AscendC {

#define ASCENDC_SIM_SOFTMAX_TYPES(T, api) \
    static_assert(sim::vec::kActivationType<T>, api ": element type must be half or float on Atlas A2/A3")
#define ASCENDC_SIM_SOFTMAX_ND(api) \
    static_assert(!isDataFormatNZ, api ": isDataFormatNZ = true (NZ format) is not modelled by the sim")

// ---- SoftMax ----
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                                                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                    const SoftMaxTiling& tiling,
                                                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_TYPES(T, "SoftMax");
    ASCENDC_SIM_SOFTMAX_ND("SoftMax");
    sim::NoteCallSite();
    sim::vec::softmax::Run<true, T, T, isBasicBlock, config>(
        "SoftMax", {dstTensor, srcTensor, sumTensor, maxTensor, true}, sharedTmpBuffer, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftMax(const LocalTensor<half>& dstTensor,
                                                    const LocalTensor<float>& sumTensor,
                                                    const LocalTensor<float>& maxTensor,
                                                    const LocalTensor<half>& srcTensor,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                    const SoftMaxTiling& tiling,
                                                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_ND("SoftMax");
    sim::NoteCallSite();
    sim::vec::softmax::Run<true, half, float, isBasicBlock, config>(
        "SoftMax", {dstTensor, srcTensor, sumTensor, maxTensor, true}, sharedTmpBuffer, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                    const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                    const SoftMaxTiling& tiling,
                                                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_TYPES(T, "SoftMax");
    sim::NoteCallSite();
    sim::vec::softmax::RunWithoutSumMax<T, isBasicBlock, config>("SoftMax", dstTensor, srcTensor, sharedTmpBuffer,
                                                                 tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
                                                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                                                    const SoftMaxTiling& tiling,
                                                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_TYPES(T, "SoftMax");
    ASCENDC_SIM_SOFTMAX_ND("SoftMax");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftMax"), &stack)) return;
    sim::vec::softmax::Run<true, T, T, isBasicBlock, config>("SoftMax", {dstTensor, srcTensor, sumTensor, maxTensor, true},
                                                             stack, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftMax(const LocalTensor<half>& dstTensor,
                                                    const LocalTensor<float>& sumTensor,
                                                    const LocalTensor<float>& maxTensor,
                                                    const LocalTensor<half>& srcTensor, const SoftMaxTiling& tiling,
                                                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_ND("SoftMax");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftMax"), &stack)) return;
    sim::vec::softmax::Run<true, half, float, isBasicBlock, config>(
        "SoftMax", {dstTensor, srcTensor, sumTensor, maxTensor, true}, stack, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                                                    const SoftMaxTiling& tiling,
                                                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_TYPES(T, "SoftMax");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SoftMax"), &stack)) return;
    sim::vec::softmax::RunWithoutSumMax<T, isBasicBlock, config>("SoftMax", dstTensor, srcTensor, stack, tiling,
                                                                 softmaxShapeInfo);
}

// ---- SimpleSoftMax: max and sum given ----
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SimpleSoftMax(const LocalTensor<T>& dstTensor,
                                                          const LocalTensor<T>& inSumTensor,
                                                          const LocalTensor<T>& inMaxTensor,
                                                          const LocalTensor<T>& srcTensor,
                                                          const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                          const SoftMaxTiling& tiling,
                                                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_TYPES(T, "SimpleSoftMax");
    ASCENDC_SIM_SOFTMAX_ND("SimpleSoftMax");
    sim::NoteCallSite();
    sim::vec::softmax::Run<false, T, T, isBasicBlock, config>("SimpleSoftMax",
                                                              {dstTensor, srcTensor, inSumTensor, inMaxTensor, true},
                                                              sharedTmpBuffer, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SimpleSoftMax(const LocalTensor<half>& dstTensor,
                                                          const LocalTensor<float>& inSumTensor,
                                                          const LocalTensor<float>& inMaxTensor,
                                                          const LocalTensor<half>& srcTensor,
                                                          const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                          const SoftMaxTiling& tiling,
                                                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_ND("SimpleSoftMax");
    sim::NoteCallSite();
    sim::vec::softmax::Run<false, half, float, isBasicBlock, config>(
        "SimpleSoftMax", {dstTensor, srcTensor, inSumTensor, inMaxTensor, true}, sharedTmpBuffer, tiling,
        softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SimpleSoftMax(const LocalTensor<T>& dstTensor,
                                                          const LocalTensor<T>& inSumTensor,
                                                          const LocalTensor<T>& inMaxTensor,
                                                          const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                                                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_TYPES(T, "SimpleSoftMax");
    ASCENDC_SIM_SOFTMAX_ND("SimpleSoftMax");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SimpleSoftMax"), &stack)) return;
    sim::vec::softmax::Run<false, T, T, isBasicBlock, config>(
        "SimpleSoftMax", {dstTensor, srcTensor, inSumTensor, inMaxTensor, true}, stack, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void SimpleSoftMax(const LocalTensor<half>& dstTensor,
                                                          const LocalTensor<float>& inSumTensor,
                                                          const LocalTensor<float>& inMaxTensor,
                                                          const LocalTensor<half>& srcTensor,
                                                          const SoftMaxTiling& tiling,
                                                          const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCENDC_SIM_SOFTMAX_ND("SimpleSoftMax");
    sim::NoteCallSite();
    LocalTensor<uint8_t> stack;
    if (!sim::vec::StackTemp(sim::vec::Named("SimpleSoftMax"), &stack)) return;
    sim::vec::softmax::Run<false, half, float, isBasicBlock, config>(
        "SimpleSoftMax", {dstTensor, srcTensor, inSumTensor, inMaxTensor, true}, stack, tiling, softmaxShapeInfo);
}

// ---- AdjustSoftMaxRes: rows whose max equals `from` (its bits) become `to` ----
// The implementation (asc-devkit membase/common/softmax_common_impl.h) waits V -> S, reads each
// of the srcM rows' max with a scalar read (the first element of the row's block, stepSizeMode
// 0, or element i, stepSizeMode 1) and fills a matching row (srcK elements) with Duplicate; it
// returns whether any row matched. It needs a TPipe (for the event id).
template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes,
                                                             const LocalTensor<T2>& maxTensor, const uint32_t from,
                                                             const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo) {
    ASCENDC_SIM_SOFTMAX_TYPES(T1, "AdjustSoftMaxRes");
    ASCENDC_SIM_SOFTMAX_TYPES(T2, "AdjustSoftMaxRes");
    ASCENDC_SIM_SOFTMAX_ND("AdjustSoftMaxRes");
    static_assert(stepSizeMode <= 1, "AdjustSoftMaxRes: stepSizeMode must be 0 or 1");
    sim::NoteCallSite();
    const sim::vec::ApiName api = sim::vec::Named("AdjustSoftMaxRes");
    const uint32_t m = softmaxShapeInfo.srcM, k = softmaxShapeInfo.srcK;
    if (m == 0 || k == 0) return false;
    const uint32_t step = stepSizeMode == 0 ? sim::vec::softmax::BlockElements<T2>() : 1;
    if (!sim::vec::CheckFits(api, "softMaxRes", softMaxRes.SimRef(), uint64_t{m} * k * sizeof(T1)) ||
        !sim::vec::CheckFits(api, "maxTensor", maxTensor.SimRef(), (uint64_t{m - 1} * step + 1) * sizeof(T2))) {
        return false;
    }
    // The max rows were written by vector instructions: V -> S before the scalar reads.
    TPipe* pipe = GetTPipePtr();
    if (pipe == nullptr) {
        sim::vec::softmax::Misuse("AdjustSoftMaxRes: needs a TPipe (the V -> S event it waits on is the pipe's)");
        return false;
    }
    const event_t vToS = static_cast<event_t>(pipe->FetchEventID(HardEvent::V_S));
    SetFlag<HardEvent::V_S>(vToS);
    WaitFlag<HardEvent::V_S>(vToS);
    bool found = false;
    for (uint32_t r = 0; r < m; ++r) {
        const T2 value = maxTensor.GetValue(r * step);
        uint32_t bits = 0;
        if constexpr (std::is_same_v<T2, float>) {
            std::memcpy(&bits, &value, sizeof(float));
        } else {
            bits = value.bits;
        }
        if (bits != from) continue;
        found = true;
        Duplicate(softMaxRes[r * k], to, static_cast<int32_t>(k));
    }
    return found;
}

#undef ASCENDC_SIM_SOFTMAX_TYPES
#undef ASCENDC_SIM_SOFTMAX_ND

}  // namespace AscendC
