// run_vector's ReduceType family (vector_reduce_type.h). API names:
//   ReduceRepeat.SUM|MAX|MIN, ReduceDataBlock.SUM|MAX|MIN, ReducePairElem.SUM: ops dst, src;
//     mask / bit_mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride, order;
//     is_set_mask false reads the register that set_mask / set_len / counter_mode prepare
//   PairReduceSum (repeatTime before mask), RepeatReduceSum (continuous mask; dstBlkStride =
//     repeat_params[0] if given)
//   ReduceMaxMask, ReduceMinMask, ReduceSumMask: ops dst, src, sharedTmpBuffer; mask / bit_mask,
//     repeat_time, src_rep_stride, cal_index
//   MaxMinSpr.MAX|MIN: ReduceRepeat<MAX|MIN> on ops dst, src, then GetReduceRepeatMaxMinSpr
//     into ops[2][0] (value) and ops[2][1] (index bits)
//   SumSpr: ReduceSum(count) on ops dst, src, work, then GetReduceRepeatSumSpr<T>() into ops[3][0]
//   SprUnread.MAX / SprUnread.SUM: the getter with no reduction before it
//   MaxMinSprValueOnly: the single-argument form (unsupported on A2/A3)
//   Sum, Mean, MeanFloatAcc (high-level; the last: half with accType float): ops dst, src,
//     sharedTmpBuffer (uint8); repeat_params = [outter, inner, n]
// and get_sum_max_min_tmp_size(n, typeSize, isReuseSource) -> (max, min) for the host helper.
#include <string>
#include <type_traits>
#include <vector>

#include "reduce_sync.h"
#include "tiling/tiling_api.h"
#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

template <class T>
void Prepare(const Options& o) {
    if (o.counterMode) SetMaskCount();
    if (o.setMask.size() == 2) SetVectorMask<T>(o.setMask[0], o.setMask[1]);
    if (o.setLen >= 0) {
        if (o.counterMode) SetVectorMask<T, MaskMode::COUNTER>(static_cast<int32_t>(o.setLen));
        else SetVectorMask<T>(static_cast<int32_t>(o.setLen));
    }
}

// call(isSetMask, mask) with the continuous or bit mask of `o.mask` / `o.bitMask`.
template <class Call>
void WithReduceMask(const Options& o, Call call) {
    uint64_t bits[2] = {0, 0};
    for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
    auto run = [&](auto setMask) {
        if (o.bitMask.empty()) call(setMask, static_cast<int32_t>(o.mask));
        else call(setMask, static_cast<const uint64_t*>(bits));
    };
    if (o.isSetMask) run(std::true_type{});
    else run(std::false_type{});
}

template <ReduceType type, class T>
void Repeat(const std::vector<AnyTensor>& ops, const Options& o) {
    WithReduceMask(o, [&](auto setMask, auto mask) {
        ReduceRepeat<type, T, T, decltype(setMask)::value>(As<T>(ops, 0), As<T>(ops, 1), mask, o.repeatTime,
                                                           o.dstRepStride, o.srcBlkStride, o.srcRepStride,
                                                           static_cast<ReduceOrder>(o.order));
    });
}

template <ReduceType type, class T>
void DataBlock(const std::vector<AnyTensor>& ops, const Options& o) {
    WithReduceMask(o, [&](auto setMask, auto mask) {
        ReduceDataBlock<type, T, T, decltype(setMask)::value>(As<T>(ops, 0), As<T>(ops, 1), mask, o.repeatTime,
                                                              o.dstRepStride, o.srcBlkStride, o.srcRepStride);
    });
}

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if constexpr (sim::vec::kReduceType<T>) {
        Prepare<T>(o);
        if (api == "ReduceRepeat.SUM") Repeat<ReduceType::SUM, T>(ops, o);
        else if (api == "ReduceRepeat.MAX") Repeat<ReduceType::MAX, T>(ops, o);
        else if (api == "ReduceRepeat.MIN") Repeat<ReduceType::MIN, T>(ops, o);
        else if (api == "ReduceDataBlock.SUM") DataBlock<ReduceType::SUM, T>(ops, o);
        else if (api == "ReduceDataBlock.MAX") DataBlock<ReduceType::MAX, T>(ops, o);
        else if (api == "ReduceDataBlock.MIN") DataBlock<ReduceType::MIN, T>(ops, o);
        else if (api == "ReducePairElem.SUM") {
            WithReduceMask(o, [&](auto setMask, auto mask) {
                ReducePairElem<ReduceType::SUM, T, T, decltype(setMask)::value>(
                    As<T>(ops, 0), As<T>(ops, 1), mask, o.repeatTime, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
            });
        } else if (api == "PairReduceSum") {
            WithReduceMask(o, [&](auto setMask, auto mask) {
                PairReduceSum<T, decltype(setMask)::value>(As<T>(ops, 0), As<T>(ops, 1), o.repeatTime, mask,
                                                           o.dstRepStride, o.srcBlkStride, o.srcRepStride);
            });
        } else if (api == "RepeatReduceSum") {
            const int32_t dstBlk = o.repeatParams.empty() ? 1 : o.repeatParams[0];
            if (o.isSetMask) {
                RepeatReduceSum<T>(As<T>(ops, 0), As<T>(ops, 1), o.repeatTime, o.mask, dstBlk, o.srcBlkStride,
                                   o.dstRepStride, o.srcRepStride);
            } else {
                RepeatReduceSum<T, false>(As<T>(ops, 0), As<T>(ops, 1), o.repeatTime, o.mask, dstBlk, o.srcBlkStride,
                                          o.dstRepStride, o.srcRepStride);
            }
        } else if (api == "ReduceMaxMask" || api == "ReduceMinMask" || api == "ReduceSumMask") {
            uint64_t bits[2] = {0, 0};
            for (size_t i = 0; i < o.bitMask.size() && i < 2; ++i) bits[i] = o.bitMask[i];
            const auto& d = As<T>(ops, 0);
            const auto& s = As<T>(ops, 1);
            const auto& w = As<T>(ops, 2);
            auto call = [&](auto mask) {
                if (api == "ReduceMaxMask") ReduceMax<T>(d, s, w, mask, o.repeatTime, o.srcRepStride, o.calIndex);
                else if (api == "ReduceMinMask") ReduceMin<T>(d, s, w, mask, o.repeatTime, o.srcRepStride, o.calIndex);
                else ReduceSum<T>(d, s, w, mask, o.repeatTime, o.srcRepStride);
            };
            if (o.bitMask.empty()) call(static_cast<int32_t>(o.mask));
            else call(static_cast<const uint64_t*>(bits));
        } else if (api == "MaxMinSpr.MAX" || api == "MaxMinSpr.MIN") {
            if (api == "MaxMinSpr.MAX") Repeat<ReduceType::MAX, T>(ops, o);
            else Repeat<ReduceType::MIN, T>(ops, o);
            T value{}, index{};
            GetReduceRepeatMaxMinSpr<T>(value, index);
            As<T>(ops, 2).SetValue(0, value);
            As<T>(ops, 2).SetValue(1, index);
        } else if (api == "SumSpr") {
            ReduceSum<T>(As<T>(ops, 0), As<T>(ops, 1), As<T>(ops, 2), static_cast<int32_t>(count));
            As<T>(ops, 3).SetValue(0, GetReduceRepeatSumSpr<T>());
        } else if (api == "SprUnread.MAX") {
            T value{}, index{};
            GetReduceRepeatMaxMinSpr<T>(value, index);
        } else if (api == "SprUnread.SUM") {
            (void)GetReduceRepeatSumSpr<T>();
        } else if (api == "Sum" || api == "Mean" || api == "MeanFloatAcc") {
            const auto& p = o.repeatParams;
            if (p.size() != 3) throw BindingError(api + " takes [outter, inner, n]");
            const auto outter = static_cast<uint32_t>(p[0]), inner = static_cast<uint32_t>(p[1]),
                       n = static_cast<uint32_t>(p[2]);
            if (api == "Sum") {
                Sum(As<T>(ops, 0), As<T>(ops, 1), As<uint8_t>(ops, 2), SumParams{outter, inner, n});
            } else if (api == "Mean") {
                Mean(As<T>(ops, 0), As<T>(ops, 1), As<uint8_t>(ops, 2), MeanParams{outter, inner, n});
            } else if constexpr (std::is_same_v<T, half>) {
                Mean<half, float>(As<T>(ops, 0), As<T>(ops, 1), As<uint8_t>(ops, 2), MeanParams{outter, inner, n});
            } else {
                throw BindingError("MeanFloatAcc is for half");
            }
        } else if (api == "MaxMinSprValueOnly") {
            T value{};
            GetReduceRepeatMaxMinSpr<T>(value);
        } else {
            return false;
        }
        if (o.counterMode) SetMaskNorm();
        return true;
    }
    return false;
}

bool IsOurs(const std::string& api) {
    for (const char* prefix : {"ReduceRepeat.", "ReduceDataBlock.", "ReducePairElem.", "MaxMinSpr.", "SprUnread."}) {
        if (api.rfind(prefix, 0) == 0) return true;
    }
    return api == "PairReduceSum" || api == "RepeatReduceSum" || api == "ReduceMaxMask" || api == "ReduceMinMask" ||
           api == "ReduceSumMask" || api == "SumSpr" || api == "MaxMinSprValueOnly" || api == "Sum" ||
           api == "Mean" || api == "MeanFloatAcc";
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (!IsOurs(api)) return false;
    if (ops.empty()) throw BindingError("no operands");
    const bool ran = std::visit(
        [&](const auto& dst) { return RunFor<typename std::decay_t<decltype(dst)>::PrimType>(api, ops, count, o); },
        ops[0]);
    if (!ran) throw BindingError(api + " has no A2/A3 form for this dtype");
    return true;
}

const RunnerRegistrar registrar(&Run);

}  // namespace
}  // namespace simtest::vector

SIMTEST_BINDINGS(vector_reduce_type) {
    m.def("get_sum_max_min_tmp_size", [](uint32_t n, uint32_t typeSize, bool isReuseSource) {
        uint32_t maxSize = 0, minSize = 0;
        AscendC::GetSumMaxMinTmpSize(n, typeSize, isReuseSource, maxSize, minSize);
        return pybind11::make_tuple(maxSize, minSize);
    });
    simtest::RegisterKernel("reduce_repeat_after_synced_dma", &reduce_repeat_after_synced_dma);
    simtest::RegisterKernel("reduce_repeat_missing_mte2_v_sync", &reduce_repeat_missing_mte2_v_sync);
}
