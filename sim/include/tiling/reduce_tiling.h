// Host-side temp sizes of the high-level Reduce family (CANN's include/adv_api/reduce/
// reduce_tiling.h and reduce_xor_sum_tiling.h; the numbers as asc-devkit
// impl/adv_api/tiling/reduce/reduce_tiling.cpp and reduce_xor_sum_tiling.cpp compute them for
// Atlas A2/A3). max == min for every one of them. With K the largest power of two <= n, halved
// when it equals n and n > 1 (Sum/Mean/Prod halve it only when the other axis is > 1, as CANN):
//  - Sum, Mean (float): AR: 0 when last <= 64, else first * K(last) floats; RA: K(first) rows
//    of last rounded up to 8 floats.
//  - Max, Min (half/float), Any, All (float): AR: 0 when last <= one block of T, first blocks
//    when last < one repeat, first repeats otherwise; RA: K(first) rows of last * sizeof(T)
//    rounded up to 32 bytes.
//  - Any, All (uint8_t): AR: last rounded up to 32, as half (2 bytes each), plus first * 32
//    bytes; RA: K(first) rows of last rounded up to 32 bytes.
//  - Prod (float): AR: (max(8, K(last)) + first * 8) floats + 256 bytes; RA as Max.
//  - isReuseSource: 0, except Prod AR (256 bytes) and Any/All uint8_t AR (unchanged).
//  - XorSum (int16_t, typeSize 2): 3 (2 with isReuseSource) x max(elements x typeSize, 256).
// Checks as CANN's (a message, the outputs left unchanged): a 2-dimensional srcShape with both
// axes > 0, isSrcInnerPad true, pattern AR or RA, a documented dataType.
#pragma once
#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"
#include "ascendc_sim/kernel/reduce_pattern.h"

namespace AscendC {

using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;


void GetReduceProdMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                                ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue);
void GetReduceSumMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue);
void GetReduceMeanMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                                ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue);
void GetReduceMaxMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue);
void GetReduceMinMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue);
void GetReduceAnyMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue);
void GetReduceAllMaxMinTmpSize(const AscendC::TensorShape& srcShape, const AscendC::TensorDataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue,
                               uint32_t& minValue);
void GetReduceXorSumMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
