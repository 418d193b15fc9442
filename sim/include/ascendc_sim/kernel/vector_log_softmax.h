// High-level LogSoftMax (CANN's include/adv_api/activation/logsoftmax.h), ND format, as the Atlas
// A2/A3 implementation runs it (asc-devkit impl/adv_api/detail/activation/softmax/
// logsoftmax_base_impl.h with membase/common/logsoftmax_common_impl.h), on the SoftMax engine of
// vector_softmax.h. Per tile of rows, in float (a half source Cast to float, CAST_NONE):
//   max = rowmax(x); x = x - max; x = exp(x); sum = rowsum(x); x = x / sum;
//   x = Ln(x); x = Muls(x, 0.4342944819)
// i.e. the implementation's result is log10 of the softmax (its GenericLogNDImpl scales the
// natural log by log10(e)); max and sum (one 32-B block a row, of T) are outputs. Half results
// (dst, max, sum) are Cast back with CAST_ROUND (the v220 FLOAT2HALF_ROUND_MODE). The tiles are
// always recomputed from the temp's size, as the implementation recomputes its SoftMaxTiling on
// the kernel side (the LogSoftMaxTiling argument is not read for them). Temp: SoftMax's (floats
// a row: 64 for float, K + 16 + 64 for half), which GetLogSoftMaxMinTmpSize covers.
// Checks as CANN's (api_check/kernel_check/activation/softmax/log_softmax) and SoftMax's: T half
// or float (compile time), isReuseSource reserved, srcK 32-B aligned, ori within the shape,
// operands large enough, the temp holding one row (else ApiMisuse naming GetLogSoftMaxMinTmpSize)
// and disjoint from every operand, max/sum disjoint from src/dst and each other.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/vector_math_round.h"
#include "ascendc_sim/kernel/vector_softmax.h"
#include "kernel_tiling/kernel_tiling.h"

namespace sim::vec::softmax {

constexpr float kLog10E = 0.4342944819f;  // SCALAR_NATURE_LOG_10

template <class T>
void LogRun(const Operands<T, T>& o, const AscendC::LocalTensor<uint8_t>& temp, const ::LogSoftMaxTiling& logTiling,
            const AscendC::SoftMaxShapeInfo& info) {
    const char* name = "LogSoftMax";
    const ApiName api = Named(name);
    SoftMaxTiling tiling;
    tiling.srcM = logTiling.srcM;
    tiling.srcK = logTiling.srcK;
    tiling.splitM = 0;  // recomputed from the temp
    Shape s;
    if (!ReadShape<AscendC::SOFTMAX_DEFAULT_CFG>(name, tiling, info, sizeof(T), &s)) return;
    const uint32_t rowFloats = TempFloatsPerRow<T, T>(s.k);
    Tiles t;
    if (!ReadTiles(name, tiling, s, temp.GetSize() / sizeof(float), rowFloats, temp.SimRef(), &t,
                   "GetLogSoftMaxMinTmpSize")) {
        return;
    }
    if (!CheckOperands(api, o, s, temp.SimRef(), uint64_t{t.rows} * rowFloats * sizeof(float))) return;
    constexpr uint32_t width = BlockElements<T>();
    const AscendC::LocalTensor<float> work = temp.template ReinterpretCast<float>();
    AscendC::PipeBarrier<PIPE_V>();
    for (uint32_t tile = 0; tile <= t.range; ++tile) {
        const uint32_t rows = tile < t.range ? t.rows : t.tail;
        if (rows == 0) break;
        const uint32_t row0 = tile * t.rows;
        const uint32_t n = rows * s.k;
        if constexpr (std::is_same_v<T, float>) {
            const AscendC::LocalTensor<float> dst = o.dst[row0 * s.k], src = o.src[row0 * s.k];
            const AscendC::LocalTensor<float> mx = o.max[row0 * width], sm = o.sum[row0 * width];
            ReduceRows<true>(mx, src, work, rows, s.k, s.oriK, width);
            AscendC::PipeBarrier<PIPE_V>();
            BroadcastRows<true>(dst, src, mx, rows, s.k, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Exp(dst, dst, n);
            AscendC::PipeBarrier<PIPE_V>();
            ReduceRows<false>(sm, dst, work, rows, s.k, s.oriK, width);
            AscendC::PipeBarrier<PIPE_V>();
            BroadcastRows<false>(dst, dst, sm, rows, s.k, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Ln(dst, dst, n);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Muls(dst, dst, kLog10E, n);
        } else {
            const AscendC::LocalTensor<float> x = work, red = work[t.rows * s.k];
            const AscendC::LocalTensor<float> part = work[t.rows * s.k + t.rows * width];
            AscendC::Cast(x, o.src[row0 * s.k], AscendC::RoundMode::CAST_NONE, n);
            AscendC::PipeBarrier<PIPE_V>();
            ReduceRows<true>(red, x, part, rows, s.k, s.oriK, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast(o.max[row0 * width], red, AscendC::RoundMode::CAST_ROUND, rows * width);
            AscendC::PipeBarrier<PIPE_V>();
            BroadcastRows<true>(x, x, red, rows, s.k, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Exp(x, x, n);
            AscendC::PipeBarrier<PIPE_V>();
            ReduceRows<false>(red, x, part, rows, s.k, s.oriK, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast(o.sum[row0 * width], red, AscendC::RoundMode::CAST_ROUND, rows * width);
            AscendC::PipeBarrier<PIPE_V>();
            BroadcastRows<false>(x, x, red, rows, s.k, width);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Ln(x, x, n);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Muls(x, x, kLog10E, n);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Cast(o.dst[row0 * s.k], x, AscendC::RoundMode::CAST_ROUND, n);
        }
        AscendC::PipeBarrier<PIPE_V>();
    }
}

}  // namespace sim::vec::softmax

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum,
                                                       const LocalTensor<T>& max, const LocalTensor<T>& src,
                                                       const LocalTensor<uint8_t>& sharedTmpBuffer,
                                                       const LogSoftMaxTiling& tiling,
                                                       const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    static_assert(sim::vec::kActivationType<T>, "LogSoftMax: element type must be half or float on Atlas A2/A3");
    static_assert(!isDataFormatNZ, "LogSoftMax: isDataFormatNZ = true (NZ format) is not modelled by the sim");
    sim::NoteCallSite();
    if (!sim::vec::CheckReservedReuse(sim::vec::Named("LogSoftMax"), isReuseSource)) return;
    sim::vec::softmax::LogRun<T>({dst, src, sum, max, true}, sharedTmpBuffer, tiling, softmaxShapeInfo);
}

}  // namespace AscendC
